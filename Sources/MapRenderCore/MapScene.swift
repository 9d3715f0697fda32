public import MapGeometry

/// A circle on the ground: a geofence, a `--circle`, an accuracy halo.
public struct CircleOverlay: Hashable, Sendable {
    /// The centre.
    public var center: Coordinate
    /// The radius along the ground, in meters.
    public var radius: Double

    /// Creates a circle of `radius` meters around `center`.
    public init(center: Coordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// The ring of the circle as a geodesic polygon; longitudes continue across ±180°.
    public var ring: [Coordinate] { Coordinate.geodesicCircle(center: center, radius: radius) }
}

/// Everything one map shows, before any projection: the input of layout.
public struct MapScene: Hashable, Sendable {
    /// Pins, in input order.
    public var places: [Place]
    /// Circles, in input order, drawn under the pins.
    public var circles: [CircleOverlay]

    /// Creates a scene.
    public init(places: [Place] = [], circles: [CircleOverlay] = []) {
        self.places = places
        self.circles = circles
    }

    /// The scene's circles plus the geofence circle of every place that shows one.
    public var allCircles: [CircleOverlay] {
        circles
            + places.compactMap { place in
                guard place.showsProximity, let radius = place.proximityRadius, radius > 0 else { return nil }
                return CircleOverlay(center: place.coordinate, radius: radius)
            }
    }

    /// Whether there is nothing to draw.
    public var isEmpty: Bool { places.isEmpty && circles.isEmpty }
}
