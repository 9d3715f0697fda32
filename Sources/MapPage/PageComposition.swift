public import MapDrawing
import MapGeometry

extension PageLayout {
    /// The colour of paper around the frame.
    public static let paperColor = Color(red: 1, green: 1, blue: 1)
    /// The neatline: a thin black line just outside the frame (0.5 pt, about 0.18 mm, a usual
    /// hairline of print maps that survives 300 dpi printing).
    public static let neatline = StrokeStyle(
        color: Color(red: 0, green: 0, blue: 0), lineWidth: 0.5, lineCap: .butt, lineJoin: .miter)

    /// A page with a map in its frame: paper white, the map's display list drawn into the
    /// frame (clipped to it, its origin at the frame's corner), and a neatline around the frame.
    ///
    /// The map's list is laid out for the frame's size; marginalia can append commands around
    /// the frame to the returned list.
    public func compose(map: DisplayList) -> DisplayList {
        var page = DisplayList(size: pageSize)
        page.append(.clear(Self.paperColor))
        page.append(.group(DrawGroup(map, in: frame)))
        // Outside the frame by half the line's width, so the line covers no map.
        let half = Self.neatline.lineWidth / 2
        let outline = CanvasRect(
            x: frame.minX - half, y: frame.minY - half, width: frame.width + 2 * half, height: frame.height + 2 * half)
        page.append(
            .stroke(
                Path.polyline(
                    [
                        outline.origin, CanvasPoint(x: outline.maxX, y: outline.minY),
                        CanvasPoint(x: outline.maxX, y: outline.maxY), CanvasPoint(x: outline.minX, y: outline.maxY),
                    ], closed: true), Self.neatline))
        return page
    }
}
