/// A geographic position on the WGS84 ellipsoid.
///
/// Latitude comes first, as in Core Location's `CLLocationCoordinate2D`. Both are in degrees:
/// latitude north-positive in [-90, 90], longitude east-positive, normally in [-180, 180].
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator, in [-90, 90].
    public var latitude: Double
    /// Degrees east of the prime meridian, normally in [-180, 180].
    public var longitude: Double

    /// Creates a coordinate from a latitude and a longitude, both in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite, the latitude lies in [-90, 90] and the longitude in
    /// [-180, 180], like `CLLocationCoordinate2DIsValid`.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude)
            && (-180...180).contains(longitude)
    }

    /// The same position with its longitude brought into [-180, 180).
    public var normalized: Coordinate {
        Coordinate(latitude: latitude, longitude: Coordinate.normalizedLongitude(longitude))
    }

    /// The same position with its longitude wrapped into [-180, 180]: one outside it is
    /// brought into [-180, 180) as `normalized` does, one within it (180° included, unlike
    /// `normalized`) is kept as it is.
    ///
    /// For longitudes written past the antimeridian (Pacific-centred data's 205.3° is the
    /// meridian of −154.7°) where a value within [-180, 180] is wanted but 180° should stay
    /// 180°.
    public var wrapped: Coordinate {
        (-180...180).contains(longitude) ? self : normalized
    }

    /// Brings a longitude in degrees into [-180, 180).
    public static func normalizedLongitude(_ longitude: Double) -> Double {
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }

    /// "latitude,longitude" with six decimals (about 0.1 m).
    public var description: String {
        "\(latitude.decimalString(places: 6)),\(longitude.decimalString(places: 6))"
    }
}

extension Double {
    /// The number with a fixed count of decimals, rounded half away from zero, without
    /// Foundation's formatters, so output never depends on the locale ("-0.50", "12").
    public func decimalString(places: Int) -> String {
        guard isFinite, abs(self) < 1e15 else { return "\(self)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (abs(self) * scale).rounded()
        let sign = self < 0 && rounded != 0 ? "-" : ""
        let whole = (rounded / scale).rounded(.down)
        let fraction = Int(rounded - whole * scale)
        let wholeText = String(Int(whole))
        if places == 0 { return sign + wholeText }
        var digits = String(fraction)
        while digits.count < places { digits = "0" + digits }
        return "\(sign)\(wholeText).\(digits)"
    }
}
