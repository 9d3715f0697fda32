import MapGeometry

/// Tracks along the equator, where a thousandth of a degree of longitude is 111.3195 m
/// (WGS84: a × π / 180 000), so distances along them are known.
enum ProfileTestTracks {
    /// Meters per 0.001° of longitude on the equator.
    static let stepMeters = 6_378_137 * Double.pi / 180_000

    /// A fix at `index` thousandths of a degree east, `latitude` degrees north, at `altitude`
    /// meters (none for `nil`).
    static func fix(_ index: Double, _ altitude: Double?, latitude: Double = 0) -> Location {
        Location(
            coordinate: Coordinate(latitude: latitude, longitude: index / 1000), altitude: altitude ?? 0,
            verticalAccuracy: altitude == nil ? -1 : 5)
    }

    /// One segment with these altitudes, one step apart.
    static func track(_ altitudes: [Double?], name: String? = nil) -> Track {
        Track(name: name, locations: altitudes.enumerated().map { fix(Double($0.offset), $0.element) })
    }
}
