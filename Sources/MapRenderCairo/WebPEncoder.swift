internal import CWebP
public import MapErrors

/// Writes a Cairo image surface as WebP through libwebp's simple encoding API
/// (https://developers.google.com/speed/webp/docs/api, "Simple Encoding API"); alpha is kept.
enum WebPEncoder {
    /// The WebP bytes of an image surface: lossy (VP8 with an alpha plane) at a quality of
    /// 1–99, lossless (VP8L) at 100, whose pixels decode exactly to the surface's straight RGBA.
    static func encode(_ surface: OpaquePointer, quality: Int) throws(MapError) -> [UInt8] {
        let (rgba, width, height) = try SurfacePixels.straightRGBA(surface)
        // libwebp's limit (WEBP_MAX_DIMENSION); the renderer's own is larger.
        guard width <= 16_383, height <= 16_383 else {
            throw MapError(
                .invalidRequest, "a \(width)×\(height) image is too large for WebP",
                remedy: "keep each side within 16383 pixels, or write PNG")
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = rgba.withUnsafeBufferPointer { pixels in
            quality >= 100
                ? WebPEncodeLosslessRGBA(pixels.baseAddress, Int32(width), Int32(height), Int32(width * 4), &output)
                : WebPEncodeRGBA(
                    pixels.baseAddress, Int32(width), Int32(height), Int32(width * 4), Float(quality), &output)
        }
        defer { if let output { WebPFree(output) } }
        guard size > 0, let output else { throw MapError(.internalFailure, "libwebp failed encoding the WebP image") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

extension RasterImage {
    /// Decodes a WebP file's bytes (lossy or lossless, with or without alpha) with libwebp.
    ///
    /// - Throws: `MapError` `.invalidData` when the bytes are not a WebP libwebp can read, or
    ///   a side is over `maximumDecodedSide` pixels.
    public init(webp bytes: [UInt8]) throws(MapError) {
        var width: Int32 = 0, height: Int32 = 0
        let known = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard known != 0, width > 0, height > 0 else { throw MapError(.invalidData, "not a readable WebP image") }
        guard width <= Self.maximumDecodedSide, height <= Self.maximumDecodedSide else {
            throw MapError(.invalidData, "a \(width)×\(height) WebP is too large to decode")
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let decoded = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                WebPDecodeRGBAInto(source.baseAddress, source.count, target.baseAddress, target.count, width * 4)
            }
        }
        guard decoded != nil else { throw MapError(.invalidData, "not a readable WebP image") }
        self.init(width: Int(width), height: Int(height), pixels: pixels)
    }
}
