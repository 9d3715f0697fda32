public import MapDrawing
public import MapErrors

/// A backend that draws each display list into the frame of a page, then hands the page to
/// another backend: how a map laid out for its frame comes out on paper.
public struct PageRenderer: MapRenderer {
    /// The backend that draws the page.
    public var base: any MapRenderer
    /// The page the map goes on.
    public var layout: PageLayout

    /// Creates a page renderer.
    public init(base: any MapRenderer, layout: PageLayout) {
        self.base = base
        self.layout = layout
    }

    /// The base backend's measurements: text on the page is drawn by it.
    public var textMeasurer: any TextMeasurer { base.textMeasurer }

    /// Renders the page with `list` in its frame, at `scale` device pixels per point.
    public func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8] {
        try base.render(layout.compose(map: list), scale: scale, format: format)
    }
}
