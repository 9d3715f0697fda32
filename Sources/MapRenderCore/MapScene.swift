public import MapGeometry

/// A circle on the ground: a geofence, a `--circle`.
public struct CircleOverlay: Hashable, Sendable {
    /// The centre.
    public var center: Coordinate
    /// The radius along the ground, in meters.
    public var radius: Double
    /// The look, or `nil` for the style's circle look.
    public var style: ShapeStyle?

    /// Creates a circle of `radius` meters around `center`.
    public init(center: Coordinate, radius: Double, style: ShapeStyle? = nil) {
        self.center = center
        self.radius = radius
        self.style = style
    }

    /// The ring of the circle as a geodesic polygon; longitudes continue across ±180°.
    public var ring: [Coordinate] { Coordinate.geodesicCircle(center: center, radius: radius) }
}

/// An open line on the ground: a GeoJSON LineString, a GPX route.
public struct PolylineOverlay: Hashable, Sendable {
    /// The vertices in order. Consecutive vertices are joined by the geodesic between them;
    /// a step of more than 180° of longitude goes the short way across ±180°.
    public var coordinates: [Coordinate]
    /// The whole look, or `nil` for the style's polyline look (with `styleOverride`).
    public var style: ShapeStyle?
    /// The parts of the look the data sets (GeoJSON simplestyle), laid over the style's
    /// polyline look at layout; ignored when `style` is set.
    public var styleOverride: ShapeStyleOverride?
    /// A name, for the sidecar and diagnostics.
    public var title: String?

    /// Creates a polyline.
    public init(
        coordinates: [Coordinate], style: ShapeStyle? = nil, styleOverride: ShapeStyleOverride? = nil,
        title: String? = nil
    ) {
        self.coordinates = coordinates
        self.style = style
        self.styleOverride = styleOverride
        self.title = title
    }

    /// The look drawn in `mapStyle`.
    public func resolvedStyle(in mapStyle: Style) -> ShapeStyle {
        style ?? styleOverride.map { $0.applied(to: mapStyle.polyline, filled: false) } ?? mapStyle.polyline
    }
}

/// A filled area on the ground: an outer ring and any holes, like a GeoJSON Polygon.
public struct PolygonOverlay: Hashable, Sendable {
    /// The outer ring first, then the holes. Rings need not repeat their first vertex.
    public var rings: [[Coordinate]]
    /// The whole look, or `nil` for the style's polygon look (with `styleOverride`).
    public var style: ShapeStyle?
    /// The parts of the look the data sets (GeoJSON simplestyle), laid over the style's
    /// polygon look at layout; ignored when `style` is set.
    public var styleOverride: ShapeStyleOverride?
    /// A name, for the sidecar and diagnostics.
    public var title: String?

    /// Creates a polygon from its rings: the outer one first, then the holes.
    public init(
        rings: [[Coordinate]], style: ShapeStyle? = nil, styleOverride: ShapeStyleOverride? = nil, title: String? = nil
    ) {
        self.rings = rings
        self.style = style
        self.styleOverride = styleOverride
        self.title = title
    }

    /// The look drawn in `mapStyle`.
    public func resolvedStyle(in mapStyle: Style) -> ShapeStyle {
        style ?? styleOverride.map { $0.applied(to: mapStyle.polygon, filled: true) } ?? mapStyle.polygon
    }
}

/// The "you are here" dot: a location with its accuracy and heading.
public struct UserLocation: Hashable, Sendable {
    /// The fix; a negative horizontal accuracy draws no halo.
    public var location: Location
    /// The heading in degrees clockwise from true north, or `nil` to use the fix's course
    /// when valid, else none.
    public var heading: Double?

    /// Creates the user location.
    public init(location: Location, heading: Double? = nil) {
        self.location = location
        self.heading = heading
    }

    /// The direction the cone points, in degrees, when there is one.
    public var direction: Double? { heading ?? (location.hasValidCourse ? location.course : nil) }
}

/// Which callouts a map shows (`--callouts`).
public enum CalloutMode: String, Hashable, Sendable, CaseIterable {
    /// A bubble with title and subtitle where one fits; every other titled place gets a
    /// numbered badge and a line in the legend, and nothing is reported as dropped.
    case auto
    /// A bubble with title and subtitle above every titled place.
    case all
    /// Titles only.
    case titles
    /// No callouts.
    case none
}

/// Everything one map shows, before any projection: the input of layout.
public struct MapScene: Hashable, Sendable {
    /// Pins, in input order.
    public var places: [Place]
    /// Circles, in input order.
    public var circles: [CircleOverlay]
    /// Lines, in input order.
    public var polylines: [PolylineOverlay]
    /// Areas, in input order.
    public var polygons: [PolygonOverlay]
    /// GPS tracks, drawn under the pins.
    public var tracks: [Track]
    /// How tracks are shown.
    public var trackDisplay: TrackDisplay
    /// The blue dot, if any.
    public var userLocation: UserLocation?
    /// A title drawn at the top of the map, if any.
    public var title: String?
    /// Credits for the data drawn, shown in the corner and the sidecar.
    public var attribution: [String]
    /// A representative fraction printed beside the scale bar (`1:25,000`), or `nil`.
    public var scaleRatioText: String?
    /// What reading the inputs had to say (a file drawn from its valid part, a link not
    /// fetched); the snapshot reports them before its own.
    public var diagnostics: [Diagnostic] = []

    /// Creates a scene.
    public init(
        places: [Place] = [], circles: [CircleOverlay] = [], polylines: [PolylineOverlay] = [],
        polygons: [PolygonOverlay] = [], tracks: [Track] = [], trackDisplay: TrackDisplay = TrackDisplay(),
        userLocation: UserLocation? = nil, title: String? = nil, attribution: [String] = []
    ) {
        self.tracks = tracks
        self.trackDisplay = trackDisplay
        self.places = places
        self.circles = circles
        self.polylines = polylines
        self.polygons = polygons
        self.userLocation = userLocation
        self.title = title
        self.attribution = attribution
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
    public var isEmpty: Bool {
        places.isEmpty && circles.isEmpty && polylines.isEmpty && polygons.isEmpty && userLocation == nil
            && tracks.allSatisfy(\.isEmpty)
    }
}
