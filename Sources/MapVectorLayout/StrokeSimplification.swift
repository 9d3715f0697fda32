import MapGeometry

/// The lines of a `line` layer reduced to what shows at the output's pixel density before
/// they are stroked: Cairo's stroker turns every vertex into a join and every part into
/// caps, so vertices that move the line by less than a fraction of a device pixel, and parts
/// that are themselves under a pixel, cost time and change nothing to the eye.
struct StrokeSimplification {
    /// The largest distance a dropped vertex may lie from the simplified line, in device
    /// pixels: a quarter pixel, below what antialiasing shows (the coverage of an edge pixel
    /// moves by at most a quarter).
    static let vertexTolerance = 0.25
    /// The extent, in device pixels, under which a part of a line is left out: mostly the
    /// sliver of a line cut at a tile edge, whose neighbour across the edge carries on from
    /// the same point. Decided on the geometry alone, so that a casing and the line over it
    /// keep the same path whatever their caps; MapLibre likewise draws nothing for a line
    /// whose vertices coincide (its line bucket needs two distinct vertices).
    static let smallestPart = 0.5

    /// Device pixels per canvas point.
    var scale: Double

    /// The lines simplified to `vertexTolerance` device pixels, ends kept, and without the
    /// parts smaller than `smallestPart` device pixels, in canvas points.
    func simplified(_ lines: [[CanvasPoint]]) -> [[CanvasPoint]] {
        let tolerance = Self.vertexTolerance / scale, smallest = Self.smallestPart / scale
        var result: [[CanvasPoint]] = []
        result.reserveCapacity(lines.count)
        for line in lines {
            if Self.extent(of: line) < smallest { continue }
            result.append(line.count > 2 ? Simplification.douglasPeucker(line, tolerance: tolerance) : line)
        }
        return result
    }

    /// The larger side of a line's bounding box, in canvas points.
    static func extent(of line: [CanvasPoint]) -> Double {
        guard var minX = line.first?.x, var minY = line.first?.y else { return 0 }
        var maxX = minX, maxY = minY
        for point in line.dropFirst() {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        return max(maxX - minX, maxY - minY)
    }
}
