import Foundation
import MapErrors
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapInputs
@testable import MapSQLite

@Suite("maprender track, end to end")
struct TrackCommandTests {
    let ride = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx").path
    let rideCSV = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.csv").path
    let favorites = Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path
    let fixtures = Maprender.packageRoot.appendingPathComponent("Tests/MapInputsTests/Fixtures/gpx").path

    /// Runs `maprender` expecting a failure with `status` and one `error:` line that
    /// contains every fragment.
    func expectFailure(
        _ arguments: [String], status: Int32, mentions fragments: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try Maprender.run(arguments)
        #expect(result.status == status, "stderr: \(result.errors)", sourceLocation: sourceLocation)
        let lines = result.errors.split(separator: "\n")
        #expect(
            lines.count == 1 && lines.first?.hasPrefix("error: ") == true, "stderr: \(result.errors)",
            sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(
                result.errors.contains(fragment), "'\(fragment)' missing from: \(result.errors)",
                sourceLocation: sourceLocation)
        }
        #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("track stats --json of the example ride parses, with the geodesic distance of the kept fixes")
    func statsJSON() throws {
        let result = try Maprender.run(["track", "stats", "--json", ride])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        // geographiclib 2.1: the sum of Geodesic.WGS84.Inverse over consecutive fixes, the two
        // fixes with hdop 30 (150 m > 100 m) left out.
        let distance = try #require(json["distance"] as? Double)
        #expect(abs(distance - 16589.79299224858) < 0.001, "\(distance)")
        #expect(json["fixes"] as? Int == 470 && json["tracks"] as? Int == 1 && json["segments"] as? Int == 1)
        #expect(json["duration"] as? Double == 3768)
        let moving = try #require(json["moving_time"] as? Double)
        #expect(moving < 3768 - 150 && moving > 3768 - 240, "the three-minute pause is not moving: \(moving)")
        #expect(json["start"] as? String == "2024-06-08T15:00:00Z" && json["end"] as? String == "2024-06-08T16:02:48Z")
        let maximum = try #require(json["maximum_speed"] as? Double)
        #expect(maximum > 4.5 && maximum < 5.7, "no GPS spike in the maximum speed: \(maximum)")
        let gain = try #require(json["elevation_gain"] as? Double)
        #expect(gain > 40 && gain < 60, "about 50 m up, not the jitter: \(gain)")
        let cleaning = try #require(json["cleaning"] as? [String: Int])
        #expect(
            cleaning == [
                "input_fixes": 472, "kept_fixes": 470, "invalid": 0, "inaccurate": 2, "duplicates": 0, "spikes": 0,
                "too_close": 0, "repeated_time": 0, "backward_time": 0, "gaps": 0,
            ])
    }

    @Test("track stats prints human units; cleaning flags change what is kept")
    func statsText() throws {
        let result = try Maprender.run(["track", "stats", ride])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let text = result.outputText
        for line in [
            "distance        16.59 km", "duration        1:02:48", "start           2024-06-08T15:00:00Z",
            "cleaning        kept 470 of 472 fixes (dropped 2 inaccurate)",
        ] {
            #expect(text.contains(line + "\n"), "'\(line)' missing from:\n\(text)")
        }
        #expect(text.contains(" km/h\n") && text.contains("elevation gain  "))

        let loose = try Maprender.run([
            "track", "stats", "--max-accuracy", "none", "--gap-time=none", "--keep-stale", ride,
        ])
        #expect(loose.outputText.contains("kept 472 of 472 fixes\n"), "\(loose.outputText)")
        let filtered = try Maprender.run(["track", "stats", "--distance-filter", "50m", "--gap-distance", "2km", ride])
        #expect(filtered.status == 0 && filtered.outputText.contains("too close"), "\(filtered.outputText)")
    }

    @Test("several files and folders are measured together")
    func folders() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: ride, toPath: folder.path("b.gpx"))
        try FileManager.default.copyItem(atPath: rideCSV, toPath: folder.path("a.csv"))
        try Data("ignored".utf8).write(to: URL(fileURLWithPath: folder.path("notes.txt")))
        let result = try Maprender.run(["track", "stats", "--json", folder.url.path])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        let files = try #require(json["files"] as? [String])
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.csv", "b.gpx"])
        #expect(json["tracks"] as? Int == 2)
    }

    @Test("track events lists the example ride's geofence crossings in time order")
    func events() throws {
        let result = try Maprender.run(["track", "events", "--places", favorites, ride, "--json"])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        let summary = events.map { "\($0["kind"] as? String ?? "?") \($0["place"] as? String ?? "?")" }
        #expect(
            summary == [
                "enter Denver Union Station", "exit Denver Union Station", "enter Washington Park",
                "exit Washington Park",
                "enter Denver Union Station", "exit Denver Union Station",
            ])
        let times = events.compactMap { $0["time"] as? String }
        #expect(times.count == events.count && times == times.sorted())
        #expect(events.allSatisfy { $0["latitude"] is Double && $0["longitude"] is Double })

        let text = try Maprender.run(["track", "events", "--places", favorites, ride])
        let lines = text.outputText.split(separator: "\n")
        #expect(
            lines.count == 6 && lines[0].hasPrefix("2024-06-08T15:01:52Z  enter  Denver Union Station  39."),
            "\(text.outputText)")
    }

    @Test("a huge geofence is clamped with a warning; a database without radii is an error")
    func eventWarningsAndErrors() throws {
        let folder = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: folder.path("favs.db"), mode: .readWriteCreate)
        try database.executeScript(
            """
            CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
              display_proximity INTEGER NOT NULL DEFAULT 0, display_radius REAL);
            INSERT INTO places VALUES (1, 'Colorado', 39.0, -105.5, 1, 900000);
            INSERT INTO places VALUES (2, 'Nowhere', 0, 0, 0, NULL);
            """)
        let result = try Maprender.run(["track", "events", "--places", folder.path("favs.db"), ride])
        #expect(result.status == 0)
        #expect(
            result.errors
                == "warning: geofence 'Colorado': radius 900000 m is larger than the maximum monitoring distance; clamped to 400000 m\n"
        )
        #expect(result.outputText.hasPrefix("2024-06-08T15:00:00Z  enter  Colorado  "), "\(result.outputText)")

        try database.executeScript("UPDATE places SET display_radius = NULL;")
        try expectFailure(
            ["track", "events", "--places", folder.path("favs.db"), ride], status: 65,
            mentions: ["no place has a geofence radius"])
    }

    @Test("usage errors, missing files and bad data get their sysexits codes and say where")
    func errors() throws {
        try expectFailure(["track"], status: 64, mentions: ["track needs a subcommand: stats or events"])
        try expectFailure(
            ["track", "stat", ride], status: 64, mentions: ["unknown track subcommand 'stat'; did you mean 'stats'?"])
        try expectFailure(["track", "stats"], status: 64, mentions: ["no track file given"])
        try expectFailure(
            ["track", "stats", "--max-acuracy", "50", ride], status: 64, mentions: ["did you mean '--max-accuracy'?"])
        try expectFailure(["track", "stats", "--max-accuracy", "-5", ride], status: 64, mentions: ["--max-accuracy"])
        try expectFailure(["track", "events", ride], status: 64, mentions: ["track events needs --places DB"])
        try expectFailure(
            ["track", "stats", "/nonexistent/ride.gpx"], status: 66, mentions: ["/nonexistent/ride.gpx: no such file"])
        try expectFailure(
            ["track", "stats", favorites], status: 65,
            mentions: ["favorites.db: not a track or place file maprender reads"])
        let bad = fixtures + "/bad-latitude.gpx"
        try expectFailure(["track", "stats", bad], status: 65, mentions: [bad + ":6:", "latitude 91 is out of range"])
        try expectFailure(
            ["track", "stats", fixtures + "/truncated.gpx"], status: 65, mentions: ["malformed XML", "truncated"])
        try expectFailure(
            ["track", "stats", fixtures + "/billion-laughs.gpx"], status: 65, mentions: ["declares entities"])
        try expectFailure(["track", "stats", fixtures + "/routes-only.gpx"], status: 65, mentions: ["no track (trk)"])
        try expectFailure(
            ["track", "stats", "--max-accuracy", "1", ride], status: 65,
            mentions: ["no usable fix left after cleaning", "472 inaccurate"])
    }

    @Test("track --help describes the subcommands and the cleaning flags")
    func help() throws {
        let result = try Maprender.run(["track", "--help"])
        #expect(result.status == 0)
        #expect(
            result.outputText.contains("maprender track stats FILE…")
                && result.outputText.contains("--max-accuracy M|none"))
        #expect(try Maprender.run(["--help"]).outputText.contains("maprender track stats|events"))
    }
}

@Suite("maprender with tracks, end to end")
struct TrackRenderTests {
    let ride = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx").path

    @Test("a GPX ride renders with start and end pins at its first and last kept fixes")
    func renderRide() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--gpx", ride, "--color-by", "speed", "--arrows", "--stats", "-o", folder.path("ride.png"), "--sidecar",
            folder.path("ride.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("ride.png")))))
        #expect(image.width == 800 && image.height == 600)
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("ride.json"))))
                as? [String: Any])
        let titles = (sidecar["annotations"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []
        #expect(titles.contains("Start") && titles.contains("End"))
        // The waypoints of the file are pins too.
        #expect(titles.count >= 4)
        let content = try GPXDecoder.read(atPath: ride)
        let kept = content.tracks[0].cleaned(TrackCleaningOptions()).track
        let start = try #require(
            (sidecar["annotations"] as? [[String: Any]])?.first { $0["title"] as? String == "Start" })
        #expect(start["latitude"] as? Double == kept.first?.coordinate.latitude)
        #expect(start["longitude"] as? Double == kept.first?.coordinate.longitude)
    }

    @Test("a folder of tracks and a CSV render; a bad GPX fails with its position")
    func inputs() throws {
        let folder = try TemporaryDirectory()
        let csv = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.csv").path
        let fromCSV = try Maprender.run(["--csv", csv, "-o", folder.path("csv.png")])
        #expect(fromCSV.status == 0, "stderr: \(fromCSV.errors)")
        try Data("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"91\" lon=\"0\"/></trkseg></trk></gpx>".utf8)
            .write(to: URL(fileURLWithPath: folder.path("bad.gpx")))
        let bad = try Maprender.run(["--gpx", folder.path("bad.gpx"), "-o", folder.path("bad.png")])
        #expect(
            bad.status == 65 && bad.errors.contains("bad.gpx") && bad.errors.contains("91"), "stderr: \(bad.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("bad.png")))
    }
}

@Suite("input files recognised by content, end to end")
struct InputKindTests {
    let ride = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx").path
    let rideCSV = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.csv").path
    let overlays = Maprender.packageRoot.appendingPathComponent("examples/overlays.geojson").path

    @Test("a GPX file named .xml, a CSV named .txt and GeoJSON named .data are read by their content")
    func misnamedFiles() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: ride, toPath: folder.path("route.xml"))
        try FileManager.default.copyItem(atPath: rideCSV, toPath: folder.path("log.txt"))
        // The example overlays name pictures beside them: the folder goes along.
        try FileManager.default.copyItem(
            atPath: Maprender.packageRoot.appendingPathComponent("examples/icons").path, toPath: folder.path("icons"))
        try FileManager.default.copyItem(atPath: overlays, toPath: folder.path("shapes.data"))

        let named = try Maprender.run(["track", "stats", "--json", ride])
        let misnamed = try Maprender.run(["track", "stats", "--json", folder.path("route.xml")])
        #expect(misnamed.status == 0, "stderr: \(misnamed.errors)")
        let distance = { (run: RunResult) in
            ((try? JSONSerialization.jsonObject(with: run.output)) as? [String: Any])?["distance"] as? Double
        }
        #expect(distance(misnamed) != nil && distance(misnamed) == distance(named))

        let render = try Maprender.run([
            "--gpx", folder.path("route.xml"), "--track", folder.path("log.txt"), "--geojson",
            folder.path("shapes.data"),
            "-o", folder.path("map.png"),
        ])
        #expect(render.status == 0, "stderr: \(render.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.path("map.png")))
    }

    @Test("content that is none of them is bad data (65) saying what was expected")
    func unknownContent() throws {
        let folder = try TemporaryDirectory()
        try Data("just some notes\nnothing else\n".utf8).write(to: URL(fileURLWithPath: folder.path("notes.txt")))
        let result = try Maprender.run(["track", "stats", folder.path("notes.txt")])
        #expect(result.status == 65)
        #expect(result.errors.contains("notes.txt: not a track or place file maprender reads"), "\(result.errors)")
        let render = try Maprender.run(["--gpx", folder.path("notes.txt"), "-o", folder.path("x.png")])
        #expect(render.status == 65 && !FileManager.default.fileExists(atPath: folder.path("x.png")))
    }
}

@Suite("examples/nightly.sh")
struct NightlyScriptTests {
    @Test("renders a day's folder of tracks into a dated PNG, and skips a day without tracks")
    func nightly() throws {
        let folder = try TemporaryDirectory()
        let day = folder.url.appendingPathComponent("tracks/2024-06-08")
        try FileManager.default.createDirectory(at: day, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx"),
            to: day.appendingPathComponent("ride.gpx"))
        func run(_ day: String) throws -> (Int32, String) {
            let run = try ChildProcess.run(
                Maprender.packageRoot.appendingPathComponent("examples/nightly.sh").path,
                [folder.path("tracks"), folder.path("maps"), day],
                environment: [
                    "MAPRENDER": Maprender.productsDirectory.appendingPathComponent("maprender").path,
                    "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": Maprender.noConfigurationFolder,
                ])
            return (run.status, run.outputText)
        }
        let (status, text) = try run("2024-06-08")
        #expect(status == 0, "\(text)")
        let image = try RasterImage(
            png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("maps/2024-06-08.png")))))
        #expect(image.width == 800)
        #expect(FileManager.default.fileExists(atPath: folder.path("maps/2024-06-08.json")))
        let (skipStatus, skipText) = try run("2024-06-09")
        #expect(skipStatus == 0 && skipText.contains("nothing to render"))
    }
}
