import MapErrors
import MapFormats

/// Which part of a batch one process renders: shard `index` of `count`, by a stable hash of
/// each job's id, so shards on different machines are disjoint and together complete.
public struct BatchShard: Equatable, Sendable {
    /// This shard, 0-based: 0 ≤ index < count.
    public var index: Int
    /// How many shards there are, at least 1.
    public var count: Int

    /// Shard `index` of `count`; the caller has checked 0 ≤ index < count.
    public init(index: Int, count: Int) {
        precondition(count > 0 && (0..<count).contains(index), "shard \(index) of \(count)")
        self.index = index
        self.count = count
    }

    /// Parses `K/N` (0 ≤ K < N) or `auto`, which reads `environment` (see
    /// ``scheduled(by:)``).
    public static func parse(_ text: String, environment: [String: String]) throws(MapError) -> BatchShard {
        if text == "auto" { return try scheduled(by: environment) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0,
            (0..<count).contains(index)
        else {
            throw MapError(
                .invalidRequest, "--shard: '\(text)' is not K/N with 0 ≤ K < N",
                remedy: "e.g. --shard 0/4 … --shard 3/4, or --shard auto")
        }
        return BatchShard(index: index, count: count)
    }

    /// The shard a scheduler gave this process, from the variables it sets.
    ///
    /// A Kubernetes Indexed Job sets `JOB_COMPLETION_INDEX`; the count is the Job's
    /// `completions`, which Kubernetes does not pass on, so the Job spec sets
    /// `MAPRENDER_SHARD_COUNT` (or `JOB_COMPLETIONS`). A Slurm job array sets
    /// `SLURM_ARRAY_TASK_ID`, `_MIN`, `_MAX`, `_STEP` and `_COUNT` (sbatch(1), "OUTPUT
    /// ENVIRONMENT VARIABLES"); its tasks are MIN, MIN + STEP, … MAX, so task ID is shard
    /// (ID − MIN) / STEP of COUNT. An array whose IDs are not such a progression
    /// (`--array=0,2,5`: COUNT 3, MIN 0, MAX 5, STEP 1) cannot be mapped from the variables
    /// of one task without leaving shards undrawn or drawing some twice, so it is refused,
    /// as are values that contradict each other.
    ///
    /// - Throws: `MapError` of kind `.invalidRequest` (exit status 64) naming the variables,
    ///   their values and what to do.
    public static func scheduled(by environment: [String: String]) throws(MapError) -> BatchShard {
        let variables = SchedulerVariables(environment)
        if environment["JOB_COMPLETION_INDEX"] != nil { return try kubernetes(variables) }
        if environment["SLURM_ARRAY_TASK_ID"] != nil { return try slurm(variables) }
        throw MapError(
            .invalidRequest,
            "--shard auto: no JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm) in the environment",
            remedy: "run in a Kubernetes Indexed Job or a Slurm job array, or give --shard K/N")
    }

    private static func kubernetes(_ variables: SchedulerVariables) throws(MapError) -> BatchShard {
        let index = try variables.integer("JOB_COMPLETION_INDEX")
        let named = try variables.optionalInteger("MAPRENDER_SHARD_COUNT")
        let completions = try variables.optionalInteger("JOB_COMPLETIONS")
        let remedy = "set MAPRENDER_SHARD_COUNT in the Job's env to its spec.completions"
        guard let count = named ?? completions else {
            throw MapError(
                .invalidRequest,
                "--shard auto: JOB_COMPLETION_INDEX=\(index) but neither MAPRENDER_SHARD_COUNT nor JOB_COMPLETIONS "
                    + "is set, so the shard count is unknown", remedy: remedy)
        }
        if let named, let completions, named != completions {
            throw MapError(
                .invalidRequest,
                "--shard auto: MAPRENDER_SHARD_COUNT=\(named) and JOB_COMPLETIONS=\(completions) disagree",
                remedy: remedy)
        }
        let name = named != nil ? "MAPRENDER_SHARD_COUNT" : "JOB_COMPLETIONS"
        guard count > 0, (0..<count).contains(index) else {
            throw MapError(
                .invalidRequest,
                "--shard auto: JOB_COMPLETION_INDEX=\(index) is not in 0..<\(name)=\(count)", remedy: remedy)
        }
        return BatchShard(index: index, count: count)
    }

    private static func slurm(_ variables: SchedulerVariables) throws(MapError) -> BatchShard {
        let task = try variables.integer("SLURM_ARRAY_TASK_ID")
        let count = try variables.integer("SLURM_ARRAY_TASK_COUNT")
        let minimum = try variables.integer("SLURM_ARRAY_TASK_MIN")
        let maximum = try variables.integer("SLURM_ARRAY_TASK_MAX")
        // Slurm before 15.08 set no STEP; its arrays had a step only with ":", which it then
        // could not report, so 1 is the only value to assume.
        let step = try variables.optionalInteger("SLURM_ARRAY_TASK_STEP") ?? 1
        let values =
            "SLURM_ARRAY_TASK_ID=\(task), _MIN=\(minimum), _MAX=\(maximum), _STEP=\(step), _COUNT=\(count)"
        func refuse(_ problem: String, _ remedy: String) -> MapError {
            MapError(.invalidRequest, "--shard auto: \(problem) (\(values))", remedy: remedy)
        }
        let submit = "submit a range, e.g. sbatch --array=0-\(max(count, 1) - 1) or --array=1-7:2"
        guard count > 0, step > 0, minimum <= maximum else {
            throw refuse("these are not the variables of a Slurm job array", submit)
        }
        // Differences of arbitrary input: computed with overflow reported, never trapped.
        let (offset, offsetOverflow) = task.subtractingReportingOverflow(minimum)
        let (span, spanOverflow) = maximum.subtractingReportingOverflow(minimum)
        guard !offsetOverflow, !spanOverflow, (0...span).contains(offset) else {
            throw refuse("the task ID is not between MIN and MAX", submit)
        }
        guard offset % step == 0 else {
            throw refuse("the task ID is not MIN plus a multiple of STEP", submit)
        }
        guard span % step == 0, span / step + 1 >= count else {
            throw refuse(
                "COUNT is more than the \(span / step + 1) IDs from MIN to MAX by STEP: the values contradict each other",
                submit)
        }
        guard span / step + 1 == count else {
            throw refuse(
                "the array has gaps: (MAX − MIN) / STEP + 1 = \(span / step + 1) IDs from MIN to MAX, but COUNT is \(count), "
                    + "so which shard each task is cannot be told from its own variables",
                submit + "; to redo some tasks, requeue them (scontrol requeue) or rerun the whole range "
                    + "with --skip-existing")
        }
        return BatchShard(index: offset / step, count: count)
    }

    /// Whether a job belongs to this shard.
    public func contains(id: String) -> Bool { Int(BatchShard.stableHash(id) % UInt64(count)) == index }

    /// FNV-1a, 64 bits, over the id's UTF-8: the same on every machine and every run, unlike
    /// Swift's seeded `Hasher` (Fowler, Noll & Vo, IETF draft-eastlake-fnv).
    public static func stableHash(_ id: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// The integer variables a scheduler sets, read strictly: a variable that is set must be a
/// decimal integer, so a typo is an error naming it rather than a variable ignored.
private struct SchedulerVariables {
    let environment: [String: String]

    init(_ environment: [String: String]) { self.environment = environment }

    func optionalInteger(_ name: String) throws(MapError) -> Int? {
        guard let text = environment[name] else { return nil }
        guard let value = Int(text.trimmingWhitespace()) else {
            throw MapError(
                .invalidRequest, "--shard auto: \(name)='\(text)' is not an integer",
                remedy: "unset it or set it to the scheduler's value")
        }
        return value
    }

    func integer(_ name: String) throws(MapError) -> Int {
        guard let value = try optionalInteger(name) else {
            throw MapError(
                .invalidRequest, "--shard auto: \(name) is not set",
                remedy: name.hasPrefix("SLURM")
                    ? "run under sbatch --array (Slurm 15.08 or later sets it), or give --shard K/N"
                    : "give --shard K/N")
        }
        return value
    }
}
