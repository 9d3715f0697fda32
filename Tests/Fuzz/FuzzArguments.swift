// libFuzzer target: command-line parsing without rendering. The input is split into
// words at NUL bytes and parsed as `render` options (RenderRequest), as `places`
// arguments, as `batch` options and, line by line, as a batch manifest (JSON Lines).
//
// Compiled into the MapRenderCommand module itself (see run-fuzzers.sh), so that it can
// reach the internal parsers; nothing here opens a file or renders.
import MapBatch
import MapCommandLine
import MapRenderCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }

    var cursor = ArgumentCursor(words, programName: MapRenderCommand.name)
    if let request = try? RenderRequest(parsing: &cursor) {
        _ = request.framing
        _ = try? request.resolvedFormat()
    }
    _ = try? PlacesCommand.parse(words)
    _ = try? BatchCommand.parse(words)
    _ = try? BatchShard.parse(words.first ?? "", environment: [:])
    // `--shard auto` reads scheduler variables, which are input too: words 2… fill them.
    let names = [
        "JOB_COMPLETION_INDEX", "MAPRENDER_SHARD_COUNT", "JOB_COMPLETIONS", "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT",
    ]
    var environment: [String: String] = [:]
    for (name, value) in zip(names, words.dropFirst()) where !value.isEmpty { environment[name] = value }
    _ = try? BatchShard.parse("auto", environment: environment)

    var lineNumber = 0
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
        lineNumber += 1
        guard let (_, jobWords) = try? BatchManifest.arguments(of: Array(line), path: "fuzz.jsonl", line: lineNumber)
        else { continue }
        var jobCursor = ArgumentCursor(jobWords, programName: MapRenderCommand.name)
        _ = try? RenderRequest(parsing: &jobCursor)
    }
    return 0
}
