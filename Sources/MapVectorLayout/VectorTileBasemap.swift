public import MapDrawing
public import MapErrors
public import MapGeometry
public import MapRenderCore
public import MapVectorStyle

/// A basemap of vector tiles drawn with a MapLibre GL style: the style's layers over the
/// tiles its vector sources provide, laid out per viewport.
public struct VectorTileBasemap: StyledBasemap {
    /// The style.
    public var style: VectorStyle
    /// The tiles of each vector source, by the style's source name.
    public var sources: [String: any VectorTileProvider]
    /// The tiles of each raster source, by the style's source name.
    public var rasterSources: [String: any RasterTileSource]
    /// The elevation tiles of each `raster-dem` source, by the style's source name, for
    /// its `hillshade` and `color-relief` layers.
    public var elevationSources: [String: any ElevationTileProvider]
    /// The style's sprite at the output's pixel density, or `nil`.
    public var sprite: SpriteSheet?
    /// Credits to show.
    public var attribution: [String]
    /// What the style is called in messages: its file name, or "style".
    public var label: String
    /// What the style asks for that is not drawn: the parser's notes, then one per layer
    /// and property this renderer does not honour.
    public var notes: [VectorStyleNote]
    /// Whether a viewport's work is split over two threads (half its tiles decoded on the
    /// second, its labels laid out there while the shapes are laid out): on for a single
    /// map; `batch` turns it off, its workers being the parallelism.
    public var laysOutConcurrently = true
    /// Where the layouts of recent views are kept for maps of the same view, or `nil` to lay
    /// every map out afresh (a single map). Shared by the copies of one resolved basemap.
    public var viewportLayouts: ViewportLayoutCache?

    /// Creates a basemap. The attribution defaults to the sources' credits, each once.
    public init(
        style: VectorStyle, sources: [String: any VectorTileProvider],
        rasterSources: [String: any RasterTileSource] = [:],
        elevationSources: [String: any ElevationTileProvider] = [:], sprite: SpriteSheet? = nil,
        attribution: [String]? = nil, label: String = "style"
    ) {
        self.label = label
        self.style = style
        self.sources = sources
        self.rasterSources = rasterSources
        self.elevationSources = elevationSources
        self.sprite = sprite
        var credits: [String] = []
        let sourceCredits =
            sources.sorted { $0.key < $1.key }.map(\.value.attribution)
            + rasterSources.sorted { $0.key < $1.key }.map(\.value.attribution)
            + elevationSources.sorted { $0.key < $1.key }.map(\.value.attribution)
        for credit in sourceCredits.joined() where !credits.contains(credit) { credits.append(credit) }
        self.attribution = attribution ?? credits
        notes =
            style.notes
            + DrawnProperties.notes(
                for: style, rasterSources: Set(rasterSources.keys).union(elevationSources.keys))
    }

    public func drawing(
        for viewport: Viewport, scale: Double, measurer: any TextMeasurer
    ) throws(MapError) -> StyledBasemapDrawing {
        let key = ViewportLayoutCache.key(viewport, scale: scale, measurer: measurer)
        if let kept = viewportLayouts?.drawing(for: key) { return kept }
        let drawing = try VectorMapLayout(basemap: self, viewport: viewport, scale: scale, measurer: measurer).drawing()
        viewportLayouts?.store(drawing, for: key)
        return drawing
    }

    /// The basemap's viewport cache names it: a batch's basemaps have one, a single map's not.
    public var blockIdentity: String? { viewportLayouts.map { "vector-\($0.serial)" } }

    public func blockDrawing(
        for viewport: Viewport, scale: Double, measurer: any TextMeasurer
    ) throws(MapError) -> StyledBasemapDrawing {
        var layout = VectorMapLayout(basemap: self, viewport: viewport, scale: scale, measurer: measurer)
        layout.laysOutLabels = false
        return try layout.drawing()
    }
}
