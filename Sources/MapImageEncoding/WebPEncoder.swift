internal import CWebP
import MapErrors

/// Writes rows of premultiplied ARGB pixels (a Cairo image surface's) as WebP through
/// libwebp's simple encoding API (https://developers.google.com/speed/webp/docs/api,
/// "Simple Encoding API"); alpha is kept.
package enum WebPEncoder {
    /// The WebP bytes of `height` rows of `width` premultiplied ARGB words, `stride` bytes
    /// apart: lossy (VP8 with an alpha plane) at a quality of 1–99, lossless (VP8L) at 100,
    /// whose pixels decode exactly to the rows' straight RGBA.
    package static func encode(
        pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, quality: Int
    ) throws(MapError) -> [UInt8] {
        let rgba = PixelConversion.straightRGBA(pixels, width: width, height: height, stride: stride)
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
