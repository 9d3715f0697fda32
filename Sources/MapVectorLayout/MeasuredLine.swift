import MapGeometry

/// A polyline with the distance along it to each vertex, for placing things at a distance
/// from its start.
struct MeasuredLine {
    let points: [CanvasPoint]
    /// The distance from the first point to each point, in canvas points.
    let distances: [Double]

    init(_ points: [CanvasPoint]) {
        self.points = points
        var distances = [0.0]
        distances.reserveCapacity(points.count)
        for (a, b) in zip(points, points.dropFirst()) {
            distances.append(distances.last! + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        self.distances = distances
    }

    /// The line's length, in canvas points.
    var length: Double { distances.last ?? 0 }

    /// The same line run backwards.
    var reversed: MeasuredLine { MeasuredLine(points.reversed()) }

    /// The point at `distance` along the line (clamped to its ends) and the direction of the
    /// segment it lies on, in radians clockwise from pointing right.
    func point(at distance: Double) -> (point: CanvasPoint, angle: Double) {
        guard points.count > 1 else { return (points.first ?? CanvasPoint(x: 0, y: 0), 0) }
        // The segment holding the distance, by binary search on the cumulative lengths.
        var low = 0, high = distances.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if distances[middle] <= distance { low = middle } else { high = middle }
        }
        let a = points[low], b = points[high]
        let span = distances[high] - distances[low]
        let t = span > 0 ? min(max((distance - distances[low]) / span, 0), 1) : 0
        return (CanvasPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), atan2(b.y - a.y, b.x - a.x))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
