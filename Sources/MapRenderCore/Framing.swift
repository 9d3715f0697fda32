public import MapGeometry

/// How the snapshotter chooses what the canvas shows.
public enum Framing: Hashable, Sendable {
    /// Fit everything drawn, pixel margins of pins and strokes included.
    case fit(FitOptions)
    /// Fit everything drawn while keeping a given coordinate at the centre (`--center`
    /// without a zoom or span).
    case fitAround(Coordinate, FitOptions)
    /// A fixed centre and zoom (`--center … --zoom …`).
    case centerZoom(Coordinate, zoom: Double)
    /// A region shown whole (`--center … --span …`).
    case region(CoordinateRegion)
}

/// The placement of one annotation on the finished map: what the sidecar reports.
public struct AnnotationPlacement: Hashable, Sendable {
    /// The annotation's title.
    public var title: String
    /// The annotated coordinate, its longitude within [-180, 180] (a place given at 205.3°
    /// is reported at −154.7°, the same meridian).
    public var coordinate: Coordinate
    /// The canvas position of the coordinate (the tip of a pin, the centre of a dot), in
    /// canvas points.
    public var point: CanvasPoint
    /// The number of its badge, when the legend lists it.
    public var badge: Int?
    /// The cluster it was merged into or fanned out in, by index, if any.
    public var cluster: Int?

    /// Creates a placement.
    public init(title: String, coordinate: Coordinate, point: CanvasPoint, badge: Int? = nil, cluster: Int? = nil) {
        self.title = title
        self.coordinate = coordinate
        self.point = point
        self.badge = badge
        self.cluster = cluster
    }
}

/// Something the renderer wants the user to know that did not stop the map.
public struct Diagnostic: Hashable, Sendable {
    /// How serious it is.
    public enum Severity: String, Hashable, Sendable {
        /// Worth knowing; the map is as asked.
        case info
        /// The map differs from what was asked (a dropped callout, a missing tile).
        case warning
    }

    /// How serious it is.
    public var severity: Severity
    /// What happened, in one line.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String) {
        self.severity = severity
        self.message = message
    }
}
