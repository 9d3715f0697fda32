import Foundation
import MapErrors
import MapRenderCore

/// Which part of a batch this process renders: shard `index` of `count`, by a stable hash of
/// each job's id, so shards on different machines are disjoint and together complete.
struct Shard: Equatable {
    /// This shard, 0-based: 0 ≤ index < count.
    var index: Int
    /// How many shards there are.
    var count: Int

    /// Parses `K/N` (0 ≤ K < N) or `auto`.
    ///
    /// `auto` reads the conventions of the schedulers that run shards: Kubernetes Indexed
    /// Jobs set `JOB_COMPLETION_INDEX` (the count comes from `JOB_COMPLETIONS` or
    /// `MAPRENDER_SHARD_COUNT`, which the Job spec sets; Kubernetes does not); Slurm job
    /// arrays set `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN` and `SLURM_ARRAY_TASK_COUNT`.
    static func parse(
        _ text: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(MapError) -> Shard {
        if text == "auto" { return try automatic(environment) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0,
            (0..<count).contains(index)
        else {
            throw MapError(
                .invalidRequest, "--shard: '\(text)' is not K/N with 0 ≤ K < N",
                remedy: "e.g. --shard 0/4 … --shard 3/4, or --shard auto")
        }
        return Shard(index: index, count: count)
    }

    private static func automatic(_ environment: [String: String]) throws(MapError) -> Shard {
        func number(_ name: String) -> Int? {
            environment[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        if let index = number("JOB_COMPLETION_INDEX") {
            guard let count = number("MAPRENDER_SHARD_COUNT") ?? number("JOB_COMPLETIONS"), count > 0,
                (0..<count).contains(index)
            else {
                throw MapError(
                    .invalidRequest,
                    "--shard auto: JOB_COMPLETION_INDEX is \(index) but the shard count is unknown or too small",
                    remedy: "set MAPRENDER_SHARD_COUNT (or JOB_COMPLETIONS) to the Job's completions in its spec")
            }
            return Shard(index: index, count: count)
        }
        if let task = number("SLURM_ARRAY_TASK_ID") {
            let minimum = number("SLURM_ARRAY_TASK_MIN") ?? 0
            // Subtracted with overflow reported: the variables are input, and Int.min - 1 traps.
            let (offset, overflow) = task.subtractingReportingOverflow(minimum)
            guard let count = number("SLURM_ARRAY_TASK_COUNT"), count > 0, !overflow, (0..<count).contains(offset)
            else {
                throw MapError(
                    .invalidRequest,
                    "--shard auto: SLURM_ARRAY_TASK_ID is \(task) but SLURM_ARRAY_TASK_COUNT is missing or too small",
                    remedy: "run as a Slurm job array (sbatch --array=0-N)")
            }
            return Shard(index: offset, count: count)
        }
        throw MapError(
            .invalidRequest,
            "--shard auto: no JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm) in the environment",
            remedy: "give --shard K/N")
    }

    /// Whether a job belongs to this shard.
    func contains(id: String) -> Bool { Int(Shard.stableHash(id) % UInt64(count)) == index }

    /// FNV-1a, 64 bits, over the id's UTF-8: the same on every machine and every run, unlike
    /// Swift's seeded `Hasher` (Fowler, Noll & Vo, IETF draft-eastlake-fnv).
    static func stableHash(_ id: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
