import Foundation
import MapGeometry
import MapPMTiles
import MapTestSupport
import MapTiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `maprender basemap extract`, run as users run it, over files and over a range-serving
/// HTTP server on 127.0.0.1 (tile_server.py's /range/ paths, with their fault modes).
@Suite("basemap extract", .serialized)
struct BasemapExtractTests {
    static let helsinki = Maprender.packageRoot.appendingPathComponent("examples/helsinki/helsinki.pmtiles").path
    static let protomaps = Maprender.packageRoot.appendingPathComponent(
        "examples/helsinki/helsinki-protomaps.pmtiles"
    ).path
    /// Central Helsinki, smaller than the examples' area.
    static let centre = (west: 24.925, south: 60.158, east: 24.958, north: 60.175)

    /// Whether PyPI `pmtiles` (the reference reader) can be imported.
    static let referenceReader: Bool = {
        guard let python = TileServer.python else { return false }
        return (try? Tool.run(python, ["-c", "import pmtiles"]))?.status == 0
    }()

    /// An archive opened with our reader.
    static func open(_ path: String) throws -> PMTilesArchive {
        try PMTilesArchive(reader: try #require(FileByteRangeReader(path: path)))
    }

    /// A little-endian integer of an archive's header.
    static func headerField(_ path: String, at offset: Int) throws -> UInt64 {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(127))
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }

    /// Checks that `output` holds exactly the tiles of the box at `zooms` that `source`
    /// holds, byte for byte; returns how many that is.
    @discardableResult
    static func expectSameTiles(
        _ output: String, _ source: String, zooms: ClosedRange<Int>,
        box: (west: Double, south: Double, east: Double, north: Double)
    ) throws -> Int {
        let out = try open(output), original = try open(source)
        let tiles = SyntheticPMTiles.tiles(
            zooms: zooms, west: box.west, south: box.south, east: box.east, north: box.north)
        var present = 0
        for tile in tiles {
            let expected = try original.storedTile(tile)
            if expected != nil { present += 1 }
            #expect(try out.storedTile(tile) == expected, "tile \(tile)")
        }
        #expect(try headerField(output, at: 72) == UInt64(present), "no tile outside the box")
        #expect(out.header.zoomRange == zooms && out.header.tileType == original.header.tileType)
        #expect(out.header.tileCompression == original.header.tileCompression)
        try expectSameMetadata(try out.metadata(), try original.metadata(), bounds: out.header.bounds)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))[96] == 1, "clustered")
        return present
    }

    /// Checks that the extract's metadata is the source's, but for `bounds` and `center`
    /// (when the source has them), which are the extract's: its bounds, and a center within
    /// them.
    static func expectSameMetadata(
        _ extract: [UInt8], _ source: [UInt8], bounds: (west: Double, south: Double, east: Double, north: Double)
    ) throws {
        var ours = try #require(try JSONSerialization.jsonObject(with: Data(extract)) as? [String: Any])
        var theirs = try #require(try JSONSerialization.jsonObject(with: Data(source)) as? [String: Any])
        #expect((ours["bounds"] == nil) == (theirs["bounds"] == nil))
        if let text = ours["bounds"] as? String {
            let numbers = text.split(separator: ",").compactMap { Double($0) }
            #expect(numbers.count == 4, "\(text)")
            for (value, expected) in zip(numbers, [bounds.west, bounds.south, bounds.east, bounds.north]) {
                #expect(abs(value - expected) < 1e-6, "bounds \(text)")
            }
        }
        if let text = ours["center"] as? String {
            let numbers = text.split(separator: ",").compactMap { Double($0) }
            #expect(numbers.count == 3 && numbers[0] > bounds.west && numbers[0] < bounds.east, "center \(text)")
        }
        for key in ["bounds", "center"] {
            ours[key] = nil
            theirs[key] = nil
        }
        #expect(NSDictionary(dictionary: ours).isEqual(to: theirs), "the rest of the metadata is the source's")
    }

    /// What `--dry-run` said: tiles, tile bytes and requests, directory bytes and requests.
    struct DryRun: Equatable {
        var tiles = 0, bytes = 0, requests = 0, directoryBytes = 0, directoryRequests = 0
    }

    static func dryRun(_ arguments: [String]) throws -> DryRun {
        let result = try Maprender.run(["basemap", "extract"] + arguments + ["--dry-run"])
        #expect(result.status == 0, "\(result.errors)")
        let numbers = result.outputText.split(separator: "\n").map { line in
            line.split(separator: " ").compactMap { Int($0) }
        }
        guard numbers.count == 3, numbers[0].count >= 1, numbers[1].count == 2, numbers[2].count == 2 else {
            Issue.record("unexpected dry run output: \(result.outputText)")
            return DryRun()
        }
        return DryRun(
            tiles: numbers[0][0], bytes: numbers[1][0], requests: numbers[1][1], directoryBytes: numbers[2][0],
            directoryRequests: numbers[2][1])
    }

    /// A synthetic archive of Uusimaa at zooms 0–14 (about 11,000 tiles, 12 MB, leaf
    /// directories, every 7th tile sharing one content), written once for the suite.
    /// Kept in the temporary folder between runs (the name says the generator's version; the
    /// writer renames it into place whole, so concurrent runs cannot see half of it).
    static let synthetic: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maprender-extract-synthetic-v1.pmtiles"
        ).path
        if !FileManager.default.fileExists(atPath: path) {
            _ = try? SyntheticPMTiles.write(at: path, zooms: 0...14, west: 23.5, south: 59.9, east: 26.0, north: 60.7)
        }
        return path
    }()

    @Test("a box of a local file: every tile of the box as in the source, nothing else, nothing left behind")
    func localFile() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("centre.pmtiles")
        let box = Self.centre
        let result = try Maprender.run([
            "basemap", "extract", Self.helsinki, "-o", output, "--bbox",
            "\(box.west),\(box.south),\(box.east),\(box.north)",
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty, "no progress bar when standard error is no terminal")
        let count = try Self.expectSameTiles(output, Self.helsinki, zooms: 0...14, box: box)
        #expect(count > 10)
        #expect(try folder.listing() == ["centre.pmtiles"])
        let header = try Self.open(output).header
        // The box within the source's bounds.
        let source = try Self.open(Self.helsinki).header.bounds
        #expect(abs(header.bounds.west - max(box.west, source.west)) < 1e-6)
        #expect(abs(header.bounds.north - min(box.north, source.north)) < 1e-6)
    }

    @Test("zooms narrowed with --minzoom and --maxzoom")
    func zooms() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("z.pmtiles")
        let box = Self.centre
        let result = try Maprender.run([
            "basemap", "extract", Self.protomaps, "-o", output, "--bbox",
            "\(box.west),\(box.south),\(box.east),\(box.north)",
            "--minzoom", "10", "--maxzoom", "13",
        ])
        #expect(result.status == 0, "\(result.errors)")
        try Self.expectSameTiles(output, Self.protomaps, zooms: 10...13, box: box)
    }

    @Test("from a URL: the same tiles, and only the needed bytes in few requests", arguments: [helsinki, protomaps])
    func url(source: String) async throws {
        let folder = try TemporaryDirectory()
        let server = try await TileServer.start(files: (source as NSString).deletingLastPathComponent)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/range/ok/" + (source as NSString).lastPathComponent
        let box = Self.centre
        let bbox = "\(box.west),\(box.south),\(box.east),\(box.north)"
        let plan = try Self.dryRun([url, "--bbox", bbox])
        let before = try await server.stats()
        let output = folder.path("centre.pmtiles")
        let result = try Maprender.run(["basemap", "extract", url, "-o", output, "--bbox", bbox])
        #expect(result.status == 0, "\(result.errors)")
        let after = try await server.stats()
        let count = try Self.expectSameTiles(output, source, zooms: try Self.open(source).header.zoomRange, box: box)
        #expect(plan.tiles == count)
        #expect(after.rangeRequests - before.rangeRequests == plan.requests + plan.directoryRequests)
        #expect(after.rangeBytes - before.rangeBytes == plan.bytes + plan.directoryBytes)
        try Self.expectEconomy(plan, output: output)
    }

    /// Requests at most one per 64 tiles, bytes at most 1.25 × the tile bytes written.
    static func expectEconomy(_ plan: DryRun, output: String) throws {
        let tileBytes = try headerField(output, at: 64)
        #expect(plan.requests <= (plan.tiles + 63) / 64, "\(plan.requests) requests for \(plan.tiles) tiles")
        #expect(Double(plan.bytes) <= 1.25 * Double(tileBytes), "\(plan.bytes) bytes fetched for \(tileBytes) written")
    }

    @Test("a large archive with leaf directories, from a URL: few requests, little overfetch, the same tiles")
    func largeArchive() async throws {
        let source = Self.synthetic
        #expect(try Self.headerField(source, at: 48) > 0, "the source has leaf directories")
        let folder = try TemporaryDirectory()
        let server = try await TileServer.start(files: (source as NSString).deletingLastPathComponent)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/range/ok/" + (source as NSString).lastPathComponent
        let box = (west: 24.3, south: 60.0, east: 25.5, north: 60.5)
        let bbox = "\(box.west),\(box.south),\(box.east),\(box.north)"
        let plan = try Self.dryRun([url, "--bbox", bbox])
        let before = try await server.stats()
        let output = folder.path("region.pmtiles")
        let result = try Maprender.run(["basemap", "extract", url, "-o", output, "--bbox", bbox])
        #expect(result.status == 0, "\(result.errors)")
        let after = try await server.stats()
        let count = try Self.expectSameTiles(output, source, zooms: 0...14, box: box)
        #expect(count == plan.tiles && count > 3000)
        #expect(after.rangeRequests - before.rangeRequests == plan.requests + plan.directoryRequests)
        #expect(after.rangeBytes - before.rangeBytes == plan.bytes + plan.directoryBytes)
        #expect(plan.directoryRequests >= 2, "leaf directories were read")
        #expect(after.maxActiveRequests <= 4 && after.maxActiveRequests >= 2, "parallel, up to 4 at once")
        try Self.expectEconomy(plan, output: output)
        // Shared contents stay shared: far fewer contents than tiles.
        #expect(try Self.headerField(output, at: 88) < UInt64(count) * 9 / 10)
        let sourceSize = try FileManager.default.attributesOfItem(atPath: source)[.size] as! NSNumber
        // The box is 30 % of the archive's area.
        #expect(UInt64(plan.bytes + plan.directoryBytes) < sourceSize.uint64Value * 45 / 100, "a part of the archive")
    }

    @Test(
        "PyPI pmtiles reads the extract: every tile equals the source's",
        .enabled(if: referenceReader, "PyPI pmtiles is not installed (python3 -m pip install pmtiles)"))
    func referenceReaderAgrees() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("region.pmtiles")
        let result = try Maprender.run([
            "basemap", "extract", Self.synthetic, "-o", output, "--bbox", "24.8,60.15,25.1,60.3", "--minzoom", "5",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let script = """
            import sys
            from pmtiles.reader import Reader, MmapSource, all_tiles
            out, src = open(sys.argv[1], "rb"), open(sys.argv[2], "rb")
            reader, source = Reader(MmapSource(out)), Reader(MmapSource(src))
            header = reader.header()
            assert header["clustered"] and header["min_zoom"] == 5 and header["max_zoom"] == 14, header
            count = 0
            for (z, x, y), data in all_tiles(reader.get_bytes):
                assert data == source.get(z, x, y), (z, x, y)
                count += 1
            assert count == header["addressed_tiles_count"], (count, header)
            print(count)
            """
        let check = try Tool.run(try #require(TileServer.python), ["-c", script, output, Self.synthetic])
        #expect(check.status == 0, "\(check.errors)")
        let ours = try Self.expectSameTiles(
            output, Self.synthetic, zooms: 5...14, box: (24.8, 60.15, 25.1, 60.3))
        #expect(Int(check.outputText.trimmingCharacters(in: .whitespacesAndNewlines)) == ours)
    }

    @Test(
        "a server that ignores Range, changes the ETag or cuts a body short: exit 69, nothing written",
        arguments: ["norange", "changing", "truncated"])
    func faults(mode: String) async throws {
        let folder = try TemporaryDirectory()
        let server = try await TileServer.start(files: (Self.helsinki as NSString).deletingLastPathComponent)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/range/\(mode)/helsinki.pmtiles"
        let output = folder.path("centre.pmtiles")
        let result = try Maprender.run(["basemap", "extract", url, "-o", output, "--bbox", "24.9,60.1,25.0,60.2"])
        #expect(result.status == 69, "\(mode): \(result.errors)")
        #expect(result.errors.hasPrefix("error: \(url)"), "\(result.errors)")
        let reason = [
            "norange": "range requests", "changing": "changed on the server", "truncated": "connection lost",
        ][mode]!
        #expect(result.errors.contains(reason), "\(result.errors)")
        #expect(try folder.listing().isEmpty, "nothing at the destination, no temporary file")
    }

    @Test(
        "a progress bar on a terminal, erased at the end",
        .enabled(if: Tool.path(of: "script") != nil, "needs script(1) for a pseudo-terminal"))
    func progressBar() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("region.pmtiles")
        let binary = Maprender.productsDirectory.appendingPathComponent("maprender").path
        let command = [binary, "basemap", "extract", Self.synthetic, "-o", output, "--bbox", "24.3,60.0,25.5,60.5"]
            .map { "'\($0)'" }.joined(separator: " ")
        // script(1) runs the command on a pseudo-terminal and copies what it shows.
        let result = try Tool.run(try #require(Tool.path(of: "script")), ["-qec", command, "/dev/null"])
        #expect(result.status == 0, "\(result.outputText)")
        let shown = result.outputText
        #expect(shown.contains("] ") && shown.contains(" MiB") && shown.contains("[######"), "\(shown)")
        #expect(shown.contains("\r\u{1B}[K" + output), "the bar is erased before the summary: \(shown)")
    }

    @Test("--dry-run prints the tiles and bytes and writes nothing")
    func dryRunWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("never.pmtiles")
        let box = Self.centre
        let bbox = "\(box.west),\(box.south),\(box.east),\(box.north)"
        let plan = try Self.dryRun([Self.helsinki, "-o", output, "--bbox", bbox])
        #expect(try folder.listing().isEmpty)
        let real = folder.path("real.pmtiles")
        #expect(try Maprender.run(["basemap", "extract", Self.helsinki, "-o", real, "--bbox", bbox]).status == 0)
        #expect(plan.tiles == Int(try Self.headerField(real, at: 72)))
        #expect(plan.bytes >= Int(try Self.headerField(real, at: 64)) && plan.requests >= 1)
        #expect(plan.directoryRequests == 1 && plan.directoryBytes == 16_384)
    }

    @Test("--around a favorites database and a GPX track, with --padding")
    func around() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("around.pmtiles")
        let favorites = Maprender.packageRoot.appendingPathComponent("examples/helsinki/favorites.db").path
        // A short walk east of the favorites, beyond them.
        let gpx = folder.path("walk.gpx")
        try Data(
            """
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><trkseg><trkpt lat="60.2" lon="25.2"/><trkpt lat="60.21" lon="25.25"/></trkseg></trk></gpx>
            """.utf8
        ).write(to: URL(fileURLWithPath: gpx))
        let result = try Maprender.run([
            "basemap", "extract", Self.synthetic, "-o", output, "--around", favorites, "--around", gpx, "--padding",
            "2km",
            "--maxzoom", "12",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let header = try Self.open(output).header
        let places = try PlacesList.coordinates(favorites)
        #expect(!places.isEmpty)
        for place in places + [Coordinate(latitude: 60.21, longitude: 25.25)] {
            #expect(place.longitude > header.bounds.west && place.longitude < header.bounds.east)
            #expect(place.latitude > header.bounds.south && place.latitude < header.bounds.north)
        }
        // 2 km is about 0.018° of latitude, 0.036° of longitude at 60° north.
        #expect(abs(header.bounds.north - (60.21 + 2000 / 111_319.5)) < 1e-4)
        #expect(header.bounds.east > 25.25 + 0.035 && header.bounds.east < 25.25 + 0.037)
        #expect(header.zoomRange == 0...12)
        try Self.expectSameTiles(
            output, Self.synthetic, zooms: 0...12,
            box: (header.bounds.west, header.bounds.south, header.bounds.east, header.bounds.north))
    }

    @Test("an MBTiles source: the box's tiles as the file holds them, its metadata as JSON")
    func mbtiles() throws {
        let folder = try TemporaryDirectory()
        let source = Maprender.packageRoot.appendingPathComponent(
            "Tests/MapTilesTests/Fixtures/pmtiles/helsinki.mbtiles"
        )
        .path
        let output = folder.path("centre.pmtiles")
        let box = Self.centre
        let bbox = "\(box.west),\(box.south),\(box.east),\(box.north)"
        let dry = try Maprender.run(["basemap", "extract", source, "--bbox", bbox, "--maxzoom", "13", "--dry-run"])
        #expect(dry.status == 0, "\(dry.errors)")
        #expect(try folder.listing().isEmpty)
        let result = try Maprender.run(["basemap", "extract", source, "-o", output, "--bbox", bbox, "--maxzoom", "13"])
        #expect(result.status == 0, "\(result.errors)")
        let archive = try Self.open(output), original = try MBTilesVectorArchive(path: source)
        var present = 0
        for tile in SyntheticPMTiles.tiles(
            zooms: 0...13, west: box.west, south: box.south, east: box.east, north: box.north)
        {
            let expected = try original.storedTile(tile)
            if expected != nil { present += 1 }
            #expect(try archive.storedTile(tile) == expected, "tile \(tile)")
        }
        #expect(try Self.headerField(output, at: 72) == UInt64(present) && present > 5)
        #expect(dry.outputText.hasPrefix("\(present) tiles at zooms 0-13\n"), "\(dry.outputText)")
        #expect(archive.header.tileType == .mvt && archive.header.tileCompression == .gzip)
        let metadata = String(decoding: try archive.metadata(), as: UTF8.self)
        #expect(
            metadata.contains("\"vector_layers\":[{\"id\":") && metadata.contains("\"format\":\"pbf\""), "\(metadata)")
        // A SQLite file of another kind is refused as data.
        let favorites = Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path
        let refused = try Maprender.run(["basemap", "extract", favorites, "-o", output, "--bbox", bbox])
        #expect(refused.status == 65 && refused.errors.contains("not MBTiles"), "\(refused.errors)")
    }

    @Test("bad input: missing source 66, not PMTiles 65, bad box or zooms 64, each with its message")
    func badInput() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("out.pmtiles")
        let gpx = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx").path
        let cases: [([String], Int32, String)] = [
            (["/no/such/planet.pmtiles", "-o", output, "--bbox", "0,0,1,1"], 66, "no such file"),
            ([gpx, "-o", output, "--bbox", "0,0,1,1"], 65, "not a PMTiles archive"),
            ([Self.helsinki, "-o", output, "--bbox", "0,0,1"], 64, "is not W,S,E,N"),
            ([Self.helsinki, "-o", output, "--bbox", "0,10,1,5"], 64, "south edge 10.0 is not below its north edge"),
            ([Self.helsinki, "-o", output, "--bbox", "0,0,200,1"], 64, "out of range"),
            (
                [Self.helsinki, "-o", output, "--bbox", "0,0,1,1", "--minzoom", "9", "--maxzoom", "3"], 64,
                "above --maxzoom"
            ),
            ([Self.helsinki, "-o", output, "--bbox", "0,0,1,1", "--maxzoom", "31"], 64, "is not a zoom"),
            ([Self.helsinki, "-o", output, "--bbox", "0,0,1,1", "--minzoom", "15"], 64, "has zooms 0–14"),
            ([Self.helsinki, "-o", output], 64, "needs a region"),
            ([Self.helsinki, "--bbox", "0,0,1,1"], 64, "needs -o"),
            ([Self.helsinki, "--bbox", "0,0,1,1", "-o", "-"], 64, "cannot write to standard output"),
            ([Self.helsinki, "--bbox", "-180,-85,180,85", "-o", output], 64, "more than 50000000 tiles"),
            (
                [Self.helsinki, "-o", output, "--bbox", "60.1,24.9,60.2,25", "--minzoom", "5"], 64,
                "no tile of the archive"
            ),
            ([Self.helsinki, "-o", "/no/such/folder/out.pmtiles", "--bbox", "24.9,60.1,25,60.2"], 73, "cannot create"),
        ]
        for (arguments, status, message) in cases {
            let result = try Maprender.run(["basemap", "extract"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.errors)")
            #expect(
                result.errors.hasPrefix("error: ") && result.errors.contains(message), "\(arguments): \(result.errors)")
        }
        #expect(try folder.listing().isEmpty)
    }

    @Test("killed with SIGKILL at random moments: the destination is absent or the whole archive")
    func killSafety() async throws {
        let folder = try TemporaryDirectory()
        let source = Self.synthetic
        let server = try await TileServer.start(files: (source as NSString).deletingLastPathComponent)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/range/slow/" + (source as NSString).lastPathComponent
        let arguments = ["basemap", "extract", url, "--bbox", "24.6,60.1,25.2,60.35", "-o"]
        let reference = folder.path("reference.pmtiles")
        let started = Date()
        #expect(try Maprender.run(arguments + [reference]).status == 0)
        let whole = Date().timeIntervalSince(started)
        let expected = try Data(contentsOf: URL(fileURLWithPath: reference))
        var random = SplitMix64(seed: 19)
        var completed = 0
        for trial in 0..<8 {
            let output = folder.path("killed-\(trial).pmtiles")
            let process = try ChildProcess(
                Maprender.productsDirectory.appendingPathComponent("maprender").path, arguments + [output],
                environment: Maprender.hermetic(nil), output: .null, error: .null)
            let delay = random.uniform(0, whole * 1.25)
            try await Task.sleep(nanoseconds: UInt64(delay * 1e9))
            process.send(SIGKILL)
            try process.wait()
            if FileManager.default.fileExists(atPath: output) {
                completed += 1
                #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == expected, "trial \(trial)")
            }
        }
        // Hidden temporary files of killed runs (.NAME.XXXXXX) are expected, as for renders;
        // no visible file but whole archives.
        let visible = try folder.listing().filter { !$0.hasPrefix(".") }
        #expect(visible.count == 1 + completed)
        // The header is written last, so a leftover that starts like an archive is a whole
        // one (killed between its header and the rename); any other has no header at all.
        for leftover in try folder.listing().filter({ $0.hasPrefix(".") }) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path(leftover)))
            if bytes.prefix(7) == Data("PMTiles".utf8) {
                #expect(bytes == expected, "\(leftover) starts like an archive but is not the whole one")
            } else {
                #expect(bytes.prefix(7).allSatisfy { $0 == 0 } || bytes.count < 7, "\(leftover) has a partial header")
            }
        }
    }
}

/// The coordinates of a favorites database, read with the sqlite3 shell's Python twin.
enum PlacesList {
    static func coordinates(_ path: String) throws -> [Coordinate] {
        let script = """
            import sqlite3, sys
            for lat, lon in sqlite3.connect(sys.argv[1]).execute("SELECT latitude, longitude FROM places"):
                print(lat, lon)
            """
        let result = try Tool.run(try #require(TileServer.python), ["-c", script, path])
        return result.outputText.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ").compactMap { Double($0) }
            return parts.count == 2 ? Coordinate(latitude: parts[0], longitude: parts[1]) : nil
        }
    }
}
