public import MapGeometry

/// The map's frame on the canvas or page, what it shows, and the room around it: what every
/// piece of marginalia is laid out against.
///
/// The viewport's canvas is the frame itself: `viewport.size` is the frame's size, and a
/// viewport position (x, y) lies at (`rect.minX` + x, `rect.minY` + y) on the canvas.
public struct MapFrame: Hashable, Sendable {
    /// The frame (the neatline), in canvas points.
    public var rect: CanvasRect
    /// What the frame shows; its size is the frame's size.
    public var viewport: Viewport
    /// The room outside the frame on each side, in canvas points; 0 where the frame meets the
    /// canvas's edge.
    public var margins: EdgeInsets
    /// Rectangles already covered (legend, attribution, scale bar), in canvas points: nothing
    /// is laid out over them.
    public var taken: [CanvasRect]

    /// Creates a frame whose viewport shows a map in `rect`.
    public init(rect: CanvasRect, viewport: Viewport, margins: EdgeInsets = .zero, taken: [CanvasRect] = []) {
        self.rect = rect
        self.viewport = viewport
        self.margins = margins
        self.taken = taken
    }

    /// A frame filling a whole canvas with no margins: a map without a page.
    public init(canvas viewport: Viewport, taken: [CanvasRect] = []) {
        self.init(
            rect: CanvasRect(origin: CanvasPoint(x: 0, y: 0), size: viewport.size), viewport: viewport,
            margins: .zero, taken: taken)
    }

    /// The frame with its margins: everything marginalia may cover.
    public var outerRect: CanvasRect {
        CanvasRect(
            x: rect.minX - margins.left, y: rect.minY - margins.top, width: rect.width + margins.left + margins.right,
            height: rect.height + margins.top + margins.bottom)
    }

    /// The canvas position of a map point, in the world copy its x names.
    public func point(for mapPoint: MapPoint) -> CanvasPoint {
        let local = viewport.point(for: mapPoint)
        return CanvasPoint(x: rect.minX + local.x, y: rect.minY + local.y)
    }

    /// The canvas position of a coordinate, in the world copy nearest the frame's centre.
    public func point(for coordinate: Coordinate) -> CanvasPoint {
        let local = viewport.point(for: coordinate)
        return CanvasPoint(x: rect.minX + local.x, y: rect.minY + local.y)
    }

    /// The coordinate under a canvas position, longitude normalized into [-180, 180).
    public func coordinate(for point: CanvasPoint) -> Coordinate {
        viewport.coordinate(for: CanvasPoint(x: point.x - rect.minX, y: point.y - rect.minY))
    }
}
