public import MapDrawing
public import MapErrors
public import MapGeometry

/// A basemap that lays itself out: vector tiles drawn with a MapLibre GL style. Implemented
/// above this layer; layout asks it for the drawing of one viewport and places its labels
/// together with the scene's own markers, callouts and furniture.
public protocol StyledBasemap: Sendable {
    /// Credits to show for the data drawn.
    var attribution: [String] { get }

    /// The basemap of `viewport` at `scale` device pixels per canvas point: its shapes in
    /// style order and its labels as candidates, with what went wrong.
    ///
    /// - Throws: `MapError` when the map cannot be drawn at all (a damaged archive in
    ///   strict use, a refused tile); missing or damaged tiles are diagnostics.
    func drawing(
        for viewport: Viewport, scale: Double, measurer: any TextMeasurer
    ) throws(MapError)
        -> StyledBasemapDrawing

    /// A name for this resolved basemap that no other basemap of the process shares, when its
    /// painted blocks may be kept and reused by other maps (a batch's basemaps); `nil`: never
    /// reused.
    var blockIdentity: String? { get }

    /// The shapes of `viewport` without labels, for painting reusable blocks; kept apart from
    /// the views maps are drawn at.
    ///
    /// - Throws: what `drawing(for:scale:measurer:)` throws.
    func blockDrawing(
        for viewport: Viewport, scale: Double, measurer: any TextMeasurer
    ) throws(MapError)
        -> StyledBasemapDrawing
}

extension StyledBasemap {
    /// By default a basemap's blocks are not reused.
    public var blockIdentity: String? { nil }

    /// By default the whole drawing of the viewport.
    public func blockDrawing(
        for viewport: Viewport, scale: Double, measurer: any TextMeasurer
    ) throws(MapError)
        -> StyledBasemapDrawing
    {
        try drawing(for: viewport, scale: scale, measurer: measurer)
    }
}

/// One viewport's worth of a styled basemap.
public struct StyledBasemapDrawing: Sendable {
    /// The fills, lines and circles, bottom to top; drawn under every overlay.
    public var commands: [DrawCommand]
    /// The labels and icons that may show, most important first; layout keeps those that
    /// collide with nothing placed before them.
    public var labels: [LabelCandidate]
    /// Missing or damaged tiles, unsupported style properties.
    public var diagnostics: [Diagnostic]

    /// Creates a drawing.
    public init(commands: [DrawCommand] = [], labels: [LabelCandidate] = [], diagnostics: [Diagnostic] = []) {
        self.commands = commands
        self.labels = labels
        self.diagnostics = diagnostics
    }
}

/// A label or icon that shows only where it has room: the boxes it needs free, and what it
/// draws when placed.
public struct LabelCandidate: Hashable, Sendable {
    /// The areas that must not overlap anything placed before, in canvas points: one box for
    /// a straight label, one per cluster for text along a line.
    public var boxes: [CanvasRect]
    /// What the label draws.
    public var commands: [DrawCommand]
    /// Where it is painted among the placed labels, lower first (its style layer's
    /// position), independent of the placement order.
    public var paintOrder: Int
    /// Whether it is drawn even where it overlaps others (`text-allow-overlap`).
    public var allowsOverlap: Bool
    /// Whether others may be placed over it (`text-ignore-placement`).
    public var ignoresPlacement: Bool
    /// Smaller forms tried in order where this one does not fit: the icon without its
    /// optional text, the text without its optional icon.
    public var alternatives: [LabelCandidate]

    /// Creates a candidate.
    public init(
        boxes: [CanvasRect], commands: [DrawCommand], paintOrder: Int = 0, allowsOverlap: Bool = false,
        ignoresPlacement: Bool = false, alternatives: [LabelCandidate] = []
    ) {
        self.alternatives = alternatives
        self.boxes = boxes
        self.commands = commands
        self.paintOrder = paintOrder
        self.allowsOverlap = allowsOverlap
        self.ignoresPlacement = ignoresPlacement
    }
}

/// Places label candidates in order: each where all its boxes lie inside the canvas and
/// overlap no obstacle and no label placed before it.
public struct LabelPlacer: Sendable {
    private var grid: CollisionGrid
    private let canvas: CanvasRect

    /// Creates a placer for a canvas, with the rectangles that are taken already (markers,
    /// callouts, furniture: the scene wins over the basemap).
    public init(canvas: CanvasRect, obstacles: [CanvasRect]) {
        self.canvas = canvas
        grid = CollisionGrid(bounds: canvas, cellSize: 64)
        for rect in obstacles { grid.insert(rect) }
    }

    /// Whether the candidate fits, and if it does, takes its room.
    public mutating func place(_ candidate: LabelCandidate) -> Bool {
        guard !candidate.boxes.isEmpty, candidate.boxes.allSatisfy({ canvas.contains($0) }) else { return false }
        if !candidate.allowsOverlap, candidate.boxes.contains(where: { grid.intersectsAny($0) }) { return false }
        if !candidate.ignoresPlacement { for box in candidate.boxes { grid.insert(box) } }
        return true
    }

    /// The commands of the candidates that fit, in their paint order (ties in placement
    /// order).
    public mutating func commands(placing candidates: [LabelCandidate]) -> [DrawCommand] {
        var placed: [(order: Int, index: Int, commands: [DrawCommand])] = []
        for (index, candidate) in candidates.enumerated() {
            guard let fitting = ([candidate] + candidate.alternatives).first(where: { place($0) }) else { continue }
            placed.append((fitting.paintOrder, index, fitting.commands))
        }
        return placed.sorted { ($0.order, $0.index) < ($1.order, $1.index) }.flatMap(\.commands)
    }
}

/// Rectangles bucketed by a square grid, so a collision test looks at the few rectangles
/// near it instead of all of them.
struct CollisionGrid: Sendable {
    private let bounds: CanvasRect
    private let cellSize: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[CanvasRect]]

    init(bounds: CanvasRect, cellSize: Double) {
        self.bounds = bounds
        self.cellSize = cellSize
        columns = max(1, Int((bounds.width / cellSize).rounded(.up)))
        rows = max(1, Int((bounds.height / cellSize).rounded(.up)))
        cells = Array(repeating: [], count: columns * rows)
    }

    /// The cells a rectangle touches, clamped to the grid (rectangles beyond the bounds
    /// share the border cells).
    private func cellRange(of rect: CanvasRect) -> (ClosedRange<Int>, ClosedRange<Int>) {
        func index(_ value: Double, _ origin: Double, _ count: Int) -> Int {
            min(max(Int(((value - origin) / cellSize).rounded(.down)), 0), count - 1)
        }
        return (
            index(rect.minX, bounds.minX, columns)...index(rect.maxX, bounds.minX, columns),
            index(rect.minY, bounds.minY, rows)...index(rect.maxY, bounds.minY, rows)
        )
    }

    mutating func insert(_ rect: CanvasRect) {
        let (xs, ys) = cellRange(of: rect)
        for y in ys { for x in xs { cells[y * columns + x].append(rect) } }
    }

    func intersectsAny(_ rect: CanvasRect) -> Bool {
        let (xs, ys) = cellRange(of: rect)
        for y in ys {
            for x in xs where cells[y * columns + x].contains(where: { $0.intersects(rect) }) { return true }
        }
        return false
    }
}
