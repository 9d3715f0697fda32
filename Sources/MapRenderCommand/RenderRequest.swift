import MapCommandLine
import MapDataCommands
import MapDrawing
import MapErrors
import MapGeometry
import MapProfile
import MapRenderCore
import MapTiles
import MapVectorSources

/// Everything `maprender render` and `maprender fit` take from the command line.
struct RenderRequest {
    var placeDatabases: [String] = []
    var geoJSONFiles: [String] = []
    /// GPX and CSV track files or folders, with the cleaning rules for them.
    var trackInput = TrackInput()
    var trackDisplay = TrackDisplay()
    var showsTrackMarkers = true
    /// Whether geofence enter/exit events of the tracks are marked (`--geofence-events`).
    var marksGeofenceEvents = false
    /// Whether an elevation profile goes under (or beside) the map (`--profile`).
    var showsProfile = false
    /// How the profile's line and area are coloured (`--profile-color`).
    var profileColoring = ProfileChart.Options.Coloring.track
    /// Where the tracks' heights come from (`--elevation`).
    var elevationSource = ElevationSource.auto
    var userLocation: UserLocation?
    var title: String?
    /// The grid, north arrow and title block (`--grid`, `--north-arrow`, `--subtitle`, `--date`).
    var marginalia = MarginaliaRequest()
    /// Credits to add to the map's attribution (`--attribution`), e.g. for a tile server
    /// maprender has no preset for.
    var attribution: [String] = []
    var styleName = "default"
    var calloutMode = CalloutMode.auto
    var legendMode = LegendMode.auto
    /// Pins closer than this many points merge (`--cluster`); `nil`: no clustering.
    var clusterRadius: Double?
    var markerImage: (path: String, anchorX: Double, anchorY: Double)?
    var pins: [Place] = []
    var circles: [CircleOverlay] = []
    var center: Coordinate?
    var zoom: Double?
    /// North-south and east-west extent, in meters.
    var span: (latitudinal: Double, longitudinal: Double)?
    var padding: Double = 20
    var maximumZoom: Double = 19
    var size = CanvasSize(width: 800, height: 600)
    var scale: Double = 1
    /// `--basemap`: `auto` (an installed archive that covers the map, else the world), a
    /// name, a file or a URL.
    var basemap = "auto"
    /// The folder of installed basemaps (`--basemaps-dir`); `nil` for the default.
    var basemapsDirectory: String?
    /// A MapLibre GL style for vector tiles (`--basemap-style`).
    var basemapStyle: String?
    /// An elevation archive shaded under the built-in look (`--terrain`), `autoTerrain` for
    /// the installed one covering the map (the default), `nil` for none.
    var terrain: String? = autoTerrain
    /// `--terrain auto`.
    static let autoTerrain = "auto"
    /// Whether contour lines are drawn over the terrain's hillshade (`--contours auto`, the
    /// default; `none` turns them off).
    var drawsContours = true
    /// The unit of the contour lines `--terrain` adds: feet under `--imperial`; `nil` with
    /// `--contours none`.
    var contourUnit: ContourOverlay.Unit? {
        drawsContours ? (trackDisplay.usesImperialUnits ? .feet : .metres) : nil
    }
    /// Label languages of a street map, in order of preference (`--language fi,sv`).
    var languages: [String] = []
    var format: ImageFormat?
    /// JPEG and WebP quality, 1–100 (`--quality`); WebP at 100 is lossless.
    var quality: Int?
    var output: String?
    var sidecar: String?
    /// Whether an ESRI world file and a `.prj` go beside the image (`--world-file`).
    var writesWorldFile = false
    var isStrict = false
    /// Whether notes of severity info go to standard error too (`--verbose`).
    var isVerbose = false
    var mapType = MapType.standard
    /// The imagery under a hybrid or satellite map over vector tiles or the embedded world
    /// (`--imagery`): an archive, a tile folder, a URL template or a preset; `nil` for none.
    var imagery: String?
    var tileOptions = HTTPTileOptions(userAgent: HTTPTileOptions.userAgent(version: MapRenderCommand.version))
    var snapsZoomToTiles = true
    /// A see-through background and no basemap (`--transparent`), for maps laid over other
    /// artwork.
    var isTransparent = false
    /// Whether pictures and tiles a GeoJSON file or a style names may lie outside its folder
    /// (`--allow-outside-paths`).
    var allowsOutsidePaths = false
    /// Paper, resolution, margins, `--bbox` and `--scale-ratio` (PageRequest.swift).
    var page = PageRequest()

    /// Reads options until the words run out (`RenderOptions.table` says what each does).
    init(parsing cursor: inout ArgumentCursor) throws(MapError) {
        let table = RenderOptions.table
        try table.parse(&cursor, into: &self, command: nil) { _, word throws(MapError) in
            throw table.unknownOption(word, command: nil, programName: MapRenderCommand.name)
        }
        if zoom != nil && span != nil {
            throw MapError(.invalidRequest, "--zoom and --span both set the scale", remedy: "give one of them")
        }
        if (zoom != nil || span != nil) && center == nil {
            throw MapError(.invalidRequest, "\(zoom != nil ? "--zoom" : "--span") needs --center")
        }
        try PageRequest.check(&self)
    }

    /// Whether the map shows the tracks' heights: a profile, elevation colours or the
    /// statistics box (its climb).
    var showsHeights: Bool {
        showsProfile || trackDisplay.coloring == .elevation || trackDisplay.showsStatistics
    }

    /// The framing the options ask for.
    var framing: Framing {
        if let center, let zoom { return .centerZoom(center, zoom: zoom) }
        if let center, let span {
            return .region(
                .make(center: center, latitudinalMeters: span.latitudinal, longitudinalMeters: span.longitudinal))
        }
        let options = FitOptions(padding: EdgeInsets(all: padding), maximumZoom: maximumZoom)
        if let center { return .fitAround(center, options) }
        return .fit(options)
    }

    /// The snapshotter's options for this request.
    func snapshotOptions(style: Style, format: ImageFormat) -> MapSnapshotter.Options {
        var options = MapSnapshotter.Options(
            size: size, scale: scale, framing: framing, style: style, format: format, calloutMode: calloutMode,
            mapType: mapType, snapsZoomToTiles: snapsZoomToTiles)
        options.legendMode = legendMode
        options.clusterRadius = clusterRadius
        return options
    }

    /// The output format: `--format`, else the output file's extension, else PNG.
    func resolvedFormat() throws(MapError) -> ImageFormat {
        if let format { return format }
        // A `batch --book` job without an output of its own makes only a PDF page.
        guard let output else { return .pdf }
        guard output != "-" else { return .png }
        let ext = output.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard output.contains("."), let format = ImageFormat(name: ext) else {
            throw MapError(
                .invalidRequest, "cannot tell the format of '\(output)' from its extension",
                remedy: "name it .png, .jpg, .webp, .svg or .pdf, or give --format")
        }
        return format
    }
}
