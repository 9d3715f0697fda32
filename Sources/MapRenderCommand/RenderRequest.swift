import MapGeometry
import MapRenderCore
import MapErrors
import MapTiles

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
    var userLocation: UserLocation?
    var title: String?
    /// Credits to add to the map's attribution (`--attribution`), e.g. for a tile server
    /// maprender has no preset for.
    var attribution: [String] = []
    var styleName = "default"
    var calloutMode = CalloutMode.all
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
    var basemap = "world"
    var format: ImageFormat?
    var output: String?
    var sidecar: String?
    var isStrict = false
    var mapType = MapType.standard
    var tileOptions = HTTPTileOptions(userAgent: HTTPTileOptions.userAgent(version: MapRenderCommand.version))
    var snapsZoomToTiles = true
    /// A see-through background and no basemap (`--transparent`), for maps laid over other
    /// artwork.
    var isTransparent = false

    /// The long options this request understands, for "did you mean" suggestions.
    static let optionNames = [
        "--places", "--geojson", "--attribution", "--gpx", "--csv", "--color-by", "--arrows", "--stats", "--imperial", "--no-track-markers", "--geofence-events", "--location", "--title", "--style", "--callouts", "--marker-image", "--pin", "--circle", "--center", "--zoom", "--span", "--padding", "--max-zoom",
        "--size", "--scale", "--basemap", "--transparent", "--map-type", "--tile-cache", "--offline", "--user-agent", "--tile-timeout", "--no-snap", "--format", "--output", "--sidecar", "--strict",
    ]

    /// Reads options until the words run out.
    init(parsing cursor: inout ArgumentCursor) throws(MapError) {
        while let option = cursor.next() {
            switch option {
            case "--places": placeDatabases.append(try cursor.value(for: option))
            case "--geojson": geoJSONFiles.append(try cursor.value(for: option))
            case "--gpx", "--csv": trackInput.paths.append(try cursor.value(for: option))
            case "--color-by":
                let value = try cursor.value(for: option)
                guard let coloring = TrackDisplay.Coloring(rawValue: value) else {
                    throw MapError(.invalidRequest, "--color-by: '\(value)' is not speed, elevation or plain")
                }
                trackDisplay.coloring = coloring
            case "--arrows":
                try cursor.expectNoValue(for: option)
                trackDisplay.showsArrows = true
            case "--stats":
                try cursor.expectNoValue(for: option)
                trackDisplay.showsStatistics = true
            case "--imperial":
                try cursor.expectNoValue(for: option)
                trackDisplay.usesImperialUnits = true
            case "--geofence-events":
                try cursor.expectNoValue(for: option)
                marksGeofenceEvents = true
            case "--no-track-markers":
                try cursor.expectNoValue(for: option)
                showsTrackMarkers = false
            case _ where try trackInput.parseCleaningOption(option, &cursor): break
            case "--location":
                let text = try cursor.value(for: option)
                let (coordinate, rest) = try ValueParser.coordinate(text, option: option, extra: 2)
                var accuracy = -1.0
                if let first = rest.first, !first.isEmpty { accuracy = try ValueParser.number(first, option: option) }
                var heading: Double?
                if rest.count > 1 {
                    let value = try ValueParser.number(rest[1], option: option)
                    guard (0..<360).contains(value) else {
                        throw MapError(.invalidRequest, "--location: heading \(value) is outside [0, 360)", remedy: "give degrees clockwise from true north")
                    }
                    heading = value
                }
                userLocation = UserLocation(location: Location(coordinate: coordinate, horizontalAccuracy: accuracy), heading: heading)
            case "--title": title = try cursor.value(for: option)
            case "--attribution": attribution.append(try cursor.value(for: option))
            case "--style": styleName = try cursor.value(for: option)
            case "--callouts":
                let value = try cursor.value(for: option)
                guard let mode = CalloutMode(rawValue: value) else {
                    throw MapError(.invalidRequest, "--callouts: '\(value)' is not all, titles or none")
                }
                calloutMode = mode
            case "--marker-image":
                let text = try cursor.value(for: option)
                let fields = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 1 || fields.count == 3 else {
                    throw MapError(.invalidRequest, "--marker-image: '\(text)' is not FILE.png or FILE.png,AX,AY", remedy: "AX and AY are the anchor as fractions of the width and height, e.g. 0.5,1 for bottom centre")
                }
                var anchor = (0.5, 1.0)
                if fields.count == 3 {
                    anchor = (try ValueParser.number(fields[1], option: option), try ValueParser.number(fields[2], option: option))
                    guard (0...1).contains(anchor.0), (0...1).contains(anchor.1) else {
                        throw MapError(.invalidRequest, "--marker-image: the anchor must lie within the image (fractions in [0, 1])")
                    }
                }
                markerImage = (fields[0], anchor.0, anchor.1)
            case "--pin":
                let (coordinate, rest) = try ValueParser.coordinate(try cursor.value(for: option), option: option, extra: 2)
                let title = rest.first.map { $0.trimmingCharacters(in: " ") } ?? ""
                let subtitle = rest.count > 1 ? rest[1].trimmingCharacters(in: " ") : nil
                pins.append(Place(id: Int64(pins.count + 1), title: title, subtitle: subtitle, coordinate: coordinate))
            case "--circle":
                let text = try cursor.value(for: option)
                let (center, rest) = try ValueParser.coordinate(text, option: option, extra: 1)
                guard let radius = rest.first else {
                    throw MapError(.invalidRequest, "--circle: '\(text)' has no radius", remedy: "write LAT,LON,RADIUS, e.g. 39.74,-104.99,500m")
                }
                circles.append(CircleOverlay(center: center, radius: try ValueParser.distance(radius, option: option)))
            case "--center": center = try ValueParser.coordinate(try cursor.value(for: option), option: option).0
            case "--zoom":
                let value = try ValueParser.number(try cursor.value(for: option), option: option)
                guard (0...24).contains(value) else { throw MapError(.invalidRequest, "--zoom: \(value) is outside [0, 24]") }
                zoom = value
            case "--span":
                let text = try cursor.value(for: option)
                let parts = text.lowercased().split(separator: "x", maxSplits: 1).map(String.init)
                // "" and "x" split into no parts at all.
                let first = try ValueParser.distance(parts.first ?? text, option: option)
                let second = parts.count > 1 ? try ValueParser.distance(parts[1], option: option) : first
                span = (first, second)
            case "--padding":
                let value = try ValueParser.number(try cursor.value(for: option), option: option)
                guard value >= 0 else { throw MapError(.invalidRequest, "--padding: \(value) is negative") }
                padding = value
            case "--max-zoom":
                let value = try ValueParser.number(try cursor.value(for: option), option: option)
                guard (0...24).contains(value) else { throw MapError(.invalidRequest, "--max-zoom: \(value) is outside [0, 24]") }
                maximumZoom = value
            case "--size": size = try ValueParser.size(try cursor.value(for: option), option: option)
            case "--scale":
                let value = try ValueParser.number(try cursor.value(for: option), option: option)
                guard value > 0, value <= 4 else { throw MapError(.invalidRequest, "--scale: \(value) is outside (0, 4]") }
                scale = value
            case "--basemap": basemap = try cursor.value(for: option)
            case "--map-type":
                let value = try cursor.value(for: option)
                guard let type = MapType(rawValue: value) else {
                    throw MapError(.invalidRequest, "--map-type: '\(value)' is not standard, satellite or hybrid")
                }
                mapType = type
            case "--tile-cache":
                let value = try cursor.value(for: option)
                if value == "none" { tileOptions.usesCache = false } else { tileOptions.cachePath = value }
            case "--offline":
                try cursor.expectNoValue(for: option)
                tileOptions.offline = true
            case "--user-agent": tileOptions.userAgent = try cursor.value(for: option)
            case "--tile-timeout":
                let value = try ValueParser.number(try cursor.value(for: option), option: option)
                guard value > 0 else { throw MapError(.invalidRequest, "--tile-timeout: give a positive number of seconds") }
                tileOptions.timeout = value
            case "--no-snap":
                try cursor.expectNoValue(for: option)
                snapsZoomToTiles = false
            case "--format":
                let value = try cursor.value(for: option)
                guard let format = ImageFormat(rawValue: value.lowercased()) else {
                    throw MapError(.invalidRequest, "--format: '\(value)' is not png, svg or pdf")
                }
                self.format = format
            case "-o", "--output": output = try cursor.value(for: option)
            case "--sidecar": sidecar = try cursor.value(for: option)
            case "--transparent":
                try cursor.expectNoValue(for: option)
                isTransparent = true
                basemap = "none"
            case "--strict":
                try cursor.expectNoValue(for: option)
                isStrict = true
            default:
                var message = "unknown option '\(option)'"
                if let guess = suggestion(for: option, among: Self.optionNames + TrackInput.cleaningOptions) { message += "; did you mean '\(guess)'?" }
                throw MapError(.invalidRequest, message, remedy: "see 'maprender --help'")
            }
        }
        if zoom != nil && span != nil {
            throw MapError(.invalidRequest, "--zoom and --span both set the scale", remedy: "give one of them")
        }
        if (zoom != nil || span != nil) && center == nil {
            throw MapError(.invalidRequest, "\(zoom != nil ? "--zoom" : "--span") needs --center")
        }
    }

    /// The framing the options ask for.
    var framing: Framing {
        if let center, let zoom { return .centerZoom(center, zoom: zoom) }
        if let center, let span {
            return .region(.make(center: center, latitudinalMeters: span.latitudinal, longitudinalMeters: span.longitudinal))
        }
        let options = FitOptions(padding: EdgeInsets(all: padding), maximumZoom: maximumZoom)
        if let center { return .fitAround(center, options) }
        return .fit(options)
    }

    /// The snapshotter's options for this request.
    func snapshotOptions(style: Style, format: ImageFormat) -> MapSnapshotter.Options {
        MapSnapshotter.Options(
            size: size, scale: scale, framing: framing, style: style, format: format, calloutMode: calloutMode,
            mapType: mapType, snapsZoomToTiles: snapsZoomToTiles)
    }

    /// The output format: `--format`, else the output file's extension, else PNG.
    func resolvedFormat() throws(MapError) -> ImageFormat {
        if let format { return format }
        guard let output, output != "-" else { return .png }
        let ext = output.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard output.contains("."), let format = ImageFormat(rawValue: ext) else {
            throw MapError(.invalidRequest, "cannot tell the format of '\(output)' from its extension", remedy: "name it .png, .svg or .pdf, or give --format")
        }
        return format
    }
}
