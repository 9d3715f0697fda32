/// A data source of a style (style spec, "Sources").
public struct VectorStyleSource: Hashable, Sendable {
    /// The kinds of source; vector, raster and elevation (`raster-dem`) tiles are drawn.
    public enum Kind: Hashable, Sendable {
        case vector
        case raster
        /// Elevation tiles (`raster-dem`), for `hillshade` and `color-relief` layers.
        case rasterDEM
        /// Any other type (`geojson`, `image`, `video`), kept by name.
        case other(String)
    }

    /// The source's name, which layers refer to.
    public var name: String
    /// Its type.
    public var kind: Kind
    /// A TileJSON URL, when the source gives one.
    public var url: String?
    /// Tile URL templates, when the source lists them.
    public var tiles: [String]
    /// The lowest zoom with tiles (spec default 0).
    public var minZoom: Double
    /// The highest zoom with tiles (spec default 22).
    public var maxZoom: Double
    /// The tile size in pixels of a raster source (spec default 512).
    public var tileSize: Double
    /// The attribution text.
    public var attribution: String?
    /// How a `raster-dem` source encodes elevations: `terrarium` or `mapbox` (the spec's
    /// default), or whatever else the style says (refused when the source is bound).
    public var encoding: String = "mapbox"

    /// Creates a source.
    public init(
        name: String, kind: Kind, url: String? = nil, tiles: [String] = [], minZoom: Double = 0, maxZoom: Double = 22,
        tileSize: Double = 512, attribution: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.url = url
        self.tiles = tiles
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.tileSize = tileSize
        self.attribution = attribution
    }
}
