/// A point of a contour line, in pixels of the DEM zoom's whole world: x east from the
/// antimeridian, y south from the top, a tile's pixel (i, j) centred at (i + 0.5, j + 0.5)
/// within it.
public struct IsolinePoint: Hashable, Sendable {
    /// Pixels east.
    public var x: Double
    /// Pixels south.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One contour line: the points where the ground is at `elevation`, in order, walked with the
/// higher ground on the right (y pointing south); closed when the first point is repeated at
/// the end.
public struct Isoline: Hashable, Sendable {
    /// The elevation, in metres.
    public var elevation: Double
    /// The points, at least two.
    public var points: [IsolinePoint]
}

/// Contour lines of a bordered DEM tile by marching squares (W. E. Lorensen and H. E. Cline,
/// "Marching cubes", SIGGRAPH 1987, in its two-dimensional form as GDAL's `gdal_contour`
/// and d3-contour use it): each cell between four pixel centres is cut where the ground
/// crosses a level, the crossing found by linear interpolation along the cell's edge, and
/// the cuts joined into lines through the edges they share.
///
/// - Saddles (two opposite corners above the level, two below) are resolved by the average
///   of the four corners, the value bilinear interpolation gives the cell's centre: above it,
///   the high corners are joined through the centre; below, the low ones.
/// - A corner exactly at a level counts as above it, so no line runs through a pixel centre
///   twice.
/// - Continuity between tiles: the cells straddling the tile's edge lie in the bordered
///   grid of both tiles, with the same four values, so both compute the same crossings; the
///   lines are cut at the tile's edge in world pixels, where both tiles find the same point.
public enum Isolines {
    /// The lines at `levels` (metres) of `grid`, the tile at pixels `origin` (its top left
    /// corner in world pixels: column × side, row × side), cut to the tile's square.
    ///
    /// - Parameters:
    ///   - levels: the elevations to trace, in metres, in any order.
    ///   - simplification: the most a line may move when points are left out (Douglas–Peucker),
    ///     as a fraction of a DEM pixel; 0 keeps every crossing. The lines' ends at the
    ///     tile's edge are always kept.
    ///   - maximumStep: cells whose corners differ by more metres than this are left out: no
    ///     ground drops so steeply between neighbouring pixels, but the fill outside a DEM
    ///     clipped to a region does (0 m beside mountains), and would draw every level there
    ///     in one bundle.
    public static func lines(
        of grid: BorderedElevations, levels: [Double], origin: (x: Int, y: Int), simplification: Double = 0,
        maximumStep: Double = .infinity
    ) -> [Isoline] {
        let side = grid.side
        let width = side + 2
        let sorted = Array(Set(levels)).sorted()
        guard !sorted.isEmpty else { return [] }
        // Segments by level, each from one cell edge to another (an edge id: 2 × the index of
        // its first grid point, + 1 for a vertical edge).
        var segments: [[(from: Int, to: Int)]] = Array(repeating: [], count: sorted.count)
        grid.values.withUnsafeBufferPointer { v in
            for j in 0..<(width - 1) {
                for i in 0..<(width - 1) {
                    let top = j * width + i
                    let a = Double(v[top]), b = Double(v[top + 1])
                    let d = Double(v[top + width]), c = Double(v[top + width + 1])
                    let low = min(min(a, b), min(c, d)), high = max(max(a, b), max(c, d))
                    if high - low > maximumStep { continue }
                    // Levels the cell crosses: low < level ≤ high (a corner at the level is above).
                    var index = lowerBound(sorted, above: low)
                    while index < sorted.count, sorted[index] <= high {
                        let level = sorted[index]
                        var code = 0
                        if a >= level { code |= 8 }
                        if b >= level { code |= 4 }
                        if c >= level { code |= 2 }
                        if d >= level { code |= 1 }
                        let centreAbove = (a + b + c + d) / 4 >= level
                        for (from, to) in CellCases.table[code * 2 + (centreAbove ? 1 : 0)] {
                            segments[index].append((edgeID(from, i, j, width), edgeID(to, i, j, width)))
                        }
                        index += 1
                    }
                }
            }
        }
        let clip = (
            minX: Double(origin.x), minY: Double(origin.y),
            maxX: Double(origin.x + side), maxY: Double(origin.y + side)
        )
        var lines: [Isoline] = []
        var scratch = JoinScratch(edges: 2 * width * width)
        for (index, level) in sorted.enumerated() where !segments[index].isEmpty {
            for chain in joined(segments[index], scratch: &scratch) {
                let points = chain.map { point(onEdge: $0, level: level, grid: grid, origin: origin) }
                for piece in clipped(points, to: clip) {
                    let kept = simplification > 0 ? simplified(piece, tolerance: simplification) : piece
                    if kept.count >= 2 { lines.append(Isoline(elevation: level, points: kept)) }
                }
            }
        }
        return lines
    }

    /// The first index of `sorted` whose level is above `value`.
    private static func lowerBound(_ sorted: [Double], above value: Double) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A cell's edges: top (a–b), right (b–c), bottom (d–c), left (a–d).
    enum Edge: Int { case top, right, bottom, left }

    @inline(__always)
    private static func edgeID(_ edge: Edge, _ i: Int, _ j: Int, _ width: Int) -> Int {
        switch edge {
        case .top: 2 * (j * width + i)
        case .bottom: 2 * ((j + 1) * width + i)
        case .left: 2 * (j * width + i) + 1
        case .right: 2 * (j * width + i + 1) + 1
        }
    }

    /// Where the ground crosses `level` on an edge: interpolated from its first grid point
    /// (west or north) to its second, so both cells sharing the edge find the same point.
    private static func point(
        onEdge id: Int, level: Double, grid: BorderedElevations, origin: (x: Int, y: Int)
    ) -> IsolinePoint {
        let width = grid.side + 2
        let first = id / 2
        let i = first % width, j = first / width
        let vertical = id % 2 == 1
        let v0 = Double(grid.values[first])
        let v1 = Double(grid.values[vertical ? first + width : first + 1])
        let t = (level - v0) / (v1 - v0)
        // Bordered grid point (i, j) is the tile's pixel (i − 1, j − 1), centred at (i − 0.5, j − 0.5).
        let x = Double(origin.x + i) - 0.5, y = Double(origin.y + j) - 0.5
        return vertical ? IsolinePoint(x: x, y: y + t) : IsolinePoint(x: x + t, y: y)
    }

    /// Segments joined end to start into chains of edge ids: open lines first from their
    /// starts, then the closed rings (first id repeated at the end). Each edge starts at most
    /// one segment and ends at most one, as each edge lies between two cells. The links are
    /// kept in `scratch`, one slot per edge id (−1 when free), and freed again on return.
    static func joined(_ segments: [(from: Int, to: Int)], scratch: inout JoinScratch) -> [[Int]] {
        for segment in segments {
            scratch.next[segment.from] = Int32(segment.to)
            scratch.isEnd[segment.to] = true
        }
        defer {
            for segment in segments {
                scratch.next[segment.from] = -1
                scratch.isEnd[segment.to] = false
                scratch.used[segment.from] = false
            }
        }
        // Starting edges in increasing id order, so the result does not depend on the order
        // the cells were visited in.
        let starts = segments.map(\.from).sorted()
        var chains: [[Int]] = []
        for start in starts where !scratch.isEnd[start] {
            var chain = [start]
            var at = start
            scratch.used[at] = true
            while scratch.next[at] >= 0 {
                let following = Int(scratch.next[at])
                chain.append(following)
                if scratch.next[following] >= 0 { scratch.used[following] = true }
                at = following
            }
            chains.append(chain)
        }
        for start in starts where !scratch.used[start] {
            var chain = [start]
            var at = start
            scratch.used[at] = true
            while scratch.next[at] >= 0 {
                let following = Int(scratch.next[at])
                if following == start || scratch.used[following] { break }
                chain.append(following)
                scratch.used[following] = true
                at = following
            }
            chain.append(scratch.next[at] >= 0 ? Int(scratch.next[at]) : at)
            chains.append(chain)
        }
        return chains
    }

    /// The links `joined` follows, one slot per edge id of a grid: reused for every level,
    /// instead of hashing edge ids.
    struct JoinScratch {
        var next: [Int32]
        var isEnd: [Bool]
        var used: [Bool]

        init(edges: Int) {
            next = [Int32](repeating: -1, count: edges)
            isEnd = [Bool](repeating: false, count: edges)
            used = [Bool](repeating: false, count: edges)
        }
    }

    /// The parts of a line inside a rectangle (Liang–Barsky per segment), each cut exactly
    /// where the line crosses the rectangle's edge.
    public static func clipped(
        _ points: [IsolinePoint], to rect: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> [[IsolinePoint]] {
        func inside(_ p: IsolinePoint) -> Bool {
            p.x >= rect.minX && p.x <= rect.maxX && p.y >= rect.minY && p.y <= rect.maxY
        }
        if points.allSatisfy(inside) { return [points] }
        var pieces: [[IsolinePoint]] = []
        var current: [IsolinePoint] = []
        for (p, q) in zip(points, points.dropFirst()) {
            guard let (t0, t1) = liangBarsky(p, q, rect) else {
                if current.count >= 2 { pieces.append(current) }
                current = []
                continue
            }
            let start = t0 == 0 ? p : interpolated(p, q, t0, rect)
            let end = t1 == 1 ? q : interpolated(p, q, t1, rect)
            if current.isEmpty || t0 > 0 {
                if current.count >= 2 { pieces.append(current) }
                current = [start]
            }
            if end != current.last { current.append(end) }
            if t1 < 1 {
                if current.count >= 2 { pieces.append(current) }
                current = []
            }
        }
        if current.count >= 2 { pieces.append(current) }
        return pieces
    }

    /// The parameters along p→q of the part inside the rectangle, or `nil` when none is.
    private static func liangBarsky(
        _ p: IsolinePoint, _ q: IsolinePoint, _ rect: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = q.x - p.x, dy = q.y - p.y
        for (denominator, numerator) in [
            (-dx, p.x - rect.minX), (dx, rect.maxX - p.x), (-dy, p.y - rect.minY), (dy, rect.maxY - p.y),
        ] {
            if denominator == 0 {
                if numerator < 0 { return nil }
                continue
            }
            let t = numerator / denominator
            if denominator < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            if t0 > t1 { return nil }
        }
        return t0 == t1 && (t0 == 0 || t0 == 1) ? nil : (t0, t1)
    }

    /// The point at parameter `t` of p→q, put exactly on the rectangle's edge it lies on, so
    /// that two tiles cutting the same segment at their shared edge agree to the bit.
    private static func interpolated(
        _ p: IsolinePoint, _ q: IsolinePoint, _ t: Double,
        _ rect: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> IsolinePoint {
        var point = IsolinePoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
        for edge in [rect.minX, rect.maxX] where (p.x - edge) * (q.x - edge) < 0 && abs(point.x - edge) < 1e-6 {
            point.x = edge
            point.y = p.y + (q.y - p.y) * ((edge - p.x) / (q.x - p.x))
        }
        for edge in [rect.minY, rect.maxY] where (p.y - edge) * (q.y - edge) < 0 && abs(point.y - edge) < 1e-6 {
            point.y = edge
            point.x = p.x + (q.x - p.x) * ((edge - p.y) / (q.y - p.y))
        }
        return point
    }

    /// Douglas–Peucker (D. H. Douglas and T. K. Peucker, 1973): the fewest points such that no
    /// point left out lies farther than `tolerance` from the line kept; the ends are kept.
    static func simplified(_ points: [IsolinePoint], tolerance: Double) -> [IsolinePoint] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        let squared = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first], b = points[last]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = dx * dx + dy * dy
            var farthest = -1.0, at = first
            for k in (first + 1)..<last {
                let p = points[k]
                let distance: Double
                if length == 0 {
                    distance = (p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)
                } else {
                    let cross = (p.x - a.x) * dy - (p.y - a.y) * dx
                    distance = cross * cross / length
                }
                if distance > farthest {
                    farthest = distance
                    at = k
                }
            }
            if farthest > squared {
                keep[at] = true
                stack.append((first, at))
                stack.append((at, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }
}

/// The segments of each marching-squares case, oriented with the higher ground on the right.
enum CellCases {
    typealias Edge = Isolines.Edge

    /// By `code × 2 + centre`: code has bit 8 for the top left corner (a) above the level, 4
    /// the top right (b), 2 the bottom right (c), 1 the bottom left (d); centre is 1 when the
    /// cell's average is above the level (only saddles, codes 5 and 10, look at it).
    static let table: [[(Edge, Edge)]] = (0..<32).map { entry in segments(code: entry / 2, centreAbove: entry % 2 == 1)
    }

    /// The corners (a, b, c, d) at the unit square's corners and the edges at their middles:
    /// the orientation worked out once from this geometry holds for any crossing.
    private static let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    private static let middles: [Edge: (Double, Double)] = [
        .top: (0.5, 0), .right: (1, 0.5), .bottom: (0.5, 1), .left: (0, 0.5),
    ]
    /// The two edges beside each corner.
    private static let beside: [[Edge]] = [[.top, .left], [.top, .right], [.right, .bottom], [.bottom, .left]]

    private static func segments(code: Int, centreAbove: Bool) -> [(Edge, Edge)] {
        let above = [code & 8 != 0, code & 4 != 0, code & 2 != 0, code & 1 != 0]
        var pairs: [(Edge, Edge)] = []
        if code == 5 || code == 10 {
            // Each corner on the other side from the centre is cut off alone.
            // Each is oriented by its own corner alone: the opposite corner, on the same
            // side of the level, lies across the line.
            return (0..<4).filter { above[$0] != centreAbove }.map { corner in
                oriented((beside[corner][0], beside[corner][1]), above: above, deciding: [corner])
            }
        } else {
            var crossed: [Edge] = []
            if above[0] != above[1] { crossed.append(.top) }
            if above[1] != above[2] { crossed.append(.right) }
            if above[2] != above[3] { crossed.append(.bottom) }
            if above[3] != above[0] { crossed.append(.left) }
            if crossed.count == 2 { pairs.append((crossed[0], crossed[1])) }
        }
        return pairs.map { pair in oriented(pair, above: above, deciding: [0, 1, 2, 3]) }
    }

    /// The pair in the direction that has the corners above the level on its right: in a
    /// frame with y pointing south, the right of direction (dx, dy) is (−dy, dx). The
    /// `deciding` corners vote by their side of the segment.
    private static func oriented(_ pair: (Edge, Edge), above: [Bool], deciding: [Int]) -> (Edge, Edge) {
        let p = middles[pair.0]!, q = middles[pair.1]!
        let dx = q.0 - p.0, dy = q.1 - p.1
        var score = 0.0
        for corner in deciding {
            let position = corners[corner]
            let side = (position.0 - p.0) * -dy + (position.1 - p.1) * dx
            score += (above[corner] ? 1 : -1) * side
        }
        return score >= 0 ? pair : (pair.1, pair.0)
    }
}
