public import MapGeometry
public import MapRenderCore

/// What a KML or KMZ file holds, in file order: Point placemarks as places, lines, areas and
/// timed tracks, with what the reader skipped or repaired.
public struct KMLContent: Hashable, Sendable {
    /// One place per Point (a MultiGeometry's Points each give one), ids 1, 2, 3… in order.
    public var places: [Place]
    /// What each place holds beyond its `Place`, in the order of `places`.
    public var placeDetails: [KMLPlaceDetails]
    /// One polyline per LineString and per LinearRing outside a Polygon.
    public var lines: [PolylineOverlay]
    /// One polygon per Polygon: the outer boundary, then the inner ones.
    public var polygons: [PolygonOverlay]
    /// One track per `gx:Track` (or KML 2.3 `Track`), or per `gx:MultiTrack` with one
    /// segment for each of its tracks; only fixes inside the time window are kept.
    public var tracks: [Track]
    /// What was skipped or repaired (a NetworkLink not fetched, an overlay not drawn), as
    /// warnings and notes naming the file.
    public var diagnostics: [Diagnostic]
    /// The track fixes left out because of the time window.
    public var leftOutOfWindow: TrackWindowCount

    /// Creates content.
    public init(
        places: [Place] = [], placeDetails: [KMLPlaceDetails] = [], lines: [PolylineOverlay] = [],
        polygons: [PolygonOverlay] = [], tracks: [Track] = [], diagnostics: [Diagnostic] = [],
        leftOutOfWindow: TrackWindowCount = TrackWindowCount()
    ) {
        self.places = places
        self.placeDetails = placeDetails
        self.lines = lines
        self.polygons = polygons
        self.tracks = tracks
        self.diagnostics = diagnostics
        self.leftOutOfWindow = leftOutOfWindow
    }

    /// Whether the file gave nothing to draw.
    public var isEmpty: Bool { places.isEmpty && lines.isEmpty && polygons.isEmpty && tracks.isEmpty }

    /// The content as scene content: places, lines as polylines, polygons, tracks.
    public var sceneContent: SceneContent {
        SceneContent(
            places: places, polylines: lines, polygons: polygons, tracks: tracks, diagnostics: diagnostics,
            leftOutOfWindow: leftOutOfWindow)
    }
}

extension KMLContent {
    /// The content as a track file gives it (`--track`, `maprender track`): the timed tracks
    /// (`gx:Track`), or, in a file that has none, each line as an untimed track, since
    /// that is how a route drawn in My Maps or a logger's LineString export records a journey
    /// (GPSBabel reads them so too); places and areas as they are.
    public var trackContent: SceneContent {
        var content = sceneContent
        if tracks.isEmpty && !lines.isEmpty {
            content.tracks = lines.map { line in
                Track(name: line.title, locations: line.coordinates.map { Location(coordinate: $0) })
            }
            content.polylines = []
        }
        return content
    }
}

/// What a Point placemark holds beyond the `Place` a map draws of it, for the favorites
/// import.
public struct KMLPlaceDetails: Hashable, Sendable {
    /// The line of the `Placemark` start tag.
    public var line: Int
    /// The `address` element, trimmed, if any.
    public var address: String?
    /// The `description`, as plain text (HTML tags stripped, entities decoded), if any.
    public var description: String?
    /// The IconStyle colour as `#rrggbb` (KML writes `aabbggrr`; the alpha is dropped), if any.
    public var colorHex: String?

    /// Creates details.
    public init(line: Int, address: String? = nil, description: String? = nil, colorHex: String? = nil) {
        self.line = line
        self.address = address
        self.description = description
        self.colorHex = colorHex
    }
}
