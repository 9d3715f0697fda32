import MapGeometry
import MapVectorTiles

/// A point in a tile's coordinates, as a `Double` so clipping can cut between the integer
/// grid points.
struct TilePoint: Hashable {
    var x: Double
    var y: Double

    init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    init(_ point: VectorTilePoint) {
        x = Double(point.x)
        y = Double(point.y)
    }
}

/// Cuts geometry to the square of one tile, [0, extent] on both axes, so that the parts of
/// features in a tile's buffer are drawn by the tile they belong to and never twice; and to
/// the part of that square near the canvas, so that what lies far off the canvas is not
/// drawn at all.
struct TileClipping {
    /// The tile's extent: the side of its square in tile coordinates.
    var extent: Double
    /// The rectangle geometry is cut to, in tile coordinates: the square, or the part of it
    /// within a margin of the canvas.
    var minX = 0.0, minY = 0.0, maxX: Double, maxY: Double

    /// Clipping to the whole square.
    init(extent: Double) {
        self.extent = extent
        maxX = extent
        maxY = extent
    }

    /// Clipping to the part of the square that lies within `margin` canvas points of the
    /// canvas: lines cut there end out of sight (the margin covers their width and caps).
    init(extent: Double, transform: TileTransform, canvas: CanvasSize, margin: Double) {
        self.init(extent: extent)
        minX = max(0, (-margin - transform.origin.x) / transform.scale)
        minY = max(0, (-margin - transform.origin.y) / transform.scale)
        maxX = min(extent, (canvas.width + margin - transform.origin.x) / transform.scale)
        maxY = min(extent, (canvas.height + margin - transform.origin.y) / transform.scale)
    }

    /// Whether nothing of the square is near the canvas.
    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    /// The parts of a line inside the square (Liang–Barsky, per segment; consecutive
    /// segments inside are joined into one part).
    func clip(line points: [TilePoint]) -> [[TilePoint]] {
        var parts: [[TilePoint]] = []
        var current: [TilePoint] = []
        for (a, b) in zip(points, points.dropFirst()) {
            guard let (start, end) = clip(segmentFrom: a, to: b) else {
                if current.count > 1 { parts.append(current) }
                current = []
                continue
            }
            if current.last != start {
                if current.count > 1 { parts.append(current) }
                current = [start]
            }
            current.append(end)
            // A segment leaving the square ends the part.
            if end != b {
                parts.append(current)
                current = []
            }
        }
        if current.count > 1 { parts.append(current) }
        return parts
    }

    /// The part of a segment inside the square, or `nil` (Liang and Barsky, "A new concept
    /// and method for line clipping", ACM TOG 3(1), 1984).
    private func clip(segmentFrom a: TilePoint, to b: TilePoint) -> (TilePoint, TilePoint)? {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 {
                    if r > t1 { return nil }
                    t0 = max(t0, r)
                } else {
                    if r < t0 { return nil }
                    t1 = min(t1, r)
                }
            }
        }
        let start = t0 == 0 ? a : TilePoint(x: a.x + t0 * dx, y: a.y + t0 * dy)
        let end = t1 == 1 ? b : TilePoint(x: a.x + t1 * dx, y: a.y + t1 * dy)
        return (start, end)
    }

    /// A closed ring cut to the square (Sutherland and Hodgman, "Reentrant polygon
    /// clipping", CACM 17(1), 1974): still one ring, running along the square's edges where
    /// the polygon leaves it; empty when nothing is inside.
    func clip(ring points: [TilePoint]) -> [TilePoint] {
        if points.allSatisfy({ $0.x >= minX && $0.x <= maxX && $0.y >= minY && $0.y <= maxY }) { return points }
        var ring = points
        // Each edge: whether a point is inside, and where a segment crosses it.
        let edges: [(inside: (TilePoint) -> Bool, cross: (TilePoint, TilePoint) -> TilePoint)] = [
            ({ $0.x >= self.minX }, { a, b in Self.crossing(a, b, x: self.minX) }),
            ({ $0.x <= self.maxX }, { a, b in Self.crossing(a, b, x: self.maxX) }),
            ({ $0.y >= self.minY }, { a, b in Self.crossing(a, b, y: self.minY) }),
            ({ $0.y <= self.maxY }, { a, b in Self.crossing(a, b, y: self.maxY) }),
        ]
        for edge in edges {
            guard let last = ring.last else { return [] }
            var output: [TilePoint] = []
            output.reserveCapacity(ring.count + 4)
            var previous = last
            for point in ring {
                let inside = edge.inside(point)
                if inside != edge.inside(previous) { output.append(edge.cross(previous, point)) }
                if inside { output.append(point) }
                previous = point
            }
            ring = output
        }
        return ring.count >= 3 ? ring : []
    }

    private static func crossing(_ a: TilePoint, _ b: TilePoint, x: Double) -> TilePoint {
        TilePoint(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    }

    private static func crossing(_ a: TilePoint, _ b: TilePoint, y: Double) -> TilePoint {
        TilePoint(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y)
    }

    /// Whether a point belongs to this tile: inside the square, its right and bottom edges
    /// left to the neighbours, so a point in two tiles' buffers counts once.
    func owns(_ point: TilePoint) -> Bool {
        point.x >= 0 && point.x < extent && point.y >= 0 && point.y < extent
    }
}

/// Where one tile lies on the canvas: tile coordinates to canvas points.
struct TileTransform {
    /// The canvas position of the tile's top left corner.
    var origin: CanvasPoint
    /// Canvas points per tile coordinate unit.
    var scale: Double

    /// The transform of a tile (x may lie outside the world for world copies) in a viewport,
    /// for a layer of `extent` units per side.
    init(tile: TilePath, extent: Int, viewport: Viewport) {
        let rect = tile.mapRect
        origin = viewport.point(for: rect.origin)
        scale = rect.size.width * viewport.canvasPointsPerMapPoint / Double(max(extent, 1))
    }

    func point(_ p: TilePoint) -> CanvasPoint {
        CanvasPoint(x: origin.x + p.x * scale, y: origin.y + p.y * scale)
    }
}
