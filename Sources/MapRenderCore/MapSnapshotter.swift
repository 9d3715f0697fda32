public import MapDrawing
public import MapErrors
public import MapFormats
public import MapGeometry

/// MapKit's three kinds of map.
public enum MapType: String, Hashable, Sendable, CaseIterable {
    /// A street or vector map: raster street tiles when given, else the vector world.
    case standard
    /// Imagery alone.
    case satellite
    /// Imagery with the vector world's borders and names on top.
    case hybrid
}

/// Makes a static image of a scene, like MapKit's `MKMapSnapshotter`: the scene and options
/// in; the image, its viewport and where things landed out.
public struct MapSnapshotter: Sendable {
    /// What the snapshot shows and how.
    public struct Options: Hashable, Sendable {
        /// The canvas size, in canvas points.
        public var size: CanvasSize
        /// Device pixels per canvas point (2 for HiDPI).
        public var scale: Double
        /// How the viewport is chosen.
        public var framing: Framing
        /// How the map looks.
        public var style: Style
        /// The output format.
        public var format: ImageFormat
        /// Which callouts to show; `.auto` by default, as on the command line (badges and a legend).
        public var calloutMode: CalloutMode
        /// What the legend lists and where it goes.
        public var legendMode: LegendMode = .auto
        /// Pins closer than this many canvas points merge into a cluster; `nil`: no clustering.
        public var clusterRadius: Double?
        /// Standard, satellite or hybrid.
        public var mapType: MapType
        /// Whether a fitted map over raster tiles rounds its zoom down to a whole level so
        /// tiles draw 1:1, sharp.
        public var snapsZoomToTiles: Bool
        /// Whether a fitted map over a styled basemap lines up with the blocks other maps
        /// painted (`ReusableBackdrop`): its zoom rounded down to a quarter
        /// (`blockZoomStep`), and its centre moved by at most half a device pixel so the
        /// world's origin falls on a whole device pixel. A centre and zoom given are kept.
        /// The command line sets it for every map not on a page, so a map drawn alone and in
        /// a batch is the same map. `snapsZoomToTiles` off (`--no-snap`) turns it off too.
        public var alignsToBlocks = false

        /// Creates options; by default an 800×600 PNG at scale 1, fitted, in the default style.
        public init(
            size: CanvasSize = CanvasSize(width: 800, height: 600), scale: Double = 1,
            framing: Framing = .fit(FitOptions()), style: Style = .standard, format: ImageFormat = .png,
            calloutMode: CalloutMode = .auto, mapType: MapType = .standard, snapsZoomToTiles: Bool = true
        ) {
            self.calloutMode = calloutMode
            self.mapType = mapType
            self.snapsZoomToTiles = snapsZoomToTiles
            self.size = size
            self.scale = scale
            self.framing = framing
            self.style = style
            self.format = format
        }
    }

    /// What to draw.
    public var scene: MapScene
    /// How to draw it.
    public var options: Options
    /// The vector world under the scene (all of it for `standard` without tiles, its lines
    /// and names for `hybrid`), or `nil`.
    public var basemap: (any BasemapSource)?
    /// Raster tiles under the scene, or `nil`.
    public var tiles: (any RasterTileSource)?
    /// Vector tiles drawn with a style under the scene, or `nil`; it replaces the vector
    /// world and raster tiles.
    public var styledBasemap: (any StyledBasemap)?
    /// Relief (hillshade) drawn over the raster tiles or the vector world and under the
    /// scene, or `nil`; a styled basemap carries its own.
    public var relief: (any StyledBasemap)?

    /// Creates a snapshotter.
    public init(
        scene: MapScene, options: Options = Options(), basemap: (any BasemapSource)? = nil,
        tiles: (any RasterTileSource)? = nil, styledBasemap: (any StyledBasemap)? = nil
    ) {
        self.scene = scene
        self.options = options
        self.basemap = basemap
        self.tiles = styledBasemap == nil ? tiles : nil
        self.styledBasemap = styledBasemap
    }

    /// Whether the vector world is drawn, and whether with its land and water.
    private var vectorUse: (draws: Bool, areas: Bool) {
        guard basemap != nil, styledBasemap == nil else { return (false, false) }
        switch options.mapType {
        case .standard: return (tiles == nil, true)
        case .satellite: return (tiles == nil, true)
        case .hybrid: return (true, tiles == nil)
        }
    }

    /// The credits of everything drawn, each once, in order.
    private var attribution: [String] {
        var credits: [String] = []
        let sources =
            (styledBasemap?.attribution ?? []) + (tiles?.attribution ?? [])
            + (vectorUse.draws ? basemap?.attribution ?? [] : []) + (relief?.attribution ?? [])
        for credit in sources + scene.attribution where !credits.contains(credit) { credits.append(credit) }
        return credits
    }

    /// The layout of the scene with a backend's text measurements.
    private func layout(measurer: any TextMeasurer) -> MapLayout {
        var scene = self.scene
        scene.attribution = attribution
        return MapLayout(
            scene: scene, style: options.style, calloutMode: options.calloutMode, legendMode: options.legendMode,
            clusterRadius: options.clusterRadius, measurer: measurer)
    }

    /// The step a fitted zoom is rounded down to when the map lines up with reused blocks.
    public static let blockZoomStep = 0.25

    /// Whether a fitted map lines up with reusable blocks.
    private var alignsToBlocks: Bool {
        guard options.alignsToBlocks, options.snapsZoomToTiles, styledBasemap != nil else { return false }
        switch options.framing {
        case .fit, .fitAround: return true
        case .region, .centerZoom: return false
        }
    }

    /// The framing with the zoom snapped for raster tiles, or to quarter zooms for reused
    /// blocks, when asked.
    private var framing: Framing {
        let wholeZoom = tiles != nil && options.snapsZoomToTiles
        guard wholeZoom || alignsToBlocks else { return options.framing }
        func snapped(_ fit: FitOptions) -> FitOptions {
            var fit = fit
            if wholeZoom { fit.snapsToWholeZoom = true } else { fit.zoomStep = Self.blockZoomStep }
            return fit
        }
        switch options.framing {
        case .fit(let fit): return .fit(snapped(fit))
        case .fitAround(let center, let fit): return .fitAround(center, snapped(fit))
        case .region, .centerZoom: return options.framing
        }
    }

    /// The viewport the snapshot will use, without drawing anything.
    public func viewport(measurer: any TextMeasurer) throws(MapError) -> Viewport {
        try viewport(of: layout(measurer: measurer))
    }

    /// The viewport that frames `layout`, aligned to device pixels over raster tiles.
    private func viewport(of layout: MapLayout) throws(MapError) -> Viewport {
        var viewport = try layout.viewport(for: framing, size: options.size)
        if tiles != nil || alignsToBlocks { viewport = viewport.alignedToDevicePixels(scale: options.scale) }
        return viewport
    }

    /// The laid-out map: display list, viewport, placements and diagnostics.
    ///
    /// The layout is built once and serves both the fit and the drawing.
    public func layOut(measurer: any TextMeasurer) throws(MapError) -> MapLayout.Result {
        let layout = layout(measurer: measurer)
        let viewport = try viewport(of: layout)
        var underlay = MapLayout.Underlay()
        underlay.tiles = try tiles?.tileSet(for: viewport, scale: options.scale)
        underlay.styled = try styledBasemap?.drawing(
            for: viewport, scale: options.scale, measurer: layout.measurer)
        let vector = vectorUse
        if vector.draws, let basemap {
            underlay.vector = try basemap.vectorFeatures(in: viewport.visibleMapRect, zoom: viewport.zoom)
            underlay.vectorDrawsAreas = vector.areas
        }
        if styledBasemap == nil {
            underlay.relief = try relief?.drawing(for: viewport, scale: options.scale, measurer: layout.measurer)
        }
        var result = layout.layOut(in: viewport, underlay: underlay)
        if options.format.isRaster, let styledBasemap, let styled = underlay.styled {
            result.displayList.backdrop = Self.backdrop(
                of: styledBasemap, commandCount: 1 + styled.commands.count, viewport: viewport,
                scale: options.scale, background: options.style.backgroundColor, measurer: layout.measurer)
        }
        return result
    }

    /// Lays out and draws the snapshot with a backend; `finishing`, when given, changes the
    /// laid-out list with its viewport before it is drawn (the map put on a page, marginalia).
    public func makeSnapshot(
        renderer: some MapRenderer,
        finishing: ((inout DisplayList, Viewport) throws(MapError) -> Void)? = nil
    ) throws(MapError) -> MapSnapshot {
        var result = try layOut(measurer: renderer.textMeasurer)
        try finishing?(&result.displayList, result.viewport)
        let data = try renderer.render(result.displayList, scale: options.scale, format: options.format)
        var snapshot = MapSnapshot(
            data: data, format: options.format, scale: options.scale, viewport: result.viewport,
            annotations: result.annotations, attribution: attribution,
            diagnostics: scene.diagnostics + result.diagnostics)
        snapshot.legend = result.legend
        snapshot.clusters = result.clusters
        // A map that fills its page is georeferenced here, as the command line's are; one
        // put on a page by `finishing` is placed by its caller, who knows the frame.
        if finishing == nil { snapshot.georeferencePDF() }
        return snapshot
    }
}

/// A finished map: the encoded image and everything needed to relate it to the ground.
public struct MapSnapshot: Sendable {
    /// The encoded image file.
    public var data: [UInt8]
    /// Its format.
    public var format: ImageFormat
    /// Device pixels per canvas point.
    public var scale: Double
    /// What the canvas shows.
    public var viewport: Viewport
    /// Where each annotation landed.
    public var annotations: [AnnotationPlacement]
    /// Credits for the data drawn.
    public var attribution: [String]
    /// What the user should know about this map.
    public var diagnostics: [Diagnostic]
    /// The legend's lines, by number.
    public var legend: [LegendEntry] = []
    /// Pins merged or fanned out by clustering.
    public var clusters: [ClusterPlacement] = []
    /// The basemap chosen for this map, and why (`--basemap auto`); `nil` when it was named.
    public var basemapSelection: BasemapSelection?
    /// Members the sidecar carries besides the map's own, after `basemap` (what a caller drew
    /// around the map, such as the command line's elevation profile).
    public var sidecarExtras: [(String, JSONValue)] = []

    /// Creates a snapshot.
    public init(
        data: [UInt8], format: ImageFormat, scale: Double, viewport: Viewport,
        annotations: [AnnotationPlacement], attribution: [String], diagnostics: [Diagnostic]
    ) {
        self.data = data
        self.format = format
        self.scale = scale
        self.viewport = viewport
        self.annotations = annotations
        self.attribution = attribution
        self.diagnostics = diagnostics
    }

    /// The canvas position of a coordinate, in canvas points, like
    /// `MKMapSnapshotter.Snapshot.point(for:)`.
    public func point(for coordinate: Coordinate) -> CanvasPoint { viewport.point(for: coordinate) }
}

/// The basemap chosen for a map among those installed (`--basemap auto`), as the sidecar and
/// `fit` report it: its `name` (`world` for the embedded world), its `location` (a path or URL;
/// `nil` for the world) and the `reason`, in words.
public struct BasemapSelection: Hashable, Sendable {
    public var name: String, location: String?, reason: String

    /// Creates a selection.
    public init(name: String, location: String?, reason: String) {
        (self.name, self.location, self.reason) = (name, location, reason)
    }

    /// The selection as JSON: `{"name", "location", "reason"}`.
    public var json: JSONValue {
        .object([
            ("name", .string(name)), ("location", location.map(JSONValue.string) ?? .null), ("reason", .string(reason)),
        ])
    }
}
