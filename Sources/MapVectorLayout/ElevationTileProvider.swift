public import MapGeometry
public import MapRenderCore
public import MapTerrain

/// Where the elevation tiles of a style's `raster-dem` source come from: an archive, a
/// folder, a server. Implemented in the data layer; the layout asks for all the tiles a
/// viewport's relief layers need at once (the tiles shown and their neighbours).
public protocol ElevationTileProvider: Sendable {
    /// What the source is called in messages: its path or URL.
    var name: String { get }
    /// The zooms the source has tiles for.
    var zoomRange: ClosedRange<Int> { get }
    /// Credits to show for this source.
    var attribution: [String] { get }

    /// The decoded tiles at the given paths (x within [0, 2^z)): a tile, `nil` where the
    /// source has none (outside its coverage), or why it could not be read.
    func elevationTiles(_ paths: [TilePath]) -> [TilePath: Result<ElevationTile?, TileFailure>]
}
