public import MapErrors

/// The output file formats.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// Raster PNG, 8-bit RGBA.
    case png
    /// Vector SVG with real text.
    case svg
    /// Vector PDF with real, selectable text.
    case pdf
    /// Raster JPEG, 8-bit RGB without alpha (composited over white); lossy, `quality` 1–100.
    case jpeg
    /// Raster WebP with alpha; lossy at `quality` 1–99, lossless at 100.
    case webp

    /// The format a name or file extension stands for: a case's raw value, or `jpg`.
    public init?(name: String) {
        let lowered = name.lowercased()
        self.init(rawValue: lowered == "jpg" ? "jpeg" : lowered)
    }

    /// Whether the format is a grid of pixels (PNG, JPEG, WebP) rather than vectors.
    public var isRaster: Bool { self == .png || self == .jpeg || self == .webp }

    /// The quality raster formats with a lossy encoder use when none is given (JPEG and WebP).
    public static let defaultQuality = 90
    /// The qualities `--quality` accepts; for WebP 100 means lossless.
    public static let qualityRange = 1...100
}

/// A backend that turns a display list into the bytes of an image file.
public protocol MapRenderer: Sendable {
    /// Measures text exactly as `render` will draw it.
    var textMeasurer: any TextMeasurer { get }

    /// Renders the list at a pixel density (`scale` device pixels per canvas point) into a
    /// file of the given format.
    func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8]
}
