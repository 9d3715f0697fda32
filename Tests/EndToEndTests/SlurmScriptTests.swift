import Foundation
import MapTestSupport
import Testing

/// `examples/slurm-batch.sh`, the job script of a Slurm array, run here as each task of an
/// array would run it: with the variables sbatch(1) gives the tasks of `--array=1-7:2`
/// (IDs 1, 3, 5, 7; MIN 1, MAX 7, STEP 2, COUNT 4), and `MAPRENDER_ENGINE=host`, the built
/// binary. A real cluster runs the same script in CI (`.ci/engines.sh`, on the host and with
/// podman); this keeps the script checked on machines without Slurm.
@Suite("examples/slurm-batch.sh, its tasks run in turn")
struct SlurmScriptTests {
    var script: String { Maprender.packageRoot.appendingPathComponent("examples/slurm-batch.sh").path }

    /// Runs the script as task `id` of an array, in `folder`.
    func task(
        _ id: Int, minimum: Int, maximum: Int, step: Int, count: Int, engine: String = "host",
        in folder: TemporaryDirectory, manifest: String, out: String
    ) throws -> CapturedRun {
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path("home"), "MAPRENDER_ENGINE": engine,
            "MAPRENDER_BINARY": Maprender.productsDirectory.appendingPathComponent("maprender").path,
            "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(minimum)",
            "SLURM_ARRAY_TASK_MAX": "\(maximum)", "SLURM_ARRAY_TASK_STEP": "\(step)",
            "SLURM_ARRAY_TASK_COUNT": "\(count)", "SLURM_CPUS_PER_TASK": "1",
        ]
        return try ChildProcess.run(
            "/bin/sh", [script, manifest, out], environment: environment, directory: folder.url.path, timeLimit: 300)
    }

    /// A manifest of `count` small jobs without a basemap.
    func manifest(count: Int, in folder: TemporaryDirectory) throws -> String {
        let lines = (0..<count).map {
            "{\"id\": \"job-\($0)\", \"output\": \"\($0).png\", \"pin\": \"\($0 % 80),\($0 % 170)\", \"size\": \"48x32\", \"basemap\": \"none\"}"
        }
        let path = folder.path("jobs.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a stepped array's four tasks draw every map once, as one unsharded run does")
    func steppedArray() throws {
        let folder = try TemporaryDirectory()
        let jobs = try manifest(count: 40, in: folder)
        let whole = try Maprender.run(["batch", jobs, "--out-dir", folder.path("whole"), "--progress", "never"])
        #expect(whole.status == 0, "\(whole.errors)")
        var rendered: [String: Int] = [:]
        for id in [1, 3, 5, 7] {
            let run = try task(
                id, minimum: 1, maximum: 7, step: 2, count: 4, in: folder, manifest: jobs, out: "maps")
            #expect(run.status == 0, "task \(id): \(run.errors)")
            let summary = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: folder.path("maps/summary-\(id).json"))))
                    as? [String: Any])
            let results = try #require(summary["results"] as? [[String: Any]])
            #expect(!results.isEmpty, "task \(id) had no jobs")
            for result in results { rendered[result["id"] as? String ?? "", default: 0] += 1 }
        }
        #expect(rendered.count == 40 && rendered.values.allSatisfy { $0 == 1 }, "\(rendered)")
        for index in 0..<40 {
            let sharded = try Data(contentsOf: URL(fileURLWithPath: folder.path("maps/\(index).png")))
            let reference = try Data(contentsOf: URL(fileURLWithPath: folder.path("whole/\(index).png")))
            #expect(sharded == reference, "\(index).png differs from the unsharded run's")
        }
        // Task 3 again (a requeue): every map is there, so it skips them all.
        let again = try task(3, minimum: 1, maximum: 7, step: 2, count: 4, in: folder, manifest: jobs, out: "maps")
        #expect(again.status == 0, "\(again.errors)")
        let summary = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.path("maps/summary-3.json")))) as? [String: Any])
        #expect(summary["succeeded"] as? Int == 0 && (summary["skipped"] as? Int ?? 0) > 0, "\(summary)")
    }

    @Test("a task of an array with gaps and an unknown engine are refused with exit 64")
    func refusals() throws {
        let folder = try TemporaryDirectory()
        let jobs = try manifest(count: 3, in: folder)
        let gapped = try task(2, minimum: 0, maximum: 5, step: 1, count: 3, in: folder, manifest: jobs, out: "maps")
        #expect(gapped.status == 64 && gapped.errors.contains("the array has gaps"), "\(gapped.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("maps/0.png")))
        let unknown = try task(
            0, minimum: 0, maximum: 3, step: 1, count: 4, engine: "docker", in: folder, manifest: jobs, out: "maps")
        #expect(unknown.status == 64 && unknown.errors.contains("MAPRENDER_ENGINE=docker"), "\(unknown.errors)")
    }
}
