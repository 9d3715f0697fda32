import Foundation
import MapRenderCairo
import Testing

/// `--elevation auto|track|terrain` end to end: heights from the terrain archive for a track
/// without them in `track stats` (text and JSON) and in the profile, the archive named or the
/// installed one chosen, the refusals and warnings.
@Suite("--elevation, end to end", .serialized)
struct ElevationOptionTests {
    static let santiago = Maprender.packageRoot.appendingPathComponent("examples/santiago").path
    static let archive = santiago + "/santiago-terrain.pmtiles"
    /// The hike with the heights its script read from the GLO-90 clip, and without any.
    static let gpx = santiago + "/manquehue-hike.gpx"
    static let csv = santiago + "/manquehue-hike.csv"
    static let hill = Maprender.packageRoot.appendingPathComponent(
        "Tests/EndToEndTests/Fixtures/terrain/helsinki-hill.pmtiles"
    ).path

    /// How far the climb from the archive's heights may lie from the climb of the GPX file's
    /// heights, in metres: both are bilinear readings of the same GLO-90 clip, the archive's
    /// after resampling to zoom-13 pixels and rounding to 0.25 m (`TerrainHeightsTests`), and
    /// the 3 m hysteresis turns a few metres of difference at a turn into as much climb.
    static let climbTolerance = 12.0

    func stats(_ arguments: [String], environment: [String: String]? = nil) throws -> (Int32, [String: Any], String) {
        let run = try Maprender.run(["track", "stats", "--json"] + arguments, environment: environment)
        let object = (try? JSONSerialization.jsonObject(with: run.output) as? [String: Any]) ?? [:]
        return (run.status, object, run.errors)
    }

    @Test("a track without heights takes the terrain's: stats and their source")
    func statsFromTerrain() throws {
        let (recordedStatus, recorded, _) = try stats([Self.gpx, "--terrain", Self.archive])
        #expect(recordedStatus == 0)
        #expect(recorded["elevation_source"] as? String == "track")
        #expect(recorded["elevation_archive"] == nil)
        let recordedGain = try #require(recorded["elevation_gain"] as? Double)
        #expect(recordedGain > 900, "the hike climbs about 1,000 m (\(recordedGain))")

        let (status, fromTerrain, errors) = try stats([Self.csv, "--terrain", Self.archive])
        #expect(status == 0, "\(errors)")
        #expect(fromTerrain["elevation_source"] as? String == "terrain")
        #expect(fromTerrain["elevation_requested"] as? String == "auto")
        let archive = try #require(fromTerrain["elevation_archive"] as? [String: Any])
        #expect(archive["location"] as? String == Self.archive)
        #expect(archive["zoom"] as? Double == 13)
        #expect(archive["fixes"] as? Double == 443 && archive["fixes_outside"] as? Double == 0)
        let gain = try #require(fromTerrain["elevation_gain"] as? Double)
        let loss = try #require(fromTerrain["elevation_loss"] as? Double)
        #expect(abs(gain - recordedGain) <= Self.climbTolerance, "\(gain) against \(recordedGain)")
        #expect(abs(loss - (recorded["elevation_loss"] as? Double ?? 0)) <= Self.climbTolerance)
        let highest = try #require(fromTerrain["maximum_elevation"] as? Double)
        #expect(abs(highest - (recorded["maximum_elevation"] as? Double ?? 0)) < 3)
        #expect((fromTerrain["ascent_method"] as? [String: Any])?["name"] as? String == "hysteresis")

        // --elevation track: the CSV has no heights, and says so.
        let (_, own, _) = try stats([Self.csv, "--terrain", Self.archive, "--elevation", "track"])
        #expect(own["elevation_source"] as? String == "none")
        #expect(own["elevation_gain"] is NSNull)
        // --elevation terrain over the GPX: its recorded heights replaced.
        let (_, replaced, _) = try stats([Self.gpx, "--terrain", Self.archive, "--elevation", "terrain"])
        #expect(replaced["elevation_source"] as? String == "terrain")
        #expect(replaced["elevation_gain"] as? Double == gain)
    }

    @Test("the text says where the heights came from")
    func statsText() throws {
        let run = try Maprender.run(["track", "stats", Self.csv, "--terrain", Self.archive])
        #expect(run.status == 0, "\(run.errors)")
        let text = String(decoding: run.output, as: UTF8.self)
        #expect(text.contains("heights from    terrain (\(Self.archive), zoom 13)"), "\(text)")
        #expect(!text.contains("unknown (no altitudes)"))
        // No archive installed or named: the row says why and what to do, standard error nothing.
        let bare = try Maprender.run(["track", "stats", Self.csv])
        #expect(bare.status == 0 && bare.errors.isEmpty, "\(bare.errors)")
        let bareText = String(decoding: bare.output, as: UTF8.self)
        #expect(
            bareText.contains(
                "heights from    none (the track has no elevation; no elevation archive is installed: give --terrain"),
            "\(bareText)")
        #expect(bareText.contains("elevation gain  unknown (no altitudes)"))
    }

    @Test("--terrain auto: the installed elevation archive covering the track")
    func installedArchive() throws {
        let store = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": store.path("data")]
        let add = try Maprender.run(["basemap", "add", Self.archive], environment: environment)
        #expect(add.status == 0, "\(add.errors)")
        let (status, object, errors) = try stats([Self.csv], environment: environment)
        #expect(status == 0, "\(errors)")
        let archive = try #require(object["elevation_archive"] as? [String: Any])
        #expect(archive["name"] as? String == "santiago-terrain")
        #expect(archive["reason"] as? String == "santiago-terrain covers the whole track")

        let folder = try TemporaryDirectory()
        let render = try Maprender.run(
            [
                "--track", Self.csv, "--profile", "--size", "600x400", "-o", folder.path("hike.png"), "--sidecar",
                folder.path("hike.json"),
            ], environment: environment)
        #expect(render.status == 0, "\(render.errors)")
        #expect(render.errors.isEmpty, "\(render.errors)")
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("hike.json"))))
                as? [String: Any])
        let profile = try #require(sidecar["profile"] as? [String: Any])
        #expect(profile["elevation"] as? Bool == true)
        #expect(profile["elevation_source"] as? String == "terrain")
        #expect((profile["elevation_archive"] as? [String: Any])?["name"] as? String == "santiago-terrain")
        // One way to count: the panel's climb is track stats' for the same heights.
        #expect(
            profile["ascent"] as? Double == ((object["elevation_gain"] as? Double).map { ($0 * 10).rounded() / 10 }))
        // The relief under it comes from the same archive.
        #expect((sidecar["terrain"] as? [String: Any])?["name"] as? String == "santiago-terrain")
    }

    @Test("the profile of the height-less hike is drawn from the terrain in PNG and SVG")
    func profileDrawn() throws {
        let folder = try TemporaryDirectory()
        let svg = try Maprender.run([
            "--track", Self.csv, "--elevation", "terrain", "--terrain", Self.archive, "--profile", "-o",
            folder.path("hike.svg"),
        ])
        #expect(svg.status == 0, "\(svg.errors)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path("hike.svg"))), as: UTF8.self)
        #expect(text.contains("Ascent "), "the headline has the climb")
        #expect(!text.contains("the track has no elevation"))
        #expect(text.contains("▲ 1"), "the summit, over 1,000 m, is marked")
        // Without terrain heights the panel says there are none.
        let none = try Maprender.run([
            "--track", Self.csv, "--elevation", "track", "--profile", "-o", folder.path("flat.svg"),
        ])
        #expect(none.status == 0)
        let flat = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path("flat.svg"))), as: UTF8.self)
        #expect(flat.contains("the track has no elevation"))
    }

    @Test("terrain without an archive is an error naming the remedy; auto without one, a warning")
    func refusals() throws {
        let (status, _, errors) = try stats([Self.csv, "--elevation", "terrain"])
        #expect(status == 66, "\(errors)")
        #expect(errors.hasPrefix("error: --elevation terrain: no elevation archive is installed"), "\(errors)")
        #expect(errors.contains("basemap import-dem") && errors.contains("--terrain ARCHIVE"))
        let (noneStatus, _, noneErrors) = try stats([Self.csv, "--elevation", "terrain", "--terrain", "none"])
        #expect(noneStatus == 64, "\(noneErrors)")
        #expect(noneErrors.contains("--terrain is none"))
        let (missingStatus, _, missingErrors) = try stats([
            Self.csv, "--elevation", "terrain", "--terrain", "/nonexistent/terrain.pmtiles",
        ])
        #expect(missingStatus == 66)
        #expect(
            missingErrors.contains("/nonexistent/terrain.pmtiles")
                && missingErrors.contains("no such elevation archive"))
        // An archive of another place (a synthetic hill in Helsinki): no height under the hike.
        let (elsewhereStatus, _, elsewhereErrors) = try stats([
            Self.csv, "--elevation", "terrain", "--terrain", Self.hill,
        ])
        #expect(elsewhereStatus == 65, "\(elsewhereErrors)")
        #expect(elsewhereErrors.contains("has no heights under the track"))
        let (badStatus, _, badErrors) = try stats([Self.csv, "--elevation", "sky"])
        #expect(badStatus == 64 && badErrors.contains("'sky' is not auto, track or terrain"))

        // auto: the map is drawn, with a warning since the profile would have shown heights.
        let folder = try TemporaryDirectory()
        let render = try Maprender.run(["--track", Self.csv, "--profile", "-o", folder.path("hike.png")])
        #expect(render.status == 0)
        #expect(render.errors.contains("warning: a track has no elevation and no elevation archive covers it"))
        #expect(FileManager.default.fileExists(atPath: folder.path("hike.png")))
        // Nothing that shows heights: nothing said.
        let plain = try Maprender.run(["--track", Self.csv, "-o", folder.path("plain.png")])
        #expect(plain.status == 0 && plain.errors.isEmpty, "\(plain.errors)")
        // A render refused for terrain writes nothing.
        let refused = try Maprender.run([
            "--track", Self.csv, "--elevation", "terrain", "--profile", "-o", folder.path("refused.png"),
        ])
        #expect(refused.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder.path("refused.png")))
    }

    @Test("fixes outside the archive are gaps, said in a warning")
    func partlyOutside() throws {
        let folder = try TemporaryDirectory()
        var lines = try String(contentsOfFile: Self.csv, encoding: .utf8).split(separator: "\n").map(String.init)
        // Ten more fixes 60 km east, beyond the archive's tiles, a minute apart.
        for index in 0..<10 {
            lines.append("-33.372,\(-69.9 + 0.001 * Double(index)),2026-11-14T13:\(10 + index):00Z")
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: folder.path("longer.csv"), atomically: true, encoding: .utf8)
        let (status, object, errors) = try stats([folder.path("longer.csv"), "--terrain", Self.archive])
        #expect(status == 0)
        #expect(errors.contains("warning: 10 of 453 fixes lie outside \(Self.archive): no height there"), "\(errors)")
        #expect((object["elevation_archive"] as? [String: Any])?["fixes_outside"] as? Double == 10)
    }

    @Test("elevation is a batch manifest key and a configuration key")
    func batchAndConfiguration() throws {
        let folder = try TemporaryDirectory()
        let manifest = folder.path("jobs.jsonl")
        try """
        {"id": "hike", "track": "\(Self.csv)", "terrain": "\(Self.archive)", "elevation": "terrain", "profile": true, "output": "\(folder.path("hike.png"))", "sidecar": "\(folder.path("hike.json"))"}

        """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let batch = try Maprender.run(["batch", manifest])
        #expect(batch.status == 0, "\(batch.errors)")
        let sidecar = try String(contentsOfFile: folder.path("hike.json"), encoding: .utf8)
        #expect(sidecar.contains("\"elevation_source\": \"terrain\""))

        let configuration = folder.path("config.json")
        try #"{"elevation": "track"}"#.write(toFile: configuration, atomically: true, encoding: .utf8)
        let config = try Maprender.run(["config"], environment: ["MAPRENDER_CONFIG": configuration])
        #expect(config.status == 0, "\(config.errors)")
        #expect(String(decoding: config.output, as: UTF8.self).contains("elevation"))
        let render = try Maprender.run(
            [
                "--track", Self.csv, "--terrain", Self.archive, "--profile", "-o", folder.path("configured.png"),
                "--sidecar", folder.path("configured.json"),
            ], environment: ["MAPRENDER_CONFIG": configuration])
        #expect(render.status == 0)
        let configured = try String(contentsOfFile: folder.path("configured.json"), encoding: .utf8)
        #expect(configured.contains("\"elevation_source\": \"none\""))
    }
}
