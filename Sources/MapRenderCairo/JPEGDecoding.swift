internal import CTurboJPEG
public import MapDrawing
public import MapErrors
import MapFormats

extension RasterImage {
    /// The largest side decoded, in pixels: tiles and markers are far smaller, and the bound
    /// keeps a hostile header from asking for gigabytes.
    static let maximumDecodedSide = 8192

    /// Decodes a PNG or JPEG image.
    ///
    /// - Throws: `MapError` `.invalidData` when the bytes are neither, or cannot be decoded.
    public init(encoded image: EncodedImage) throws(MapError) {
        switch ImageEncoding(sniffing: image.data) {
        case .png: try self.init(png: image.data)
        case .jpeg: try self.init(jpeg: image.data)
        case nil: throw MapError(.invalidData, "not a PNG or JPEG image")
        }
    }

    /// Decodes a JPEG with libjpeg-turbo's TurboJPEG API, which reports errors by return
    /// code (no setjmp/longjmp, which Swift cannot cross). The header is read first so an
    /// absurd size is refused before any pixel memory is taken.
    public init(jpeg bytes: [UInt8]) throws(MapError) {
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
        guard width <= Self.maximumDecodedSide, height <= Self.maximumDecodedSide else {
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
        // A warning (e.g. a truncated tail) still leaves usable pixels; only errors fail.
        guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
            throw MapError(.invalidData, "not a readable JPEG (\(String(cString: tjGetErrorStr2(handle))))")
        }
        self.init(width: Int(width), height: Int(height), pixels: pixels)
    }
}
