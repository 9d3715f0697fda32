import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapSQLite
@testable import MapTiles

@Suite struct MBTilesSourceTests {
    /// Tiles of zoom 0–2 told apart by their gray level.
    static func pyramid(_ image: (UInt8) -> [UInt8] = { TestImages.png(width: 256, gray: $0) }) -> [TilePath: [UInt8]] {
        var tiles: [TilePath: [UInt8]] = [:]
        for z in 0...2 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) { tiles[TilePath(z: z, x: x, y: y)] = image(UInt8(z * 64 + x * 8 + y)) }
            }
        }
        return tiles
    }

    @Test func flipsTheTMSRow() throws {
        let path = temporaryPath("flip.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tiles = Self.pyramid()
        try makeMBTiles(at: path, metadata: ["name": "test", "format": "png"], tiles: tiles)
        let source = try MBTilesSource(path: path)
        let wanted = [TilePath(z: 2, x: 1, y: 0), TilePath(z: 2, x: 1, y: 3), TilePath(z: 1, x: 0, y: 1)]
        let results = source.tiles(wanted, highResolution: false)
        for tile in wanted {
            // Stored at tile_row = 2^z − 1 − y, returned for y.
            #expect(results[tile]?.image?.data == tiles[tile], "tile \(tile)")
        }
        #expect(results[TilePath(z: 2, x: 1, y: 0)]?.image?.data != tiles[TilePath(z: 2, x: 1, y: 3)])
    }

    @Test func readsMetadata() throws {
        let path = temporaryPath("meta.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try makeMBTiles(
            at: path,
            metadata: [
                "name": "Denver", "format": "jpg", "bounds": "-105.3,39.5,-104.6,40.0", "minzoom": "1", "maxzoom": "14",
                "attribution":
                    #"<a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap contributors</a>"#,
            ],
            tiles: [TilePath(z: 1, x: 0, y: 0): TestImages.jpeg(width: 512, height: 512)])
        let source = try MBTilesSource(path: path)
        #expect(source.name == "Denver")
        #expect(source.format == "jpg")
        #expect(source.zoomRange == 1...14)
        #expect(source.bounds == CoordinateBounds(north: 40.0, south: 39.5, east: -104.6, west: -105.3))
        #expect(source.attribution == ["© OpenStreetMap contributors"])
        #expect(source.isImagery)  // JPEG tiles: the imagery heuristic
        #expect(source.tileSize == 512)
        #expect(!source.hasHighResolutionTiles)
        #expect(try MBTilesSource(path: path, isImagery: false).isImagery == false)
    }

    @Test func derivesZoomsWithoutMetadataAndHonoursScale() throws {
        let path = temporaryPath("bare.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var tiles = Self.pyramid()
        tiles = tiles.filter { $0.key.z >= 1 }
        try makeMBTiles(at: path, metadata: [:], tiles: tiles)
        let source = try MBTilesSource(path: path)
        #expect(source.zoomRange == 1...2)
        #expect(source.attribution.isEmpty && source.bounds == nil && !source.isImagery && source.tileSize == 256)

        let retina = temporaryPath("retina.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: retina) }
        try makeMBTiles(
            at: retina, metadata: ["scale": "2"], tiles: [TilePath(z: 0, x: 0, y: 0): TestImages.png(width: 512)])
        #expect(try MBTilesSource(path: retina).tileSize == 256)
    }

    @Test func readsATilesView() throws {
        // The deduplicating layout many tools write: map + images tables behind a tiles view.
        let path = temporaryPath("view.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try database.executeScript(
            """
            CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
            CREATE TABLE images (tile_data BLOB, tile_id TEXT);
            CREATE TABLE metadata (name TEXT, value TEXT);
            CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
              map.tile_row AS tile_row, images.tile_data AS tile_data FROM map JOIN images ON images.tile_id = map.tile_id;
            INSERT INTO map VALUES (1, 1, 0, 'sea'), (1, 0, 0, 'sea');
            """)
        try database.execute("INSERT INTO images VALUES (?, 'sea')", [.blob(TestImages.png(width: 256, gray: 40))])
        let source = try MBTilesSource(path: path)
        let results = source.tiles([TilePath(z: 1, x: 1, y: 1), TilePath(z: 1, x: 1, y: 0)], highResolution: false)
        #expect(results[TilePath(z: 1, x: 1, y: 1)]?.image?.pixelWidth == 256)
        #expect(results[TilePath(z: 1, x: 1, y: 0)]?.reason == "not in the MBTiles file")
    }

    @Test func missingAndUndecodableTilesAreFailures() throws {
        let path = temporaryPath("gaps.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try makeMBTiles(
            at: path, metadata: ["format": "png"],
            tiles: [
                TilePath(z: 0, x: 0, y: 0): TestImages.png(width: 256),
                TilePath(z: 1, x: 0, y: 0): Array("<html>oops</html>".utf8),
                TilePath(z: 1, x: 1, y: 0): Array(TestImages.png(width: 256).prefix(300)),
                TilePath(z: 1, x: 0, y: 1): Array("not an image".utf8),
            ])
        let source = try MBTilesSource(path: path)
        let results = source.tiles(
            [
                TilePath(z: 1, x: 0, y: 0), TilePath(z: 1, x: 1, y: 0), TilePath(z: 1, x: 0, y: 1),
                TilePath(z: 1, x: 1, y: 1),
                TilePath(z: 1, x: 5, y: 0),
            ], highResolution: false)
        #expect(results.count == 5)
        #expect(results[TilePath(z: 1, x: 0, y: 0)]?.reason == "an HTML or XML page, not a PNG or JPEG image")
        #expect(results[TilePath(z: 1, x: 1, y: 0)]?.reason == "truncated PNG image")
        #expect(results[TilePath(z: 1, x: 0, y: 1)]?.reason == "not a PNG or JPEG image")
        #expect(results[TilePath(z: 1, x: 1, y: 1)]?.reason == "not in the MBTiles file")
        #expect(results[TilePath(z: 1, x: 5, y: 0)]?.reason == "not a tile of the world")
    }

    @Test func badFilesAreClearErrors() throws {
        func code(_ path: String) -> MapError.Kind? {
            do {
                _ = try MBTilesSource(path: path)
                return nil
            } catch {
                return error.kind
            }
        }
        let missing = temporaryPath("missing.mbtiles")
        #expect(code(missing) == .missingInput)

        let random = temporaryPath("random.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: random) }
        _ = FileManager.default.createFile(
            atPath: random, contents: Data((0..<8192).map { _ in UInt8.random(in: 0...255) }))
        #expect(code(random) == .invalidData)

        let foreign = temporaryPath("foreign.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: foreign) }
        try SQLiteDatabase(path: foreign, mode: .readWriteCreate).execute("CREATE TABLE places (name TEXT)")
        #expect(
            throws: MapError(
                .invalidData, "not an MBTiles file (no tiles table)", at: InputLocation(file: foreign),
                remedy: "give an MBTiles file of raster tiles")
        ) {
            try MBTilesSource(path: foreign)
        }

        let empty = temporaryPath("empty.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        try makeMBTiles(at: empty, metadata: ["format": "png"], tiles: [:])
        #expect(code(empty) == .invalidData)

        let vector = temporaryPath("vector.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: vector) }
        try makeMBTiles(
            at: vector, metadata: ["format": "pbf"], tiles: [TilePath(z: 0, x: 0, y: 0): [0x1F, 0x8B, 8, 0]])
        #expect(
            throws: MapError(
                .invalidData, "holds vector tiles (format pbf), which are not supported",
                at: InputLocation(file: vector), remedy: "give an MBTiles file of PNG or JPEG raster tiles")
        ) {
            try MBTilesSource(path: vector)
        }
        let unlabelled = temporaryPath("unlabelled.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: unlabelled) }
        try makeMBTiles(at: unlabelled, metadata: [:], tiles: [TilePath(z: 0, x: 0, y: 0): [0x1F, 0x8B, 8, 0]])
        #expect(
            throws: MapError(
                .invalidData, "its first tile is not usable: gzip data (a vector tile?), not a PNG or JPEG image",
                at: InputLocation(file: unlabelled), remedy: "give an MBTiles file of PNG or JPEG raster tiles")
        ) {
            try MBTilesSource(path: unlabelled)
        }

        // A real MBTiles file whose pages after the 100-byte header are overwritten.
        let damaged = temporaryPath("damaged.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: damaged) }
        try makeMBTiles(at: damaged, metadata: ["format": "png"], tiles: Self.pyramid())
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: damaged)))
        for index in 100..<min(bytes.count, 8192) { bytes[index] = UInt8(truncatingIfNeeded: index &* 7919) }
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        #expect(code(damaged) == .invalidData)
    }
}

@Suite struct TileSourceFactoryTests {
    @Test func decidesByTheArgument() throws {
        let options = testOptions()
        let osm = try TileSourceFactory.source(for: "osm", options: options)
        #expect(osm.attribution == ["© OpenStreetMap contributors"])
        let template = try #require(
            try TileSourceFactory.source(for: "https://t.example.org/{z}/{x}/{y}.png", options: options)
                as? HTTPTileSource)
        #expect(template.template.template == "https://t.example.org/{z}/{x}/{y}.png")
        #expect(throws: MapError.self) {
            try TileSourceFactory.source(for: "ftp://t.example.org/{z}/{x}/{y}.png", options: options)
        }

        let path = temporaryPath("factory.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try makeMBTiles(at: path, metadata: [:], tiles: [TilePath(z: 0, x: 0, y: 0): TestImages.png()])
        #expect(try TileSourceFactory.source(for: path, options: options) is MBTilesSource)

        func code(_ argument: String) -> MapError.Kind? {
            do {
                _ = try TileSourceFactory.source(for: argument, options: options)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(code("nowhere/tiles.mbtiles") == .missingInput)
        #expect(code("./no/such/folder") == .missingInput)
        #expect(code("satellite") == .invalidRequest)
        #expect(code("ftp://t.example.org/{z}/{x}/{y}.png") == .invalidRequest)
    }
}
