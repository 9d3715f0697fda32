// Geodesy on coordinates: WGS84 geodesic distance, bearing and destination (Karney's
// algorithms, see Geodesic.swift), and point sequences for drawing long segments and circles.

extension Coordinate {
    /// Geodesic distance on WGS84, meters (Karney).
    ///
    /// Accurate to about 15 nm for any pair of points, antipodal ones included; NaN for
    /// latitudes outside [−90°, 90°].
    public func distance(to other: Coordinate) -> Double {
        Ellipsoid.wgs84.inverse(from: self, to: other).distance
    }

    /// Initial geodesic bearing to `other`, degrees clockwise from true north in [0, 360).
    ///
    /// The bearing to a coincident point (distance 0) is 0. From a pole the bearing follows
    /// the convention of the inverse problem (the limit approaching the pole along this
    /// coordinate's longitude).
    public func initialBearing(to other: Coordinate) -> Double {
        let inverse = Ellipsoid.wgs84.inverse(from: self, to: other)
        // The inverse problem's azimuth between coincident points is an artefact of its
        // symmetry reductions (180° north of the equator, 0° south of it); report north.
        return inverse.distance == 0 ? 0 : compassBearing(inverse.initialAzimuth)
    }

    /// The point reached by going `distance` meters along the geodesic starting at `bearing`
    /// degrees. Longitude normalized into [-180, 180).
    ///
    /// `bearing` is in degrees clockwise from true north; a negative distance goes backwards.
    public func destination(bearing: Double, distance: Double) -> Coordinate {
        Ellipsoid.wgs84.direct(from: self, azimuth: bearing, distance: distance).coordinate
    }

    /// Points of the geodesic from self to `other`, both ends included, spaced no more than
    /// `maximumSegmentLength` meters apart (for drawing long segments). Longitudes are
    /// "unwrapped": each successive longitude differs from the previous by less than 180°, so a
    /// segment crossing ±180° stays continuous (values may go beyond ±180).
    ///
    /// The points are equally spaced along the geodesic. The first point is `self` unchanged;
    /// the last has `other`'s latitude and `other`'s longitude shifted by a multiple of 360°
    /// to continue the sequence. The one exception to continuity is a geodesic passing exactly
    /// over a pole, where the longitude jumps by 180°. A `maximumSegmentLength` that is not
    /// positive (or NaN) yields just the two ends.
    public func geodesicPoints(to other: Coordinate, maximumSegmentLength: Double) -> [Coordinate] {
        let solver = GeodesicSolver(.wgs84)
        let inverse = solver.inverse(latitude, longitude, other.latitude, other.longitude)
        let length = inverse.distance
        var points = [self]
        if maximumSegmentLength > 0 && length.isFinite && length > maximumSegmentLength {
            let segments = (length / maximumSegmentLength).rounded(.up)
            // Computing every point from the start (not stepping from the previous one) keeps
            // the error from accumulating along the line.
            let line = GeodesicLine(
                solver, latitude: latitude, salp1: inverse.salp1, calp1: inverse.calp1)
            let count = Int(segments)
            points.reserveCapacity(count + 1)
            for i in 1..<count {
                let p = line.position(distance: length * Double(i) / segments)
                points.append(Coordinate(latitude: p.latitude, longitude: longitude + p.longitudeChange))
            }
        }
        points.append(
            Coordinate(
                latitude: other.latitude,
                longitude: unwrappedLongitude(other.longitude, near: points[points.count - 1].longitude)))
        return points
    }

    /// The ring of `count` points at `radius` meters from `center` (geodesic circle, for
    /// circles and accuracy halos), starting due north, clockwise; longitudes unwrapped
    /// relative to the centre (continuous across ±180°). Not closed (the first point is not
    /// repeated).
    ///
    /// Point i lies at bearing 360°·i/`count` from the centre. The first point's longitude is
    /// within 180° of the centre's and each further one within 180° of its predecessor; for a
    /// ring that does not enclose a pole every longitude thus stays within 180° of the
    /// centre's. A `count` below 1 gives an empty ring.
    public static func geodesicCircle(center: Coordinate, radius: Double, count: Int = 128) -> [Coordinate] {
        guard count > 0 else { return [] }
        let solver = GeodesicSolver(.wgs84)
        var ring: [Coordinate] = []
        ring.reserveCapacity(count)
        var previousLongitude = center.longitude
        for i in 0..<count {
            let bearing = 360 * Double(i) / Double(count)
            let p = GeodesicLine(solver, latitude: center.latitude, azimuth: bearing)
                .position(distance: radius)
            let lon = unwrappedLongitude(
                center.longitude + DegreeMath.normalized(p.longitudeChange), near: previousLongitude)
            ring.append(Coordinate(latitude: p.latitude, longitude: lon))
            previousLongitude = lon
        }
        return ring
    }
}

/// An azimuth in degrees mapped onto [0°, 360°).
func compassBearing(_ azimuth: Double) -> Double {
    let bearing = azimuth.remainder(dividingBy: 360)  // [−180, 180]
    if bearing >= 0 { return bearing }
    let wrapped = bearing + 360
    return wrapped < 360 ? wrapped : 0  // −1e-20 + 360 rounds to 360
}

/// `longitude` shifted by the multiple of 360° that brings it within 180° of `reference`
/// (into [reference − 180°, reference + 180°]).
func unwrappedLongitude(_ longitude: Double, near reference: Double) -> Double {
    let offset = (longitude - reference).remainder(dividingBy: 360) - (longitude - reference)
    return offset == 0 ? longitude : longitude + offset
}
