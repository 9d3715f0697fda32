import Foundation
import MapErrors
import MapGeometry
import MapTestSupport
import MapVectorTiles
import Testing

@testable import MapPMTiles
@testable import MapTiles

/// The archives of Fixtures/pmtiles (see its README).
private func fixture(_ name: String) -> String {
    packageRoot + "/Tests/MapTilesTests/Fixtures/pmtiles/" + name
}

@Suite("Vector tile archives")
struct VectorTileArchiveTests {
    /// The tiles of the Helsinki archives, z0–14 over one point of the city.
    static let helsinki = (0...14).map { z in
        TilePath(z: z, x: Int(Double(1 << z) * (24.9443 + 180) / 360), y: helsinkiRow(z))
    }

    /// The XYZ row of latitude 60.1716 at zoom `z` (Web Mercator).
    static func helsinkiRow(_ z: Int) -> Int {
        let latitude = 60.1716 * Double.pi / 180
        let mercator: Double = log(tan(latitude) + 1 / cos(latitude))
        let fraction: Double = (1 - mercator / Double.pi) / 2
        return Int(Double(1 << z) * fraction)
    }

    @Test("the PMTiles and the MBTiles tilemaker wrote decode to the same tiles, zoom by zoom")
    func sameTilesInBothArchives() throws {
        let reader = try #require(FileByteRangeReader(path: fixture("helsinki.pmtiles")))
        let pmtiles = try PMTilesVectorArchive(PMTilesArchive(reader: reader))
        let mbtiles = try MBTilesVectorArchive(path: fixture("helsinki.mbtiles"))
        #expect(pmtiles.zoomRange == 0...14 && mbtiles.zoomRange == 0...14)
        for tile in Self.helsinki {
            let fromPMTiles = try #require(try pmtiles.vectorTile(tile), "\(tile) missing from the PMTiles")
            let fromMBTiles = try #require(try mbtiles.vectorTile(tile), "\(tile) missing from the MBTiles")
            #expect(fromPMTiles.tile == fromMBTiles.tile, "\(tile)")
        }
        let street = try #require(try pmtiles.vectorTile(Self.helsinki[14], layerNames: ["transportation"]))
        #expect(street.tile.layers.map(\.name) == ["transportation"])
        #expect(!(street.tile.layer(named: "transportation")?.features.isEmpty ?? true))
        #expect(try pmtiles.vectorTile(TilePath(z: 14, x: 0, y: 0)) == nil)
    }

    @Test("raster archives and damaged tiles are refused with the archive's name")
    func refused() throws {
        let reader = try #require(FileByteRangeReader(path: fixture("raster.pmtiles")))
        #expect(throws: MapError.self) { try PMTilesVectorArchive(PMTilesArchive(reader: reader)) }
        #expect(throws: MapError.self) { try MBTilesVectorArchive(path: fixture("missing.mbtiles")) }
        let damaged = DamagedArchive()
        #expect {
            _ = try damaged.vectorTile(TilePath(z: 0, x: 0, y: 0))
        } throws: { error in
            (error as? MapError)?.location?.file == "damaged"
                && (error as? MapError)?.message.hasPrefix("tile 0/0/0") == true
        }
    }
}

/// An archive whose one tile is gzip cut short.
private struct DamagedArchive: VectorTileArchive {
    var name: String { "damaged" }
    var zoomRange: ClosedRange<Int> { 0...0 }
    func storedTile(_ tile: TilePath) throws(MapError) -> [UInt8]? { [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2] }
}
