public import MapErrors
public import MapGeometry

/// The first commands of a display list — a basemap painted before anything else — marked so
/// that a raster backend may paint them in blocks fixed to the world's device-pixel grid and
/// reuse the blocks for other maps of the same basemap, zoom and scale.
///
/// A block covers `blockSide` × `blockSide` device pixels. Block `(column, row)` starts at
/// the map's device pixel `(column · blockSide + wholeOriginX, row · blockSide + wholeOriginY)`,
/// where the whole origins are the world origin's device position rounded down; the
/// fractions left over (the sub-pixel phase) are part of `key`, so two maps share blocks only
/// where their pixel grids line up exactly.
public struct ReusableBackdrop: Hashable, Sendable {
    /// The side of a block, in device pixels.
    public static let blockSide = 256

    /// How many leading commands of the list the backdrop is: they paint the same pixels as
    /// `source` does for every block.
    public var commandCount: Int
    /// The canvas size, in canvas points, the backdrop was laid out for; a list of another
    /// size (a legend strip added beside the map) is painted whole.
    public var canvasSize: CanvasSize
    /// Everything besides a block's position that decides its pixels: the resolved basemap,
    /// the zoom, the device scale, the background colour and the sub-pixel phase.
    public var key: String
    /// The device position of the world's origin (map point 0, 0) on the map's canvas, in
    /// device pixels; whole numbers when the map is aligned to device pixels.
    public var worldOriginX: Double, worldOriginY: Double
    /// Lays out the backdrop for other rectangles of device pixels.
    public var source: BackdropSource

    /// Creates a backdrop.
    public init(
        commandCount: Int, canvasSize: CanvasSize, key: String, worldOriginX: Double, worldOriginY: Double,
        source: BackdropSource
    ) {
        self.commandCount = commandCount
        self.canvasSize = canvasSize
        self.key = key
        self.worldOriginX = worldOriginX
        self.worldOriginY = worldOriginY
        self.source = source
    }

    /// The device origin's whole part: where block column 0 and row 0 start on the map.
    public var wholeOrigin: (x: Int, y: Int) {
        (Int(worldOriginX.rounded(.down)), Int(worldOriginY.rounded(.down)))
    }

    /// The sub-pixel phase, in [0, 1) device pixels, as it goes into keys.
    public static func phase(_ origin: Double) -> Double { origin - origin.rounded(.down) }
}

/// What the backdrop's commands are for a rectangle of the map's device pixels that may
/// reach past its canvas: the same layers laid out for a canvas whose top left corner is
/// that rectangle's, in its canvas points.
public final class BackdropSource: Hashable, Sendable {
    /// The drawing of a rectangle, and whether it may be kept (it is whole: no tile failed).
    public typealias Drawing = (commands: [DrawCommand], isComplete: Bool)
    private let draw: @Sendable (PixelRect) throws(MapError) -> Drawing

    /// Creates a source from a function laying out a rectangle of device pixels.
    public init(_ draw: @escaping @Sendable (PixelRect) throws(MapError) -> Drawing) { self.draw = draw }

    /// The commands covering `rect` (device pixels of the map), in canvas points of a canvas
    /// whose origin is `rect`'s top left corner.
    public func drawing(for rect: PixelRect) throws(MapError) -> Drawing { try draw(rect) }

    public static func == (lhs: BackdropSource, rhs: BackdropSource) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
