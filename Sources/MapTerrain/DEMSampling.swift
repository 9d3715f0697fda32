#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ground height at a point of an elevation tile pyramid, bilinear between the four
/// pixel centres around it.
///
/// A `raster-dem` pixel stands for an area, as GDAL's `AREA_OR_POINT=Area` rasters do and
/// as MapLibre samples them: at zoom z with tiles of `side` pixels the world is a grid of
/// `2^z · side` pixels on a side, and pixel (i, j) covers [i, i + 1) × [j, j + 1) of it, its
/// height standing for its centre (i + ½, j + ½). A point between centres is interpolated
/// from the four around it, which may lie in up to four tiles (`corners`); past the world's
/// top and bottom rows the edge row is used. Pure: the caller fetches the tiles.
public struct DEMSamplePoint: Hashable, Sendable {
    /// One of the four pixels around the point: its tile, its column and row in the tile,
    /// and its weight (the four add up to 1).
    public struct Corner: Hashable, Sendable {
        /// The tile's column and row at the sampled zoom (x within [0, 2^z)).
        public var tileX: Int, tileY: Int
        /// The pixel's column and row within the tile, in [0, side).
        public var column: Int, row: Int
        /// The bilinear weight, in [0, 1].
        public var weight: Double
    }

    /// The four pixels, north-west, north-east, south-west, south-east.
    public var corners: [Corner]

    /// The pixels around the point at Web Mercator `x` and `y` (fractions of the world's
    /// width from the antimeridian eastwards and from the top down, each in [0, 1]) in the
    /// tiles of `zoom`, `side` pixels on a side. `x` wraps around the antimeridian.
    public init(x: Double, y: Double, zoom: Int, side: Int) {
        let tiles = 1 << zoom
        let pixels = tiles * side
        // Pixel centres sit at half-pixels: the point's place in the grid of centres.
        let gridX = x * Double(pixels) - 0.5
        let gridY = min(max(y * Double(pixels) - 0.5, 0), Double(pixels - 1))
        let x0 = Int(floor(gridX)), y0 = Int(floor(gridY))
        let fx = gridX - Double(x0), fy = gridY - Double(y0)
        func corner(_ px: Int, _ py: Int, _ weight: Double) -> Corner {
            let wrappedX = ((px % pixels) + pixels) % pixels
            let clampedY = min(max(py, 0), pixels - 1)
            return Corner(
                tileX: wrappedX / side, tileY: clampedY / side, column: wrappedX % side, row: clampedY % side,
                weight: weight)
        }
        corners = [
            corner(x0, y0, (1 - fx) * (1 - fy)), corner(x0 + 1, y0, fx * (1 - fy)),
            corner(x0, y0 + 1, (1 - fx) * fy), corner(x0 + 1, y0 + 1, fx * fy),
        ]
    }

    /// The height at the point, in metres, from the tiles `tile(x, y)` returns (`nil` where
    /// there is none); `nil` when no pixel with a weight has a tile. A missing tile's pixels
    /// are left out and the others' weights scaled up, so the edge of an archive still has
    /// heights up to its last row of pixels.
    public func height(_ tile: (Int, Int) -> ElevationTile?) -> Double? {
        var sum = 0.0, weights = 0.0
        var last: (x: Int, y: Int, tile: ElevationTile?)?
        for corner in corners where corner.weight > 0 {
            let found: ElevationTile?
            if let last, last.x == corner.tileX, last.y == corner.tileY {
                found = last.tile
            } else {
                found = tile(corner.tileX, corner.tileY)
                last = (corner.tileX, corner.tileY, found)
            }
            guard let found, corner.column < found.side, corner.row < found.side else { continue }
            let value = Double(found[corner.column, corner.row])
            guard value.isFinite else { continue }
            sum += value * corner.weight
            weights += corner.weight
        }
        guard weights > 1e-9 else { return nil }
        return sum / weights
    }
}
