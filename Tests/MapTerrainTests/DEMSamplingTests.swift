import MapTerrain
import Testing

@Suite("Heights at a point, bilinear between pixel centres")
struct DEMSamplingTests {
    /// Interpolated heights of these made-up tiles are sums of a few Floats: within this of exact.
    static let tolerance = 1e-6

    /// A tile of `side` pixels whose height is `f(global column, global row)` for tile (tx, ty).
    func tile(_ tx: Int, _ ty: Int, side: Int, _ f: (Int, Int) -> Float) -> ElevationTile {
        ElevationTile(
            side: side,
            elevations: (0..<side * side).map { index in f(tx * side + index % side, ty * side + index / side) })
    }

    /// Web Mercator fractions of the point at global pixel position (`px`, `py`) of zoom `z`.
    func position(_ px: Double, _ py: Double, zoom: Int, side: Int) -> (x: Double, y: Double) {
        let pixels = Double((1 << zoom) * side)
        return (px / pixels, py / pixels)
    }

    @Test("a pixel's centre has the pixel's height; between centres it is bilinear")
    func centresAndBetween() throws {
        let side = 4, zoom = 1
        let plane: (Int, Int) -> Float = { x, y in 100 + 10 * Float(x) + 1000 * Float(y) }
        let tiles = [0, 1].flatMap { ty in [0, 1].map { tx in tile(tx, ty, side: side, plane) } }
        func height(_ px: Double, _ py: Double) -> Double? {
            let (x, y) = position(px, py, zoom: zoom, side: side)
            return DEMSamplePoint(x: x, y: y, zoom: zoom, side: side).height { tx, ty in tiles[ty * 2 + tx] }
        }
        // The centre of global pixel (1, 2) is at (1.5, 2.5).
        #expect(try abs(#require(height(1.5, 2.5)) - 2110) < Self.tolerance)
        // A quarter of the way to the next column and half way to the next row: a plane is
        // reproduced exactly by bilinear interpolation.
        let between: Double = 100 + 12.5 + 2500
        #expect(try abs(#require(height(1.75, 3.0)) - between) < Self.tolerance)
        // Across the edge between tiles (global column 3 | 4 is tile 0 | 1).
        let acrossEdge: Double = 100 + 35 + 1000
        #expect(try abs(#require(height(4.0, 1.5)) - acrossEdge) < Self.tolerance)
        // Across the corner of four tiles.
        let acrossCorner: Double = 100 + 35 + 3500
        #expect(try abs(#require(height(4.0, 4.0)) - acrossCorner) < Self.tolerance)
    }

    @Test("a missing neighbour is left out, its weight given to the others; no tile at all is no height")
    func missingTiles() throws {
        let side = 4, zoom = 1
        let only = tile(0, 0, side: side) { x, _ in Float(x) }
        let lookup: (Int, Int) -> ElevationTile? = { tx, ty in tx == 0 && ty == 0 ? only : nil }
        // Half a pixel past the last centre of tile 0 (column 3), towards tile 1 which is missing.
        let (x, y) = position(4.0, 1.5, zoom: zoom, side: side)
        let height = DEMSamplePoint(x: x, y: y, zoom: zoom, side: side).height(lookup)
        #expect(try abs(#require(height) - 3) < Self.tolerance)
        let (far, _) = position(6.0, 1.5, zoom: zoom, side: side)
        #expect(DEMSamplePoint(x: far, y: y, zoom: zoom, side: side).height(lookup) == nil)
    }

    @Test("the grid wraps around the antimeridian and stops at the world's top and bottom rows")
    func edgesOfTheWorld() throws {
        let side = 2, zoom = 0
        let world = tile(0, 0, side: side) { x, y in Float(10 * x + y) }
        // x = 0 is half a pixel west of column 0's centre: half column 1 (wrapped), half column 0.
        let west = DEMSamplePoint(x: 0, y: 0.25, zoom: zoom, side: side)
        #expect(west.corners.map(\.column).sorted() == [0, 0, 1, 1])
        #expect(try abs(#require(west.height { _, _ in world }) - 5) < Self.tolerance)
        // Above the top row's centre: the top row.
        let top = DEMSamplePoint(x: 0.25, y: 0, zoom: zoom, side: side)
        #expect(try abs(#require(top.height { _, _ in world }) - 0) < Self.tolerance)
        #expect(abs(top.corners.map(\.weight).reduce(0, +) - 1) < Self.tolerance)
    }
}
