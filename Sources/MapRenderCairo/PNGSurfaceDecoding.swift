internal import CCairo
import MapErrors
import MapImageEncoding

/// PNGs decoded by `PNGDecoder` straight into a Cairo image surface: `CAIRO_FORMAT_RGB24`
/// when the image has no alpha, `CAIRO_FORMAT_ARGB32` otherwise, as Cairo's own reader makes.
enum PNGSurfaceDecoder {
    /// Decodes `bytes` into a new image surface the caller destroys, or returns `nil` when the
    /// PNG should be left to Cairo's reader.
    ///
    /// - Throws: `MapError` `.invalidData` when the data is not a PNG any reader would accept, or
    ///   its header gives a side over `RasterImage.maximumDecodedSide` (refused before any
    ///   allocation).
    static func decode(_ bytes: [UInt8]) throws(MapError) -> OpaquePointer? {
        let surface = try PNGDecoder.decode(
            bytes, maximumSide: RasterImage.maximumDecodedSide,
            making: { width, height, hasAlpha -> PNGDecoder.Canvas<OpaquePointer>? in
                let surface = cairo_image_surface_create(
                    hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
                guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
                    let pixels = cairo_image_surface_get_data(surface)
                else {
                    cairo_surface_destroy(surface)
                    return nil
                }
                cairo_surface_flush(surface)
                return (surface, UnsafeMutableRawPointer(pixels), Int(cairo_image_surface_get_stride(surface)))
            },
            discarding: { cairo_surface_destroy($0) })
        if let surface { cairo_surface_mark_dirty(surface) }
        return surface
    }
}
