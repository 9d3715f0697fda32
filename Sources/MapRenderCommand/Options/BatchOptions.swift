import Foundation
import MapBatch
import MapCommandLine
import MapErrors

/// The option table of `maprender batch`: its own options, then every render option, which
/// it hands on to every job.
enum BatchOptions {
    /// The options of the batch itself.
    static let own: [BoundOption<BatchCommand.Options>] = [
        .value("--jobs", valueName: "N", section: .batch, help: "jobs rendered at once (default: the number of cores)")
        {
            options, value throws(MapError) in
            guard let count = Int(value.text), count > 0, count <= 256 else {
                throw MapError(
                    .invalidRequest, "--jobs: '\(value.text)' is not a number of parallel jobs from 1 to 256")
            }
            options.workers = count
        },
        .value(
            "--shard", valueName: "K/N|auto", section: .batch, completion: .choices("auto"),
            help:
                "only the jobs whose id hashes to shard K of N (0 ≤ K < N); auto: K and N from Kubernetes Indexed Jobs "
                + "(JOB_COMPLETION_INDEX with MAPRENDER_SHARD_COUNT or JOB_COMPLETIONS) or Slurm arrays of a range, stepped or not "
                + "(SLURM_ARRAY_TASK_ID, _MIN, _MAX, _STEP, _COUNT: shard (ID − MIN) / STEP of COUNT; arrays with gaps are refused)"
        ) { options, value throws(MapError) in
            options.shard = try BatchShard.parse(value.text, environment: ProcessInfo.processInfo.environment)
        },
        .value(
            "--out-dir", valueName: "DIR", section: .batch, completion: .directories,
            help: "outputs are paths inside DIR: absolute paths, '..' and links leading out are refused"
        ) { options, value in options.outputDirectory = value.text },
        .value(
            "--in-dir", valueName: "DIR", section: .batch, completion: .directories,
            help: "every file a job reads is a path inside DIR: absolute paths, '..' and links leading out are refused;"
                + " jobs reach no loopback, link-local or private address (see --allow-host)"
        ) { options, value in options.inputDirectory = value.text },
        .flag("--skip-existing", section: .batch, help: "skip jobs whose output exists") { $0.skipsExisting = true },
        .value(
            "--summary", valueName: "FILE.json", section: .batch, completion: .files("json"),
            help: "per job: status, output, seconds, exit code, error, diagnostics"
        ) { options, value in options.summary = value.text },
        .value(
            "--progress", valueName: "auto|always|never", section: .batch, completion: .choices(progressModes),
            help: "a progress bar on a terminal (auto, the default), always, or never"
        ) { options, value throws(MapError) in
            guard progressModes.contains(value.text) else {
                throw MapError(.invalidRequest, "--progress: '\(value.text)' is not auto, always or never")
            }
            options.progress = value.text
        },
        .value(
            "--book", valueName: "FILE.pdf", section: .batch, completion: .files("pdf"),
            help: "also every map as a page of one PDF, in manifest order, each page georeferenced;"
                + " failed jobs are left out; a job with no \"output\" makes only its page"
        ) { options, value in options.book = value.text },
        .flag("--verbose", section: .batch, help: "a line for every job, not only failures") { $0.isVerbose = true },
        .flag("--dry-run", section: .batch, help: "list the jobs (id, output) this shard would render") {
            $0.isDryRun = true
        },
        .value(
            "--each", valueName: "place", section: .batch, completion: .choices("place"),
            help: "one map per favorite of --places; -o takes {id} and {name}"
        ) { options, value throws(MapError) in
            guard value.text == "place" else {
                throw MapError(.invalidRequest, "--each: '\(value.text)' is not supported", remedy: "use --each place")
            }
            options.each = value.text
        },
    ]

    /// What `--progress` takes.
    static let progressModes = ["auto", "always", "never"]

    /// The render options a batch hands on to every job: all but `--verbose`, which is the
    /// batch's own (a line per job; a batch prints no job's notes, they are in its summary).
    static let forwarded = RenderOptions.table.specs.filter { $0.name != "--verbose" }

    /// The batch's options and the render options it hands on: a render option (with its
    /// value) joins the words every job is parsed with, as the user wrote it.
    static let table = OptionTable<BatchCommand.Options>(
        own
            + forwarded.map { spec in
                BoundOption(spec) { options, value in
                    options.defaults.append(value.option)
                    if spec.takesValue { options.defaults.append(value.text) }
                }
            })

    /// A manifest, the one operand.
    static let manifest = OperandSpec(
        name: "MANIFEST.jsonl", help: "JSON Lines, one job per line ('-' reads standard input)",
        completion: .files("jsonl", "json"))

    /// `maprender batch`.
    static let command = CommandSpec(
        path: ["batch"], summary: "many maps in one run, in parallel, sharded across machines",
        usage: [
            "batch MANIFEST.jsonl [batch options] [render options for every job]",
            "batch --places DB --each place -o 'out/{id}.png' [render options]",
        ],
        description: [
            "MANIFEST is JSON Lines ('-' reads standard input): one job per line, an object whose keys are the long options "
                + "of render without the dashes, plus \"id\" and \"output\", e.g. "
                + "{\"id\": \"denver\", \"output\": \"denver.png\", \"places\": \"favs.db\", \"style\": \"dark\"}. "
                + "A string or number is the option's value, true a flag, an array repeats the option. Empty lines and "
                + "lines starting with # are skipped. A bad line is reported with its line number and counts as a failed "
                + "job; it never stops the others.",
            "Render options given on the command line apply to every job; a job's own keys come after them, so they win.",
            "Exit status: 0 when every job succeeded or was skipped; otherwise the status of the first failed job in "
                + "manifest order (e.g. 65 for bad input data).",
        ],
        options: own.map(\.spec),
        forwarding: ForwardedOptions(
            forwarded, heading: "RENDER OPTIONS (for every job)",
            helpText: "every option of 'maprender render' (see 'maprender --help'), given to every job",
            manualText: "Every option of " + Roff.bold("maprender render") + " is accepted too and given to every job."),
        operands: [manifest],
        examples: [
            "batch examples/jobs.jsonl --jobs 4 --out-dir maps",
            "batch jobs.jsonl --shard auto --summary summary.json",
            "batch --places examples/favorites.db --each place -o 'out/{id}-{name}.png'",
        ])
}
