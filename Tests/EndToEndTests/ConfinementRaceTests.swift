import Foundation
import Testing

/// Swaps a file in a folder between a regular file and a symbolic link leading out of the
/// folder, as fast as it can, on a thread of its own, until stopped (or for `limit` seconds).
final class LinkFlipper: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)
    /// How many times the link was swapped in.
    private(set) var swaps = 0

    /// Starts flipping `path` between a copy of the file `inside` and a link to
    /// `outsideTarget`, each put in place by an atomic rename.
    init(path: String, inside: String, outsideTarget: String, limit: TimeInterval) {
        let deadline = Date().addingTimeInterval(limit)
        let thread = Thread { [self] in
            let file = path + ".file", link = path + ".link"
            while !isStopped, Date() < deadline {
                // Both made ready first, then each left in place for about as long.
                unlink(file)
                try? FileManager.default.copyItem(atPath: inside, toPath: file)
                unlink(link)
                symlink(outsideTarget, link)
                rename(file, path)
                usleep(200)
                rename(link, path)
                usleep(200)
                lock.withLock { swaps += 1 }
            }
            unlink(file)
            try? FileManager.default.copyItem(atPath: inside, toPath: file)
            rename(file, path)
            done.signal()
        }
        thread.start()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Stops flipping, leaving the regular file in place, and waits for the thread.
    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }
}

/// A symbolic link swapped in while batch jobs read their inputs never leads them out of
/// `--in-dir`: the file opened beneath the folder is the one read.
@Suite("Confinement under a swapped link, end to end", .serialized)
struct ConfinementRaceTests {
    static let secretTitle = "OUTSIDE-SECRET-PIN"

    func pin(_ title: String) -> String {
        """
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]},
         "properties": {"title": "\(title)"}}
        """
    }

    /// The kinds of input flipped: the manifest key, the file's name in `data/`.
    static let kinds = [("geojson", "p.geojson"), ("places", "favorites.db")]

    /// `data/NAME` (to be flipped), the inside and outside versions in `stage/` and
    /// `secret/`, and a manifest of `count` jobs reading it (relative to `data/` when
    /// `relative`) and writing a sidecar each.
    func layout(_ key: String, _ name: String, jobs count: Int, relative: Bool) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for sub in ["data", "stage", "secret", "maps"] {
            try FileManager.default.createDirectory(atPath: folder.path(sub), withIntermediateDirectories: true)
        }
        for (sub, title) in [("stage", "inside pin"), ("secret", Self.secretTitle)] {
            if key == "geojson" {
                try pin(title).write(toFile: folder.path("\(sub)/\(name)"), atomically: true, encoding: .utf8)
            } else {
                let added = try Maprender.run([
                    "places", "add", "--db", folder.path("\(sub)/\(name)"), "--name", title, "--lat", "60.17",
                    "--lon", "24.94",
                ])
                #expect(added.status == 0, "\(added.errors)")
            }
        }
        try FileManager.default.copyItem(atPath: folder.path("stage/\(name)"), toPath: folder.path("data/\(name)"))
        let input = relative ? name : folder.path("data/\(name)")
        let lines = (0..<count).map { index in
            "{\"id\": \"j\(index)\", \"output\": \"j\(index).png\", \"sidecar\": \"j\(index).json\","
                + " \"\(key)\": \"\(input)\", \"size\": \"64x48\", \"basemap\": \"none\"}"
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: folder.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        return folder
    }

    func flip(_ name: String, in folder: TemporaryDirectory) -> LinkFlipper {
        LinkFlipper(
            path: folder.path("data/\(name)"), inside: folder.path("stage/\(name)"),
            outsideTarget: "../secret/\(name)", limit: 20)
    }

    /// What every job left behind (sidecars, the summary, standard error), joined.
    func everything(in folder: TemporaryDirectory, errors: String) throws -> String {
        var text = errors
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path("maps"))
        where name.hasSuffix(".json") {
            text += try String(contentsOfFile: folder.path("maps/" + name), encoding: .utf8)
        }
        text += (try? String(contentsOfFile: folder.path("summary.json"), encoding: .utf8)) ?? ""
        return text
    }

    @Test("jobs reading a file flipped to a link out never read the outside file under --in-dir", arguments: kinds)
    func flipped(key: String, name: String) throws {
        let folder = try layout(key, name, jobs: 300, relative: true)
        let flipper = flip(name, in: folder)
        let result = try Maprender.run([
            "batch", folder.path("jobs.jsonl"), "--in-dir", folder.path("data"), "--out-dir", folder.path("maps"),
            "--summary", folder.path("summary.json"), "--jobs", "2",
        ])
        flipper.stop()
        #expect(flipper.swaps > 10, "the link was swapped while the jobs ran")
        let left = try everything(in: folder, errors: result.errors)
        #expect(!left.contains(Self.secretTitle), "nothing from outside --in-dir was read")
        #expect(left.contains("inside pin"), "jobs that met the regular file read it")
        // Jobs that met the link were refused, at the check or at the open; no other failure.
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("summary.json"))))
                as? [String: Any])
        let results = try #require(summary["results"] as? [[String: Any]])
        #expect(results.count == 300)
        for entry in results where entry["status"] as? String != "ok" {
            let error = entry["error"] as? String ?? ""
            #expect(error.contains("escapes --in-dir") || error.contains("is outside"), "\(error)")
        }
    }

    @Test("the flipping is seen by readers: without --in-dir the same jobs do read the outside file", arguments: kinds)
    func flippingIsEffective(key: String, name: String) throws {
        let folder = try layout(key, name, jobs: 150, relative: false)
        let flipper = flip(name, in: folder)
        let result = try Maprender.run([
            "batch", folder.path("jobs.jsonl"), "--out-dir", folder.path("maps"), "--summary",
            folder.path("summary.json"), "--jobs", "2",
        ])
        flipper.stop()
        let left = try everything(in: folder, errors: result.errors)
        #expect(left.contains(Self.secretTitle), "a control: unconfined, the link out is followed")
    }

    @Test("under --in-dir every kind of input is read through the descriptor opened beneath it")
    func everyReader() throws {
        let folder = try TemporaryDirectory()
        let root = Maprender.packageRoot
        try FileManager.default.createDirectory(atPath: folder.path("data/icons"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("maps"), withIntermediateDirectories: true)
        let copies = [
            ("examples/favorites.db", "data/favorites.db"), ("examples/denver-ride.gpx", "data/ride.gpx"),
            ("examples/denver-ride.csv", "data/ride.csv"), ("examples/icons/star.png", "data/icons/star.png"),
            ("Tests/MapTilesTests/Fixtures/pmtiles/helsinki.pmtiles", "data/city.pmtiles"),
            ("Tests/MapTilesTests/Fixtures/pmtiles/helsinki.mbtiles", "data/city.mbtiles"),
        ]
        for (from, to) in copies {
            try FileManager.default.copyItem(atPath: root.appendingPathComponent(from).path, toPath: folder.path(to))
        }
        // A link inside the folder is followed.
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("data/linked.gpx"), withDestinationPath: "ride.gpx")
        try pin("inside pin").write(toFile: folder.path("data/p.geojson"), atomically: true, encoding: .utf8)
        try """
        {"version": 8, "sources": {"city": {"type": "vector", "url": "mbtiles://city.mbtiles"}},
         "layers": [{"id": "building", "type": "fill", "source": "city", "source-layer": "building",
                     "paint": {"fill-color": "#c63"}}]}
        """.write(toFile: folder.path("data/style.json"), atomically: true, encoding: .utf8)
        let helsinki = "\"center\": \"60.1716,24.9443\", \"zoom\": 15, \"size\": \"200x150\""
        let jobs = [
            "\"id\": \"places\", \"places\": \"favorites.db\", \"basemap\": \"none\"",
            "\"id\": \"gpx\", \"track\": \"linked.gpx\", \"basemap\": \"none\"",
            "\"id\": \"csv\", \"track\": \"ride.csv\", \"basemap\": \"none\"",
            "\"id\": \"marker\", \"geojson\": \"p.geojson\", \"marker-image\": \"icons/star.png\", \"basemap\": \"none\"",
            "\"id\": \"pmtiles\", \"basemap\": \"city.pmtiles\", \(helsinki)",
            "\"id\": \"style\", \"basemap-style\": \"style.json\", \(helsinki)",
        ]
        let lines = jobs.map { job in
            let id = job.split(separator: "\"")[2]
            return "{\(job), \"output\": \"\(id).png\"}"
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: folder.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let result = try Maprender.run([
            "batch", folder.path("jobs.jsonl"), "--in-dir", folder.path("data"), "--out-dir", folder.path("maps"),
            "--summary", folder.path("summary.json"), "--tile-cache", "none",
        ])
        #expect(result.status == 0, "\(result.errors)")
        for id in ["places", "gpx", "csv", "marker", "pmtiles", "style"] {
            #expect(FileManager.default.fileExists(atPath: folder.path("maps/\(id).png")), "\(id)")
        }
        // The archive read through its descriptor draws what it draws read by path.
        let plain = try Maprender.run([
            "--basemap-style", folder.path("data/style.json"), "--center", "60.1716,24.9443", "--zoom", "15",
            "--size", "200x150", "--tile-cache", "none", "-o", folder.path("plain.png"),
        ])
        #expect(plain.status == 0, "\(plain.errors)")
        let confined = try Data(contentsOf: URL(fileURLWithPath: folder.path("maps/style.png")))
        #expect(confined == (try Data(contentsOf: URL(fileURLWithPath: folder.path("plain.png")))))
        #expect(confined.count > 2_000, "buildings drawn, not an empty map")
    }
}
