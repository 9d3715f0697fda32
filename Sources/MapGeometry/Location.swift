public import FoundationEssentials

/// A location fix as Core Location's `CLLocation` carries it: a coordinate with its accuracy,
/// altitude, course, speed and time.
///
/// Accuracies follow Core Location's convention: a negative value means the quantity is
/// invalid (for `horizontalAccuracy`, that the coordinate itself is not to be trusted).
public struct Location: Hashable, Sendable {
    /// Where the fix was taken.
    public var coordinate: Coordinate
    /// Height above mean sea level, in meters; meaningful only when `verticalAccuracy` ≥ 0.
    public var altitude: Double
    /// Radius of uncertainty of `coordinate`, in meters; negative means invalid.
    public var horizontalAccuracy: Double
    /// Uncertainty of `altitude`, in meters; negative means invalid.
    public var verticalAccuracy: Double
    /// Direction of travel, in degrees clockwise from true north in [0, 360); negative means
    /// invalid.
    public var course: Double
    /// Instantaneous speed, in meters per second; negative means invalid.
    public var speed: Double
    /// When the fix was taken, or `nil` when the source gave no time.
    public var timestamp: Date?
    /// The building floor, when known (0 is the ground floor).
    public var floor: Int?

    /// Creates a location fix. Every quantity but the coordinate defaults to "invalid".
    public init(
        coordinate: Coordinate, altitude: Double = 0, horizontalAccuracy: Double = 0,
        verticalAccuracy: Double = -1, course: Double = -1, speed: Double = -1,
        timestamp: Date? = nil, floor: Int? = nil
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
        self.floor = floor
    }

    /// Whether the coordinate can be trusted: a valid coordinate and a non-negative
    /// horizontal accuracy.
    public var hasValidCoordinate: Bool { coordinate.isValid && horizontalAccuracy >= 0 }
    /// Whether `altitude` can be trusted.
    public var hasValidAltitude: Bool { verticalAccuracy >= 0 && altitude.isFinite }
    /// Whether `course` can be trusted.
    public var hasValidCourse: Bool { course >= 0 && course.isFinite }
    /// Whether `speed` can be trusted.
    public var hasValidSpeed: Bool { speed >= 0 && speed.isFinite }

    /// The geodesic distance to another fix on the WGS84 ellipsoid, in meters, ignoring
    /// altitude (as `CLLocation.distance(from:)` does).
    public func distance(from other: Location) -> Double {
        coordinate.distance(to: other.coordinate)
    }
}
