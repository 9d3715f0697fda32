public import MapGeometry

/// Raster tiles of one zoom in the cells of a grid, edge to edge: a tiled basemap layer.
///
/// A backend draws the grid as one picture, not tile by tile. A tile resampled on its own
/// (enlarged beyond its source's largest zoom, shrunk below its smallest, or placed between
/// device pixels) has nothing beyond its edge to blend its edge pixels with, so a faint line
/// of background shows along every tile boundary; sampling across the neighbouring tile, as
/// one picture does, makes the tiles join as they do in the source.
public struct TileGrid: Hashable, Sendable {
    /// One tile and the cell it fills.
    public struct Tile: Hashable, Sendable {
        /// The cell's column, growing east; negative and beyond the world's last column for
        /// world copies.
        public var column: Int
        /// The cell's row, growing south.
        public var row: Int
        /// The tile's image, scaled to fill the cell.
        public var image: EncodedImage

        /// Creates a tile in the cell at `column` and `row`.
        public init(column: Int, row: Int, image: EncodedImage) {
            self.column = column
            self.row = row
            self.image = image
        }
    }

    /// The canvas position of the north-west corner of the cell at column 0, row 0, in
    /// canvas points (often off the canvas).
    public var origin: CanvasPoint
    /// The size of every cell, in canvas points.
    public var cellSize: CanvasSize
    /// The tiles; a cell without one (a tile that failed) is left as it is.
    public var tiles: [Tile]

    /// Creates a grid of cells of `cellSize` whose cell (0, 0) starts at `origin`.
    public init(origin: CanvasPoint, cellSize: CanvasSize, tiles: [Tile]) {
        self.origin = origin
        self.cellSize = cellSize
        self.tiles = tiles
    }

    /// The canvas rect of the cell at `column` and `row`, in canvas points.
    public func rect(column: Int, row: Int) -> CanvasRect {
        CanvasRect(
            x: origin.x + Double(column) * cellSize.width, y: origin.y + Double(row) * cellSize.height,
            width: cellSize.width, height: cellSize.height)
    }

    /// The canvas rect of a tile's cell, in canvas points.
    public func rect(of tile: Tile) -> CanvasRect { rect(column: tile.column, row: tile.row) }
}
