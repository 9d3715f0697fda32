import MapGeometry

/// The units a profile is labelled in: kilometers and meters, or miles and feet (`--imperial`).
public struct ProfileUnits: Hashable, Sendable {
    /// Meters in one unit of distance along the axis (1000, or 1609.344 for a mile).
    public var metersPerDistanceUnit: Double
    /// Meters in one unit of elevation (1, or 0.3048 for a foot).
    public var metersPerElevationUnit: Double
    /// The symbols: `km` and `m`, or `mi` and `ft`.
    public var distanceSymbol: String, elevationSymbol: String

    /// Kilometers and meters.
    public static let metric = ProfileUnits(
        metersPerDistanceUnit: 1000, metersPerElevationUnit: 1, distanceSymbol: "km", elevationSymbol: "m")
    /// Miles and feet (international, exactly 1609.344 m and 0.3048 m).
    public static let imperial = ProfileUnits(
        metersPerDistanceUnit: 1609.344, metersPerElevationUnit: 0.3048, distanceSymbol: "mi", elevationSymbol: "ft")

    /// An elevation in meters as a label in these units, whole: "1632 m", "5354 ft".
    public func elevationLabel(_ meters: Double) -> String {
        (meters / metersPerElevationUnit).decimalString(places: 0) + " " + elevationSymbol
    }
}
