import Foundation
import MapFavorites
import MapGeometry
import MapRenderCairo
import MapRenderCore
import Testing

@Suite("maprender batch, end to end")
struct BatchCommandTests {
    /// A manifest of `count` tiny jobs (64×48 pins, no basemap), one per line.
    func manifest(count: Int, bad: Set<Int> = [], in folder: TemporaryDirectory) throws -> String {
        var lines: [String] = []
        for index in 0..<count {
            let latitude = bad.contains(index) ? 95 : Double(index % 80)
            lines.append(
                "{\"id\": \"job-\(index)\", \"output\": \"maps/\(index).png\", \"pin\": \"\(latitude),\(index % 170)\", \"size\": \"64x48\", \"basemap\": \"none\"}"
            )
        }
        let path = folder.path("jobs.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("shards over 1,000 jobs are disjoint and together complete")
    func shards() throws {
        let folder = try TemporaryDirectory()
        let path = try manifest(count: 1000, in: folder)
        var seen: [String: Int] = [:]
        for shard in 0..<4 {
            let result = try Maprender.run(["batch", path, "--dry-run", "--shard", "\(shard)/4"])
            #expect(result.status == 0, "stderr: \(result.errors)")
            let ids = result.outputText.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
            #expect(ids.count > 150 && ids.count < 350, "shard \(shard) has \(ids.count) jobs")
            for id in ids { seen[id, default: 0] += 1 }
        }
        #expect(seen.count == 1000)
        #expect(seen.values.allSatisfy { $0 == 1 })
        // The same shard on another run (another machine) picks the same jobs.
        let again = try Maprender.run(["batch", path, "--dry-run", "--shard", "2/4"])
        let first = try Maprender.run(["batch", path, "--dry-run", "--shard", "2/4"])
        #expect(again.output == first.output)
    }

    @Test("--shard auto reads Kubernetes and Slurm conventions")
    func shardAuto() throws {
        let folder = try TemporaryDirectory()
        let path = try manifest(count: 50, in: folder)
        let explicit = try Maprender.run(["batch", path, "--dry-run", "--shard", "1/3"])
        let kubernetes = try Maprender.run(
            ["batch", path, "--dry-run", "--shard", "auto"],
            environment: ["JOB_COMPLETION_INDEX": "1", "MAPRENDER_SHARD_COUNT": "3"])
        // --array=1-3 (task 2) and the stepped --array=1-9:4 (task 5) are both shard 1 of 3.
        for (task, maximum, step) in [("2", "3", "1"), ("5", "9", "4")] {
            let slurm = try Maprender.run(
                ["batch", path, "--dry-run", "--shard", "auto"],
                environment: [
                    "SLURM_ARRAY_TASK_ID": task, "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": maximum,
                    "SLURM_ARRAY_TASK_STEP": step, "SLURM_ARRAY_TASK_COUNT": "3",
                ])
            #expect(slurm.status == 0 && slurm.output == explicit.output, "stderr: \(slurm.errors)")
        }
        #expect(kubernetes.status == 0 && kubernetes.output == explicit.output, "stderr: \(kubernetes.errors)")
        let none = try Maprender.run(["batch", path, "--dry-run", "--shard", "auto"], environment: [:])
        #expect(none.status == 64 && none.errors.contains("JOB_COMPLETION_INDEX"))
    }

    @Test("--shard auto in an array with gaps (--array=0,2,5) fails before any job, saying why")
    func shardAutoGaps() throws {
        let folder = try TemporaryDirectory()
        let path = try manifest(count: 10, in: folder)
        let result = try Maprender.run(
            ["batch", path, "--shard", "auto", "--out-dir", folder.path("out")],
            environment: [
                "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "5",
                "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "3",
            ])
        #expect(result.status == 64, "stderr: \(result.errors)")
        #expect(
            result.errors.contains(
                "error: --shard auto: the array has gaps: (MAX − MIN) / STEP + 1 = 6 IDs from MIN to MAX, but COUNT is 3"
            ),
            "stderr: \(result.errors)")
        #expect(result.errors.contains("SLURM_ARRAY_TASK_ID=2, _MIN=0, _MAX=5, _STEP=1, _COUNT=3"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test("a failing job never stops the others; the summary and the exit code say what happened")
    func failureIsolation() throws {
        let folder = try TemporaryDirectory()
        let path = try manifest(count: 20, bad: [3, 11], in: folder)
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text += "{not json\n{\"id\": \"job-0\", \"output\": \"dup.png\", \"pin\": \"0,0\"}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let result = try Maprender.run([
            "batch", path, "--out-dir", folder.path("out"), "--summary", folder.path("summary.json"), "--jobs", "2",
        ])
        #expect(result.status != 0)
        #expect(result.errors.contains("jobs.jsonl:21:"), "the bad line is reported with its number: \(result.errors)")
        #expect(result.errors.contains("jobs.jsonl:22:") && result.errors.contains("job-0"))
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path("out/maps"))
        #expect(written.count == 18)
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("summary.json"))))
                as? [String: Any])
        #expect(summary["jobs"] as? Int == 22 && summary["succeeded"] as? Int == 18 && summary["failed"] as? Int == 4)
        let results = try #require(summary["results"] as? [[String: Any]])
        let three = try #require(results.first { $0["id"] as? String == "job-3" })
        #expect(three["status"] as? String == "failed" && three["exit_code"] as? Int == 64)
        #expect((three["error"] as? String)?.contains("outside the world") == true)
        // Progress is quiet and line-oriented without a terminal: no carriage returns.
        #expect(!result.errors.contains("\r"))
    }

    @Test("the summary of 2,000 jobs is complete and in manifest order with --jobs 2; the first failure is named")
    func longSummary() throws {
        let folder = try TemporaryDirectory()
        let path = try manifest(count: 2000, bad: [500, 1500], in: folder)
        let result = try Maprender.run([
            "batch", path, "--out-dir", folder.path("out"), "--summary", folder.path("summary.json"), "--jobs", "2",
        ])
        #expect(result.status == 64, "\(result.errors)")
        #expect(result.errors.contains("2 of 2000 jobs failed (the first: job job-500:"), "\(result.errors)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("summary.json"))))
                as? [String: Any])
        #expect(
            summary["jobs"] as? Int == 2000 && summary["succeeded"] as? Int == 1998 && summary["failed"] as? Int == 2)
        let results = try #require(summary["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == (0..<2000).map { "job-\($0)" })
        #expect(results.map { $0["line"] as? Int } == (0..<2000).map { $0 + 1 })
        #expect(
            results.enumerated().filter { $0.element["status"] as? String == "failed" }.map(\.offset) == [500, 1500])
    }

    @Test("a file that cannot be written fails its job alone, also while the next map renders", arguments: [1, 2])
    func writeFailuresAreJobFailures(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        let path = try manifest(count: 8, in: folder)
        // Job 2's output is a folder: rendering succeeds, writing (done on the writer
        // thread while job 3 renders) fails.
        try FileManager.default.createDirectory(atPath: folder.path("maps/2.png"), withIntermediateDirectories: true)
        let result = try Maprender.run(
            [
                "batch", path, "--summary", folder.path("summary.json"), "--jobs", "\(jobs)",
            ], in: folder.url)
        #expect(result.status == 73, "\(result.errors)")
        #expect(result.errors.contains("job-2") && result.errors.contains("is a folder"), "\(result.errors)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("summary.json"))))
                as? [String: Any])
        let results = try #require(summary["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == (0..<8).map { "job-\($0)" }, "in job order")
        #expect(results.map { $0["status"] as? String } == ["ok", "ok", "failed", "ok", "ok", "ok", "ok", "ok"])
        for index in [0, 1, 3, 4, 5, 6, 7] {
            let png = try Data(contentsOf: URL(fileURLWithPath: folder.path("maps/\(index).png")))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "map \(index) is a whole PNG")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path("maps")).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty, "no temporary files left: \(leftovers)")
    }

    @Test("--skip-existing makes reruns cheap; outputs are byte-identical across runs")
    func skipExisting() throws {
        let folder = try TemporaryDirectory()
        let path = try manifest(count: 5, in: folder)
        let first = try Maprender.run(["batch", path, "--out-dir", folder.path("a")])
        #expect(first.status == 0, "stderr: \(first.errors)")
        let second = try Maprender.run(["batch", path, "--out-dir", folder.path("a"), "--skip-existing"])
        #expect(second.status == 0 && second.errors.contains("0 ok") && second.errors.contains("5 skipped"))
        let third = try Maprender.run(["batch", path, "--out-dir", folder.path("b")])
        #expect(third.status == 0)
        for index in 0..<5 {
            let a = try Data(contentsOf: URL(fileURLWithPath: folder.path("a/maps/\(index).png")))
            let b = try Data(contentsOf: URL(fileURLWithPath: folder.path("b/maps/\(index).png")))
            #expect(a == b)
        }
    }

    @Test(
        "--out-dir confines outputs",
        arguments: ["../escape.png", "/tmp/absolute.png", "maps/../../escape.png", "link/escape.png"])
    func confinement(output: String) throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("out/link"), withDestinationPath: folder.path("elsewhere"))
        try FileManager.default.createDirectory(atPath: folder.path("elsewhere"), withIntermediateDirectories: true)
        let line = "{\"id\": \"x\", \"output\": \"\(output)\", \"pin\": \"0,0\", \"size\": \"32x32\"}\n"
        try Data(line.utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let result = try Maprender.run(["batch", folder.path("jobs.jsonl"), "--out-dir", folder.path("out")])
        #expect(result.status == 64 && result.errors.contains("escapes --out-dir"), "stderr: \(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("escape.png")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("elsewhere")).isEmpty)
    }

    @Test("one map per favorite")
    func eachPlace() throws {
        let folder = try TemporaryDirectory()
        let favorites = Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path
        let result = try Maprender.run([
            "batch", "--places", favorites, "--each", "place", "-o", folder.path("{id}-{name}.png"), "--size",
            "200x150", "--basemap", "none",
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let files = try folder.listing()
        #expect(files.count == 12 && files.contains("1-denver-museum-of-nature-science.png"))
        let image = try RasterImage(
            png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("1-denver-museum-of-nature-science.png"))))
        )
        #expect(image.width == 200)
    }

    @Test("--each place over two databases of 600 favorites: shards disjoint, in id order, complete")
    func eachPlaceShardsAcrossPages() throws {
        let folder = try TemporaryDirectory()
        // 600 rows cross the reader's pages of 256; the second database is read after the first.
        var databases: [String] = []
        for (number, count) in [(1, 600), (2, 3)] {
            let path = folder.path("favs-\(number).db")
            let places = (0..<count).map { index in
                FavoritePlace(
                    name: "Place \(number)-\(index)",
                    coordinate: Coordinate(latitude: Double(index % 160) - 80, longitude: Double(index % 340) - 170))
            }
            _ = try FavoritesWriter(path: path).add(contentsOf: places)
            databases.append(path)
        }
        var outputs: [[String]] = []
        for shard in 0..<2 {
            let result = try Maprender.run([
                "batch", "--places", databases[0], "--places", databases[1], "--each", "place", "-o",
                folder.path("{id}-{name}.png"), "--dry-run", "--shard", "\(shard)/2",
            ])
            #expect(result.status == 0, "stderr: \(result.errors)")
            outputs.append(result.outputText.split(separator: "\n").map { String($0.split(separator: "\t")[1]) })
        }
        let names = outputs.flatMap { $0 }
        #expect(Set(names).count == 603 && names.count == 603)
        #expect(names.contains(folder.path("600-place-1-599.png")) && names.contains(folder.path("3-place-2-2.png")))
        for shard in outputs {
            // Database order, then id order within each.
            let keys = shard.map { name -> Int in
                let file = name.split(separator: "/").last!
                return (file.contains("place-1-") ? 0 : 1_000) + Int(file.split(separator: "-")[0])!
            }
            #expect(keys == keys.sorted())
        }
    }
}

/// Inputs found by fuzzing the argument parsers (Tests/Fuzz) that trapped.
@Suite("batch fuzzing regressions")
struct BatchFuzzingRegressionTests {
    @Test("crash: a numeric job id too large for Int is an error of that job")
    func hugeNumericID() throws {
        let folder = try TemporaryDirectory()
        let manifest = folder.path("jobs.jsonl")
        try Data(
            """
            {"id": 1e300, "output": "a.png", "pin": "1,2", "size": "32x32", "basemap": "none"}
            {"id": 7, "output": "b.png", "pin": "1,2", "size": "32x32", "basemap": "none"}

            """.utf8
        ).write(to: URL(fileURLWithPath: manifest))
        let result = try Maprender.run(["batch", manifest, "--out-dir", folder.path("out"), "--progress", "never"])
        #expect(result.status == 65, "stderr: \(result.errors)")
        #expect(result.errors.contains("jobs.jsonl:1: the job has no id"), "stderr: \(result.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/b.png")))
    }

    @Test(
        "crash: Slurm task numbers that overflow are a usage error",
        arguments: [
            ("-9223372036854775808", "1"), ("9223372036854775807", "-1"),
        ])
    func slurmOverflow(task: String, minimum: String) throws {
        let folder = try TemporaryDirectory()
        let manifest = folder.path("jobs.jsonl")
        try Data("{\"id\": \"a\", \"output\": \"a.png\", \"pin\": \"1,2\"}\n".utf8).write(
            to: URL(fileURLWithPath: manifest))
        let result = try Maprender.run(
            ["batch", manifest, "--shard", "auto", "--dry-run"],
            environment: [
                "SLURM_ARRAY_TASK_ID": task, "SLURM_ARRAY_TASK_MIN": minimum, "SLURM_ARRAY_TASK_MAX": "3",
                "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "4",
            ])
        #expect(result.status == 64, "stderr: \(result.errors)")
        #expect(result.errors.contains("SLURM_ARRAY_TASK_ID"), "stderr: \(result.errors)")
    }
}

/// Findings of the security review of `--out-dir` confinement.
@Suite("batch --out-dir confinement regressions")
struct OutputConfinementRegressionTests {
    @Test("a link out of --out-dir makes no folder outside before the job is refused")
    func noFoldersOutside() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("out/link"), withDestinationPath: folder.path("elsewhere"))
        let manifest = folder.path("jobs.jsonl")
        try Data(
            "{\"id\": \"a\", \"output\": \"link/new/deeper/a.png\", \"pin\": \"1,2\", \"size\": \"32x32\", \"basemap\": \"none\"}\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: manifest))
        let result = try Maprender.run(["batch", manifest, "--out-dir", folder.path("out"), "--progress", "never"])
        #expect(result.status == 64 && result.errors.contains("escapes --out-dir"), "stderr: \(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("elsewhere")).isEmpty)
    }
}
