public import MapGeometry

/// Where the profile goes on a canvas: under the map, or beside it on the right when the
/// canvas is more than twice as wide as it is tall (a panel under such a map would be a
/// strip too flat to read, and the map would lose most of its little height).
public struct ProfilePanelPlacement: Hashable, Sendable {
    /// The rectangle left to the map.
    public var map: CanvasRect
    /// The panel's rectangle.
    public var panel: CanvasRect
    /// Whether the panel is beside the map rather than under it.
    public var isBeside: Bool

    /// The aspect (width / height) above which the panel goes beside the map.
    public static let besideAspect = 2.0

    /// Splits `rect` (a canvas or a page's frame) into the map and the panel, with `gap`
    /// canvas points between them: under the map the panel takes 30 % of the height (100 to
    /// 240 points), beside it 36 % of the width (220 to 520 points), never more than half.
    public init(in rect: CanvasRect, gap: Double = 0) {
        if rect.width > Self.besideAspect * rect.height {
            let width = min(max(rect.width * 0.36, 220), 520, rect.width / 2)
            isBeside = true
            map = CanvasRect(x: rect.minX, y: rect.minY, width: rect.width - width - gap, height: rect.height)
            panel = CanvasRect(x: rect.maxX - width, y: rect.minY, width: width, height: rect.height)
        } else {
            let height = min(max(rect.height * 0.3, 100), 240, rect.height / 2)
            isBeside = false
            map = CanvasRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - height - gap)
            panel = CanvasRect(x: rect.minX, y: rect.maxY - height, width: rect.width, height: height)
        }
    }
}
