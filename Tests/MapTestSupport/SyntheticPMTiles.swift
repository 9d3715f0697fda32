import Foundation
import MapGeometry
import MapPMTiles
import MapTiles

/// PMTiles archives made up for tests by `PMTilesWriter`: every tile of a zoom range over
/// an area, each with bytes of its own (from its id and a seed, 100 to 2,000 long), except
/// that every `repeatEvery`-th tile shares one "sea" content, as real archives share the
/// tiles of open water.
package enum SyntheticPMTiles {
    /// A well-mixed 64-bit hash of `value` (SplitMix64's first output for it).
    package static func hash(_ value: UInt64) -> UInt64 {
        var random = SplitMix64(seed: value)
        return random.next()
    }

    /// The content of `tile` in an archive made with `seed`, or the shared one.
    package static func contents(of tile: TilePath, seed: UInt64, repeatEvery: Int) -> [UInt8] {
        let id = tile.pmtilesID
        if repeatEvery > 0, id % UInt64(repeatEvery) == 0 {
            return Array("sea".utf8) + [UInt8](repeating: 7, count: 300)
        }
        var random = SplitMix64(seed: seed ^ (id &* 0x9E37_79B9_7F4A_7C15))
        let count = 100 + Int(random.next() % 1900)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// The tiles of zooms `zooms` over the area (degrees), in tile id order.
    package static func tiles(
        zooms: ClosedRange<Int>, west: Double, south: Double, east: Double, north: Double
    ) -> [TilePath] {
        var tiles: [TilePath] = []
        for z in zooms {
            let side = Double(1 << z)
            func x(_ longitude: Double) -> Int { min((1 << z) - 1, max(0, Int(floor((longitude + 180) / 360 * side)))) }
            func y(_ latitude: Double) -> Int {
                let radians = latitude * .pi / 180
                let value = (1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * side
                return min((1 << z) - 1, max(0, Int(floor(value))))
            }
            for tx in x(west)...x(east) {
                for ty in y(north)...y(south) { tiles.append(TilePath(z: z, x: tx, y: ty)) }
            }
        }
        return tiles.sorted { $0.pmtilesID < $1.pmtilesID }
    }

    /// Writes the archive at `path` and returns its tiles.
    @discardableResult
    package static func write(
        at path: String, zooms: ClosedRange<Int>, west: Double, south: Double, east: Double, north: Double,
        seed: UInt64 = 1, repeatEvery: Int = 7
    ) throws -> [TilePath] {
        let tiles = tiles(zooms: zooms, west: west, south: south, east: east, north: north)
        let writer = try PMTilesWriter(destination: path)
        for tile in tiles {
            try writer.add(tileID: tile.pmtilesID, contents: contents(of: tile, seed: seed, repeatEvery: repeatEvery))
        }
        try writer.finish(
            PMTilesWriter.Description(
                tileType: .mvt, tileCompression: .gzip,
                metadata: Array(#"{"name":"synthetic","vector_layers":[]}"#.utf8),
                zoomRange: zooms, bounds: (west, south, east, north),
                center: (zooms.lowerBound, (west + east) / 2, (south + north) / 2)))
        return tiles
    }
}
