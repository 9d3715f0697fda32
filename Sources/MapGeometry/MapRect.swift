/// An axis-aligned rectangle of the Web Mercator plane, in map points.
///
/// A rect that crosses the 180th meridian has an origin inside the world and a maximum x
/// beyond `MapSize.world.width`, as `MKMapRect` does; `remainder` gives the part that wraps.
public struct MapRect: Hashable, Sendable, CustomStringConvertible {
    /// The north-west corner.
    public var origin: MapPoint
    /// The extent, never negative.
    public var size: MapSize

    /// Creates a rect from its north-west corner and size, in map points.
    public init(origin: MapPoint, size: MapSize) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect from its edges, in map points.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(
            origin: MapPoint(x: minX, y: minY),
            size: MapSize(width: max(0, maxX - minX), height: max(0, maxY - minY)))
    }

    /// The smallest rect holding every point, or `nil` for no points. Points are taken as
    /// given: callers that want the short way across ±180° unwrap longitudes first.
    ///
    /// Inlinable so callers get a loop specialized for their sequence (an array of a
    /// million points otherwise goes through generic iterator calls, about 10× slower).
    @inlinable
    public init?(containing points: some Sequence<MapPoint>) {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for point in points {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        guard minX <= maxX else { return nil }
        self.init(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The whole world.
    public static let world = MapRect(origin: MapPoint(x: 0, y: 0), size: .world)

    /// West edge, in map points.
    public var minX: Double { origin.x }
    /// North edge, in map points.
    public var minY: Double { origin.y }
    /// East edge, in map points.
    public var maxX: Double { origin.x + size.width }
    /// South edge, in map points.
    public var maxY: Double { origin.y + size.height }
    /// The centre.
    public var center: MapPoint { MapPoint(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
    /// Whether the rect has no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether the rect runs east past the world's edge at 180°, like
    /// `MKMapRect.spans180thMeridian`.
    public var spans180thMeridian: Bool { minX < MapSize.world.width && maxX > MapSize.world.width }

    /// The part east of the 180th meridian, moved back into the world (its x reduced by the
    /// world's width), like `MKMapRect.remainder`; `nil` when the rect does not span it.
    public var remainder: MapRect? {
        guard spans180thMeridian else { return nil }
        let world = MapSize.world.width
        return MapRect(minX: 0, minY: minY, maxX: maxX - world, maxY: maxY)
    }

    /// The smallest rect holding both.
    public func union(_ other: MapRect) -> MapRect {
        MapRect(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Grows this rect to hold `other` too.
    public mutating func formUnion(_ other: MapRect) { self = union(other) }

    /// Whether the point lies inside or on the edge.
    public func contains(_ point: MapPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// Whether the two rects share any point.
    public func intersects(_ other: MapRect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The same rect moved by a number of map points.
    public func offsetBy(dx: Double, dy: Double) -> MapRect {
        MapRect(origin: MapPoint(x: origin.x + dx, y: origin.y + dy), size: size)
    }

    /// "[minX, minY – maxX, maxY]".
    public var description: String {
        "[\(minX.decimalString(places: 1)), \(minY.decimalString(places: 1)) – "
            + "\(maxX.decimalString(places: 1)), \(maxY.decimalString(places: 1))]"
    }
}

extension MapRect {
    /// The shifts by whole worlds, in map points, one per rect, that bring rects together
    /// across the 180th meridian: moved by them, the rects take the shortest stretch of
    /// longitude that holds them all, and the widest gap between them on the circle of
    /// longitudes falls outside it.
    ///
    /// Each rect's west edge is first brought into [0, world width), then the rects west of
    /// the widest gap move one world east, so the result is continuous across ±180° (x may
    /// run past the world's east edge, never below 0). Pieces of one shape cut at the
    /// antimeridian, or written on either side of it (−187° and 173° alike), end up side by
    /// side.
    ///
    /// - Complexity: O(n log n) for n rects.
    public static func worldShifts(joining rects: [MapRect]) -> [Double] {
        let world = MapSize.world.width
        // Bring every rect's west edge into [0, world).
        let normalizing = rects.map { -($0.minX / world).rounded(.down) * world }
        let intervals = zip(rects, normalizing).map { rect, shift in (rect.minX + shift, rect.maxX + shift) }
        let sorted = intervals.sorted { $0.0 < $1.0 }
        guard let first = sorted.first else { return [] }
        // Walk the intervals west to east; the gap before each interval is a candidate.
        var reach = first.1
        var widestGap = first.0 + world - sorted.map(\.1).max()!  // the wrap-around gap
        var cut = first.0
        for interval in sorted.dropFirst() {
            let gap = interval.0 - reach
            if gap > widestGap {
                widestGap = gap
                cut = interval.0
            }
            reach = max(reach, interval.1)
        }
        return zip(intervals, normalizing).map { interval, shift in interval.0 < cut ? shift + world : shift }
    }
}
