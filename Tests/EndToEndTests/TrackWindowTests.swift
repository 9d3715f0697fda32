import Foundation
import MapDataCommands
import MapErrors
import MapTestSupport
import Testing

// The time window (`--since`, `--until`, `--day`, `--timezone`): how its options read, and
// end to end on `track stats`, `render`, batch jobs and the configuration file.

private func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

@Suite("the time window's options")
struct TrackWindowOptionTests {
    func window(
        since: String? = nil, until: String? = nil, day: String? = nil, zone: String? = "UTC",
        now: Date = date("2026-12-02T03:00:00Z")
    ) throws(MapError) -> (start: Date?, end: Date?) {
        var options = TrackWindowOptions()
        options.since = since
        options.until = until
        options.day = day
        options.timeZone = zone
        let window = try options.window(now: now)
        return (window.start, window.end)
    }

    @Test("a day is midnight to midnight in its zone, 23 or 25 hours when the clocks change")
    func days() throws {
        #expect(
            try window(day: "2026-12-01", zone: "Europe/Helsinki") == (
                date("2026-11-30T22:00:00Z"), date("2026-12-01T22:00:00Z")
            ))
        // Daylight saving time starts in Helsinki on 2026-03-29 (03:00 → 04:00) and ends on
        // 2026-10-25 (04:00 → 03:00).
        let spring = try window(day: "2026-03-29", zone: "Europe/Helsinki")
        #expect(spring.end!.timeIntervalSince(spring.start!) == 23 * 3600)
        let autumn = try window(day: "2026-10-25", zone: "Europe/Helsinki")
        #expect(autumn.end!.timeIntervalSince(autumn.start!) == 25 * 3600)
        // At 03:00 UTC on 2026-12-02 it is 05:00 in Helsinki and 20:00 on 12-01 in Denver.
        #expect(try window(day: "yesterday", zone: "Europe/Helsinki").start == date("2026-11-30T22:00:00Z"))
        #expect(try window(day: "yesterday", zone: "America/Denver").start == date("2026-11-30T07:00:00Z"))
        #expect(try window(day: "today", zone: "America/Denver").start == date("2026-12-01T07:00:00Z"))
    }

    @Test("times with an offset, local times in the zone, dates, now and spans back from now")
    func times() throws {
        #expect(try window(since: "2026-12-01T08:00:00+02:00").start == date("2026-12-01T06:00:00Z"))
        #expect(try window(since: "2026-12-01T08:00", zone: "Europe/Helsinki").start == date("2026-12-01T06:00:00Z"))
        #expect(try window(since: "2026-12-01 08:00:30", zone: "UTC").start == date("2026-12-01T08:00:30Z"))
        #expect(try window(until: "2026-12-01", zone: "America/Denver").end == date("2026-12-01T07:00:00Z"))
        #expect(try window(since: "36h").start == date("2026-11-30T15:00:00Z"))
        #expect(try window(since: "7d", until: "now") == (date("2026-11-25T03:00:00Z"), date("2026-12-02T03:00:00Z")))
        #expect(try window(since: "90m").start == date("2026-12-02T01:30:00Z"))
    }

    @Test("what cannot be read is refused with the option and what to write")
    func refusals() {
        func message(_ body: () throws -> Void) -> String {
            do {
                try body()
                return ""
            } catch let error as MapError {
                #expect(error.kind == .invalidRequest)
                return error.description
            } catch {
                return "\(error)"
            }
        }
        #expect(message { _ = try window(day: "2026-02-30") }.contains("--day: '2026-02-30' is not a day"))
        #expect(message { _ = try window(since: "1h", day: "2026-12-01") }.contains("--day cannot be combined"))
        #expect(message { _ = try window(since: "last tuesday") }.contains("--since: 'last tuesday' is not a time"))
        #expect(message { _ = try window(since: "2026-12-02", until: "2026-12-01") }.contains("is not after --since"))
        #expect(
            message { _ = try window(day: "today", zone: "Europe/Helsinky") }.contains("did you mean Europe/Helsinki?"))
    }
}

@Suite("the time window, end to end")
struct TrackWindowCommandTests {
    let ride = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx").path

    /// The track points of the example ride before `time`, counted from its text.
    func fixesBefore(_ time: String) throws -> Int {
        let text = try String(contentsOfFile: ride, encoding: .utf8)
        return text.components(separatedBy: "<trkpt").dropFirst().filter { point in
            guard let start = point.range(of: "<time>") else { return false }
            return String(point[start.upperBound...].prefix(20)) < time
        }.count
    }

    @Test("track stats --json counts what the window left out and measures the rest")
    func stats() throws {
        let result = try Maprender.run(["track", "stats", "--json", "--since", "2024-06-08T15:30:00Z", ride])
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        let window = try #require(json["window"] as? [String: Any])
        #expect(window["outside"] as? Int == (try fixesBefore("2024-06-08T15:30:00Z")))
        #expect(window["since"] as? String == "2024-06-08T15:30:00Z")
        #expect(json["start"] as? String ?? "" >= "2024-06-08T15:30:00Z")
        let whole = try Maprender.run(["track", "stats", "--json", ride])
        let all = try #require(try JSONSerialization.jsonObject(with: whole.output) as? [String: Any])
        #expect((json["distance"] as? Double ?? 0) < (all["distance"] as? Double ?? 0))
        #expect(all["window"] == nil)
    }

    @Test("a day in the ride's own zone keeps it all; the day after is exit 65 saying why")
    func days() throws {
        let kept = try Maprender.run(["track", "stats", "--day", "2024-06-08", "--timezone", "America/Denver", ride])
        #expect(kept.status == 0 && kept.outputText.contains("window          nothing left out"), "\(kept.outputText)")
        let folder = try TemporaryDirectory()
        let render = try Maprender.run(
            ["--track", ride, "--day", "2024-06-09", "--timezone", "America/Denver", "-o", folder.path("m.png")])
        #expect(render.status == 65)
        #expect(render.errors.contains("no fix of the track files lies in the time window 2024-06-09T06:00:00Z"))
        #expect(try folder.listing().isEmpty)
    }

    @Test("a batch job's day key and the configuration file's timezone key make the window")
    func batchAndConfiguration() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: folder.path("config/maprender"), withIntermediateDirectories: true)
        try Data(#"{"timezone": "America/Denver"}"#.utf8).write(
            to: URL(fileURLWithPath: folder.path("config/maprender/config.json")))
        let jobs = [
            #"{"id": "ride", "output": "ride.png", "track": "\#(ride)", "day": "2024-06-08"}"#,
            #"{"id": "none", "output": "none.png", "track": "\#(ride)", "day": "2024-06-07"}"#,
        ]
        try Data((jobs.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.path("config")
        let result = try Maprender.run(
            ["batch", folder.path("jobs.jsonl"), "--out-dir", folder.path("out")], environment: environment)
        #expect(result.status != 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("out/ride.png")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/none.png")))
        #expect(
            result.errors.contains("2024-06-07T06:00:00Z"),
            "Denver's midnight, from the configuration: \(result.errors)")
    }
}
