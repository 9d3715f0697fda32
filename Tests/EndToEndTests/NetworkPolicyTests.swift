import Foundation
import MapTestSupport
import Testing

/// Network sources named by jobs someone else wrote: a batch with --in-dir reaches no
/// loopback, link-local or private address unless the batch lists it with --allow-host; any
/// run does the same with --allow-host or --deny-private-network. Against tile_server.py on
/// 127.0.0.1 ("localhost" resolves to loopback: the checks come after name resolution).
@Suite("Host policy, end to end")
struct NetworkPolicyTests {
    let view = ["--center", "20,10", "--zoom", "2", "--size", "200x150", "--callouts", "none", "--tile-cache", "none"]

    /// A manifest in `folder/data` with a job per basemap (ids a, b, …), each with `extra`
    /// keys.
    func manifest(_ basemaps: [String], extra: String = "", in folder: TemporaryDirectory) throws -> String {
        try FileManager.default.createDirectory(atPath: folder.path("data"), withIntermediateDirectories: true)
        let lines = basemaps.enumerated().map { index, basemap in
            let id = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
            return "{\"id\": \"\(id)\", \"output\": \"\(id).png\", \"basemap\": \"\(basemap)\"\(extra)}"
        }
        let path = folder.path("data/jobs.jsonl")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func batch(
        _ manifest: String, in folder: TemporaryDirectory, _ extra: [String] = [], environment: [String: String]? = nil
    )
        throws -> RunResult
    {
        try Maprender.run(
            [
                "batch", manifest, "--in-dir", folder.path("data"), "--out-dir", folder.path("maps"), "--progress",
                "never",
            ]
                + extra + view, environment: environment)
    }

    @Test("batch --in-dir: loopback by address, by name and a job's own --allow-host are refused; nothing is requested")
    func inDirRefuses() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let port = server.port
        let jobs = try manifest(
            [
                "http://127.0.0.1:\(port)/tiles/{z}/{x}/{y}.png", "http://localhost:\(port)/archive/raster.pmtiles",
                "http://[::ffff:127.0.0.1]:\(port)/tiles/{z}/{x}/{y}.png",
            ], extra: ", \"allow-host\": [\"127.0.0.1\", \"localhost\"]", in: folder)
        let run = try batch(jobs, in: folder)
        #expect(run.status == 65, "stderr: \(run.errors)")
        #expect(
            run.errors.contains(
                "job a failed: http://127.0.0.1:\(port)/tiles/{z}/{x}/{y}.png: host 127.0.0.1 is a loopback address; refused"
            ), "stderr: \(run.errors)")
        #expect(
            run.errors.contains("job b failed: http://localhost:\(port)/archive/raster.pmtiles: host localhost ("),
            "stderr: \(run.errors)")
        #expect(run.errors.contains("job c failed:") && run.errors.contains("3 failed"), "stderr: \(run.errors)")
        #expect(run.errors.contains("--allow-host"))
        #expect(try await server.stats().total == 0)
        let maps = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("maps"))) ?? []
        #expect(maps.isEmpty, "\(maps)")
    }

    @Test("batch --in-dir --allow-host (or the allow-host key of the configuration) lets the listed hosts through")
    func allowHost() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let port = server.port
        let jobs = try manifest(
            ["http://127.0.0.1:\(port)/tiles/{z}/{x}/{y}.png", "http://localhost:\(port)/archive/raster.pmtiles"],
            in: folder)
        let listed = try batch(jobs, in: folder, ["--allow-host", "127.0.0.1", "--allow-host", "localhost"])
        #expect(listed.status == 0, "stderr: \(listed.errors)")
        let stats = try await server.stats()
        #expect(stats.requests.keys.contains { $0.hasPrefix("/tiles/") })
        #expect(stats.requests.keys.contains { $0.hasPrefix("/archive/raster.pmtiles") })
        // A block lets a name through when it resolves into it.
        let block = try batch(jobs, in: folder, ["--allow-host", "127.0.0.0/8"])
        #expect(block.status == 0, "stderr: \(block.errors)")
        // Only what is listed: the name localhost does not list the address 127.0.0.1.
        let one = try batch(jobs, in: folder, ["--allow-host", "localhost"])
        #expect(
            one.status == 65 && one.errors.contains("job a failed") && !one.errors.contains("job b failed"),
            "stderr: \(one.errors)")
        // The configuration's allow-host key.
        let config = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: config.path("maprender"), withIntermediateDirectories: true)
        try #"{"allow-host": ["127.0.0.1", "localhost"]}"#.write(
            toFile: config.path("maprender/config.json"), atomically: true, encoding: .utf8)
        let configured = try batch(
            jobs, in: folder, environment: ["XDG_CONFIG_HOME": config.url.path, "HOME": config.url.path])
        #expect(configured.status == 0, "stderr: \(configured.errors)")
    }

    @Test("a single render with --deny-private-network: exit 65, the host named, no output, no request")
    func singleRender() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        for (host, words) in [
            ("127.0.0.1", "host 127.0.0.1 is a loopback address; refused"), ("localhost", "host localhost ("),
        ] {
            let run = try Maprender.run(
                view + [
                    "--deny-private-network", "--basemap", "http://\(host):\(server.port)/tiles/{z}/{x}/{y}.png", "-o",
                    folder.path("map.png"),
                ])
            #expect(run.status == 65, "stderr: \(run.errors)")
            #expect(
                run.errors.hasPrefix("error: ") && run.errors.contains(words) && run.errors.contains("--allow-host"),
                "stderr: \(run.errors)")
        }
        #expect(try folder.listing().isEmpty)
        #expect(try await server.stats().total == 0)
        let bad = try Maprender.run(view + ["--allow-host", "tiles example", "-o", folder.path("map.png")])
        #expect(
            bad.status == 64 && bad.errors.contains("--allow-host: 'tiles example' is not a host name"),
            "stderr: \(bad.errors)")
    }

    @Test("a redirect from an allowed name to an address not allowed is refused, exit 65")
    func redirect() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let run = try Maprender.run(
            view + [
                "--allow-host", "localhost", "--basemap",
                "http://localhost:\(server.port)/to/127.0.0.2/archive/raster.pmtiles",
                "-o", folder.path("map.png"),
            ])
        #expect(run.status == 65, "stderr: \(run.errors)")
        #expect(run.errors.contains("host 127.0.0.2 is not an allowed host; refused"), "stderr: \(run.errors)")
        #expect(try folder.listing().isEmpty)
        let stats = try await server.stats()
        #expect(stats.requests.keys.allSatisfy { $0.hasPrefix("/to/") }, "\(stats.requests)")
    }

    @Test(
        "a tile of a raster or vector template redirected to a refused host fails the render, exit 65 even with --strict",
        arguments: [
            ("tiles/{z}/{x}/{y}.png", ["--center", "20,10", "--zoom", "2"]),
            ("mvt/helsinki/{z}/{x}/{y}.pbf", ["--center", "60.17,24.94", "--zoom", "12"]),
        ])
    func redirectedTile(path: String, place: [String]) async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let words =
            place + ["--size", "200x150", "--callouts", "none", "--tile-cache", "none", "--allow-host", "localhost"]
        let base = "http://localhost:\(server.port)"
        for strict in [[], ["--strict"]] {
            let run = try Maprender.run(
                words + strict + ["--basemap", "\(base)/to/127.0.0.2/\(path)", "-o", folder.path("map.png")])
            #expect(run.status == 65, "\(strict) stderr: \(run.errors)")
            // The refused request's URL, the host and the remedy; no warning of a missing tile.
            #expect(
                run.errors.hasPrefix("error: \(base)/to/127.0.0.2/")
                    && run.errors.contains(": host 127.0.0.2 is not an allowed host; refused; ")
                    && run.errors.contains("--allow-host") && !run.errors.contains("missing"),
                "stderr: \(run.errors)")
            #expect(try folder.listing().isEmpty)
        }
        let stats = try await server.stats()
        #expect(stats.requests.keys.allSatisfy { $0.hasPrefix("/to/") }, "\(stats.requests)")
        // A redirect the policy allows (to the listed name) still draws the tiles.
        let allowed = try Maprender.run(
            words + ["--strict", "--basemap", "\(base)/to/localhost/\(path)", "-o", folder.path("map.png")])
        #expect(allowed.status == 0, "stderr: \(allowed.errors)")
        #expect(try folder.listing() == ["map.png"])
        let followed = try await server.stats().requests.keys
        #expect(followed.contains { $0.hasPrefix("/\(path.prefix { $0 != "/" })/") }, "\(followed)")
    }

    @Test("a batch job whose template tile is redirected to a refused host fails with 65; the next job is drawn")
    func redirectedTileInBatch() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let base = "http://localhost:\(server.port)"
        let jobs = try manifest(
            [
                "\(base)/to/127.0.0.2/tiles/{z}/{x}/{y}.png", "\(base)/to/localhost/tiles/{z}/{x}/{y}.png",
                "\(base)/to/127.0.0.2/mvt/helsinki/{z}/{x}/{y}.pbf",
            ], in: folder)
        let run = try batch(jobs, in: folder, ["--allow-host", "localhost"])
        #expect(run.status == 65, "stderr: \(run.errors)")
        #expect(
            run.errors.contains("job a failed: \(base)/to/127.0.0.2/tiles/")
                && run.errors.contains("job c failed: \(base)/to/127.0.0.2/mvt/helsinki/")
                && run.errors.contains("host 127.0.0.2 is not an allowed host; refused")
                && !run.errors.contains("job b failed") && run.errors.contains("2 failed"),
            "stderr: \(run.errors)")
        let maps = try FileManager.default.contentsOfDirectory(atPath: folder.path("maps"))
        #expect(maps == ["b.png"], "\(maps)")
    }

    @Test("sources a job's basemap style names (remote PMTiles, TileJSON, tile templates) obey the batch's policy")
    func styleSources() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("data"), withIntermediateDirectories: true)
        let port = server.port
        let sources = [
            #"{"type": "vector", "url": "pmtiles://http://127.0.0.1:\#(port)/archive/helsinki.pmtiles"}"#,
            #"{"type": "vector", "url": "http://localhost:\#(port)/tilejson/helsinki.json"}"#,
            #"{"type": "vector", "tiles": ["http://127.0.0.1:\#(port)/mvt/helsinki/{z}/{x}/{y}.pbf"]}"#,
        ]
        var lines: [String] = []
        for (index, source) in sources.enumerated() {
            let style = """
                {"version": 8, "sources": {"s": \(source)}, "layers": [
                 {"id": "bg", "type": "background", "paint": {"background-color": "#eeeeee"}},
                 {"id": "w", "type": "fill", "source": "s", "source-layer": "water", "paint": {"fill-color": "#0000ff"}}]}
                """
            try style.write(toFile: folder.path("data/style\(index).json"), atomically: true, encoding: .utf8)
            lines.append(#"{"id": "s\#(index)", "output": "s\#(index).png", "basemap-style": "style\#(index).json"}"#)
        }
        try lines.joined(separator: "\n").write(
            toFile: folder.path("data/jobs.jsonl"), atomically: true, encoding: .utf8)
        let words = [
            "batch", folder.path("data/jobs.jsonl"), "--in-dir", folder.path("data"), "--out-dir", folder.path("maps"),
            "--progress", "never", "--center", "60.17,24.94", "--zoom", "12", "--size", "200x150", "--tile-cache",
            "none",
        ]
        let refused = try Maprender.run(words)
        #expect(refused.status == 65 && refused.errors.contains("3 failed"), "stderr: \(refused.errors)")
        #expect(refused.errors.components(separatedBy: "; refused").count == 5, "stderr: \(refused.errors)")
        #expect(try await server.stats().total == 0)
        let allowed = try Maprender.run(words + ["--allow-host", "127.0.0.1", "--allow-host", "localhost"])
        #expect(allowed.status == 0, "stderr: \(allowed.errors)")
        #expect(try await server.stats().total > 0)
    }

    @Test("what the tile cache holds from an earlier run is no way around the policy")
    func cached() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let cache = ["--tile-cache", folder.path("cache.sqlite")]
        let words = ["--center", "60.17,24.94", "--zoom", "12", "--size", "200x150", "--callouts", "none"] + cache
        for basemap in [
            "http://127.0.0.1:\(server.port)/tiles/{z}/{x}/{y}.png",
            "http://127.0.0.1:\(server.port)/tilejson/helsinki.json",
            "pmtiles://http://127.0.0.1:\(server.port)/archive/helsinki.pmtiles",
        ] {
            let first = try Maprender.run(words + ["--basemap", basemap, "-o", folder.path("first.png")])
            #expect(first.status == 0, "\(basemap): \(first.errors)")
            let before = try await server.stats().total
            let again = try Maprender.run(
                words + ["--basemap", basemap, "--deny-private-network", "-o", folder.path("again.png")])
            #expect(again.status == 65 && again.errors.contains("; refused"), "\(basemap): \(again.errors)")
            #expect(try await server.stats().total == before)
            #expect(!FileManager.default.fileExists(atPath: folder.path("again.png")))
        }
    }
}
