public import MapErrors

/// The output file formats.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// Raster PNG, 8-bit RGBA.
    case png
    /// Vector SVG with real text.
    case svg
    /// Vector PDF with real, selectable text.
    case pdf
}

/// A backend that turns a display list into the bytes of an image file.
public protocol MapRenderer: Sendable {
    /// Measures text exactly as `render` will draw it.
    var textMeasurer: any TextMeasurer { get }

    /// Renders the list at a pixel density (`scale` device pixels per canvas point) into a
    /// file of the given format.
    func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8]
}
