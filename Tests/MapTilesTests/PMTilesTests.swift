import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import MapTestSupport
import Testing

@testable import MapPMTiles
@testable import MapTiles

/// The PMTiles archives of Fixtures/pmtiles (see its README).
private func fixture(_ name: String) -> String {
    packageRoot + "/Tests/MapTilesTests/Fixtures/pmtiles/" + name
}

private func archive(_ name: String) throws -> PMTilesArchive {
    let reader = try #require(FileByteRangeReader(path: fixture(name)))
    return try PMTilesArchive(reader: reader)
}

@Suite("PMTiles tile ids")
struct PMTilesTileIDTests {
    /// Tiles and their ids, as the reference implementation (PyPI pmtiles) computes them.
    static let cases: [(TilePath, UInt64)] = [
        (TilePath(z: 0, x: 0, y: 0), UInt64(0)), (TilePath(z: 1, x: 0, y: 0), 1), (TilePath(z: 1, x: 0, y: 1), 2),
        (TilePath(z: 1, x: 1, y: 1), 3), (TilePath(z: 1, x: 1, y: 0), 4), (TilePath(z: 2, x: 0, y: 0), 5),
        (TilePath(z: 3, x: 7, y: 7), 63), (TilePath(z: 12, x: 3423, y: 1763), 19_078_479),
        (TilePath(z: 14, x: 9326, y: 4742), 319_433_623), (TilePath(z: 20, x: 1_048_575, y: 0), 1_466_015_503_700),
    ]

    @Test("ids follow the Hilbert curve zoom by zoom", arguments: cases)
    func ids(tile: TilePath, id: UInt64) {
        #expect(tile.pmtilesID == id)
    }

    @Test("every tile of a zoom gets its own id, in the zoom's block")
    func uniqueness() {
        for z in 0...5 {
            let side = 1 << z
            let ids = Set((0..<side).flatMap { x in (0..<side).map { y in TilePath(z: z, x: x, y: y).pmtilesID } })
            let base = UInt64(((1 << (2 * z)) - 1) / 3)
            #expect(ids.count == side * side && ids.min() == base && ids.max() == base + UInt64(side * side) - 1)
        }
    }
}

@Suite("PMTiles archives")
struct PMTilesArchiveTests {
    @Test("the header of an archive written by tippecanoe")
    func header() throws {
        let header = try archive("test_fixture_1.pmtiles").header
        #expect(header.tileType == .mvt && header.tileCompression == .gzip && header.internalCompression == .gzip)
        #expect(header.zoomRange == 0...0)
        #expect(header.bounds.west == 0 && abs(header.bounds.east - 0.9999999) < 1e-9 && header.bounds.north == 1)
    }

    @Test("a version 4 archive and other files are refused with the reason")
    func refused() throws {
        #expect(throws: PMTilesError("PMTiles version 4 is not supported (only version 3 is)")) {
            try archive("invalid_v4.pmtiles")
        }
        #expect(throws: PMTilesError("not a PMTiles archive (no 'PMTiles' magic at its start)")) {
            try PMTilesHeader(parsing: Array("SQLite format 3\0".utf8))
        }
        #expect(throws: PMTilesError.self) { try PMTilesHeader(parsing: Array("PMTiles\u{3}".utf8)) }
    }

    @Test("every tile behind leaf directories reads back as the reference writer stored it")
    func leaves() throws {
        let archive = try archive("leaves.pmtiles")
        #expect(archive.header.leafDirectories.count > 0, "the fixture must have leaf directories")
        var present = 0
        for z in 0...6 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    guard let bytes = try archive.tile(TilePath(z: z, x: x, y: y)) else { continue }
                    present += 1
                    let text = String(decoding: bytes, as: UTF8.self)
                    let shared = z == 6 && x < 2 && y < 2
                    let name = "\(z)/\(x)/\(y)"
                    let padded = text.hasPrefix(name) && text.dropFirst(name.count).allSatisfy { $0 == "." }
                    #expect(shared ? text == "shared" : padded, "\(name): \(text)")
                }
            }
        }
        // The reference reader (PyPI pmtiles) finds 3,626 tiles in the file.
        #expect(present == 3_626)
        #expect(try archive.tile(TilePath(z: 7, x: 0, y: 0)) == nil)
        #expect(try archive.tile(TilePath(z: 2, x: 9, y: 0)) == nil)
    }

    @Test("gzip tiles are inflated: the Helsinki vector tiles are protocol buffers")
    func gzipTiles() throws {
        let archive = try archive("helsinki.pmtiles")
        #expect(archive.header.zoomRange == 0...14 && archive.header.tileType == .mvt)
        let stored = try #require(try archive.storedTile(TilePath(z: 14, x: 9326, y: 4742)))
        #expect(stored.starts(with: [0x1F, 0x8B]))
        let tile = try #require(try archive.tile(TilePath(z: 14, x: 9326, y: 4742)))
        // An MVT tile is a list of layers: field 3, length-delimited (tag 0x1A).
        #expect(tile.first == 0x1A && tile.count > stored.count)
        let metadata = String(decoding: try archive.metadata(), as: UTF8.self)
        #expect(metadata.contains("vector_layers") && metadata.contains("transportation"))
    }

    @Test("directories: runs, implicit offsets, leaves, and damage")
    func directories() throws {
        // Three entries: ids 0, 1 (a run of 3) and 10 (a leaf); offsets 0, implicit, 100.
        let bytes: [UInt8] = [3, 0, 1, 9, 1, 3, 0, 5, 7, 20, 1, 0, 101]
        let directory = try PMTilesDirectory(decoding: bytes)
        #expect(directory.entries.map(\.tileID) == [0, 1, 10])
        #expect(directory.entries.map(\.offset) == [0, 5, 100])
        #expect(directory.entry(for: 3)?.tileID == 1)
        #expect(directory.entry(for: 4) == nil)
        #expect(directory.entry(for: 500)?.runLength == 0)
        for length in 0..<bytes.count {
            #expect(throws: PMTilesError.self) { try PMTilesDirectory(decoding: Array(bytes.prefix(length))) }
        }
        #expect(throws: PMTilesError.self) {
            try PMTilesDirectory(decoding: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        }
    }

    @Test("damaged gzip is an error, never a crash")
    func damagedGzip() {
        #expect(throws: PMTilesError("gzip data expected, found other bytes")) { try Gzip.decompress([1, 2, 3]) }
        #expect(throws: PMTilesError("damaged gzip data")) {
            try Gzip.decompress([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 9])
        }
    }
}

@Suite("PMTiles basemaps")
struct PMTilesSourceTests {
    @Test("a raster archive serves its PNG tiles with the archive's attribution")
    func raster() throws {
        let source = try PMTilesSource(path: fixture("raster.pmtiles"))
        #expect(source.zoomRange == 0...2 && source.tileSize == 256 && !source.isImagery)
        #expect(source.attribution == ["© Test Tiles"])
        let paths = [TilePath(z: 2, x: 3, y: 1), TilePath(z: 0, x: 0, y: 0), TilePath(z: 3, x: 0, y: 0)]
        let tiles = source.tiles(paths, highResolution: false)
        let image = try #require(try tiles[paths[0]]?.get())
        #expect(image.pixelWidth == 256 && image.encoding == .png)
        // The shade encodes the tile: z·80 + x·8 + y·2 = 186 for 2/3/1, in the first pixel row.
        #expect(image.data.count > 60)
        #expect(
            tiles[paths[2]].map { if case .failure(let failure) = $0 { failure.reason } else { "" } }
                == "not in the PMTiles archive")
    }

    @Test("vector archives, missing files and garbage are clear errors")
    func errors() throws {
        #expect {
            try PMTilesSource(path: fixture("helsinki.pmtiles"))
        } throws: { error in
            (error as? MapError)?.kind == .invalidData
                && (error as? MapError)?.message.contains("vector tiles (MVT)") == true
        }
        #expect(throws: MapError.self) { try PMTilesSource(path: "/nonexistent/x.pmtiles") }
        #expect {
            try PMTilesSource(path: fixture("README.md"))
        } throws: { error in
            (error as? MapError)?.kind == .invalidData
                && (error as? MapError)?.message.contains("not a PMTiles archive") == true
        }
    }
}

@Suite(
    "PMTiles over HTTP range requests",
    .enabled(if: TileServer.python != nil, "python3 is missing: the HTTP tests need it to run tile_server.py"))
struct PMTilesHTTPTests {
    @Test("a raster archive on a server: header, directories and tiles by range, nothing more")
    func ranges() async throws {
        let server = try await TileServer.start()
        let url = "http://127.0.0.1:\(server.port)/archive/raster.pmtiles"
        let source = try await offPool { try PMTilesSource(url: url, options: testOptions()) }
        #expect(source.zoomRange == 0...2 && source.attribution == ["© Test Tiles"])
        let tile = TilePath(z: 2, x: 3, y: 1)
        let image = try await offPool { try source.tiles([tile], highResolution: false)[tile]!.get() }
        #expect(image.pixelWidth == 256)
        // One request for the header and root directory, one for the metadata, one for the tile.
        let stats = try await server.stats()
        #expect(stats.total == 3, "\(stats.requests)")
    }

    @Test("leaf directories are fetched once and kept")
    func leaves() async throws {
        let server = try await TileServer.start()
        let reader = HTTPByteRangeReader(
            url: "http://127.0.0.1:\(server.port)/archive/leaves.pmtiles", userAgent: "maprender-tests", timeout: 5)
        let texts = try await offPool {
            let archive = try PMTilesArchive(reader: reader)
            return try [TilePath(z: 6, x: 40, y: 33), TilePath(z: 6, x: 41, y: 33)].map { tile in
                String(decoding: try archive.tile(tile) ?? [], as: UTF8.self)
            }
        }
        #expect(texts[0].hasPrefix("6/40/33") && texts[1].hasPrefix("6/41/33"))
        let stats = try await server.stats()
        // Header + root, then one leaf and two tiles: the second tile's leaf is the first's.
        #expect(stats.total <= 4, "\(stats.requests)")
    }

    @Test("a server without range requests, a replaced archive and a missing one are unavailable (69)")
    func unavailable() async throws {
        let server = try await TileServer.start()
        let base = "http://127.0.0.1:\(server.port)"
        for (path, words) in [
            ("/archive-norange/raster.pmtiles", "does not answer range requests"),
            ("/archive/missing.pmtiles", "HTTP 404"),
        ] {
            let error = try await offPool { () -> MapError? in
                do {
                    _ = try PMTilesSource(url: base + path, options: testOptions())
                    return nil
                } catch { return error as? MapError }
            }
            #expect(
                error?.kind == .unavailable && error?.message.contains(words) == true,
                "\(path): \(String(describing: error))")
        }
        // Replaced between the directory and the tile: the tile fails, never mixes files.
        let tile = TilePath(z: 1, x: 0, y: 0)
        let replaced = try await offPool {
            try PMTilesSource(url: base + "/archive-changing/raster.pmtiles", options: testOptions())
                .tiles([tile], highResolution: false)[tile]
        }
        guard case .failure(let failure) = replaced else {
            Issue.record("a tile of a replaced archive was drawn")
            return
        }
        #expect(failure.reason.contains("changed on the server"), "\(failure)")
        let offline = try? PMTilesSource(url: base + "/archive/raster.pmtiles", options: testOptions(offline: true))
        #expect(offline == nil)
    }
}
