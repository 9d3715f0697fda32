import Foundation
import MapTestSupport
import Testing

/// Street maps from vector tiles: how `--basemap`, `--basemap-style` and `--style` bind, as
/// the sidecar, the exit status and the tile server see it (the drawing itself is the
/// layout's, tested there).
@Suite("Vector basemaps, end to end", .serialized)
struct VectorBasemapTests {
    let fixtures = Maprender.packageRoot.appendingPathComponent("Tests/MapTilesTests/Fixtures/pmtiles").path
    let view = ["--center", "60.1716,24.9443", "--zoom", "14", "--size", "200x150", "--tile-cache", "none"]

    func sidecar(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    func diagnostics(_ sidecar: [String: Any]) -> [(severity: String, message: String)] {
        (sidecar["diagnostics"] as? [[String: Any]] ?? []).map {
            ($0["severity"] as? String ?? "", $0["message"] as? String ?? "")
        }
    }

    /// A style of one vector source, `pmtiles://` beside it, a layer type that is not drawn
    /// and an operator that is not supported.
    func writeStyle(in folder: TemporaryDirectory, sprite: String? = nil) throws -> String {
        try FileManager.default.copyItem(atPath: fixtures + "/helsinki.pmtiles", toPath: folder.path("city.pmtiles"))
        let spriteMember = sprite.map { "\"sprite\": \"\($0)\", " } ?? ""
        let style = """
            {"version": 8, \(spriteMember)"sources": {"city": {"type": "vector", "url": "pmtiles://city.pmtiles"}},
             "layers": [{"id": "water", "type": "fill", "source": "city", "source-layer": "water"},
                        {"id": "heat", "type": "heatmap", "source": "city", "source-layer": "poi"}]}
            """
        try style.write(toFile: folder.path("style.json"), atomically: true, encoding: .utf8)
        return folder.path("style.json")
    }

    @Test("--basemap helsinki.pmtiles (and .mbtiles) draw in the built-in style, credited to OpenMapTiles")
    func openMapTilesArchive() throws {
        let folder = try TemporaryDirectory()
        for (archive, style) in [("helsinki.pmtiles", "default"), ("helsinki.mbtiles", "dark")] {
            let result = try Maprender.run(
                view + [
                    "--basemap", fixtures + "/" + archive, "--style", style, "-o", folder.path("map.png"), "--sidecar",
                    folder.path("map.json"),
                ])
            #expect(result.status == 0, "\(archive): \(result.errors)")
            let credits = try sidecar(folder.path("map.json"))["attribution"] as? [String]
            #expect(credits == ["© OpenMapTiles © OpenStreetMap contributors"], "\(archive)")
        }
    }

    @Test("an archive of other layers without a style: exit 64, naming its layers and --basemap-style")
    func foreignLayers() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(
            view + ["--basemap", fixtures + "/test_fixture_1.pmtiles", "-o", folder.path("map.png")])
        #expect(result.status == 64, "stderr: \(result.errors)")
        #expect(result.errors.contains("test_fixture_1pmtiles") && result.errors.contains("--basemap-style"))
        #expect(try folder.listing().isEmpty)
        // With a style of its own, any vector archive binds.
        let style = try writeStyle(in: folder)
        let bound = try Maprender.run(
            view + [
                "--basemap", fixtures + "/test_fixture_1.pmtiles", "--basemap-style", style, "-o",
                folder.path("map.png"),
            ])
        #expect(bound.status == 0, "stderr: \(bound.errors)")
    }

    @Test("--basemap-style with unsupported things: exit 0 with each note in the sidecar, --strict too")
    func styleNotes() throws {
        let folder = try TemporaryDirectory()
        let style = try writeStyle(in: folder)
        for strict in [[], ["--strict"]] {
            let result = try Maprender.run(
                view + strict + [
                    "--basemap-style", style, "-o", folder.path("map.png"), "--sidecar", folder.path("map.json"),
                ])
            #expect(result.status == 0, "stderr: \(result.errors)")
            let notes = diagnostics(try sidecar(folder.path("map.json")))
            #expect(notes.contains { $0.severity == "info" && $0.message.contains("\"heatmap\"") }, "\(notes)")
            #expect(notes.allSatisfy { $0.severity == "info" })
            // Notes are for the sidecar; standard error has them only with --verbose.
            #expect(result.errors.isEmpty, "stderr: \(result.errors)")
        }
        let verbose = try Maprender.run(view + ["--basemap-style", style, "--verbose", "-o", folder.path("map.png")])
        #expect(verbose.status == 0)
        #expect(
            verbose.errors.contains("info: ") && verbose.errors.contains("\"heatmap\""), "stderr: \(verbose.errors)")
    }

    @Test("the print look over the Helsinki example: tile repairs are notes in the sidecar, not lines on stderr")
    func quietRepairs() throws {
        let folder = try TemporaryDirectory()
        let archive = Maprender.packageRoot.appendingPathComponent("examples/helsinki/helsinki.pmtiles").path
        let arguments = [
            "--places", Maprender.packageRoot.appendingPathComponent("examples/helsinki/favorites.db").path,
            "--basemap", archive, "--style", "print", "-o", folder.path("map.png"), "--sidecar",
            folder.path("map.json"),
        ]
        let quiet = try Maprender.run(arguments)
        #expect(quiet.status == 0 && quiet.errors.isEmpty, "stderr: \(quiet.errors)")
        let notes = diagnostics(try sidecar(folder.path("map.json")))
        #expect(notes.contains { $0.severity == "info" && $0.message.hasPrefix("vector tile repaired") }, "\(notes)")
        let verbose = try Maprender.run(arguments + ["--verbose"])
        #expect(verbose.errors.contains("info: vector tile repaired"), "stderr: \(verbose.errors)")
    }

    @Test("--strict fails on the vector basemap's warnings (a missing sprite): exit 69 and no output")
    func strict() throws {
        let folder = try TemporaryDirectory()
        let style = try writeStyle(in: folder, sprite: "icons")
        let lenient = try Maprender.run(view + ["--basemap-style", style, "-o", folder.path("map.png")])
        #expect(lenient.status == 0 && lenient.errors.contains("warning: sprite icons"), "stderr: \(lenient.errors)")
        try FileManager.default.removeItem(atPath: folder.path("map.png"))
        let strict = try Maprender.run(view + ["--basemap-style", style, "--strict", "-o", folder.path("map.png")])
        #expect(strict.status == 69, "stderr: \(strict.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("map.png")))
    }

    @Test("a damaged archive is exit 65, a satellite map of vector tiles 64, a server without ranges 69")
    func failures() async throws {
        let folder = try TemporaryDirectory()
        let damaged = try Maprender.run(
            view + ["--basemap", fixtures + "/invalid_v4.pmtiles", "-o", folder.path("map.png")])
        #expect(damaged.status == 65, "stderr: \(damaged.errors)")
        let satellite = try Maprender.run(
            view + [
                "--basemap", fixtures + "/helsinki.pmtiles", "--map-type", "satellite", "-o", folder.path("map.png"),
            ])
        #expect(satellite.status == 64, "stderr: \(satellite.errors)")
        let server = try await TileServer.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let remote = try Maprender.run(
            view + [
                "--basemap", base + "/archive/helsinki.pmtiles", "-o", folder.path("map.png"), "--sidecar",
                folder.path("map.json"),
            ])
        #expect(remote.status == 0, "stderr: \(remote.errors)")
        #expect(
            try sidecar(folder.path("map.json"))["attribution"] as? [String] == [
                "© OpenMapTiles © OpenStreetMap contributors"
            ])
        let noRanges = try Maprender.run(
            view + ["--basemap", base + "/archive-norange/helsinki.pmtiles", "-o", folder.path("other.png")])
        #expect(noRanges.status == 69 && noRanges.errors.contains("range requests"), "stderr: \(noRanges.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("other.png")))
    }

    @Test("a style's TileJSON source on the local server is fetched and credited")
    func tileJSON() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let style = """
            {"version": 8, "sources": {"city": {"type": "vector", "url": "http://127.0.0.1:\(server.port)/tilejson/helsinki.json"}},
             "layers": [{"id": "water", "type": "fill", "source": "city", "source-layer": "water"}]}
            """
        try style.write(toFile: folder.path("style.json"), atomically: true, encoding: .utf8)
        let result = try Maprender.run(
            view + [
                "--basemap-style", folder.path("style.json"), "-o", folder.path("map.png"), "--sidecar",
                folder.path("map.json"),
            ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(try sidecar(folder.path("map.json"))["attribution"] as? [String] == ["© Test tiles"])
        #expect(try await server.stats().requests["/tilejson/helsinki.json"] == 1)
    }

    @Test("--strict fails on vector tiles that cannot be decoded: exit 69 and no output, as for raster tiles")
    func strictOnDamagedTiles() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let style = """
            {"version": 8, "sources": {"city": {"type": "vector", "maxzoom": 14,
              "tiles": ["http://127.0.0.1:\(server.port)/mvt-garbage/helsinki/{z}/{x}/{y}.pbf"]}},
             "layers": [{"id": "water", "type": "fill", "source": "city", "source-layer": "water"}]}
            """
        try style.write(toFile: folder.path("style.json"), atomically: true, encoding: .utf8)
        let lenient = try Maprender.run(
            view + ["--basemap-style", folder.path("style.json"), "-o", folder.path("map.png")])
        #expect(lenient.status == 0, "stderr: \(lenient.errors)")
        let strict = try Maprender.run(
            view + ["--basemap-style", folder.path("style.json"), "--strict", "-o", folder.path("strict.png")])
        let asked = try await server.stats().requests.keys.contains { $0.hasPrefix("/mvt-garbage/") }
        #expect(asked, "the layout asks for the tiles the map shows")
        #expect(lenient.errors.contains("warning: ") && lenient.errors.contains("vector tile"))
        #expect(strict.status == 69, "stderr: \(strict.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("strict.png")))
    }

    @Test("batch jobs take --basemap-style like render")
    func batch() throws {
        let folder = try TemporaryDirectory()
        let style = try writeStyle(in: folder)
        let line = """
            {"id": "city", "output": "\(folder.path("city.png"))", "center": "60.1716,24.9443", "zoom": 14, "size": "200x150", "basemap-style": "\(style)", "sidecar": "\(folder.path("city.json"))"}

            """
        try Data(line.utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let result = try Maprender.run(["batch", folder.path("jobs.jsonl"), "--progress", "never"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(diagnostics(try sidecar(folder.path("city.json"))).contains { $0.message.contains("\"heatmap\"") })
    }
}
