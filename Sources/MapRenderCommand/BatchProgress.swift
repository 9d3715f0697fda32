import Foundation
import MapCommandLine
import MapErrors

#if canImport(Glibc)
    import Glibc
#endif

/// What a batch tells the user as it goes: a progress bar on a terminal; on a pipe or a log
/// (cron, CI) one line per failed job, every job with `--verbose`, and a final summary line.
final class BatchProgress: @unchecked Sendable {
    /// How many jobs the bar counts to (read before the run when the bar shows).
    var total = 0
    let showsBar: Bool
    private let isVerbose: Bool
    private let lock = NSLock()
    private(set) var done = 0, succeeded = 0, failed = 0, skipped = 0
    /// The first failed job in job order, for the final message: all that is kept of the jobs.
    private(set) var firstFailure: (id: String, error: MapError)?
    private let started = Date()

    init(mode: String, isVerbose: Bool) {
        self.isVerbose = isVerbose
        showsBar = mode == "always" || (mode == "auto" && isatty(2) == 1)
    }

    func record(_ outcome: BatchCommand.Outcome) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        switch outcome.status {
        case .ok: succeeded += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
        if showsBar { Console.printErrorRaw("\r\u{1B}[K") }
        if let error = outcome.error {
            if firstFailure == nil { firstFailure = (outcome.job.id, error) }
            Console.printError("batch: job \(outcome.job.id) failed: " + ErrorWording.full(error))
        } else if isVerbose {
            Console.printError("batch: job \(outcome.job.id) \(outcome.status.rawValue): \(outcome.output ?? "")")
        }
        if showsBar { Console.printErrorRaw(bar()) }
    }

    private func bar() -> String {
        let width = 30
        let filled = total == 0 ? width : min(done, total) * width / total
        let rate = Double(done) / max(Date().timeIntervalSince(started), 0.001)
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            + "\(done)/\(total)  failed \(failed)  \(rate.decimalStringForProgress()) maps/s"
    }

    func finish(seconds: Double) {
        if showsBar { Console.printErrorRaw("\r\u{1B}[K") }
        Console.printError(
            "batch: \(done) jobs: \(succeeded) ok, \(failed) failed, \(skipped) skipped in \((seconds * 10).rounded() / 10) s"
        )
    }
}

extension Double {
    fileprivate func decimalStringForProgress() -> String { String((self * 10).rounded() / 10) }
}
