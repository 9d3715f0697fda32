public import MapDrawing
public import MapErrors
import MapFormats
import MapRenderCore

/// Reads PNG files for markers and callout images, checking them before anything decodes
/// them.
public enum PNGFile {
    /// The largest side accepted, in pixels: a marker bigger than this is a mistake, and
    /// bounding it keeps a hostile file from costing gigabytes when decoded.
    public static let maximumSide = 2048

    /// Reads a PNG file and its pixel size from its IHDR chunk (`ImageHeader.PNGHeader`).
    ///
    /// - Throws: `MapError` `.missingInput` when the file cannot be read, `.invalidData` when it
    ///   is not a PNG or its size is zero or over `maximumSide`.
    public static func read(atPath path: String) throws(MapError) -> EncodedImage {
        try image(from: InputFile.read(atPath: path, what: "image"), fileName: path)
    }

    /// Checks PNG bytes (an icon inside a KMZ, say) as `read(atPath:)` checks a file; messages
    /// name them `fileName`.
    public static func image(from bytes: [UInt8], fileName path: String) throws(MapError) -> EncodedImage {
        let header: ImageHeader.PNGHeader
        do {
            header = try ImageHeader.PNGHeader(parsing: bytes)
        } catch {
            throw MapError(.invalidData, "not a PNG file", at: InputLocation(file: path), remedy: "give a .png image")
        }
        let width = header.pixelWidth, height = header.pixelHeight
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw MapError(
                .invalidData, "a \(width)×\(height) image is too large for a marker", at: InputLocation(file: path),
                remedy: "use one at most \(maximumSide) pixels on a side")
        }
        return EncodedImage(data: bytes, encoding: .png, pixelWidth: width, pixelHeight: height)
    }
}
