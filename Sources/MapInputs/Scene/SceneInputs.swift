public import MapGeometry
public import MapRenderCore

/// What a map is drawn from, as files and values: the request `SceneLoader` turns into a
/// `MapScene`. The command line fills one from its options; library users fill their own.
public struct SceneInputs: Sendable {
    /// A PNG drawn as every pin, anchored at a fraction of its size.
    public struct MarkerImageFile: Hashable, Sendable {
        /// The PNG file.
        public var path: String
        /// The anchor's distance from the left edge, as a fraction of the width.
        public var anchorX: Double
        /// The anchor's distance from the top edge, as a fraction of the height.
        public var anchorY: Double

        /// Creates a marker image reference; by default anchored at the bottom centre.
        public init(path: String, anchorX: Double = 0.5, anchorY: Double = 1) {
            self.path = path
            self.anchorX = anchorX
            self.anchorY = anchorY
        }
    }

    /// Files of points, lines and areas (GeoJSON `--geojson`; GPX and CSV by content too).
    public var overlayFiles: [String] = []
    /// Files and folders of recorded tracks (`--gpx`, `--csv`): GPX (with its routes and
    /// waypoints), location CSV, timed GeoJSON.
    public var trackPaths: [String] = []
    /// The span of time whose fixes are drawn (`--since`, `--until`, `--day`); fixes outside
    /// are left out before cleaning.
    public var trackWindow = TrackTimeWindow.unbounded
    /// How FIT activities are split into segments: per session (the default) or per lap.
    public var fitSegments = FITSegmentation.sessions
    /// How tracks are cleaned before drawing.
    public var trackCleaning = TrackCleaningOptions()
    /// How tracks are drawn.
    public var trackDisplay = TrackDisplay()
    /// Whether tracks get Start/End pins and the blue dot at their last fix.
    public var showsTrackMarkers = true
    /// Whether the places where tracks enter and leave the places' geofences are marked.
    public var marksGeofenceEvents = false
    /// A picture drawn as every pin (not the "going next" arrow), or `nil`.
    public var markerImage: MarkerImageFile?
    /// Pins given as values, drawn after the files' places.
    public var pins: [Place] = []
    /// Circles given as values.
    public var circles: [CircleOverlay] = []
    /// The "you are here" dot.
    public var userLocation: UserLocation?
    /// A title at the top of the map.
    public var title: String?
    /// Credits to show beyond the basemap's.
    public var attribution: [String] = []
    /// Whether the overlay files may name pictures outside their own folders (absolute
    /// paths, `..`, links leading out); refused by default (`GeoJSONDecoder`).
    public var allowsOutsidePaths = false

    /// Creates inputs with nothing in them.
    public init() {}

    /// Every file the inputs read (tracks as given, folders included), so a caller can
    /// refuse to write over one.
    public var paths: [String] { overlayFiles + trackPaths + (markerImage.map { [$0.path] } ?? []) }
}
