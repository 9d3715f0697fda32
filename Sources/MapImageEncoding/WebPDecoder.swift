internal import CWebP
import MapErrors

/// WebP files decoded with libwebp (lossy or lossless, with or without alpha).
package enum WebPDecoder {
    /// The straight RGBA bytes of a WebP file, four per pixel, row by row.
    ///
    /// - Throws: `MapError` `.invalidData` when the bytes are not a WebP libwebp can read, or
    ///   a side is over `maximumSide` pixels.
    package static func rgbaPixels(
        _ bytes: [UInt8], maximumSide: Int
    ) throws(MapError) -> (width: Int, height: Int, pixels: [UInt8]) {
        var width: Int32 = 0, height: Int32 = 0
        let known = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard known != 0, width > 0, height > 0 else { throw MapError(.invalidData, "not a readable WebP image") }
        guard width <= maximumSide, height <= maximumSide else {
            throw MapError(.invalidData, "a \(width)×\(height) WebP is too large to decode")
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let decoded = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                WebPDecodeRGBAInto(source.baseAddress, source.count, target.baseAddress, target.count, width * 4)
            }
        }
        guard decoded != nil else { throw MapError(.invalidData, "not a readable WebP image") }
        return (Int(width), Int(height), pixels)
    }
}
