internal import CTurboJPEG
import MapErrors

/// JPEG files decoded with libjpeg-turbo's TurboJPEG API, which reports errors by return code
/// (no `setjmp`/`longjmp`, which Swift frames cannot be crossed by): imagery tiles decoded
/// into pixels for a raster layer's picture.
package enum JPEGDecoder {
    /// The straight RGBA bytes of a JPEG file, four per pixel, row by row (alpha 255).
    ///
    /// The header is read first, so a size over `maximumSide` is refused before any pixel
    /// memory is taken.
    ///
    /// - Throws: `MapError` `.invalidData` when the bytes are not a JPEG TurboJPEG can read,
    ///   or a side is over `maximumSide` pixels.
    package static func rgbaPixels(
        _ bytes: [UInt8], maximumSide: Int
    ) throws(MapError) -> (width: Int, height: Int, pixels: [UInt8]) {
        guard let handle = tjInitDecompress() else { throw MapError(.internalFailure, "cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(
                handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else {
            throw MapError(.invalidData, "not a readable JPEG (\(String(cString: tjGetErrorStr2(handle))))")
        }
        guard width <= maximumSide, height <= maximumSide else {
            throw MapError(.invalidData, "a \(width)×\(height) JPEG is too large to decode")
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        // A warning (a truncated tail, say) still leaves usable pixels; only errors fail.
        guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
            throw MapError(.invalidData, "not a readable JPEG (\(String(cString: tjGetErrorStr2(handle))))")
        }
        return (Int(width), Int(height), pixels)
    }
}
