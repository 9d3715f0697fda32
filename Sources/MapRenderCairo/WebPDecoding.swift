public import MapErrors
import MapImageEncoding

extension RasterImage {
    /// Decodes a WebP file's bytes (lossy or lossless, with or without alpha) with libwebp.
    ///
    /// - Throws: `MapError` `.invalidData` when the bytes are not a WebP libwebp can read, or
    ///   a side is over `maximumDecodedSide` pixels.
    public init(webp bytes: [UInt8]) throws(MapError) {
        let decoded = try WebPDecoder.rgbaPixels(bytes, maximumSide: Self.maximumDecodedSide)
        self.init(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
    }
}
