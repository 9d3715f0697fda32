internal import CCairo
import MapErrors
import MapImageEncoding

/// Cairo image surfaces written as PNG, JPEG and WebP: the surface's rows handed to the
/// encoders of MapImageEncoding, which take premultiplied ARGB words (Cairo's ARGB32
/// layout, cairo.h `cairo_format_t`) and know nothing of Cairo.
enum SurfaceEncoding {
    /// The surface's size and rows, or an error if it is not an ARGB32/RGB24 image surface.
    static func rows(
        of surface: OpaquePointer
    ) throws(MapError) -> (data: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
            let data = cairo_image_surface_get_data(surface)
        else { throw MapError(.internalFailure, "the image to encode is not a 32-bit Cairo image surface") }
        return (
            UnsafeRawPointer(data), Int(cairo_image_surface_get_width(surface)),
            Int(cairo_image_surface_get_height(surface)), Int(cairo_image_surface_get_stride(surface))
        )
    }

    /// The PNG bytes of an image surface (ARGB32 or RGB24), with a `pHYs` chunk recording its
    /// resolution when `pixelsPerInch` is given: `PNGEncoder` writes it in its header for
    /// ARGB32 and RGB24 surfaces; the file of Cairo's own writer, for any
    /// other surface or without libdeflate, gets it inserted.
    static func png(_ surface: OpaquePointer, pixelsPerInch: Double? = nil) throws(MapError) -> [UInt8] {
        cairo_surface_flush(surface)
        #if canImport(CDeflate)
            let format = cairo_image_surface_get_format(surface)
            if format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
                let data = cairo_image_surface_get_data(surface)
            {
                let width = Int(cairo_image_surface_get_width(surface)),
                    height = Int(cairo_image_surface_get_height(surface))
                let stride = Int(cairo_image_surface_get_stride(surface))
                if width > 0, height > 0 {
                    return PNGEncoder.encode(
                        pixels: UnsafeRawPointer(data), width: width, height: height, stride: stride,
                        hasAlpha: format == CAIRO_FORMAT_ARGB32, pixelsPerInch: pixelsPerInch)
                }
            }
        #endif
        let png = try cairoPNG(surface)
        return pixelsPerInch.map { PNGEncoder.withPhysicalSize(png, pixelsPerInch: $0) } ?? png
    }

    /// Cairo's own PNG writer.
    static func cairoPNG(_ surface: OpaquePointer) throws(MapError) -> [UInt8] {
        let sink = ByteSink()
        let status = cairo_surface_write_to_png_stream(surface, writeToSink, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw MapError(
                .internalFailure, "Cairo failed encoding the PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }

    /// The JPEG bytes of an image surface at a quality of 1–100, composited over white
    /// (`JPEGEncoder`).
    static func jpeg(_ surface: OpaquePointer, quality: Int, pixelsPerInch: Double? = nil) throws(MapError) -> [UInt8] {
        let (data, width, height, stride) = try rows(of: surface)
        return try JPEGEncoder.encode(
            pixels: data, width: width, height: height, stride: stride, quality: quality, pixelsPerInch: pixelsPerInch)
    }

    /// The WebP bytes of an image surface at a quality of 1–100 (`WebPEncoder`).
    static func webp(_ surface: OpaquePointer, quality: Int) throws(MapError) -> [UInt8] {
        let (data, width, height, stride) = try rows(of: surface)
        return try WebPEncoder.encode(pixels: data, width: width, height: height, stride: stride, quality: quality)
    }
}
