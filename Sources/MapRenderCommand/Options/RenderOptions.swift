import MapCommandLine
import MapDataCommands
import MapDrawing
import MapErrors
import MapGeometry
import MapInputs
import MapProfile
import MapRenderCore
import MapStyleFiles
import MapTiles
import MapVectorSources

/// The option table of `maprender [render]` and `maprender fit`, and of every batch job: each
/// option with what it sets on the `RenderRequest`.
enum RenderOptions {
    /// Every render option, in the order help lists them within their sections.
    static let table = OptionTable<RenderRequest>(
        inputs + tracks + TrackOptions.cleaning.lifted(\RenderRequest.trackInput) + framing + PageOptions.framing
            + look + MarginaliaOptions.table + PageOptions.paper + basemap + output)

    // MARK: - Inputs

    static let inputs: [BoundOption<RenderRequest>] = [
        .repeatable(
            "--places", valueName: "DB", section: .inputs, completion: .files("db", "sqlite", "sqlite3"),
            help: "a favorites database, never modified"
        ) { request, value in request.placeDatabases.append(value.text) },
        .repeatable(
            "--pin", valueName: "LAT,LON[,TITLE[,SUBTITLE]]", section: .inputs,
            help: "a pin, with a callout when it has a title"
        ) { request, value throws(MapError) in
            let (coordinate, rest) = try ValueParser.coordinate(value.text, option: value.option, extra: 2)
            let title = rest.first.map { $0.trimmingCharacters(in: " ") } ?? ""
            let subtitle = rest.count > 1 ? rest[1].trimmingCharacters(in: " ") : nil
            request.pins.append(
                Place(id: Int64(request.pins.count + 1), title: title, subtitle: subtitle, coordinate: coordinate))
        },
        .repeatable(
            "--circle", valueName: "LAT,LON,RADIUS", section: .inputs,
            help: "a circle; RADIUS in meters or 500m, 2km, 1.5mi"
        ) { request, value throws(MapError) in
            let (center, rest) = try ValueParser.coordinate(value.text, option: value.option, extra: 1)
            guard let radius = rest.first else {
                throw MapError(
                    .invalidRequest, "--circle: '\(value.text)' has no radius",
                    remedy: "write LAT,LON,RADIUS, e.g. 39.74,-104.99,500m")
            }
            request.circles.append(
                CircleOverlay(center: center, radius: try ValueParser.distance(radius, option: value.option)))
        },
        .repeatable(
            "--geojson", valueName: "FILE", section: .inputs, completion: .files("geojson", "json"),
            help: "Point → pin, LineString → polyline, (Multi)Polygon → polygon; simplestyle properties"
        ) { request, value in request.geoJSONFiles.append(value.text) },
        .repeatable(
            "--track", "--gpx", "--csv", valueName: "FILE|DIR", section: .inputs,
            completion: ValueCompletion.files(TrackFiles.folderExtensions).orDirectories,
            help:
                "a recorded track: GPX (trk → track, rte → polyline, wpt → pin), TCX, FIT, KML/KMZ, CSV fixes"
                + " under a header row (latitude,longitude,…), timed GeoJSON lines, Google location history,"
                + " OwnTracks, Overland, told apart by extension, then by content; a folder: its track files"
                + " (an OwnTracks store: the months the time window needs)"
        ) { request, value in request.trackInput.paths.append(value.text) },
        .flag(
            "--allow-outside-paths", section: .inputs,
            help: "let a GeoJSON file or a style name pictures and tiles outside its own folder"
                + " (absolute paths, '..', links leading out), which are refused by default"
        ) { $0.allowsOutsidePaths = true },
        .value(
            "--location", valueName: "LAT,LON[,ACCURACY[,HEADING]]", section: .inputs,
            help:
                "the blue dot; an accuracy halo in meters (none when left out or negative) and a heading cone in degrees"
        ) { request, value throws(MapError) in request.userLocation = try userLocation(value) },
    ]

    /// `--location LAT,LON[,ACCURACY[,HEADING]]`: an accuracy left out or negative draws no
    /// halo; the heading is degrees clockwise from true north.
    private static func userLocation(_ value: OptionValue) throws(MapError) -> UserLocation {
        let (coordinate, rest) = try ValueParser.coordinate(value.text, option: value.option, extra: 2)
        var accuracy = -1.0
        if let first = rest.first, !first.isEmpty { accuracy = try ValueParser.number(first, option: value.option) }
        var heading: Double?
        if rest.count > 1 {
            let degrees = try ValueParser.number(rest[1], option: value.option)
            guard (0..<360).contains(degrees) else {
                throw MapError(
                    .invalidRequest, "--location: heading \(degrees) is outside [0, 360)",
                    remedy: "give degrees clockwise from true north")
            }
            heading = degrees
        }
        return UserLocation(location: Location(coordinate: coordinate, horizontalAccuracy: accuracy), heading: heading)
    }

    // MARK: - Tracks

    static let tracks: [BoundOption<RenderRequest>] = [
        .value(
            "--color-by", valueName: "speed|elevation|plain", section: .tracks,
            completion: .choices(TrackDisplay.Coloring.allCases.map(\.rawValue)),
            help: "colour the line by speed or elevation, with a legend (default plain)"
        ) { request, value throws(MapError) in
            guard let coloring = TrackDisplay.Coloring(rawValue: value.text) else {
                throw MapError(.invalidRequest, "--color-by: '\(value.text)' is not speed, elevation or plain")
            }
            request.trackDisplay.coloring = coloring
        },
        .flag("--arrows", section: .tracks, help: "chevrons in the direction of travel") {
            $0.trackDisplay.showsArrows = true
        },
        .flag("--stats", section: .tracks, help: "a box with distance, duration, moving speed and climb") {
            $0.trackDisplay.showsStatistics = true
        },
        .flag("--imperial", section: .tracks, help: "miles, feet and mph in the box and legend") {
            $0.trackDisplay.usesImperialUnits = true
        },
        .flag(
            "--profile", section: .tracks,
            help:
                "an elevation profile under the map (beside it when wider than 2:1), with distance markers on the track"
        ) { $0.showsProfile = true },
        .value(
            "--profile-color", valueName: "track|grade", section: .tracks,
            completion: .choices(ProfileChart.Options.Coloring.allCases.map(\.rawValue)),
            help: "colour the profile in the track's colour or by grade (implies --profile; default track)"
        ) { request, value throws(MapError) in
            guard let coloring = ProfileChart.Options.Coloring(rawValue: value.text) else {
                throw MapError(.invalidRequest, "--profile-color: '\(value.text)' is not track or grade")
            }
            request.profileColoring = coloring
            request.showsProfile = true
        },
        .value(
            "--elevation", valueName: "auto|track|terrain", section: .tracks,
            completion: .choices(ElevationSource.allCases.map(\.rawValue)), help: TrackOptions.elevationHelp
        ) { request, value throws(MapError) in request.elevationSource = try TrackOptions.elevationSource(value) },
        .flag("--no-track-markers", section: .tracks, help: "no Start/End pins and no blue dot at the last fix") {
            $0.showsTrackMarkers = false
        },
        .flag(
            "--geofence-events", section: .tracks,
            help: "mark where tracks enter (orange) and leave (grey) the geofences of the --places favorites"
        ) { $0.marksGeofenceEvents = true },
    ]

    // MARK: - Framing

    static let framing: [BoundOption<RenderRequest>] = [
        .value(
            "--padding", valueName: "N", section: .framing, help: "canvas points kept clear at every edge (default 20)"
        ) {
            request, value throws(MapError) in
            let padding = try ValueParser.number(value.text, option: value.option)
            guard padding >= 0 else { throw MapError(.invalidRequest, "--padding: \(padding) is negative") }
            request.padding = padding
        },
        .value("--center", valueName: "LAT,LON", section: .framing, help: "keep this point in the middle") {
            request, value throws(MapError) in
            request.center = try ValueParser.coordinate(value.text, option: value.option).0
        },
        .value(
            "--zoom", valueName: "Z", section: .framing, help: "with --center: Web Mercator zoom, fractional allowed"
        ) {
            request, value throws(MapError) in
            let zoom = try ValueParser.number(value.text, option: value.option)
            guard (0...24).contains(zoom) else { throw MapError(.invalidRequest, "--zoom: \(zoom) is outside [0, 24]") }
            request.zoom = zoom
        },
        .value(
            "--span", valueName: "D[xD]", section: .framing,
            help:
                "with --center: north-south by east-west distance (5km, 2kmx3km), like MKCoordinateRegionMakeWithDistance"
        ) { request, value throws(MapError) in
            let parts = value.text.lowercased().split(separator: "x", maxSplits: 1).map(String.init)
            // "" and "x" split into no parts at all.
            let first = try ValueParser.distance(parts.first ?? value.text, option: value.option)
            let second = parts.count > 1 ? try ValueParser.distance(parts[1], option: value.option) : first
            request.span = (first, second)
        },
        .value("--max-zoom", valueName: "Z", section: .framing, help: "the largest zoom a fit may choose (default 19)")
        {
            request, value throws(MapError) in
            let zoom = try ValueParser.number(value.text, option: value.option)
            guard (0...24).contains(zoom) else {
                throw MapError(.invalidRequest, "--max-zoom: \(zoom) is outside [0, 24]")
            }
            request.maximumZoom = zoom
        },
    ]

    // MARK: - Look

    static let look: [BoundOption<RenderRequest>] = [
        .value("--size", valueName: "WxH", section: .look, help: "canvas size in points (default 800x600)") {
            request, value throws(MapError) in
            request.size = try ValueParser.size(value.text, option: value.option)
            request.page.setsSize = true
            request.page.paper = nil
        },
        .value(
            "--scale", valueName: "S", section: .look,
            help: "pixel density, default 1; 2 or 3 for HiDPI (strokes, fonts and pins scale too)"
        ) { request, value throws(MapError) in
            let scale = try ValueParser.number(value.text, option: value.option)
            guard scale > 0, scale <= 4 else { throw MapError(.invalidRequest, "--scale: \(scale) is outside (0, 4]") }
            request.scale = scale
            request.page.setsScale = true
            request.page.dpi = nil
        },
        .value(
            "--style", valueName: "NAME|FILE.json", section: .look,
            completion: ValueCompletion.choices(StyleDecoder.builtInNames).orFiles("json"),
            help: "\(StyleDecoder.builtInNames.joined(separator: ", ")), or a style file"
        ) { request, value in request.styleName = value.text },
        .value(
            "--callouts", valueName: "auto|all|titles|none", section: .look,
            completion: .choices(CalloutMode.allCases.map(\.rawValue)),
            help:
                "auto (default): a bubble with title and subtitle where one fits, else a numbered badge and a line in the legend; all: bubbles, the ones without room dropped with a warning; titles: titles only; none"
        ) { request, value throws(MapError) in
            guard let mode = CalloutMode(rawValue: value.text) else {
                throw MapError(.invalidRequest, "--callouts: '\(value.text)' is not auto, all, titles or none")
            }
            request.calloutMode = mode
        },
        .optionalValue(
            "--legend", valueName: "[corner|outside]", section: .look, completion: .choices(["corner", "outside"]),
            help:
                "a key of every pin: a numbered badge on the map, number, title and subtitle in a panel in the corner where it covers least, or outside the map (the image grows by its width)",
            accepts: { ["corner", "outside"].contains($0) },
            action: { request, value throws(MapError) in
                switch value.text {
                case "", "corner": request.legendMode = .corner
                case "outside": request.legendMode = .outside
                default: throw MapError(.invalidRequest, "--legend: '\(value.text)' is not corner or outside")
                }
            }),
        .optionalValue(
            "--cluster", valueName: "[RADIUS]", section: .look,
            help:
                "merge pins closer than RADIUS points (default 40) into a badge with their count; places at one coordinate fan out around it",
            accepts: { Double($0) != nil },
            action: { request, value throws(MapError) in
                let radius = value.text.isEmpty ? 40 : try ValueParser.number(value.text, option: value.option)
                guard radius > 0, radius <= 1000 else {
                    throw MapError(.invalidRequest, "--cluster: \(radius) is outside (0, 1000]")
                }
                request.clusterRadius = radius
            }),
        .value("--title", valueName: "TEXT", section: .look, help: "a title at the top of the map") { request, value in
            request.title = value.text
        },
        .value(
            "--marker-image", valueName: "FILE.png[,AX,AY]", section: .look, completion: .files("png"),
            help:
                "draw every pin as this picture, anchored at the fraction AX,AY of its size (default 0.5,1: bottom centre)"
        ) { request, value throws(MapError) in request.markerImage = try markerImage(value) },
        .flag("--transparent", section: .look, help: "a see-through background and no basemap") { request in
            request.isTransparent = true
            request.basemap = "none"
        },
        .value(
            "--format", valueName: "png|jpeg|webp|svg|pdf", section: .look,
            completion: .choices(ImageFormat.allCases.map(\.rawValue)),
            help: "default: from the output's extension (.png, .jpg or .jpeg, .webp, .svg, .pdf)"
        ) { request, value throws(MapError) in
            guard let format = ImageFormat(name: value.text) else {
                throw MapError(
                    .invalidRequest,
                    "--format: '\(value.text)' is not one of \(ImageFormat.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            request.format = format
        },
        .value(
            "--quality", valueName: "Q", section: .look,
            help: "JPEG and WebP quality, 1-100 (default \(ImageFormat.defaultQuality)); WebP at 100 is lossless"
        ) { request, value throws(MapError) in
            let range = ImageFormat.qualityRange
            guard let quality = Int(value.text.trimmingCharacters(in: " ")), range.contains(quality) else {
                throw MapError(
                    .invalidRequest,
                    "--quality: '\(value.text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            request.quality = quality
        },
    ]

    /// `--marker-image FILE.png[,AX,AY]`.
    private static func markerImage(
        _ value: OptionValue
    ) throws(MapError) -> (path: String, anchorX: Double, anchorY: Double) {
        let fields = value.text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 1 || fields.count == 3 else {
            throw MapError(
                .invalidRequest, "--marker-image: '\(value.text)' is not FILE.png or FILE.png,AX,AY",
                remedy: "AX and AY are the anchor as fractions of the width and height, e.g. 0.5,1 for bottom centre")
        }
        var anchor = (0.5, 1.0)
        if fields.count == 3 {
            anchor = (
                try ValueParser.number(fields[1], option: value.option),
                try ValueParser.number(fields[2], option: value.option)
            )
            guard (0...1).contains(anchor.0), (0...1).contains(anchor.1) else {
                throw MapError(
                    .invalidRequest, "--marker-image: the anchor must lie within the image (fractions in [0, 1])")
            }
        }
        return (fields[0], anchor.0, anchor.1)
    }

    // MARK: - Basemap

    /// The words `--basemap` takes besides files, folders and URL templates.
    static let basemapNames = ["auto", "world", "none"] + TilePreset.all.map(\.name)

    static let basemap: [BoundOption<RenderRequest>] = [
        .value(
            "--basemap", valueName: "B", section: .basemap,
            completion: ValueCompletion.choices(basemapNames).orFiles("mbtiles", "pmtiles").orDirectories,
            help: "auto (default): an installed basemap that covers the map (maprender basemap add), else world;"
                + " world: the embedded offline Natural Earth map; none: plain; a preset ("
                + TilePreset.all.map(\.name).joined(separator: ", ")
                + "); an http(s) template with {z} {x} {y} {s} {r} {quadkey}; FILE.mbtiles; FILE.pmtiles; a folder of {z}/{x}/{y}.png|jpg tiles;"
                + " vector tiles (PMTiles, MBTiles, {z}/{x}/{y}.pbf, TileJSON) draw a street map in the --style look"
        ) { request, value in request.basemap = value.text },
        .value(
            "--basemaps-dir", valueName: "DIR", section: .basemap, completion: .directories,
            help: "where basemap add installs archives and --basemap auto looks for them (default"
                + " $XDG_DATA_HOME/maprender/basemaps, else ~/.local/share/maprender/basemaps)"
        ) { request, value in request.basemapsDirectory = value.text },
        .value(
            "--basemap-style", valueName: "STYLE.json", section: .basemap, completion: .files("json"),
            help: "a MapLibre GL style for vector tiles: its first source drawn from --basemap when given, else"
                + " from its sources' pmtiles://, mbtiles://, TileJSON or {z}/{x}/{y}.pbf URLs"
        ) { request, value in request.basemapStyle = value.text },
        .value(
            "--terrain", valueName: "ARCHIVE|auto|none", section: .basemap,
            completion: ValueCompletion.choices(["auto", "none"]).orFiles("pmtiles", "mbtiles"),
            help: "hillshade from an elevation archive (terrarium or mapbox PMTiles or MBTiles) under the street"
                + " map's built-in look; auto (default): the installed elevation archive covering the map, if"
                + " any; none: no relief"
        ) { request, value in request.terrain = value.text == "none" ? nil : value.text },
        .value(
            "--contours", valueName: "auto|none", section: .basemap, completion: .choices(["auto", "none"]),
            help: "contour lines over the --terrain hillshade from zoom 12, every fifth thicker and labelled, in"
                + " metres (feet with --imperial); auto (default): wherever terrain is drawn; none: no contours"
        ) { request, value throws(MapError) in
            guard value.text == "auto" || value.text == "none" else {
                throw MapError(.invalidRequest, "--contours: '\(value.text)' is not auto or none")
            }
            request.drawsContours = value.text == "auto"
        },
        .value(
            "--language", valueName: "LANG[,LANG…]", section: .basemap,
            help: "street map labels in the first of these languages a feature has a name in (fi,sv; zh-Hans),"
                + " else as the style names it"
        ) { request, value throws(MapError) in
            request.languages = try StreetBasemapResolver.labelLanguages(value.text)
        },
        .value(
            "--map-type", valueName: "standard|satellite|hybrid", section: .basemap,
            completion: .choices(MapType.allCases.map(\.rawValue)),
            help: "satellite: imagery alone; hybrid: imagery with the street map's roads and labels, or the"
                + " world's borders and names (imagery from --imagery, or a raster --basemap)"
        ) { request, value throws(MapError) in
            guard let type = MapType(rawValue: value.text) else {
                throw MapError(.invalidRequest, "--map-type: '\(value.text)' is not standard, satellite or hybrid")
            }
            request.mapType = type
        },
        .value(
            "--imagery", valueName: "ARCHIVE|URL|preset", section: .basemap,
            completion: ValueCompletion.choices(TilePreset.all.map(\.name)).orFiles("mbtiles", "pmtiles").orDirectories,
            help: "the imagery of --map-type hybrid and satellite over a street map or the embedded world: raster"
                + " MBTiles or PMTiles, a folder of {z}/{x}/{y} tiles, an http(s) template or a preset (esri-imagery);"
                + " hybrid draws the street map's roads and labels over it"
        ) { request, value in request.imagery = value.text == "none" ? nil : value.text },
        .repeatable(
            "--attribution", valueName: "TEXT", section: .basemap,
            help: "credit a tile source that has no preset (presets credit themselves)"
        ) { request, value in request.attribution.append(value.text) },
        .value(
            "--tile-cache", valueName: "FILE|none", section: .basemap,
            completion: ValueCompletion.choices("none").orFiles("sqlite"),
            help: "default ~/.cache/maprender/tiles.sqlite (or under XDG_CACHE_HOME)"
        ) { request, value in
            if value.text == "none" {
                request.tileOptions.usesCache = false
            } else {
                request.tileOptions.cachePath = value.text
            }
        },
        .flag("--offline", section: .basemap, help: "tiles from the cache only") { $0.tileOptions.offline = true },
        .value("--user-agent", valueName: "UA", section: .basemap, help: "the User-Agent of tile requests") {
            request, value in
            request.tileOptions.userAgent = value.text
        },
        .value("--tile-timeout", valueName: "S", section: .basemap, help: "seconds per tile request (default 10)") {
            request, value throws(MapError) in
            let seconds = try ValueParser.number(value.text, option: value.option)
            guard seconds > 0 else {
                throw MapError(.invalidRequest, "--tile-timeout: give a positive number of seconds")
            }
            request.tileOptions.timeout = seconds
        },
        .repeatable(
            "--allow-host", valueName: "PATTERN", section: .basemap,
            help: "the only hosts network sources may reach: a name, *.domain, address or block like 10.0.0.0/8;"
                + " loopback, link-local and private addresses only when listed"
        ) { request, value throws(MapError) in
            do throws(HostPattern.ParseError) {
                let pattern = try HostPattern(parsing: value.text)
                request.tileOptions.hostPolicy = HostPolicy(
                    allowing: (request.tileOptions.hostPolicy?.allowedHosts ?? []) + [pattern])
            } catch {
                throw MapError(
                    .invalidRequest, "\(value.option): \(error.reason)",
                    remedy: "give a host (tiles.example.com), *.example.com, an address or a block like 10.0.0.0/8")
            }
        },
        .flag(
            "--deny-private-network", section: .basemap,
            help: "refuse loopback, link-local, private and unique-local addresses, after name resolution and"
                + " at every redirect (a batch with --in-dir always does)"
        ) { request in
            if request.tileOptions.hostPolicy == nil { request.tileOptions.hostPolicy = HostPolicy() }
        },
        .flag("--no-snap", section: .basemap, help: "keep a fractional zoom (tiles are drawn scaled)") {
            $0.snapsZoomToTiles = false
        },
    ]

    // MARK: - Output

    static let output: [BoundOption<RenderRequest>] = [
        .value(
            "--output", "-o", valueName: "FILE", section: .output, completion: .files("png", "svg", "pdf"),
            help: "'-' writes to standard output; files are written atomically"
        ) { request, value in request.output = value.text },
        .value(
            "--sidecar", valueName: "FILE.json", section: .output, completion: .files("json"),
            help: "where the map is, where every pin landed, diagnostics"
        ) { request, value in request.sidecar = value.text },
        .flag(
            "--world-file", section: .output,
            help: "also write an ESRI world file (.pgw, .jgw or .wld), a .prj and GDAL's .aux.xml beside a"
                + " raster image, so GDAL and QGIS place it (EPSG:3857)"
        ) { $0.writesWorldFile = true },
        .flag(
            "--verbose", section: .output,
            help: "also print notes (info: tile repairs, style features not drawn) on standard error; they are"
                + " always in the sidecar"
        ) {
            $0.isVerbose = true
        },
        .flag(
            "--strict", section: .output,
            help: "warnings (callouts dropped under --callouts all, missing tiles) fail the run: exit 69"
        ) {
            $0.isStrict = true
        },
    ]
}
