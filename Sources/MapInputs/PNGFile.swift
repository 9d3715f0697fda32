public import MapErrors
public import MapRenderCore
public import MapFormats

/// Reads PNG files for markers and callout images, checking them before anything decodes
/// them.
public enum PNGFile {
    /// The largest side accepted, in pixels: a marker bigger than this is a mistake, and
    /// bounding it keeps a hostile file from costing gigabytes when decoded.
    public static let maximumSide = 2048

    /// Reads a PNG file and its pixel size from its IHDR chunk (PNG spec, ISO/IEC 15948 §11.2.2).
    ///
    /// - Throws: `MapError` `.missingInput` when the file cannot be read, `.invalidData` when it
    ///   is not a PNG or its size is zero or over `maximumSide`.
    public static func read(atPath path: String) throws(MapError) -> EncodedImage {
        let bytes = try InputFile.read(atPath: path, what: "image")
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw MapError(.invalidData, "not a PNG file", at: InputLocation(file: path), remedy: "give a .png image")
        }
        func bigEndian(_ offset: Int) -> Int {
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        }
        let width = bigEndian(16), height = bigEndian(20)
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw MapError(.invalidData, "a \(width)×\(height) image is too large for a marker", at: InputLocation(file: path), remedy: "use one at most \(maximumSide) pixels on a side")
        }
        return EncodedImage(data: bytes, encoding: .png, pixelWidth: width, pixelHeight: height)
    }
}
