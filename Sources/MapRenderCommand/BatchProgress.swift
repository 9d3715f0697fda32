import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a batch tells the user as it goes: a progress bar on a terminal; on a pipe or a log
/// (cron, CI) one line per failed job, every job with `--verbose`, and a final summary line.
final class BatchProgress: @unchecked Sendable {
    private let total: Int
    private let showsBar: Bool
    private let isVerbose: Bool
    private let lock = NSLock()
    private var done = 0, failed = 0, skipped = 0
    private let started = Date()

    init(total: Int, mode: String, isVerbose: Bool) {
        self.total = total
        self.isVerbose = isVerbose
        showsBar = mode == "always" || (mode == "auto" && isatty(2) == 1)
    }

    func record(_ outcome: BatchCommand.Outcome) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if outcome.status == .failed { failed += 1 }
        if outcome.status == .skipped { skipped += 1 }
        if showsBar { Console.printErrorRaw("\r\u{1B}[K") }
        if let error = outcome.error {
            Console.printError("batch: job \(outcome.job.id) failed: " + ErrorWording.full(error))
        } else if isVerbose {
            Console.printError("batch: job \(outcome.job.id) \(outcome.status.rawValue): \(outcome.output ?? "")")
        }
        if showsBar { Console.printErrorRaw(bar()) }
    }

    private func bar() -> String {
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let rate = Double(done) / max(Date().timeIntervalSince(started), 0.001)
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            + "\(done)/\(total)  failed \(failed)  \(rate.decimalStringForProgress()) maps/s"
    }

    func finish(_ outcomes: [BatchCommand.Outcome], seconds: Double) {
        if showsBar { Console.printErrorRaw("\r\u{1B}[K") }
        let ok = outcomes.filter { $0.status == .ok }.count
        Console.printError(
            "batch: \(outcomes.count) jobs: \(ok) ok, \(failed) failed, \(skipped) skipped in \((seconds * 10).rounded() / 10) s"
        )
    }
}

extension Double {
    fileprivate func decimalStringForProgress() -> String { String((self * 10).rounded() / 10) }
}
