import Foundation
import MapRenderCairo
import Testing

/// `batch` paints each street basemap once per 256-pixel block and reuses the blocks for the
/// maps after (docs/performance.md, "Painted blocks"): the maps it draws so must be the maps
/// it draws with reuse off (`MAPRENDER_BLOCK_CACHE_MB=0`), painted in one piece.
@Suite("maprender batch reuses painted basemap blocks, end to end")
struct BlockReuseTests {
    typealias Job = BatchSharingTests.Job

    /// How far a map from reused blocks may be from the map painted in one piece: 16 levels
    /// (of 255) in a channel, the goldens' threshold for antialiasing noise, on at most 0.5 %
    /// of the pixels. A block is laid out for another rectangle than the map, with the
    /// tiles around that rectangle: its paths hold the same shapes inside the map and more
    /// outside, and Cairo rasterizes a path of horizontal and vertical edges alone as boxes
    /// (exact coverage) but any other with its scan converter (15 rows a pixel), so an edge
    /// may be sampled the other way (measured: up to 7 levels on 0.13 % of the pixels with
    /// two workers, whose blocks are cut differently); a line of a tile just off the map's
    /// canvas, which the map does not read, may reach half its width into a block that does.
    static let channelTolerance = 16
    static let differingShare = 0.005

    /// The jobs: three archives and a style file, two looks, two languages (one at a view
    /// drawn without it too), scales 1 and 2, two sizes, a centred view given twice, and
    /// fitted tracks (one of them twice); one view drawn three times.
    static func jobs(in folder: TemporaryDirectory) throws -> [Job] {
        let helsinki = BatchSharingTests.helsinki, protomaps = BatchSharingTests.protomaps
        let center = [("center", "60.1699,24.9384"), ("zoom", "15"), ("size", "320x240")]
        let near = [("center", "60.1716,24.9443"), ("zoom", "15"), ("size", "300x260")]
        var jobs = [
            Job(id: "omt", options: [("basemap", helsinki)] + center),
            Job(id: "omt-dark", options: [("basemap", helsinki), ("style", "dark")] + center),
            Job(id: "omt-2x", options: [("basemap", helsinki), ("scale", "2")] + center),
            Job(id: "omt-near", options: [("basemap", helsinki)] + near),
            Job(
                id: "protomaps",
                options: [("basemap", protomaps), ("basemap-style", BatchSharingTests.protomapsStyle)] + center),
            Job(
                id: "protomaps-sv",
                options: [
                    ("basemap", protomaps), ("basemap-style", BatchSharingTests.protomapsStyle), ("language", "sv"),
                ]
                    + center),
            Job(id: "shortbread-de", options: [("basemap", BatchSharingTests.shortbread), ("language", "de")] + near),
        ]
        for seed in [3, 4, 3] {
            let gpx = folder.path("track-\(seed).gpx")
            try Data(BatchSharingTests.track(seed: seed).utf8).write(to: URL(fileURLWithPath: gpx))
            jobs.append(
                Job(
                    id: "track-\(seed)-\(jobs.count)",
                    options: [("gpx", gpx), ("basemap", helsinki), ("size", "320x240")]))
        }
        // A view's first map is painted whole, its second paints and keeps its blocks, the
        // third reuses them: these two last, so that the blocks are kept even with two workers.
        jobs.append(Job(id: "omt-titled", options: [("basemap", helsinki), ("title", "Again")] + center))
        jobs.append(Job(id: "omt-third", options: [("basemap", helsinki), ("title", "Third")] + center))
        return jobs
    }

    /// Runs the jobs in a batch; the summary's `basemap_blocks` totals.
    static func batch(
        _ jobs: [Job], in folder: TemporaryDirectory, out: String, workers: String, megabytes: String?
    ) throws -> [String: Double] {
        let manifest = try jobs.map { try $0.manifestLine(output: $0.id + ".png") }.joined(separator: "\n") + "\n"
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in !key.hasPrefix("MAPRENDER_") }
        environment["MAPRENDER_BLOCK_CACHE_MB"] = megabytes
        let result = try Maprender.run(
            [
                "batch", folder.path("jobs.jsonl"), "--jobs", workers, "--out-dir", folder.path(out), "--progress",
                "never", "--allow-outside-paths", "--summary", folder.path(out + ".json"),
            ], environment: environment)
        #expect(result.status == 0, "stderr: \(result.errors)")
        let summary =
            try JSONSerialization.jsonObject(
                with: try Data(contentsOf: URL(fileURLWithPath: folder.path(out + ".json")))) as? [String: Any]
        let blocks = summary?["basemap_blocks"] as? [String: Any] ?? [:]
        return blocks.compactMapValues { ($0 as? Double) ?? ($0 as? Int).map(Double.init) }
    }

    /// Decoded RGBA pixels of a PNG.
    static func pixels(_ path: String) throws -> RasterImage {
        try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test("maps drawn from reused blocks are the maps painted whole", arguments: ["1", "2"])
    func reusedEqualsWhole(workers: String) throws {
        let folder = try TemporaryDirectory()
        let jobs = try Self.jobs(in: folder)
        let whole = try Self.batch(jobs, in: folder, out: "whole", workers: "1", megabytes: "0")
        #expect(whole["reused"] == 0 && whole["painted"] == 0, "with the ceiling at 0 nothing is painted in blocks")
        let reused = try Self.batch(jobs, in: folder, out: "reused", workers: workers, megabytes: nil)
        // The view drawn three times is painted in blocks by its second map, and one worker
        // reuses them for the third (two workers may draw those two at once, both painting).
        // (A 320 × 240 map covers at least two blocks.)
        #expect((reused["painted"] ?? 0) >= 2, "blocks: \(reused)")
        if workers == "1" { #expect((reused["reused"] ?? 0) >= 2, "blocks: \(reused)") }
        var distinct = Set<[UInt8]>()
        for job in jobs {
            let a = try Self.pixels(folder.path("whole/\(job.id).png"))
            let b = try Self.pixels(folder.path("reused/\(job.id).png"))
            #expect(a.width == b.width && a.height == b.height, "\(job.id): sizes differ")
            guard a.width == b.width, a.height == b.height else { continue }
            var differing = 0, largest = 0
            for pixel in 0..<(a.width * a.height) {
                var worst = 0
                for channel in 0..<4 {
                    worst = max(worst, abs(Int(a.pixels[pixel * 4 + channel]) - Int(b.pixels[pixel * 4 + channel])))
                }
                if worst > 0 { differing += 1 }
                largest = max(largest, worst)
            }
            #expect(largest <= Self.channelTolerance, "\(job.id): a channel differs by \(largest)")
            #expect(
                Double(differing) <= Self.differingShare * Double(a.width * a.height),
                "\(job.id): \(differing) of \(a.width * a.height) pixels differ")
            distinct.insert(a.pixels)
        }
        // The looks, archives, languages and scales are kept apart; only the second drawing
        // of the track is the same map (painted whole).
        #expect(distinct.count == jobs.count - 1)
    }

    @Test("a ceiling that is not a whole number of megabytes is a configuration error naming the variable")
    func badCeiling() throws {
        let folder = try TemporaryDirectory()
        let job = Job(id: "one", options: [("basemap", BatchSharingTests.helsinki), ("size", "64x64")])
        try Data((try job.manifestLine(output: "one.png") + "\n").utf8).write(
            to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in !key.hasPrefix("MAPRENDER_") }
        environment["MAPRENDER_BLOCK_CACHE_MB"] = "lots"
        let result = try Maprender.run(
            ["batch", folder.path("jobs.jsonl"), "--out-dir", folder.path("out"), "--allow-outside-paths"],
            environment: environment)
        #expect(result.status == 78)
        #expect(result.errors.contains("error: MAPRENDER_BLOCK_CACHE_MB=lots"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/one.png")))
    }
}
