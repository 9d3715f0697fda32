internal import CWebP
public import MapErrors

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
