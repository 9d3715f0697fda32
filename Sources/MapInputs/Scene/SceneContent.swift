public import MapGeometry
public import MapRenderCore

/// What input files add to a scene: places, overlays and tracks, as decoded (no style
/// applied, tracks not cleaned).
public struct SceneContent: Hashable, Sendable {
    /// Pins: GPX waypoints, GeoJSON points.
    public var places: [Place]
    /// Lines: GPX routes, GeoJSON line strings.
    public var polylines: [PolylineOverlay]
    /// Areas: GeoJSON polygons.
    public var polygons: [PolygonOverlay]
    /// Recorded tracks: GPX tracks, location CSV, timed GeoJSON lines.
    public var tracks: [Track]
    /// What the reader skipped or repaired and the map should say (a NetworkLink not
    /// fetched, a truncated file drawn from what was valid), as warnings or notes.
    public var diagnostics: [Diagnostic]
    /// The fixes the reader left out because of the time window it was given.
    public var leftOutOfWindow: TrackWindowCount

    /// Creates content.
    public init(
        places: [Place] = [], polylines: [PolylineOverlay] = [], polygons: [PolygonOverlay] = [], tracks: [Track] = [],
        diagnostics: [Diagnostic] = [], leftOutOfWindow: TrackWindowCount = TrackWindowCount()
    ) {
        self.places = places
        self.polylines = polylines
        self.polygons = polygons
        self.tracks = tracks
        self.diagnostics = diagnostics
        self.leftOutOfWindow = leftOutOfWindow
    }

    /// Whether the content holds nothing to draw.
    public var isEmpty: Bool { places.isEmpty && polylines.isEmpty && polygons.isEmpty && tracks.isEmpty }

    /// Adds `other`'s content after this content's.
    public mutating func formUnion(_ other: SceneContent) {
        places += other.places
        polylines += other.polylines
        polygons += other.polygons
        tracks += other.tracks
        diagnostics += other.diagnostics
        leftOutOfWindow = leftOutOfWindow + other.leftOutOfWindow
    }
}
