import Foundation
import MapTestSupport
import Testing

/// `maprender basemap add|list|remove` and `--basemap auto`, the default, as a user meets them:
/// install an archive once, then every map inside it is a street map and every map elsewhere
/// keeps the world.
@Suite("Installed basemaps, end to end", .serialized)
struct InstalledBasemapCommandTests {
    let helsinki = Maprender.packageRoot.appendingPathComponent("examples/helsinki/helsinki.pmtiles").path
    let insideHelsinki = ["--pin", "60.1702,24.9450,Cathedral", "--size", "300x200", "--max-zoom", "16"]
    let denver = ["--pin", "39.7392,-104.9903,Capitol", "--size", "300x200"]

    /// The environment of a user whose XDG data folder is `folder`.
    func user(_ folder: TemporaryDirectory) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MAPRENDER_") }
            .merging(["XDG_DATA_HOME": folder.path("data"), "XDG_CACHE_HOME": folder.path("cache")]) { _, new in new }
    }

    func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("add, list, render inside and outside the archive, remove")
    func lifecycle() throws {
        let folder = try TemporaryDirectory()
        let environment = user(folder)
        let store = folder.path("data") + "/maprender/basemaps"

        let empty = try Maprender.run(["basemap", "list"], environment: environment)
        #expect(empty.status == 0)
        #expect(empty.outputText.contains("no basemap installed in \(store)"))

        let added = try Maprender.run(["basemap", "add", helsinki], environment: environment)
        #expect(added.status == 0, "stderr: \(added.errors)")
        #expect(added.outputText.hasPrefix("installed helsinki: OpenMapTiles, zooms 0–14"))
        #expect(FileManager.default.contentsEqual(atPath: helsinki, andPath: store + "/helsinki.pmtiles"))

        let listed = try Maprender.run(["basemap", "list"], environment: environment)
        let lines = listed.outputText.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("name") == true)
        #expect(lines.last?.hasPrefix("helsinki  ") == true && lines.last?.contains("0–14") == true)
        let listedJSON = try #require(
            try JSONSerialization.jsonObject(
                with: try Maprender.run(["basemap", "list", "--json"], environment: environment).output)
                as? [String: Any])
        let entries = try #require(listedJSON["basemaps"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["helsinki"])
        #expect(entries.first?["maxzoom"] as? Int == 14)

        // A map inside the archive: the street map, and the sidecar says which and why.
        let inside = try Maprender.run(
            insideHelsinki + ["-o", folder.path("in.png"), "--sidecar", folder.path("in.json")],
            environment: environment)
        #expect(inside.status == 0, "stderr: \(inside.errors)")
        let insideSidecar = try json(folder.path("in.json"))
        let chosen = try #require(insideSidecar["basemap"] as? [String: Any])
        #expect(chosen["name"] as? String == "helsinki")
        #expect(chosen["location"] as? String == store + "/helsinki.pmtiles")
        #expect((chosen["reason"] as? String)?.hasPrefix("helsinki covers") == true)
        #expect(insideSidecar["attribution"] as? [String] == ["© OpenMapTiles © OpenStreetMap contributors"])

        // The same map on the world is another picture.
        let world = try Maprender.run(
            insideHelsinki + [
                "--basemap", "world", "-o", folder.path("world.png"), "--sidecar", folder.path("w.json"),
            ],
            environment: environment)
        #expect(world.status == 0)
        #expect(try json(folder.path("w.json"))["basemap"] == nil)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder.path("world.png")))
                != Data(contentsOf: URL(fileURLWithPath: folder.path("in.png"))))

        // Elsewhere: the world, and why.
        let outside = try Maprender.run(
            denver + ["-o", folder.path("out.png"), "--sidecar", folder.path("out.json")], environment: environment)
        #expect(outside.status == 0)
        let outsideChoice = try #require(try json(folder.path("out.json"))["basemap"] as? [String: Any])
        #expect(outsideChoice["name"] as? String == "world")
        #expect(outsideChoice["reason"] as? String == "no installed basemap (helsinki) covers any of the map")

        // fit says the same.
        let fit = try Maprender.run(["fit"] + insideHelsinki, environment: environment)
        let fitChoice = try #require(
            (try JSONSerialization.jsonObject(with: fit.output) as? [String: Any])?["basemap"] as? [String: Any])
        #expect(fitChoice["name"] as? String == "helsinki")

        let removed = try Maprender.run(["basemap", "remove", "helsinki"], environment: environment)
        #expect(removed.status == 0 && removed.outputText == "removed helsinki\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store).isEmpty)
        let after = try Maprender.run(
            insideHelsinki + ["-o", folder.path("after.png"), "--sidecar", folder.path("after.json")],
            environment: environment)
        #expect(after.status == 0)
        let afterChoice = try #require(try json(folder.path("after.json"))["basemap"] as? [String: Any])
        #expect(afterChoice["reason"] as? String == "no basemap is installed")
    }

    @Test(
        "maprender --places FAVS.db -o map.png: favorites inside the installed archive get streets, the Denver ones the world"
    )
    func favorites() throws {
        let folder = try TemporaryDirectory()
        let environment = user(folder)
        #expect(try Maprender.run(["basemap", "add", helsinki], environment: environment).status == 0)
        let database = folder.path("helsinki.db")
        for (name, coordinate) in [("Helsinki Cathedral", ("60.1702", "24.9522")), ("Ateneum", ("60.1700", "24.9443"))]
        {
            let added = try Maprender.run(
                ["places", "add", "--db", database, "--name", name, "--lat", coordinate.0, "--lon", coordinate.1],
                environment: environment)
            #expect(added.status == 0, "stderr: \(added.errors)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let inside = try Maprender.run(
            ["--places", database, "-o", folder.path("h.png"), "--sidecar", folder.path("h.json")],
            environment: environment)
        #expect(inside.status == 0, "stderr: \(inside.errors)")
        let chosen = try #require(try json(folder.path("h.json"))["basemap"] as? [String: Any])
        #expect(chosen["name"] as? String == "helsinki", "\(chosen)")
        #expect((chosen["reason"] as? String)?.hasPrefix("helsinki covers the whole map") == true, "\(chosen)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)

        let denver = Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path
        let elsewhere = try Maprender.run(
            ["--places", denver, "-o", folder.path("d.png"), "--sidecar", folder.path("d.json")],
            environment: environment)
        #expect(elsewhere.status == 0, "stderr: \(elsewhere.errors)")
        let world = try #require(try json(folder.path("d.json"))["basemap"] as? [String: Any])
        #expect(world["name"] as? String == "world")
        #expect(
            (try json(folder.path("d.json"))["attribution"] as? [String])?.contains { $0.contains("Natural Earth") }
                == true)
    }

    @Test("bad input: a missing archive is 66, a taken name and an unknown name are 64; nothing changes")
    func refusals() throws {
        let folder = try TemporaryDirectory()
        let environment = user(folder)
        let missing = try Maprender.run(["basemap", "add", folder.path("nowhere.pmtiles")], environment: environment)
        #expect(missing.status == 66, "stderr: \(missing.errors)")
        #expect(missing.errors.hasPrefix("error: ") && missing.errors.contains("nowhere.pmtiles"))
        #expect(try Maprender.run(["basemap", "add", helsinki], environment: environment).status == 0)
        let again = try Maprender.run(["basemap", "add", helsinki], environment: environment)
        #expect(again.status == 64)
        #expect(
            again.errors.contains("a basemap named 'helsinki' is already installed") && again.errors.contains("--name"))
        let unknown = try Maprender.run(["basemap", "remove", "paris"], environment: environment)
        #expect(unknown.status == 64)
        #expect(unknown.errors.contains("no basemap named 'paris' is installed (installed: helsinki)"))
        let noOperand = try Maprender.run(["basemap", "add"], environment: environment)
        #expect(noOperand.status == 64 && noOperand.errors.contains("basemap add needs a file or URL"))
    }

    @Test("basemaps-dir moves the store, from the command line and from MAPRENDER_BASEMAPS_DIR")
    func movedStore() throws {
        let folder = try TemporaryDirectory()
        let elsewhere = folder.path("maps")
        var environment = user(folder)
        #expect(
            try Maprender.run(["basemap", "add", helsinki, "--basemaps-dir", elsewhere], environment: environment)
                .status
                == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/helsinki.pmtiles"))
        // Not in the default store…
        let plain = try Maprender.run(["fit"] + insideHelsinki, environment: environment)
        #expect(plain.outputText.contains("\"no basemap is installed\""))
        // …but found where the option or its variable points.
        let option = try Maprender.run(["fit", "--basemaps-dir", elsewhere] + insideHelsinki, environment: environment)
        #expect(option.outputText.contains("\"name\": \"helsinki\""))
        environment["MAPRENDER_BASEMAPS_DIR"] = elsewhere
        let variable = try Maprender.run(["fit"] + insideHelsinki, environment: environment)
        #expect(variable.outputText.contains("\"name\": \"helsinki\""), "\(variable.errors)")
        #expect(try Maprender.run(["basemap", "list"], environment: environment).outputText.contains("helsinki"))
    }

    @Test("a remote archive is remembered by URL (nothing copied) and read by range requests when a map needs it")
    func remote() async throws {
        let server = try await TileServer.start()
        let folder = try TemporaryDirectory()
        let environment = user(folder)
        let url = "http://127.0.0.1:\(server.port)/archive/helsinki.pmtiles"
        let added = try Maprender.run(["basemap", "add", url], environment: environment)
        #expect(added.status == 0, "stderr: \(added.errors)")
        #expect(added.outputText.hasPrefix("installed helsinki: OpenMapTiles, zooms 0–14"))
        let store = folder.path("data") + "/maprender/basemaps"
        #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["helsinki.json"])
        let listed = try Maprender.run(["basemap", "list"], environment: environment).outputText
        #expect(listed.contains(url))
        let map = try Maprender.run(
            insideHelsinki + ["-o", folder.path("map.png"), "--sidecar", folder.path("map.json")],
            environment: environment)
        #expect(map.status == 0, "stderr: \(map.errors)")
        let chosen = try #require(try json(folder.path("map.json"))["basemap"] as? [String: Any])
        #expect(chosen["name"] as? String == "helsinki" && chosen["location"] as? String == url)
        let stats = try await server.stats()
        #expect(stats.requests["/archive/helsinki.pmtiles", default: 0] > 2, "the map read tiles: \(stats.requests)")

        // A server that ignores Range cannot serve an archive: exit 69, nothing installed.
        let ignoring = try Maprender.run(
            ["basemap", "add", "http://127.0.0.1:\(server.port)/archive-norange/helsinki.pmtiles", "--name", "whole"],
            environment: environment)
        #expect(ignoring.status == 69, "stderr: \(ignoring.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["helsinki.json"])
    }

    @Test("batch jobs choose per job: the Helsinki job gets streets, the Denver job the world")
    func batchPerJob() throws {
        let folder = try TemporaryDirectory()
        let environment = user(folder)
        #expect(try Maprender.run(["basemap", "add", helsinki], environment: environment).status == 0)
        let manifest = """
            {"id": "helsinki", "pin": "60.1702,24.9450", "size": "300x200", "max-zoom": 16, "output": "h.png", "sidecar": "h.json"}
            {"id": "denver", "pin": "39.7392,-104.9903", "size": "300x200", "output": "d.png", "sidecar": "d.json"}

            """
        try manifest.write(toFile: folder.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let result = try Maprender.run(
            ["batch", folder.path("jobs.jsonl"), "--out-dir", folder.path("out")], environment: environment)
        #expect(result.status == 0, "stderr: \(result.errors)")
        let helsinkiChoice = try json(folder.path("out/h.json"))["basemap"] as? [String: Any]
        let denverChoice = try json(folder.path("out/d.json"))["basemap"] as? [String: Any]
        #expect(helsinkiChoice?["name"] as? String == "helsinki")
        #expect(denverChoice?["name"] as? String == "world")
    }
}
