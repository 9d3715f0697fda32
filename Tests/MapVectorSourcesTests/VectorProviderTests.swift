import Foundation
import MapErrors
import MapGeometry
import MapPMTiles
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorLayout
import Testing

@testable import MapVectorSources

/// The archives of Tests/MapTilesTests/Fixtures/pmtiles (see its README).
func fixture(_ name: String) -> String {
    packageRoot + "/Tests/MapTilesTests/Fixtures/pmtiles/" + name
}

/// A street tile of central Helsinki at z14, and the z0 tile.
let helsinkiStreet = TilePath(z: 14, x: 9326, y: 4742)
let world = TilePath(z: 0, x: 0, y: 0)

/// The layer names of a result, or `nil` when it is no tile.
func layers(_ result: VectorTileResult?) -> [String]? {
    guard case .tile(let tile, _) = result else { return nil }
    return tile.layers.map(\.name)
}

/// The reason of a failed result.
func reason(_ result: VectorTileResult?) -> String? {
    guard case .failure(let failure) = result else { return nil }
    return failure.reason
}

func isEmpty(_ result: VectorTileResult?) -> Bool {
    guard case .empty = result else { return false }
    return true
}

@Suite("Vector tile providers over archives")
struct ArchiveProviderTests {
    @Test("the Helsinki PMTiles and MBTiles: OpenMapTiles layers, the OpenMapTiles credit, tiles and empty tiles")
    func helsinki() throws {
        for provider in [
            try #require(try ArchiveVectorTileProvider.pmtiles(path: fixture("helsinki.pmtiles"))),
            try #require(try ArchiveVectorTileProvider.mbtiles(path: fixture("helsinki.mbtiles"))),
        ] {
            #expect(provider.zoomRange == 0...14)
            #expect(provider.layerNames.contains("transportation") && provider.layerNames.contains("water"))
            #expect(provider.attribution == ["© OpenMapTiles © OpenStreetMap contributors"])
            let far = TilePath(z: 14, x: 0, y: 0)
            let tiles = provider.vectorTiles([helsinkiStreet, world, far, helsinkiStreet], layerNames: ["water"])
            #expect(tiles.count == 3)
            #expect(layers(tiles[helsinkiStreet]) == ["water"], "\(provider.name)")
            #expect(layers(tiles[world]) != nil)
            #expect(isEmpty(tiles[far]))
        }
    }

    @Test("an archive of other layers has no credit and says its layers; raster archives are not vector sources")
    func otherArchives() throws {
        let fixture1 = try #require(try ArchiveVectorTileProvider.pmtiles(path: fixture("test_fixture_1.pmtiles")))
        #expect(fixture1.layerNames == ["test_fixture_1pmtiles"] && fixture1.attribution.isEmpty)
        #expect(try ArchiveVectorTileProvider.pmtiles(path: fixture("raster.pmtiles")) == nil)
        #expect {
            try ArchiveVectorTileProvider.pmtiles(path: fixture("invalid_v4.pmtiles"))
        } throws: { ($0 as? MapError)?.kind == .invalidData }
        #expect {
            try ArchiveVectorTileProvider.pmtiles(path: fixture("missing.pmtiles"))
        } throws: { ($0 as? MapError)?.kind == .missingInput }
    }

    @Test("metadata credits: the archive's own (HTML made plain) first; layers from vector_layers, top or in json")
    func facts() {
        let own = VectorArchiveFacts(
            json: Array(#"{"attribution": "<a href='x'>&copy; Mine</a>", "vector_layers": [{"id": "roads"}]}"#.utf8))
        #expect(own.layerNames == ["roads"] && own.credits(layers: own.layerNames) == ["© Mine"])
        let nested = VectorArchiveFacts(
            json: Array(#"{"json": "{\"vector_layers\": [{\"id\": \"water\"}, {\"id\": \"transportation\"}]}"}"#.utf8))
        #expect(nested.layerNames == ["water", "transportation"])
        #expect(nested.credits(layers: nested.layerNames) == [VectorArchiveFacts.openMapTilesCredit])
        #expect(VectorArchiveFacts.isOpenMapTiles(["water", "place", "transportation", "custom"]))
        // Mapbox Streets v7 shares three layer names but keeps its roads in "road".
        #expect(!VectorArchiveFacts.isOpenMapTiles(["water", "landuse", "building", "road"]))
        #expect(!VectorArchiveFacts.isOpenMapTiles(["water", "roads", "buildings", "custom"]))
        #expect(!VectorArchiveFacts.isOpenMapTiles([]))
    }

    @Test("a damaged tile is a failure with a one-line reason, not an abort")
    func damaged() {
        let provider = ArchiveVectorTileProvider(
            archive: DamagedArchive(), facts: VectorArchiveFacts(layerNames: ["x"]), sampleTile: nil)
        let reason = reason(provider.vectorTiles([world], layerNames: nil)[world])
        #expect(reason != nil && !reason!.contains("\n") && !reason!.hasPrefix("tile 0/0/0"), "\(reason ?? "")")
    }
}

/// An archive whose one tile is gzip cut short.
struct DamagedArchive: VectorTileArchive {
    var name: String { "damaged" }
    var zoomRange: ClosedRange<Int> { 0...0 }
    func storedTile(_ tile: TilePath) throws(MapError) -> [UInt8]? { [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2] }
}

@Suite("Vector tiles over HTTP", .serialized, .timeLimit(.minutes(2)))
struct RemoteProviderTests {
    /// Requests the server has answered for paths starting with `prefix`.
    func requests(_ server: TileServer, _ prefix: String) async throws -> Int {
        try await server.stats().requests.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +)
    }

    @Test("a PMTiles archive on a server: tiles by range in parallel, the header asked every map, the rest cached")
    func remoteArchive() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("cache.sqlite")
        let url = "http://127.0.0.1:\(server.port)/archive/helsinki.pmtiles"
        let paths = VectorTileArchiveSample.helsinki
        let local = try #require(try ArchiveVectorTileProvider.pmtiles(path: fixture("helsinki.pmtiles")))
        let first = try await offPool {
            let remote = try #require(
                try ArchiveVectorTileProvider.pmtiles(url: url, options: testOptions(cache: cache)))
            #expect(remote.attribution == ["© OpenMapTiles © OpenStreetMap contributors"])
            return remote.vectorTiles(paths, layerNames: nil)
        }
        let expected = local.vectorTiles(paths, layerNames: nil)
        for tile in paths { #expect(layers(first[tile]) == layers(expected[tile]) && layers(first[tile]) != nil) }
        let asked = try await requests(server, "/archive/")
        #expect(asked > 2, "header, metadata, tiles (tiles stored once are read once)")
        // Another map: only the header is asked again; directories and tiles come from the cache.
        let second = try await offPool {
            try ArchiveVectorTileProvider.pmtiles(url: url, options: testOptions(cache: cache))!
                .vectorTiles(paths, layerNames: nil)
        }
        #expect(paths.allSatisfy { layers(second[$0]) != nil })
        #expect(try await requests(server, "/archive/") == asked + 1)
        // Offline, the cache alone.
        let offline = try await offPool {
            try ArchiveVectorTileProvider.pmtiles(url: url, options: testOptions(cache: cache, offline: true))!
                .vectorTiles(paths, layerNames: nil)
        }
        #expect(paths.allSatisfy { layers(offline[$0]) != nil })
        #expect(try await requests(server, "/archive/") == asked + 1)
        #expect(try await server.stats().maxConnections > 1, "tiles must be fetched over several connections at once")
    }

    @Test("an archive replaced on the server is read afresh: cached ranges belong to the old ETag")
    func replaced() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("cache.sqlite")
        let url = "http://127.0.0.1:\(server.port)/archive-replaced/helsinki.pmtiles"
        let open = { @Sendable in
            try ArchiveVectorTileProvider.pmtiles(url: url, options: testOptions(cache: cache))!
                .vectorTiles([helsinkiStreet], layerNames: nil)
        }
        _ = try await offPool(open)
        let first = try await requests(server, "/archive-replaced/")
        _ = try await offPool(open)
        #expect(try await requests(server, "/archive-replaced/") == first + 1)
        _ = try await offPool { try Data(contentsOf: URL(string: "http://127.0.0.1:\(server.port)/replace")!) }
        let again = try await offPool(open)
        #expect(layers(again[helsinkiStreet]) != nil)
        #expect(try await requests(server, "/archive-replaced/") == 2 * first + 1)
    }

    @Test("no range requests, and an archive changing while read, are unavailable (69)")
    func unavailable() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        await #expect {
            try await offPool {
                try ArchiveVectorTileProvider.pmtiles(
                    url: base + "/archive-norange/helsinki.pmtiles", options: testOptions())
            }
        } throws: { error in
            (error as? MapError)?.kind == .unavailable
                && (error as? MapError)?.message.contains("does not answer range requests") == true
        }
        let changing = try await offPool {
            try ArchiveVectorTileProvider.pmtiles(
                url: base + "/archive-changing/helsinki.pmtiles", options: testOptions())!
                .vectorTiles([helsinkiStreet], layerNames: nil)
        }
        #expect(reason(changing[helsinkiStreet])?.contains("changed on the server") == true)
    }

    @Test("a {z}/{x}/{y}.pbf template: gzip undone, 404 empty, garbage a failure, the second map from the cache")
    func template() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("cache.sqlite")
        let base = "http://127.0.0.1:\(server.port)"
        let far = TilePath(z: 14, x: 0, y: 0)
        let fetch = { @Sendable (kind: String) in
            try TemplateVectorTileProvider(
                template: base + "/\(kind)/helsinki/{z}/{x}/{y}.pbf", options: testOptions(cache: cache)
            ).vectorTiles([helsinkiStreet, far], layerNames: ["transportation"])
        }
        let tiles = try await offPool { try fetch("mvt") }
        #expect(layers(tiles[helsinkiStreet]) == ["transportation"] && isEmpty(tiles[far]))
        let asked = try await requests(server, "/mvt/")
        _ = try await offPool { try fetch("mvt") }
        #expect(try await requests(server, "/mvt/") == asked + 1, "the 404 is asked again, the tile is cached")
        let garbage = try await offPool { try fetch("mvt-garbage") }
        #expect(reason(garbage[helsinkiStreet]) != nil)
    }

    @Test("TileJSON: the relative template resolved, zooms, the credit made plain, the layers")
    func tileJSON() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let document = try await offPool {
            try TileJSON.fetch(base + "/tilejson/helsinki.json", options: testOptions())
        }
        #expect(document.tiles == [base + "/mvt/helsinki/{z}/{x}/{y}.pbf"])
        #expect(document.zoomRange == 0...14 && document.facts.attribution == ["© Test tiles"])
        #expect(document.facts.layerNames.contains("transportation"))
        let tiles = try await offPool {
            try document.provider(options: testOptions()).vectorTiles([helsinkiStreet], layerNames: nil)
        }
        #expect(layers(tiles[helsinkiStreet]) != nil)
        await #expect {
            try await offPool { try TileJSON.fetch(base + "/tilejson/missing.json", options: testOptions()) }
        } throws: { ($0 as? MapError)?.kind == .unavailable }
    }
}

/// Tiles over one point of Helsinki at every zoom of the archives.
enum VectorTileArchiveSample {
    static let helsinki = (0...14).map { z in
        TilePath(z: z, mercatorLongitude: 24.9443, latitude: 60.1716)
    }
}
