import Foundation
import MapRenderCairo
import MapTestSupport
import Testing

@testable import MapSQLite

@Suite("Raster basemaps, end to end", .serialized)
struct TileBasemapTests {
    let pin = [
        "--pin", "39.74,-104.99", "--center", "39.74,-104.99", "--zoom", "12", "--size", "300x200", "--callouts",
        "none",
    ]

    /// The server's tile URL template for a kind of path (`tiles`, `404`, …).
    func template(_ server: TileServer, _ kind: String) -> String {
        "http://127.0.0.1:\(server.port)/\(kind)/{z}/{x}/{y}.png"
    }

    /// The colour at the canvas centre's tile, from a render to standard output.
    func render(_ arguments: [String]) throws -> (RunResult, RasterImage?) {
        let result = try Maprender.run(pin + arguments + ["-o", "-"])
        return (result, result.status == 0 ? try RasterImage(png: Array(result.output)) : nil)
    }

    @Test(
        "HTTP tiles from a server on 127.0.0.1 are drawn; the second run comes from the cache; offline mode never asks")
    func http() async throws {
        let server = try await TileServer.start()
        let folder = try TemporaryDirectory()
        let cache = ["--tile-cache", folder.path("cache.sqlite")]
        let (first, image) = try render(
            ["--basemap", template(server, "tiles"), "--attribution", "Test tiles"] + cache)
        #expect(first.status == 0 && first.errors.isEmpty, "stderr: \(first.errors)")
        let corner = try #require(image).pixel(x: 5, y: 5)
        // Not the plain background: a tile was drawn there.
        #expect(!(corner.red == 0xF2 && corner.green == 0xEF && corner.blue == 0xE9))
        let stats = { () throws -> [String: Any] in
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(string: "http://127.0.0.1:\(server.port)/stats")!)) as! [String: Any]
        }
        let requested = (try stats()["requests"] as? [String: Int])?.keys.filter { $0.hasPrefix("/tiles/") }.count ?? 0
        #expect(requested > 0)
        let (second, _) = try render(["--basemap", template(server, "tiles")] + cache)
        let (offline, _) = try render(["--basemap", template(server, "tiles"), "--offline"] + cache)
        #expect(second.status == 0 && offline.status == 0 && offline.errors.isEmpty, "stderr: \(offline.errors)")
        let after = (try stats()["requests"] as? [String: Int])?.values.reduce(0, +) ?? 0
        #expect(after == requested, "cached and offline runs must not ask the server again")
        let userAgents = try stats()["user_agents"] as? [String] ?? []
        #expect(userAgents.allSatisfy { $0.hasPrefix("maprender/") })
    }

    @Test("missing tiles are a warning and the background; --strict makes them exit 69 with no output")
    func missing() async throws {
        let server = try await TileServer.start()
        let folder = try TemporaryDirectory()
        let (result, image) = try render(["--basemap", template(server, "404"), "--tile-cache", "none"])
        #expect(
            result.status == 0 && result.errors.contains("tiles missing") && result.errors.contains("HTTP 404"),
            "stderr: \(result.errors)")
        let corner = try #require(image).pixel(x: 5, y: 5)
        #expect(corner.red == 0xF2 && corner.green == 0xEF && corner.blue == 0xE9)
        let strict = try Maprender.run(
            pin + [
                "--basemap", template(server, "garbage"), "--tile-cache", "none", "--strict", "-o",
                folder.path("map.png"),
            ])
        #expect(strict.status == 69 && strict.errors.contains("not a PNG or JPEG"), "stderr: \(strict.errors)")
        #expect(try folder.listing().isEmpty)
    }

    @Test("an MBTiles file with TMS rows, and a corrupt one")
    func mbtiles() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("tiles.mbtiles")
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try database.executeScript(
            """
            CREATE TABLE metadata (name TEXT, value TEXT);
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            INSERT INTO metadata VALUES ('name', 'test'), ('format', 'png'), ('minzoom', '12'), ('maxzoom', '12'),
              ('attribution', '© Test MBTiles');
            """)
        // A solid teal tile for every tile around the centre.
        let teal = RasterImage(
            width: 256, height: 256, pixels: Array([[UInt8]](repeating: [0, 128, 128, 255], count: 256 * 256).joined()))
        let png = try teal.pngData()
        for x in 850...855 {
            for y in 1550...1560 {
                try database.execute(
                    "INSERT INTO tiles VALUES (12, ?, ?, ?)",
                    [.integer(Int64(x)), .integer(Int64((1 << 12) - 1 - y)), .blob(png)])
            }
        }
        let (result, image) = try render(["--basemap", path])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        let corner = try #require(image).pixel(x: 3, y: 3)
        #expect(corner.red == 0 && corner.green == 128 && corner.blue == 128, "the TMS row was flipped: \(corner)")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: folder.path("bad.mbtiles")))
        let bad = try Maprender.run(pin + ["--basemap", folder.path("bad.mbtiles"), "-o", folder.path("x.png")])
        #expect(bad.status == 65 && bad.errors.contains("bad.mbtiles"), "stderr: \(bad.errors)")
    }

    @Test("a raster PMTiles archive draws its tiles, a vector one a street map; a damaged one is exit 65")
    func pmtiles() async throws {
        let fixtures = Maprender.packageRoot.appendingPathComponent("Tests/MapTilesTests/Fixtures/pmtiles").path
        let folder = try TemporaryDirectory()
        // The archive's z2 tile (x 2, y 1) is grey 2·80 + 2·8 + 1·2 = 178: the map's centre lies in it.
        let result = try Maprender.run([
            "--basemap", fixtures + "/raster.pmtiles", "--center", "20,10", "--zoom", "2", "--size", "200x150",
            "--callouts", "none", "-o", folder.path("grey.png"), "--sidecar", folder.path("grey.json"),
        ])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("grey.png")))))
        let centre = image.pixel(x: 100, y: 75)
        #expect(centre.red == 178 && centre.green == 178 && centre.blue == 178, "\(centre)")
        let sidecar = try String(contentsOfFile: folder.path("grey.json"), encoding: .utf8)
        #expect(sidecar.contains("© Test Tiles"))

        let vector = try Maprender.run(pin + ["--basemap", fixtures + "/helsinki.pmtiles", "-o", folder.path("v.png")])
        #expect(vector.status == 0, "stderr: \(vector.errors)")
        let old = try Maprender.run(pin + ["--basemap", fixtures + "/invalid_v4.pmtiles", "-o", folder.path("o.png")])
        #expect(old.status == 65 && old.errors.contains("PMTiles version 4 is not supported"), "stderr: \(old.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.path("v.png")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("o.png")))

        // The same archive over HTTP range requests; a server without them is exit 69.
        let server = try await TileServer.start()
        let remote = try Maprender.run([
            "--basemap", "http://127.0.0.1:\(server.port)/archive/raster.pmtiles", "--center", "20,10", "--zoom", "2",
            "--size", "200x150", "--callouts", "none", "--tile-cache", "none", "-o", folder.path("remote.png"),
        ])
        #expect(remote.status == 0 && remote.errors.isEmpty, "stderr: \(remote.errors)")
        let same = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("remote.png")))))
        #expect(same.pixel(x: 100, y: 75).red == 178)
        let norange = try Maprender.run(
            pin + [
                "--basemap", "http://127.0.0.1:\(server.port)/archive-norange/raster.pmtiles", "-o",
                folder.path("n.png"),
            ])
        #expect(norange.status == 69 && norange.errors.contains("range requests"), "stderr: \(norange.errors)")
    }

    @Test("satellite and hybrid need imagery; a non-http template is refused")
    func usage() throws {
        let satellite = try Maprender.run(pin + ["--map-type", "satellite", "-o", "-"])
        #expect(satellite.status == 64 && satellite.errors.contains("imagery"))
        let ftp = try Maprender.run(pin + ["--basemap", "ftp://example.com/{z}/{x}/{y}.png", "-o", "-"])
        #expect(ftp.status == 64, "stderr: \(ftp.errors)")
    }
}
