import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The jobs of a batch share opened basemaps and decoded tiles: what they draw must be what
/// each job draws alone, and a file changed between two jobs must be read again.
@Suite("maprender batch shares basemaps and tiles across jobs, end to end")
struct BatchSharingTests {
    static let root = Maprender.packageRoot.path
    static let helsinki = root + "/examples/helsinki/helsinki.pmtiles"
    static let protomaps = root + "/examples/helsinki/helsinki-protomaps.pmtiles"
    static let shortbread = root + "/examples/helsinki/helsinki-shortbread.pmtiles"
    static let protomapsStyle = root + "/Tests/MapVectorLayoutTests/Fixtures/schemas/protomaps-light.json"

    /// The environment of the batches here: basemap blocks are not reused
    /// (`MAPRENDER_BLOCK_CACHE_MB=0`), so what is compared with the maps drawn alone is the
    /// sharing of basemaps, tiles and layouts, to the byte; `BlockReuseTests` compares maps
    /// drawn from reused blocks.
    static var paintedWhole: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in !key.hasPrefix("MAPRENDER_") }
        environment["MAPRENDER_BLOCK_CACHE_MB"] = "0"
        return environment
    }

    /// One job: its id and its render options, as a manifest object and as command words.
    struct Job {
        var id: String
        var options: [(String, String)]

        func manifestLine(output: String) throws -> String {
            var object: [String: Any] = ["id": id, "output": output]
            for (key, value) in options { object[key] = value }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }

        var words: [String] { options.flatMap { ["--" + $0.0, $0.1] } }
    }

    @Test("jobs mixing looks, a style file, archives and languages draw the bytes each draws alone")
    func sameBytesAsAlone() throws {
        let folder = try TemporaryDirectory()
        let center = [("center", "60.1699,24.9384"), ("zoom", "15"), ("size", "320x240")]
        let near = [("center", "60.1716,24.9443"), ("zoom", "15"), ("size", "320x240")]
        let jobs = [
            Job(id: "omt-default", options: [("basemap", Self.helsinki), ("style", "default")] + center),
            Job(id: "omt-dark", options: [("basemap", Self.helsinki), ("style", "dark")] + center),
            Job(id: "shortbread", options: [("basemap", Self.shortbread)] + center),
            Job(
                id: "protomaps-style",
                options: [("basemap", Self.protomaps), ("basemap-style", Self.protomapsStyle)] + center),
            Job(
                id: "protomaps-sv",
                options: [("basemap", Self.protomaps), ("basemap-style", Self.protomapsStyle), ("language", "sv")]
                    + center),
            Job(id: "omt-default-near", options: [("basemap", Self.helsinki), ("style", "default")] + near),
            Job(id: "shortbread-de", options: [("basemap", Self.shortbread), ("language", "de")] + near),
            Job(id: "omt-dark-again", options: [("basemap", Self.helsinki), ("style", "dark")] + center),
            Job(
                id: "protomaps-again",
                options: [("basemap", Self.protomaps), ("basemap-style", Self.protomapsStyle)] + near),
        ]
        let manifest = try jobs.map { try $0.manifestLine(output: $0.id + ".png") }.joined(separator: "\n") + "\n"
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let batch = try Maprender.run(
            [
                "batch", folder.path("jobs.jsonl"), "--jobs", "2", "--out-dir", folder.path("batch"), "--progress",
                "never", "--allow-outside-paths",
            ], environment: Self.paintedWhole)
        #expect(batch.status == 0, "stderr: \(batch.errors)")
        var maps: [Data] = []
        for job in jobs {
            let alone = folder.path("alone-\(job.id).png")
            let result = try Maprender.run(job.words + ["--allow-outside-paths", "-o", alone])
            #expect(result.status == 0, "\(job.id): \(result.errors)")
            let batched = try Data(contentsOf: URL(fileURLWithPath: folder.path("batch/\(job.id).png")))
            let single = try Data(contentsOf: URL(fileURLWithPath: alone))
            #expect(batched == single, "job \(job.id) drew other bytes in the batch than alone")
            maps.append(batched)
        }
        // The jobs really differ from one another (the looks, archives and languages are kept
        // apart), but for the one job given twice.
        #expect(Set(maps).count == jobs.count - 1)
        #expect(maps[1] == maps[7], "omt-dark and omt-dark-again are the same job")
    }

    /// A GPX 1.1 track of `count` fixes wandering from a point of central Helsinki, seeded.
    static func track(seed: Int, count: Int = 40) -> String {
        var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var latitude = 60.160 + next() * 0.02, longitude = 24.925 + next() * 0.03
        var fixes = ""
        for index in 0..<count {
            latitude += (next() - 0.45) * 0.0012
            longitude += (next() - 0.45) * 0.0024
            let time = String(format: "2026-06-01T08:%02d:%02dZ", index / 6, index % 6 * 10)
            fixes += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><time>\(time)</time></trkpt>"
        }
        return """
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">\
            <trk><trkseg>\(fixes)</trkseg></trk></gpx>
            """
    }

    @Test(
        "tracks with their start and end pins and stats drawn in a batch are the maps drawn alone",
        arguments: ["1", "2"])
    func tracksWithPinsSameAsAlone(jobCount: String) throws {
        // Each map fitted to its own track, so the pins (and their stamped shadows) fall at
        // places of their own within a pixel: a stamp made by one map must not change another.
        let folder = try TemporaryDirectory()
        let jobs = try (1...10).map { seed in
            let gpx = folder.path("track-\(seed).gpx")
            try Data(Self.track(seed: seed).utf8).write(to: URL(fileURLWithPath: gpx))
            return Job(
                id: "track-\(seed)",
                options: [("gpx", gpx), ("basemap", Self.helsinki), ("size", "320x240"), ("stats", "true")])
        }
        // `stats` is a JSON boolean in a manifest.
        let manifest =
            try jobs.map {
                try $0.manifestLine(output: $0.id + ".png").replacingOccurrences(
                    of: #""stats":"true""#, with: #""stats":true"#)
            }.joined(separator: "\n") + "\n"
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let batch = try Maprender.run(
            [
                "batch", folder.path("jobs.jsonl"), "--jobs", jobCount, "--out-dir", folder.path("batch"), "--progress",
                "never",
            ], environment: Self.paintedWhole)
        #expect(batch.status == 0, "stderr: \(batch.errors)")
        for job in jobs {
            let alone = folder.path("alone-\(job.id).png")
            let words = job.options.flatMap { $0.0 == "stats" ? ["--stats"] : ["--" + $0.0, $0.1] }
            let result = try Maprender.run(words + ["-o", alone])
            #expect(result.status == 0, "\(job.id): \(result.errors)")
            let batched = try Data(contentsOf: URL(fileURLWithPath: folder.path("batch/\(job.id).png")))
            #expect(batched == (try Data(contentsOf: URL(fileURLWithPath: alone))), "job \(job.id)")
        }
    }

    @Test("maps drawn after a worker renewed its font map (every 32 maps) are the maps drawn alone")
    func afterFontMapRenewal() throws {
        let folder = try TemporaryDirectory()
        // Each job at a zoom of its own, so its labels are at sizes of their own.
        let jobs = (0..<35).map { index in
            Job(
                id: "map-\(index)",
                options: [
                    ("basemap", Self.helsinki), ("center", "60.1699,24.9384"), ("zoom", "\(15 + Double(index) * 0.03)"),
                    ("size", "200x150"),
                ])
        }
        let manifest = try jobs.map { try $0.manifestLine(output: $0.id + ".png") }.joined(separator: "\n") + "\n"
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let batch = try Maprender.run(
            [
                "batch", folder.path("jobs.jsonl"), "--jobs", "1", "--out-dir", folder.path("batch"), "--progress",
                "never",
            ], environment: Self.paintedWhole)
        #expect(batch.status == 0, "stderr: \(batch.errors)")
        for job in [jobs[0], jobs[31], jobs[32], jobs[34]] {
            let alone = folder.path("alone-\(job.id).png")
            let result = try Maprender.run(job.words + ["-o", alone])
            #expect(result.status == 0, "\(job.id): \(result.errors)")
            let batched = try Data(contentsOf: URL(fileURLWithPath: folder.path("batch/\(job.id).png")))
            #expect(batched == (try Data(contentsOf: URL(fileURLWithPath: alone))), "job \(job.id)")
        }
    }

    /// Writes a style drawing the archive's water over a background of `background`.
    static func writeStyle(_ path: String, background: String) throws {
        let text = """
            {"version": 8, "sources": {"omt": {"type": "vector"}}, "layers": [
              {"id": "bg", "type": "background", "paint": {"background-color": "\(background)"}},
              {"id": "water", "type": "fill", "source": "omt", "source-layer": "water",
               "paint": {"fill-color": "#203040"}}]}
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("a style file rewritten between two jobs of one batch is read again")
    func styleRewrittenBetweenJobs() throws {
        let folder = try TemporaryDirectory()
        let style = folder.path("style.json")
        try Self.writeStyle(style, background: "#ff0000")
        let options = [
            ("basemap", Self.helsinki), ("basemap-style", style), ("center", "60.1699,24.9384"), ("zoom", "14"),
            ("size", "160x120"),
        ]
        // The manifest is a pipe: the second job is written only once the first map is out,
        // and the style is rewritten in between.
        let manifest = folder.path("jobs.jsonl")
        #expect(mkfifo(manifest, 0o600) == 0)
        let first = try Job(id: "first", options: options).manifestLine(output: "first.png")
        let second = try Job(id: "second", options: options).manifestLine(output: "second.png")
        let out = folder.path("out/first.png")
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: manifest) else { return }
            handle.write(Data((first + "\n").utf8))
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: out), Date() < deadline { usleep(20_000) }
            try? Self.writeStyle(style, background: "#0000ff")
            handle.write(Data((second + "\n").utf8))
            try? handle.close()
        }
        writer.start()
        let batch = try Maprender.run(
            [
                "batch", manifest, "--jobs", "1", "--out-dir", folder.path("out"), "--progress", "never",
            ], environment: Self.paintedWhole)
        #expect(batch.status == 0, "stderr: \(batch.errors)")
        let firstMap = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/first.png")))
        let secondMap = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/second.png")))
        #expect(firstMap != secondMap, "the second job drew the style as it was before the rewrite")
        // The second map is the rewritten style's, as a run of its own draws it.
        let alone = try Maprender.run(Job(id: "alone", options: options).words + ["-o", folder.path("alone.png")])
        #expect(alone.status == 0, "stderr: \(alone.errors)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("alone.png"))) == secondMap)
    }
}
