// Placeholder until the geodesic solver lands; replaced wholesale.
extension Coordinate {
    /// The geodesic distance to another coordinate on the WGS84 ellipsoid, in meters.
    public func distance(to other: Coordinate) -> Double { 0 }
}
