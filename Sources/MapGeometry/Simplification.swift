/// Line simplification in canvas space: drop vertices that change the drawing by less than
/// a tolerance, so a million-point track draws fast and looks the same.
public enum Simplification {
    /// The Douglas–Peucker simplification of a polyline: keeps the ends and every vertex
    /// farther than `tolerance` from the chord of its span (D. Douglas & T. Peucker,
    /// "Algorithms for the reduction of the number of points required to represent a
    /// digitized line or its caricature", The Canadian Cartographer 10(2), 1973).
    ///
    /// Iterative with an explicit stack, so a million points cannot overflow the call
    /// stack. A tolerance below half a device pixel leaves the drawing unchanged to the eye.
    ///
    /// - Parameters:
    ///   - points: The polyline, in canvas points.
    ///   - tolerance: The largest distance a dropped vertex may lie from the result, in
    ///     canvas points.
    /// - Complexity: O(n log n) typical, O(n²) worst case.
    public static func douglasPeucker(_ points: [CanvasPoint], tolerance: Double) -> [CanvasPoint] {
        douglasPeuckerIndices(points, tolerance: tolerance).map { points[$0] }
    }

    /// The indices of the vertices Douglas–Peucker keeps, ascending: the first and last
    /// always, so values attached to vertices (speeds, times) can follow the simplification.
    ///
    /// - Complexity: O(n log n) typical, O(n²) worst case.
    public static func douglasPeuckerIndices(_ points: [CanvasPoint], tolerance: Double) -> [Int] {
        guard points.count > 2, tolerance > 0 else { return Array(points.indices) }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        let squaredTolerance = tolerance * tolerance
        var stack = [(0, points.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first, farthestDistance = -1.0
            for index in (first + 1)..<last {
                let distance = squaredDistance(points[index], toSegmentFrom: points[first], to: points[last])
                if distance > farthestDistance {
                    farthestDistance = distance
                    farthest = index
                }
            }
            if farthestDistance > squaredTolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        var result: [Int] = []
        result.reserveCapacity(points.count / 4)
        for index in points.indices where keep[index] { result.append(index) }
        return result
    }

    /// The squared distance from a point to a segment, in squared canvas points.
    static func squaredDistance(_ point: CanvasPoint, toSegmentFrom a: CanvasPoint, to b: CanvasPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 {
            t = max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared))
        }
        let x = a.x + t * dx - point.x, y = a.y + t * dy - point.y
        return x * x + y * y
    }
}
