import Foundation
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapRenderSVG
import MapErrors
import MapFormats
import MapInputs
import MapTiles
import MapFavorites

/// `maprender [render] …`: draws one map and writes it, with its sidecar when asked.
enum RenderCommand {
    static func run(_ request: RenderRequest) throws(MapError) {
        try execute(request) { diagnostics in
            for diagnostic in diagnostics {
                Console.printError("\(diagnostic.severity.rawValue): \(diagnostic.message)")
            }
        }
    }

    /// Renders a request and writes its files; hands the diagnostics to `report` before
    /// `--strict` decides whether they fail the run. Used by `render`.
    @discardableResult
    static func execute(_ request: RenderRequest, report: ([Diagnostic]) -> Void) throws(MapError) -> MapSnapshot {
        let snapshot = try render(request, report: report)
        try write(snapshot, of: request)
        return snapshot
    }

    /// Renders a request without writing anything: `execute` without its last step, which
    /// `batch` runs on another thread while the next map renders. `inBatch` keeps the render
    /// on its worker's core (see `CairoRenderer.decodesImagesInParallel`).
    static func render(_ request: RenderRequest, inBatch: Bool = false, report: ([Diagnostic]) -> Void) throws(MapError) -> MapSnapshot {
        guard let output = request.output else {
            throw MapError(.invalidRequest, "no output file", remedy: "give -o FILE (or -o - for standard output)")
        }
        CairoRenderer.startLoadingFonts()  // overlaps fontconfig's start-up with reading the inputs
        // Never let a render replace an input, above all the favorites database.
        let inputs = request.placeDatabases + request.geoJSONFiles + request.trackInput.paths
        for target in [output] + (request.sidecar.map { [$0] } ?? []) where target != "-" {
            let resolved = URL(fileURLWithPath: target).standardizedFileURL.resolvingSymlinksInPath().path
            if inputs.contains(where: { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path == resolved }) {
                throw MapError(.invalidRequest, "\(target): is also an input; writing it would replace that input", remedy: "give -o and --sidecar paths of their own")
            }
        }
        let format = try request.resolvedFormat()
        var style = try SceneLoader.style(for: request)
        if request.isTransparent { style.backgroundColor = style.backgroundColor.withAlpha(0) }
        let scene = try SceneLoader.scene(for: request, style: style)
        let options = request.snapshotOptions(style: style, format: format)
        let (basemap, tiles) = try SceneLoader.basemap(for: request)
        let cairo = CairoRenderer(decodesImagesInParallel: !inBatch)
        // SVG keeps real text; its layout measures text as Cairo would draw it.
        let renderer: any MapRenderer = format == .svg ? SVGRenderer(textMeasurer: cairo.textMeasurer) : cairo
        let snapshot = try MapSnapshotter(scene: scene, options: options, basemap: basemap, tiles: tiles)
            .makeSnapshot(renderer: renderer)

        report(snapshot.diagnostics)
        if request.isStrict, let first = snapshot.diagnostics.first(where: { $0.severity == .warning }) {
            throw MapError(.unavailable, "--strict: \(first.message)", remedy: "fix the cause or run without --strict")
        }
        return snapshot
    }

    /// Writes a rendered request's image (and sidecar), each atomically.
    static func write(_ snapshot: MapSnapshot, of request: RenderRequest) throws(MapError) {
        guard let output = request.output else { return }
        // Stage every file first, so a failure leaves none of them behind.
        var staged: [StagedFile] = []
        if let sidecar = request.sidecar {
            staged.append(try StagedFile(bytes: Array((snapshot.sidecar.serialized(indent: 2) + "\n").utf8), destination: sidecar))
        }
        if output == "-" {
            guard Console.writeOutput(snapshot.data) else {
                throw MapError(.ioFailure, "standard output: writing failed")
            }
        } else {
            staged.append(try StagedFile(bytes: snapshot.data, destination: output))
        }
        for file in staged { try file.commit() }
    }
}

/// Turns the inputs of a request into a scene and a style.
enum SceneLoader {
    static func style(for request: RenderRequest) throws(MapError) -> Style {
        try StyleDecoder.load(nameOrPath: request.styleName)
    }

    /// What `--basemap` and `--map-type` name: the embedded vector world, raster tiles, or
    /// both (hybrid: imagery with the world's borders and names); `none` for a plain
    /// background.
    static func basemap(for request: RenderRequest) throws(MapError) -> (vector: (any BasemapSource)?, tiles: (any RasterTileSource)?) {
        switch request.basemap {
        case "none": return (nil, nil)
        case "world":
            guard request.mapType == .standard else {
                throw MapError(.invalidRequest, "--map-type \(request.mapType.rawValue) needs imagery tiles",
                    remedy: "give --basemap with an imagery source, e.g. --basemap esri-imagery")
            }
            return (try WorldBasemap.embedded(), nil)
        default:
            let tiles = try TileSourceFactory.source(for: request.basemap, options: request.tileOptions)
            return (request.mapType == .hybrid ? try WorldBasemap.embedded() : nil, tiles)
        }
    }

    static func scene(for request: RenderRequest, style: Style) throws(MapError) -> MapScene {
        var scene = MapScene(
            circles: request.circles, userLocation: request.userLocation, title: request.title, attribution: request.attribution)
        for path in request.placeDatabases {
            let places = try PlaceStore.readPlaces(atPath: path)
            if places.isEmpty {
                throw MapError(.invalidData, "\(path): the database holds no places", remedy: "add some with 'sqlite3' or give --pin")
            }
            scene.places += places
        }
        for path in request.geoJSONFiles {
            let content = try GeoJSONDecoder.read(atPath: path, style: style)
            scene.places += content.places
            scene.polylines += content.polylines
            scene.polygons += content.polygons
        }
        if !request.trackInput.paths.isEmpty {
            for file in try request.trackInput.files() {
                if file.lowercased().hasSuffix(".gpx") {
                    // A GPX file may hold only routes or waypoints; both are drawn.
                    let content = try GPXDecoder.read(atPath: file)
                    scene.tracks += content.tracks.map { request.trackInput.cleaned($0) }.filter { !$0.isEmpty }
                    scene.polylines += content.routes
                    scene.places += content.waypoints
                    if content.isEmpty {
                        throw MapError(.invalidData, "\(file): no track, route or waypoint in the file")
                    }
                } else {
                    scene.tracks += try TrackInput.tracks(inFile: file).map { request.trackInput.cleaned($0) }.filter { !$0.isEmpty }
                }
            }
            scene.trackDisplay = request.trackDisplay
            if request.marksGeofenceEvents { scene.places += geofenceEventMarkers(scene) }
            if request.showsTrackMarkers { scene.addTrackMarkers() }
        }
        scene.places += request.pins
        if let image = request.markerImage {
            let marker = MarkerImage(image: try PNGFile.read(atPath: image.path), anchorX: image.anchorX, anchorY: image.anchorY)
            for index in scene.places.indices where scene.places[index].marker != .goingNext {
                scene.places[index].marker = .image(marker)
            }
        }
        return scene
    }

    /// A small pin at each place a track entered (orange) or left (grey) a favorite's
    /// geofence, titled with the event and its time of day.
    private static func geofenceEventMarkers(_ scene: MapScene) -> [Place] {
        let regions = CircularRegion.regions(for: scene.places).regions
        let events = GeofenceMonitor(regions: regions, cushion: GeofenceMonitor.defaultCushion).events(for: scene.tracks)
        return events.enumerated().map { index, event in
            let time = event.timestamp.map { " " + String(ISO8601Timestamp.string(from: $0).dropFirst(11).prefix(5)) } ?? ""
            let verb = event.kind == .enter ? "Enter" : "Exit"
            return Place(
                id: Int64(scene.places.count + index + 1), title: "\(verb) \(event.region.title)\(time)", coordinate: event.coordinate,
                marker: .pin(event.kind == .enter ? Color(hex: 0xFF9500) : Color(hex: 0x8E8E93)))
        }
    }

}

/// `maprender fit …`: prints the viewport a render would use, as JSON.
enum FitCommand {
    static func run(_ request: RenderRequest) throws(MapError) {
        let style = try SceneLoader.style(for: request)
        let scene = try SceneLoader.scene(for: request, style: style)
        let options = request.snapshotOptions(style: style, format: .png)
        let (basemap, tiles) = try SceneLoader.basemap(for: request)
        let viewport = try MapSnapshotter(scene: scene, options: options, basemap: basemap, tiles: tiles)
            .viewport(measurer: CairoRenderer().textMeasurer)
        var members = viewport.jsonMembers
        members.insert(("scale", .number(request.scale)), at: 2)
        Console.print(JSONValue.object(members).serialized(indent: 2))
    }
}
