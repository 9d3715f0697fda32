/// One tile of the XYZ ("slippy map") scheme: at zoom z the world is 2^z × 2^z tiles,
/// column x growing east and row y growing south from the north-west corner.
public struct TilePath: Hashable, Sendable, CustomStringConvertible {
    /// The zoom level, 0 or more.
    public var z: Int
    /// The column, in [0, 2^z).
    public var x: Int
    /// The row, in [0, 2^z), counted from the north (XYZ, not TMS).
    public var y: Int

    /// Creates a tile path.
    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// The number of tiles on a side at this zoom, 2^z.
    public var tilesPerSide: Int { 1 << z }

    /// The row in the TMS scheme that MBTiles uses, counted from the south:
    /// 2^z − 1 − y (MBTiles 1.3 spec, "tile_row").
    public var tmsRow: Int { tilesPerSide - 1 - y }

    /// The Bing Maps quadkey: one base-4 digit per zoom level, interleaving the bits of x and y
    /// ("Bing Maps Tile System", Microsoft).
    public var quadkey: String {
        var key = ""
        for level in stride(from: z, to: 0, by: -1) {
            let mask = 1 << (level - 1)
            var digit = 0
            if x & mask != 0 { digit += 1 }
            if y & mask != 0 { digit += 2 }
            key.append(Character(String(digit)))
        }
        return key
    }

    /// The part of the world this tile covers, in map points.
    public var mapRect: MapRect {
        let side = MapSize.world.width / Double(tilesPerSide)
        return MapRect(
            origin: MapPoint(x: Double(x) * side, y: Double(y) * side), size: MapSize(width: side, height: side))
    }

    /// The tile with x wrapped into [0, 2^z), for world copies east or west of the first.
    public var wrapped: TilePath {
        let n = tilesPerSide
        return TilePath(z: z, x: ((x % n) + n) % n, y: y)
    }

    /// "z/x/y".
    public var description: String { "\(z)/\(x)/\(y)" }

    /// The tiles at zoom `z` that cover a map rect, row by row; x may run outside [0, 2^z)
    /// where the rect runs past the world's edges (use `wrapped` to fetch), rows are kept
    /// within the world.
    public static func covering(_ rect: MapRect, zoom z: Int) -> [TilePath] {
        let n = 1 << z
        let side = MapSize.world.width / Double(n)
        let minX = Int((rect.minX / side).rounded(.down)), maxX = Int((rect.maxX / side).rounded(.up)) - 1
        let minY = max(0, Int((rect.minY / side).rounded(.down))),
            maxY = min(n - 1, Int((rect.maxY / side).rounded(.up)) - 1)
        guard minX <= maxX, minY <= maxY else { return [] }
        var tiles: [TilePath] = []
        for y in minY...maxY {
            for x in minX...maxX { tiles.append(TilePath(z: z, x: x, y: y)) }
        }
        return tiles
    }
}
