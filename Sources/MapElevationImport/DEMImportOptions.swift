/// How `DEMImport` tiles elevation models.
public struct DEMImportOptions: Hashable, Sendable {
    /// Pixels on a tile's side: 256 or 512.
    public var tileSize = 256
    /// The tiles' image format.
    public var format: ElevationTileFormat = .png
    /// How heights are stored in the tiles' colours.
    public var encoding: ElevationEncoding = .terrarium
    /// The lowest zoom tiled; `nil` for `ElevationZooms.defaultDepth` below the highest.
    public var minimumZoom: Int?
    /// The highest zoom tiled; `nil` for the one the models' resolution calls for
    /// (`ElevationZooms.maximum`).
    public var maximumZoom: Int?
    /// The height, metres, given to a tile's pixels that no model has data for (outside the
    /// models, or on their nodata cells): 0, as Mapzen's and Mapterhorn's terrarium tiles
    /// hold at sea.
    public var nodataFill = 0.0
    /// The archive's name in its metadata; `nil` for the first model's file name.
    public var name: String?
    /// The credit for the heights, in the metadata's `attribution`.
    public var attribution: String?

    /// The defaults: 256-pixel terrarium PNG tiles at the zooms of the models' resolution.
    public init() {}
}

/// What `DEMImport.write` wrote.
public struct DEMImportSummary: Hashable, Sendable {
    /// Tiles written (tiles without any data are not).
    public var tiles: Int
    /// Tiles of the models' bounds left out because they hold no data.
    public var emptyTiles: Int
    /// The zooms of the tiles written.
    public var zoomRange: ClosedRange<Int>
    /// The lowest and highest heights in the tiles, metres.
    public var heightRange: ClosedRange<Double>
    /// The archive's size, bytes.
    public var fileBytes: UInt64
}
