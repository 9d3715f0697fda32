public import MapGeometry
public import MapRenderCore
public import MapVectorTiles

/// Where a style's vector source gets its tiles: a PMTiles or MBTiles archive, a URL
/// template, a TileJSON endpoint. Implemented in the data layer; layout asks for all the
/// tiles of one viewport at once, so a remote source can fetch them in parallel. A provider
/// is called from several threads at once (a single map's two halves of tiles, a batch's
/// workers sharing a basemap).
public protocol VectorTileProvider: Sendable {
    /// What the source is called in messages: its path or URL.
    var name: String { get }
    /// The zooms the source has tiles for; tiles past the top are over-zoomed from it.
    var zoomRange: ClosedRange<Int> { get }
    /// Credits for the data, from the archive's or TileJSON's metadata.
    var attribution: [String] { get }

    /// The decoded tiles at `paths` (x within [0, 2^z)), each limited to `layerNames` when
    /// given. A tile the source does not have is an empty tile, not a failure; a tile that
    /// cannot be read or decoded is a failure. Decoder repairs come back as notes.
    func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult]
}

/// One tile asked of a `VectorTileProvider`.
public enum VectorTileResult: Sendable {
    /// The tile, with what the decoder skipped or repaired.
    case tile(VectorTile, diagnostics: [VectorTileDiagnostic])
    /// The source has no tile there: nothing to draw, no warning.
    case empty
    /// The tile could not be read or decoded.
    case failure(TileFailure)
}
