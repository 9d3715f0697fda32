package import MapDrawing
package import MapGeometry

/// Turns geographic lines and rings into canvas paths: densify along the geodesic, unwrap
/// across ±180°, project, repeat per visible world copy, drop sub-pixel steps and simplify
/// (Douglas–Peucker) to a quarter point.
///
/// The pipeline of Leaflet's `Polyline` (project → clip → simplify → render), with the
/// world-copy repetition of py-staticmaps so anything crossing the antimeridian is drawn
/// continuous.
package enum OverlayProjection {
    /// Segments longer than this are split along the geodesic, in meters; shorter ones are
    /// indistinguishable from straight at map scales where they are visible.
    package static let geodesicSegmentLength = 50_000.0
    /// Vertices closer than this to the last kept one are dropped, in canvas points.
    package static let minimumStep = 0.25
    /// Douglas–Peucker tolerance, in canvas points: a quarter point is under half a device
    /// pixel even at scale 2, so the simplified line draws the same.
    package static let simplificationTolerance = 0.25

    /// The vertices of a line as map points: long segments densified along the geodesic,
    /// longitudes continuous (each step under 180°), so x runs past the world's edge instead
    /// of jumping back. Vertices are taken within [-180, 180] first (`Coordinate.wrapped`),
    /// so a line written many turns past ±180° keeps its precision and its world copies stay
    /// countable.
    ///
    /// - Complexity: O(n) plus the points added by densifying.
    package static func mapPoints(_ coordinates: [Coordinate]) -> [MapPoint] {
        guard var previous = coordinates.first?.wrapped else { return [] }
        var result = [MapPoint(previous)]
        result.reserveCapacity(coordinates.count)
        for next in coordinates.dropFirst() {
            // Unwrap: take the copy of the next longitude nearest the previous one (from within
            // [-180, 180], so the difference is exact however many turns the input is away).
            var coordinate = next.wrapped
            coordinate.longitude += ((previous.longitude - coordinate.longitude) / 360).rounded() * 360
            // A step whose latitude and longitude differences add up to less than the segment
            // length is shorter than it (the great circle is no longer than going along the
            // meridian, then along the parallel), so the haversine is only computed for long
            // steps: a GPS track of a million fixes has none.
            let bound =
                (abs(coordinate.latitude - previous.latitude) + abs(coordinate.longitude - previous.longitude))
                * (Double.pi / 180) * Earth.meanRadius
            if bound > 0.9 * geodesicSegmentLength
                && previous.greatCircleDistance(to: coordinate) > geodesicSegmentLength
            {
                let points = previous.geodesicPoints(to: coordinate, maximumSegmentLength: geodesicSegmentLength)
                for point in points.dropFirst() { result.append(MapPoint(point)) }
            } else {
                result.append(MapPoint(coordinate))
            }
            previous = coordinate
        }
        return result
    }

    /// The rings (or lines) of one shape as map points, each made continuous by
    /// `mapPoints(_:)`, then moved by whole worlds so that together they take the shortest
    /// stretch of longitude (`MapRect.worldShifts(joining:)`), the first ring staying where
    /// it is.
    ///
    /// Each ring starts at its own first longitude, so a hole whose first vertex lies across
    /// the antimeridian from its outer ring's (179.9° and −179.9°) would otherwise land a
    /// world away from it, and the shape would be fitted as 360° wide: the whole world in
    /// the frame for a few degrees of land.
    package static func mapPoints(rings: [[Coordinate]]) -> [[MapPoint]] {
        var lines = rings.map { mapPoints($0) }
        let drawn = lines.indices.filter { !lines[$0].isEmpty }
        guard drawn.count > 1 else { return lines }
        let shifts = MapRect.worldShifts(joining: drawn.map { MapRect(containing: lines[$0])! })
        for (index, shift) in zip(drawn, shifts) where shift != shifts[0] {
            let offset = shift - shifts[0]
            lines[index] = lines[index].map { MapPoint(x: $0.x + offset, y: $0.y) }
        }
        return lines
    }

    /// The shifts of whole worlds, in map points, under which a rect shows on the canvas.
    package static func worldOffsets(for rect: MapRect, in viewport: Viewport) -> [Double] {
        let world = MapSize.world.width
        let visible = viewport.visibleMapRect
        let first = ((visible.minX - rect.maxX) / world).rounded(.up)
        let last = ((visible.maxX - rect.minX) / world).rounded(.down)
        guard first <= last else { return [] }
        return (Int(first)...Int(last)).map { Double($0) * world }
    }

    /// Canvas points of map points shifted by a world offset, without steps shorter than
    /// `minimumStep`; the last point is always kept so a line ends where it should.
    package static func canvasPoints(_ points: [MapPoint], offset: Double, in viewport: Viewport) -> [CanvasPoint] {
        var result: [CanvasPoint] = []
        result.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            let canvas = viewport.point(for: MapPoint(x: point.x + offset, y: point.y))
            if let last = result.last, index < points.count - 1,
                abs(canvas.x - last.x) < minimumStep && abs(canvas.y - last.y) < minimumStep
            {
                continue
            }
            result.append(canvas)
        }
        return result
    }

    /// A path of one or more lines (or closed rings) in every world copy that shows.
    package static func path(_ lines: [[MapPoint]], closed: Bool, in viewport: Viewport) -> Path {
        guard let rect = MapRect(containing: lines.joined()) else { return Path() }
        var path = Path()
        for offset in worldOffsets(for: rect, in: viewport) {
            for line in lines {
                let points = Simplification.douglasPeucker(
                    canvasPoints(line, offset: offset, in: viewport), tolerance: simplificationTolerance)
                path.append(Path.polyline(points, closed: closed))
            }
        }
        return path
    }
}
