public import MapErrors
public import MapFormats

/// A batch summary written as the jobs finish: `{"results": [ … ], <totals>}`, each result
/// written when it comes and forgotten, the file moved into place whole at the end
/// (`StagedFile`), so memory does not grow with the number of jobs. Not thread-safe: one
/// thread at a time (`BatchPipeline` delivers outcomes one at a time).
public final class SummaryWriter: @unchecked Sendable {
    private let file: StagedFile
    private var pending: [UInt8] = []
    private var count = 0
    /// The first failure to write, reported by `finish`; nothing more is written after it.
    private var failure: MapError?

    /// Starts the summary at `path`.
    ///
    /// - Throws: `MapError` `.cannotCreate` when the file cannot be created.
    public init(path: String) throws(MapError) {
        file = try StagedFile(streamingTo: path)
        pending = Array("{\n  \"results\": [".utf8)
    }

    /// Adds one job's result.
    public func append(_ result: JSONValue) {
        guard failure == nil else { return }
        pending += Array(((count == 0 ? "\n    " : ",\n    ") + result.serialized(indent: 2, level: 2)).utf8)
        count += 1
        if pending.count >= 1 << 16 { flush() }
    }

    /// Writes the totals after the results and moves the file into place.
    ///
    /// - Throws: `MapError` `.ioFailure` or `.cannotCreate` when writing failed, then or before.
    public func finish(totals: [(String, JSONValue)]) throws(MapError) {
        pending += Array((count == 0 ? "]" : "\n  ]").utf8)
        for (key, value) in totals {
            pending += Array(
                ",\n  \(JSONValue.string(key).serialized()): \(value.serialized(indent: 2, level: 1))".utf8)
        }
        pending += Array("\n}\n".utf8)
        flush()
        if let failure { throw failure }
        try file.commit()
    }

    private func flush() {
        guard failure == nil else { return }
        do throws(MapError) {
            try file.append(pending)
        } catch {
            failure = error
        }
        pending.removeAll(keepingCapacity: true)
    }
}
