public import MapDrawing
public import MapErrors

/// The SVG backend: writes display lists as SVG documents with real text (`SVGWriter`).
///
/// Layout needs text measured as a viewer will draw it, and SVG leaves shaping to the
/// viewer, so the renderer borrows a measurer (Pango's, from `CairoRenderer`, in the
/// command) rather than measuring itself.
public struct SVGRenderer: MapRenderer {
    /// Measures the callouts' and labels' text for layout.
    public let textMeasurer: any TextMeasurer
    /// Whether the document's width and height are given in points (`pt`, 1/72 inch), so a
    /// page prints and opens at its paper size; otherwise in user units (CSS pixels, 1/96
    /// inch), a screen map's canvas points.
    public var sizesInPoints = false

    /// Creates a renderer whose layout measures text with `textMeasurer`.
    public init(textMeasurer: any TextMeasurer) {
        self.textMeasurer = textMeasurer
    }

    /// The list as an SVG document, UTF-8. SVG is vector, so `scale` does not apply.
    ///
    /// - Throws: `MapError` `.invalidRequest` for a format other than SVG.
    public func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8] {
        guard format == .svg else {
            throw MapError(.invalidRequest, "the SVG renderer writes SVG, not \(format.rawValue.uppercased())")
        }
        var writer = SVGWriter(list)
        writer.sizeUnit = sizesInPoints ? "pt" : ""
        return Array(writer.document.utf8)
    }
}
