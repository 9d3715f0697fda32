import MapBatch
import MapErrors
import Testing

/// The variables `sbatch --array` gives each task (sbatch(1), "OUTPUT ENVIRONMENT
/// VARIABLES"), as Slurm 22.05 set them on a one-node cluster for the arrays below.
private func slurm(id: Int, min: Int, max: Int, step: Int, count: Int) -> [String: String] {
    [
        "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(min)", "SLURM_ARRAY_TASK_MAX": "\(max)",
        "SLURM_ARRAY_TASK_STEP": "\(step)", "SLURM_ARRAY_TASK_COUNT": "\(count)",
    ]
}

/// The error `--shard auto` gives for `environment`, or nil when it maps to a shard.
private func refusal(_ environment: [String: String]) -> MapError? {
    do {
        _ = try BatchShard.scheduled(by: environment)
        return nil
    } catch {
        return error
    }
}

@Suite("--shard: K/N and the shard of a scheduler's task")
struct BatchShardTests {
    @Test("K/N is parsed; anything else is a usage error")
    func explicit() throws {
        #expect(try BatchShard.parse("2/4", environment: [:]) == BatchShard(index: 2, count: 4))
        for text in ["4/4", "-1/4", "1/0", "1", "a/b", "1/2/3", ""] {
            #expect(throws: MapError.self, "\(text)") { try BatchShard.parse(text, environment: [:]) }
        }
    }

    @Test("a plain array 0-3: task ID is shard ID of 4, every shard once")
    func plainArray() throws {
        let shards = try (0...3).map { try BatchShard.scheduled(by: slurm(id: $0, min: 0, max: 3, step: 1, count: 4)) }
        #expect(shards == (0...3).map { BatchShard(index: $0, count: 4) })
        // An array that starts elsewhere (--array=5-8) gives the same shards.
        let shifted = try (5...8).map { try BatchShard.scheduled(by: slurm(id: $0, min: 5, max: 8, step: 1, count: 4)) }
        #expect(shifted == shards)
    }

    @Test("a stepped array 1-7:2 (IDs 1, 3, 5, 7): shards 0, 1, 2, 3 of 4, none left out")
    func steppedArray() throws {
        let shards = try [1, 3, 5, 7].map {
            try BatchShard.scheduled(by: slurm(id: $0, min: 1, max: 7, step: 2, count: 4))
        }
        #expect(shards.map(\.index) == [0, 1, 2, 3])
        #expect(shards.allSatisfy { $0.count == 4 })
        // --array=0-20:10 (IDs 0, 10, 20).
        let wide = try BatchShard.scheduled(by: slurm(id: 20, min: 0, max: 20, step: 10, count: 3))
        #expect(wide == BatchShard(index: 2, count: 3))
    }

    @Test("an array with gaps (0,2,5: COUNT 3, MAX 5) is refused for every task, naming the values")
    func gappedArray() throws {
        for id in [0, 2, 5] {
            let error = try #require(refusal(slurm(id: id, min: 0, max: 5, step: 1, count: 3)), "task \(id)")
            #expect(error.kind == .invalidRequest)
            #expect(error.message.contains("gaps"), "\(error.message)")
            #expect(
                error.message.contains("SLURM_ARRAY_TASK_ID=\(id), _MIN=0, _MAX=5, _STEP=1, _COUNT=3"),
                "\(error.message)")
            #expect(error.remedy?.contains("sbatch --array=0-2") == true, "\(error.remedy ?? "")")
        }
        // A stepped list with a hole: 1-9:2 without 5 (COUNT 4, MAX 9).
        #expect(refusal(slurm(id: 7, min: 1, max: 9, step: 2, count: 4))?.message.contains("gaps") == true)
    }

    @Test("IDs out of range and values that contradict each other are refused")
    func inconsistent() {
        let cases: [([String: String], String)] = [
            (slurm(id: 9, min: 0, max: 3, step: 1, count: 4), "not between MIN and MAX"),
            (slurm(id: -1, min: 0, max: 3, step: 1, count: 4), "not between MIN and MAX"),
            (slurm(id: 2, min: 1, max: 7, step: 2, count: 4), "multiple of STEP"),
            (slurm(id: 0, min: 0, max: 3, step: 0, count: 4), "not the variables of a Slurm job array"),
            (slurm(id: 0, min: 0, max: 3, step: 1, count: 0), "not the variables of a Slurm job array"),
            (slurm(id: 3, min: 3, max: 0, step: 1, count: 4), "not the variables of a Slurm job array"),
            (slurm(id: 0, min: 0, max: 3, step: 1, count: 9), "contradict each other"),
            (slurm(id: 1, min: 1, max: 8, step: 2, count: 4), "contradict each other"),
            (slurm(id: Int.min, min: 1, max: Int.max, step: 1, count: 4), "not between MIN and MAX"),
            (slurm(id: Int.max, min: -1, max: Int.max, step: 1, count: 4), "not between MIN and MAX"),
        ]
        for (environment, problem) in cases {
            let message = refusal(environment)?.message ?? "no error"
            #expect(message.contains(problem), "\(environment): \(message)")
        }
    }

    @Test("a missing or non-numeric Slurm variable is named")
    func missingVariables() throws {
        var environment = slurm(id: 1, min: 0, max: 3, step: 1, count: 4)
        environment["SLURM_ARRAY_TASK_MAX"] = nil
        #expect(refusal(environment)?.message == "--shard auto: SLURM_ARRAY_TASK_MAX is not set")
        environment["SLURM_ARRAY_TASK_MAX"] = "three"
        #expect(refusal(environment)?.message == "--shard auto: SLURM_ARRAY_TASK_MAX='three' is not an integer")
        // Without STEP (Slurm before 15.08) the step is 1.
        environment = slurm(id: 2, min: 0, max: 3, step: 1, count: 4)
        environment["SLURM_ARRAY_TASK_STEP"] = nil
        #expect(refusal(environment) == nil)
        #expect(try BatchShard.scheduled(by: environment) == BatchShard(index: 2, count: 4))
    }

    @Test("Kubernetes: JOB_COMPLETION_INDEX of MAPRENDER_SHARD_COUNT or JOB_COMPLETIONS")
    func kubernetes() throws {
        #expect(
            try BatchShard.scheduled(by: ["JOB_COMPLETION_INDEX": "3", "MAPRENDER_SHARD_COUNT": "4"])
                == BatchShard(index: 3, count: 4))
        #expect(
            try BatchShard.scheduled(by: ["JOB_COMPLETION_INDEX": " 0 ", "JOB_COMPLETIONS": "2"])
                == BatchShard(index: 0, count: 2))
        #expect(
            try BatchShard.scheduled(by: [
                "JOB_COMPLETION_INDEX": "1", "MAPRENDER_SHARD_COUNT": "2", "JOB_COMPLETIONS": "2",
            ]) == BatchShard(index: 1, count: 2))
        // Kubernetes wins when both schedulers' variables are set (a Job run from a Slurm task).
        #expect(
            try BatchShard.scheduled(by: [
                "JOB_COMPLETION_INDEX": "1", "MAPRENDER_SHARD_COUNT": "2", "SLURM_ARRAY_TASK_ID": "7",
            ]) == BatchShard(index: 1, count: 2))
        let cases: [([String: String], String)] = [
            (
                ["JOB_COMPLETION_INDEX": "4", "MAPRENDER_SHARD_COUNT": "4"],
                "JOB_COMPLETION_INDEX=4 is not in 0..<MAPRENDER_SHARD_COUNT=4"
            ),
            (["JOB_COMPLETION_INDEX": "-1", "JOB_COMPLETIONS": "4"], "is not in 0..<JOB_COMPLETIONS=4"),
            (["JOB_COMPLETION_INDEX": "0", "MAPRENDER_SHARD_COUNT": "0"], "is not in 0..<"),
            (["JOB_COMPLETION_INDEX": "1"], "neither MAPRENDER_SHARD_COUNT nor JOB_COMPLETIONS"),
            (["JOB_COMPLETION_INDEX": "1", "MAPRENDER_SHARD_COUNT": "4", "JOB_COMPLETIONS": "3"], "disagree"),
            (
                ["JOB_COMPLETION_INDEX": "x", "MAPRENDER_SHARD_COUNT": "4"],
                "JOB_COMPLETION_INDEX='x' is not an integer"
            ),
            ([:], "no JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm)"),
        ]
        for (environment, problem) in cases {
            let error = refusal(environment)
            #expect(error?.kind == .invalidRequest)
            #expect(error?.message.contains(problem) == true, "\(environment): \(error?.message ?? "no error")")
            #expect(error?.remedy?.isEmpty == false)
        }
    }

    @Test("shards of 1,000 ids are disjoint, together complete and about even")
    func partition() {
        var seen: [String: Int] = [:]
        for index in 0..<4 {
            let shard = BatchShard(index: index, count: 4)
            let ids = (0..<1000).map { "job-\($0)" }.filter { shard.contains(id: $0) }
            #expect(ids.count > 200 && ids.count < 300, "shard \(index) has \(ids.count) ids")
            for id in ids { seen[id, default: 0] += 1 }
        }
        #expect(seen.count == 1000 && seen.values.allSatisfy { $0 == 1 })
        // FNV-1a 64 of "a" (the published test vector), so other machines hash alike.
        #expect(BatchShard.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
    }
}
