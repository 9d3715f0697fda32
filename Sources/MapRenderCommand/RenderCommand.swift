import Foundation
import MapCommandLine
import MapDataCommands
import MapDrawing
import MapErrors
import MapFavorites
import MapFormats
import MapGeometry
import MapInputs
import MapPage
import MapRenderCairo
import MapRenderCore
import MapRenderSVG
import MapStyleFiles
import MapTiles
import MapVectorSources

/// `maprender [render] …`: draws one map and writes it, with its sidecar when asked.
enum RenderCommand {
    /// The files a request reads: favorites databases, GeoJSON files and tracks.
    static func inputPaths(of request: RenderRequest) -> [String] {
        request.placeDatabases + request.geoJSONFiles + request.trackInput.paths
    }

    /// Whether two paths name the same file, links and `..` resolved.
    static func samePath(_ first: String, _ second: String) -> Bool {
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return resolved(first) == resolved(second)
    }

    static func run(_ request: RenderRequest) throws(MapError) {
        try execute(request) { diagnostics in
            // Standard error is for what the user must act on: notes only when asked for
            // (they are always in the sidecar).
            for diagnostic in diagnostics where diagnostic.severity != .info || request.isVerbose {
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
    /// on its worker's core (see `CairoRenderer.decodesImagesInParallel` and
    /// `VectorTileBasemap.laysOutConcurrently`).
    static func render(
        _ request: RenderRequest, inBatch: Bool = false, recording: RecordingRenderer.Recording? = nil,
        report: ([Diagnostic]) -> Void
    ) throws(MapError) -> MapSnapshot {
        var request = request
        // A `batch --book` job may have no output of its own: its page is all it makes.
        guard request.output != nil || recording != nil else {
            throw MapError(.invalidRequest, "no output file", remedy: "give -o FILE (or -o - for standard output)")
        }
        CairoRenderer.startLoadingFonts()  // overlaps fontconfig's start-up with reading the inputs
        // Never let a render replace an input, above all the favorites database.
        let inputs = inputPaths(of: request)
        let format = try request.resolvedFormat()
        if request.writesWorldFile {
            guard let output = request.output else {
                throw MapError(.invalidRequest, "--world-file: the job has no output to put it beside")
            }
            try WorldFile.check(format: format, output: output)
        }
        let worldFiles = request.writesWorldFile ? request.output.map(WorldFile.paths(beside:)) : nil
        let targets =
            (request.output.map { [$0] } ?? []) + (request.sidecar.map { [$0] } ?? [])
            + (worldFiles.map { [$0.0, $0.1, $0.2] } ?? [])
        for target in targets where target != "-" {
            if inputs.contains(where: { samePath($0, target) }) {
                throw MapError(
                    .invalidRequest, "\(target): is also an input; writing it would replace that input",
                    remedy: "give -o and --sidecar paths of their own")
            }
        }
        var style = try SceneLoading.style(for: request)
        if request.isTransparent { style.backgroundColor = style.backgroundColor.withAlpha(0) }
        var scene = try SceneLoading.scene(for: request)
        // Heights first: the profile, elevation colours and the statistics box draw them.
        let heights = try SceneLoading.heights(for: request, scene: &scene)
        var options = request.snapshotOptions(style: style, format: format)
        var cairo = CairoRenderer(decodesImagesInParallel: !inBatch, quality: request.quality)
        var page = try request.page.layout(format: format, size: request.size, scale: request.scale)
        try request.page.apply(
            to: &options, layout: page, request: request, scene: &scene, measurer: cairo.textMeasurer)
        // The profile takes its room from the map (from the frame on a page).
        var profile = ProfileDrawing.prepare(request, scene: &scene, style: style, options: &options, page: &page)
        profile?.heights = heights
        if let page { cairo.pixelsPerInch = page.dpi }
        // Fitted maps line up with the basemap blocks a batch's other maps painted, alone as
        // in a batch (a map put on a page or beside a profile is drawn whole: its fit is kept).
        options.alignsToBlocks = page == nil && profile == nil
        let choosing = InstalledChoosing(request, scene: scene, options: options)
        let selection = try AutoBasemap.resolve(&request, choosing: choosing)
        let terrainSelection = try AutoTerrain.resolve(&request, choosing: choosing)
        let (basemap, tiles, resolved) = try SceneLoading.basemap(for: request, shared: inBatch)
        var styled = resolved
        styled?.basemap.laysOutConcurrently = !inBatch
        // SVG keeps real text; its layout measures text as Cairo would draw it.
        var svg = SVGRenderer(textMeasurer: cairo.textMeasurer)
        svg.sizesInPoints = page != nil && request.page.paper != nil
        var renderer: any MapRenderer = format == .svg ? svg : cairo
        // `batch --book` keeps the display list for the book's page.
        if let recording {
            recording.rendersOutput = request.output != nil
            renderer = RecordingRenderer(renderer: renderer, recording: recording)
        }
        // On paper the map is laid out for the frame and drawn into it on the page, with the
        // marginalia around it.
        var snapshotter = MapSnapshotter(
            scene: scene, options: options, basemap: basemap, tiles: tiles, styledBasemap: styled)
        var relief = try SceneLoading.relief(for: request, over: styled)
        relief?.basemap.laysOutConcurrently = !inBatch
        snapshotter.relief = relief?.basemap
        var snapshot = try MarginaliaDrawing.makeSnapshot(
            snapshotter, request: request, style: style, page: page, profile: profile, renderer: renderer)
        snapshot.basemapSelection = selection
        if let terrainSelection { snapshot.sidecarExtras.append(("terrain", terrainSelection.json)) }
        // Every PDF map is georeferenced, on its page's frame (or the part of the canvas the
        // profile leaves to the map).
        snapshot.georeferencePDF(
            frame: page?.frame ?? profile?.placement.map, pageHeight: page?.pageSize.height ?? profile?.whole.height)

        report(snapshot.diagnostics)
        if request.isStrict, let first = snapshot.diagnostics.first(where: { $0.severity == .warning }) {
            throw MapError(.unavailable, "--strict: \(first.message)", remedy: "fix the cause or run without --strict")
        }
        return snapshot
    }

    /// Writes a rendered request's image (and sidecar), each atomically.
    static func write(_ snapshot: MapSnapshot, of request: RenderRequest) throws(MapError) {
        // Stage every file first, so a failure leaves none of them behind.
        var staged: [StagedFile] = []
        if let sidecar = request.sidecar {
            var document = snapshot.sidecar
            // The label languages asked for (`--language`), before the attribution.
            if !request.languages.isEmpty, case .object(var members) = document {
                let index = members.firstIndex { $0.0 == "attribution" } ?? members.endIndex
                members.insert(("languages", .array(request.languages.map(JSONValue.string))), at: index)
                document = .object(members)
            }
            // Where the map is on the page, the box it shows and its scale on paper.
            let pageMembers = request.page.sidecarMembers(
                layout: try request.page.layout(format: snapshot.format, size: request.size, scale: request.scale),
                viewport: snapshot.viewport)
            if !pageMembers.isEmpty, case .object(var members) = document {
                let index = members.firstIndex { $0.0 == "annotations" } ?? members.endIndex
                members.insert(contentsOf: pageMembers, at: index)
                document = .object(members)
            }
            staged.append(
                try StagedFile(bytes: Array((document.serialized(indent: 2) + "\n").utf8), destination: sidecar))
        }
        if request.output == "-" {
            guard Console.writeOutput(snapshot.data) else {
                throw MapError(.ioFailure, "standard output: writing failed")
            }
        } else if let output = request.output {
            // (No output is a `batch --book` job's: its page is in the book, its sidecar here.)
            staged.append(try StagedFile(bytes: snapshot.data, destination: output))
            if request.writesWorldFile {
                let page = try request.page.layout(format: snapshot.format, size: request.size, scale: request.scale)
                staged += try WorldFile.stage(for: snapshot, page: page, beside: output)
            }
        }
        for file in staged { try file.commit() }
    }
}

/// Turns the inputs of a request into a scene, a style and a basemap, through the
/// library's `SceneLoader` and `TileSourceFactory`.
enum SceneLoading {
    static func style(for request: RenderRequest) throws(MapError) -> Style {
        try StyleDecoder.load(nameOrPath: request.styleName)
    }

    /// What `--basemap`, `--basemap-style` and `--map-type` name: vector tiles drawn with a
    /// style, else the vector world or raster tiles; `shared`, the street map comes through the process's `StreetBasemapMemo` (the jobs of a batch).
    static func basemap(
        for request: RenderRequest, shared: Bool = false
    ) throws(MapError) -> (vector: (any BasemapSource)?, tiles: (any RasterTileSource)?, styled: StreetBasemap?) {
        let styled =
            shared
            ? try StreetBasemapMemo.shared.basemap(
                argument: request.basemap, styleFile: request.basemapStyle, styleName: request.styleName,
                scale: request.scale, mapType: request.mapType, options: request.tileOptions,
                allowsOutsidePaths: request.allowsOutsidePaths, languages: request.languages,
                terrain: request.terrain, imagery: request.imagery,
                contours: request.contourUnit)
            : try StreetBasemapResolver.basemap(
                argument: request.basemap, styleFile: request.basemapStyle, styleName: request.styleName,
                scale: request.scale, mapType: request.mapType, options: request.tileOptions,
                allowsOutsidePaths: request.allowsOutsidePaths, languages: request.languages,
                terrain: request.terrain, imagery: request.imagery,
                contours: request.contourUnit)
        if let styled { return (nil, nil, styled) }
        // Imagery over the embedded world: its tiles with the world's borders and names on
        // top, as a raster --basemap of imagery gives.
        let argument =
            request.basemap == "world" && request.mapType != .standard ? request.imagery ?? "world" : request.basemap
        let (vector, tiles) = try TileSourceFactory.basemap(
            for: argument, mapType: request.mapType, options: request.tileOptions)
        return (vector, tiles, nil)
    }

    /// `--terrain` over a basemap that is not a street map (the embedded world, raster tiles,
    /// none): its hillshade alone, drawn over the basemap; `nil` without `--terrain` or over a
    /// street map, whose look carries it.
    static func relief(for request: RenderRequest, over styled: StreetBasemap?) throws(MapError) -> StreetBasemap? {
        guard let terrain = request.terrain, styled == nil else { return nil }
        return try TerrainOverlay.relief(
            archive: terrain, styleName: request.styleName, options: request.tileOptions,
            contours: request.contourUnit)
    }

    static func scene(for request: RenderRequest) throws(MapError) -> MapScene {
        try SceneLoader.scene(from: request.sceneInputs(), placeDatabases: request.placeDatabases)
    }

    /// The scene's tracks given the heights `--elevation` asks for (from the `--terrain`
    /// archive, or the installed one covering them), what it said added to the scene's
    /// diagnostics.
    static func heights(for request: RenderRequest, scene: inout MapScene) throws(MapError) -> TrackHeights.Outcome {
        let outcome = try TrackHeights.apply(
            request.elevationSource, terrain: request.terrain, basemapsDirectory: request.basemapsDirectory,
            options: request.tileOptions, usesHeights: request.showsHeights, to: &scene.tracks)
        scene.diagnostics += outcome.diagnostics
        return outcome
    }
}

extension RenderRequest {
    /// The request's inputs as the library takes them.
    ///
    /// - Throws: `.invalidRequest` for a time window that cannot be read.
    func sceneInputs() throws(MapError) -> SceneInputs {
        var inputs = SceneInputs()
        inputs.overlayFiles = geoJSONFiles
        inputs.trackPaths = trackInput.paths
        inputs.trackCleaning = trackInput.cleaning
        inputs.trackWindow = try trackInput.window()
        inputs.fitSegments = trackInput.fitSegments
        inputs.trackDisplay = trackDisplay
        inputs.showsTrackMarkers = showsTrackMarkers
        inputs.marksGeofenceEvents = marksGeofenceEvents
        inputs.markerImage = markerImage.map {
            SceneInputs.MarkerImageFile(path: $0.path, anchorX: $0.anchorX, anchorY: $0.anchorY)
        }
        inputs.pins = pins
        inputs.circles = circles
        inputs.userLocation = userLocation
        // A title with a subtitle or date is set as a block with them, by the marginalia.
        inputs.title = marginalia.setsTitleBlock ? nil : title
        inputs.attribution = attribution
        inputs.allowsOutsidePaths = allowsOutsidePaths
        return inputs
    }
}

/// `maprender fit …`: prints the viewport a render would use, as JSON.
enum FitCommand {
    static func run(_ request: RenderRequest) throws(MapError) {
        var request = request
        let style = try SceneLoading.style(for: request)
        var scene = try SceneLoading.scene(for: request)
        var options = request.snapshotOptions(style: style, format: .png)
        var page = try request.page.layout(format: .png, size: request.size, scale: request.scale)
        try request.page.apply(
            to: &options, layout: page, request: request, scene: &scene, measurer: CairoRenderer().textMeasurer)
        let profile = ProfileDrawing.prepare(request, scene: &scene, style: style, options: &options, page: &page)
        options.alignsToBlocks = page == nil && profile == nil  // as `render` does
        let choosing = InstalledChoosing(request, scene: scene, options: options)
        let selection = try AutoBasemap.resolve(&request, choosing: choosing)
        let terrainSelection = try AutoTerrain.resolve(&request, choosing: choosing)
        let (basemap, tiles, styled) = try SceneLoading.basemap(for: request)
        let measurer = CairoRenderer().textMeasurer
        let viewport = try MarginaliaDrawing.fitting(
            MapSnapshotter(scene: scene, options: options, basemap: basemap, tiles: tiles, styledBasemap: styled),
            request: request, style: style, page: page, measurer: measurer
        ).viewport(measurer: measurer)
        var members = viewport.jsonMembers
        members.insert(("scale", .number(options.scale)), at: 2)
        members += request.page.sidecarMembers(layout: page, viewport: viewport)
        if let selection { members.append(("basemap", selection.json)) }
        if let terrainSelection { members.append(("terrain", terrainSelection.json)) }
        Console.print(JSONValue.object(members).serialized(indent: 2))
    }
}
