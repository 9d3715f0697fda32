import Foundation
import MapGeometry
import MapInputs
import Testing

@testable import MapSQLite

// `maprender track` on the files of the issue "track stats reports 0.00 km" and its
// follow-ups (Fixtures/tracks, made by make-tracks.py there): distances against the WGS84
// geodesic sum of each file's steps, computed here from the decoded fixes, what cleaning
// reports, and geofence events in the order they happened.

/// How far `track stats` may stray from the geodesic sum of the steps it should count, as a
/// fraction: the bar users hold it to ("within 0.5%").
private let relativeDistanceTolerance = 0.005
/// How far a speed may stray from the one a fixture was laid out with, as a fraction:
/// make-tracks.py lays fixes out on a sphere, and the ellipsoid's steps differ by up to 0.3%.
private let relativeSpeedTolerance = 0.005

@Suite("maprender track on sparse, badly timed and spiky tracks, end to end")
struct TrackFixtureTests {
    static let folder = Maprender.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/tracks")

    func path(_ name: String) -> String { Self.folder.appendingPathComponent(name).path }

    /// `track stats --json` of the files, decoded.
    func stats(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try Maprender.run(["track", "stats", "--json"] + arguments)
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)", sourceLocation: sourceLocation)
        return try #require(
            try JSONSerialization.jsonObject(with: result.output) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// The WGS84 geodesic sum of the steps of every recorded segment of the file, in meters,
    /// leaving out the fixes at `skipping` (indices over the whole file).
    func geodesicSum(_ name: String, skipping: Set<Int> = []) throws -> Double {
        var sum = 0.0
        var offset = 0
        for track in try TrackFiles.tracks(inFile: path(name)) {
            for segment in track.segments {
                let kept = segment.indices.filter { !skipping.contains(offset + $0) }.map { segment[$0].coordinate }
                sum += zip(kept, kept.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
                offset += segment.count
            }
        }
        return sum
    }

    func expectDistance(
        _ json: [String: Any], near expected: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let distance = json["distance"] as? Double ?? -1
        #expect(
            abs(distance - expected) <= relativeDistanceTolerance * expected, "\(distance) m, expected \(expected) m",
            sourceLocation: sourceLocation)
    }

    @Test("a route planner's export, 6 fixes hours apart over 11 km: the whole distance, one segment")
    func routePlanner() throws {
        let json = try stats([path("planner-sparse.gpx")])
        try expectDistance(json, near: geodesicSum("planner-sparse.gpx"))
        expectDistance(json, near: 11_020)
        #expect(json["segments"] as? Int == 1 && json["fixes"] as? Int == 6)
        #expect((json["cleaning"] as? [String: Int])?["gaps"] == 0)
    }

    @Test("10 fixes about 20 km apart: 195.8 km, moving all the way")
    func twentyKilometersApart() throws {
        let json = try stats([path("sparse-20km.gpx")])
        try expectDistance(json, near: geodesicSum("sparse-20km.gpx"))
        expectDistance(json, near: 195_800)
        #expect(json["moving_time"] as? Double == 8100 && json["segments"] as? Int == 1)
    }

    @Test("a hike whose 184 timestamps are one instant: every fix kept, the steps counted, no speeds")
    func repeatedTime() throws {
        let json = try stats([path("hike-repeated-time.gpx")])
        try expectDistance(json, near: geodesicSum("hike-repeated-time.gpx"))
        #expect(json["fixes"] as? Int == 184 && json["duration"] as? Double == 0)
        #expect(json["moving_time"] is NSNull && json["maximum_speed"] is NSNull && json["moving_speed"] is NSNull)
        let cleaning = try #require(json["cleaning"] as? [String: Int])
        #expect(cleaning["kept_fixes"] == 184 && cleaning["repeated_time"] == 183, "\(cleaning)")
        let text = try Maprender.run(["track", "stats", path("hike-repeated-time.gpx")]).outputText
        #expect(
            text.contains(
                "cleaning        kept 184 of 184 fixes; time repeats at 183 steps (left out of speeds and moving time)\n"
            ),
            "\(text)")
        #expect(text.contains("moving time     unknown\n") && text.contains("distance        8.24 km\n"), "\(text)")
        // --keep-stale is still accepted, and changes nothing.
        let stale = try Maprender.run(["track", "stats", "--keep-stale", path("hike-repeated-time.gpx")])
        #expect(stale.status == 0 && stale.outputText == text)
    }

    @Test("a clock stepping back: kept, counted, and left out of speeds and moving time")
    func backwardsTime() throws {
        let json = try stats([path("backwards-time.csv")])
        try expectDistance(json, near: geodesicSum("backwards-time.csv"))
        #expect((json["cleaning"] as? [String: Int])?["backward_time"] == 1)
        #expect(json["moving_time"] as? Double == 280 && json["duration"] as? Double == 280)
        #expect(abs((json["maximum_speed"] as? Double ?? 0) - 5) < 5 * relativeSpeedTolerance)
    }

    @Test("a spike 1 km out and back is dropped; --keep-spikes keeps it")
    func spike() throws {
        let json = try stats([path("spike.gpx")])
        try expectDistance(json, near: geodesicSum("spike.gpx", skipping: [30]))
        #expect((json["cleaning"] as? [String: Int])?["spikes"] == 1 && json["segments"] as? Int == 1)
        #expect(abs((json["maximum_speed"] as? Double ?? 0) - 5) < 5 * relativeSpeedTolerance)
        let kept = try stats(["--keep-spikes", path("spike.gpx")])
        try expectDistance(kept, near: geodesicSum("spike.gpx"))
        #expect((kept["cleaning"] as? [String: Int])?["spikes"] == 0)
    }

    @Test("a car logging one fix a minute at 100 km/h")
    func carOnceAMinute() throws {
        let json = try stats([path("car-per-minute.csv")])
        try expectDistance(json, near: geodesicSum("car-per-minute.csv"))
        expectDistance(json, near: 50_000)
        #expect(json["moving_time"] as? Double == 1800)
        #expect(abs((json["maximum_speed"] as? Double ?? 0) * 3.6 - 100) < 100 * relativeSpeedTolerance)
        let text = try Maprender.run(["track", "stats", path("car-per-minute.csv")]).outputText
        #expect(text.contains("distance        50.04 km\n") && text.contains("1 segment,"), "\(text)")
    }

    @Test("a gap breaks the line but keeps its distance; --split-at-gaps leaves it out")
    func gaps() throws {
        // The car's file with an hour missing after the 15th minute.
        let folder = try TemporaryDirectory()
        let lines = try String(contentsOfFile: path("car-per-minute.csv"), encoding: .utf8).split(separator: "\n")
        let shifted = lines.enumerated().map { index, line in
            index <= 16 ? String(line) : String(line.replacingOccurrences(of: "T15:", with: "T16:"))
        }
        try (shifted.joined(separator: "\n") + "\n").write(
            toFile: folder.path("gap.csv"), atomically: true, encoding: .utf8)
        let json = try stats([folder.path("gap.csv")])
        try expectDistance(json, near: geodesicSum("car-per-minute.csv"))
        #expect((json["cleaning"] as? [String: Int])?["gaps"] == 1 && json["segments"] as? Int == 1)
        #expect(json["moving_time"] as? Double == 1740, "the hour is not moving")
        let movingSpeed = json["moving_speed"] as? Double ?? 0
        #expect(abs(movingSpeed * 3.6 - 100) < 100 * relativeSpeedTolerance, "the gap's distance is not moving either")
        let split = try stats(["--split-at-gaps", folder.path("gap.csv")])
        #expect(split["segments"] as? Int == 2)
        let distance = json["distance"] as? Double ?? 0, splitDistance = split["distance"] as? Double ?? 0
        #expect(abs(distance - splitDistance - 1666.7) < 50, "one step of about 1667 m left out: \(splitDistance)")
        let text = try Maprender.run(["track", "stats", "--split-at-gaps", folder.path("gap.csv")]).outputText
        #expect(text.contains("; 1 gap split a segment (distance not counted)\n"), "\(text)")
    }

    @Test("track events lists a partly timed ride's crossings in the order they happened")
    func eventsInTrackOrder() throws {
        let folder = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: folder.path("favs.db"), mode: .readWriteCreate)
        // Place A at the ride's fix 10 (first quarter), place B at its fix 70 (last quarter).
        try database.executeScript(
            """
            CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
              display_proximity INTEGER NOT NULL DEFAULT 0, display_radius REAL);
            INSERT INTO places VALUES (1, 'Place A', 39.7, -105.044156, 1, 60);
            INSERT INTO places VALUES (2, 'Place B', 39.7, -105.009090, 1, 60);
            """)
        let result = try Maprender.run([
            "track", "events", "--places", folder.path("favs.db"), path("partly-timed.gpx"),
        ])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        let lines = result.outputText.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.outputText)")
        for (line, event) in zip(lines, ["enter  Place A", "exit   Place A", "enter  Place B", "exit   Place B"]) {
            #expect(line.contains("  \(event)  "), "'\(event)' out of order in:\n\(result.outputText)")
        }
        #expect(lines[0].hasPrefix("no time               enter  Place A  39.7"), "\(lines)")
        #expect(lines[2].hasPrefix("2024-06-08T15:11:30Z  enter  Place B  39.7"), "\(lines)")

        let json = try Maprender.run([
            "track", "events", "--json", "--places", folder.path("favs.db"), path("partly-timed.gpx"),
        ])
        let events = try #require(
            (try JSONSerialization.jsonObject(with: json.output) as? [String: Any])?["events"] as? [[String: Any]])
        #expect(
            events.map { "\($0["kind"]!) \($0["place"]!)" } == [
                "enter Place A", "exit Place A", "enter Place B", "exit Place B",
            ])
        #expect(events[0]["time"] is NSNull && events[2]["time"] as? String == "2024-06-08T15:11:30Z")
    }
}
