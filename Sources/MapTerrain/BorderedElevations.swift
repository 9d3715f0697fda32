/// A DEM tile with a border of one pixel from its eight neighbours: the grid relief and
/// contours are worked out on, so that nothing breaks at a tile's edge (the cells between
/// the tile's last pixel and its neighbour's first are inside the grid).
///
/// Where a neighbour is missing (the archive's edge) or has another side, the tile's own
/// edge pixels are repeated.
public struct BorderedElevations: Sendable {
    /// The tile's side, in pixels; the grid's side is `side + 2`.
    public let side: Int
    /// `(side + 2)²` elevations in metres, row by row from the top left: row and column 0 are
    /// the border, the tile's pixel (x, y) is at (x + 1, y + 1).
    public let values: [Float]

    /// Borders `tile` with its neighbours; `neighbour(dx, dy)` gives the tile `dx` columns
    /// and `dy` rows away (−1...1), or `nil` where there is none.
    public init(tile: ElevationTile, neighbour: (_ dx: Int, _ dy: Int) -> ElevationTile?) {
        let side = tile.side
        let width = side + 2
        // The tile in the middle, its edge pixels repeated round it, then the neighbours'
        // edges where there are neighbours. Unsafe buffers: this runs for every tile of every
        // relief picture.
        var bordered = [Float](repeating: 0, count: width * width)
        bordered.withUnsafeMutableBufferPointer { out in
            tile.elevations.withUnsafeBufferPointer { source in
                for y in 0..<width {
                    let from = source.baseAddress! + min(max(y - 1, 0), side - 1) * side
                    let row = out.baseAddress! + y * width
                    (row + 1).update(from: from, count: side)
                    row[0] = from[0]
                    row[side + 1] = from[side - 1]
                }
            }
        }
        for dy in -1...1 {
            for dx in -1...1 where dx != 0 || dy != 0 {
                guard let other = neighbour(dx, dy), other.side == side else { continue }
                // Target rows and columns in the bordered grid, and the neighbour's ones.
                let rows = dy < 0 ? 0..<1 : dy > 0 ? (side + 1)..<(side + 2) : 1..<(side + 1)
                let columns = dx < 0 ? 0..<1 : dx > 0 ? (side + 1)..<(side + 2) : 1..<(side + 1)
                let fromRow = dy < 0 ? side - 1 : dy > 0 ? 0 : -1
                let fromColumn = dx < 0 ? side - 1 : dx > 0 ? 0 : -1
                for y in rows {
                    let sy = fromRow >= 0 ? fromRow : y - 1
                    for x in columns {
                        bordered[y * width + x] = other[fromColumn >= 0 ? fromColumn : x - 1, sy]
                    }
                }
            }
        }
        self.side = side
        values = bordered
    }

    /// The elevation at bordered column `x`, row `y` (0...side + 1).
    @inline(__always)
    public subscript(x: Int, y: Int) -> Float { values[y * (side + 2) + x] }
}
