import Foundation
import MapCommandLine

/// A one-line progress bar on standard error, redrawn at most ten times a second.
final class ProgressBar: @unchecked Sendable {
    private let isShown: Bool
    /// The text after the bar for the work done and the whole.
    private let label: @Sendable (UInt64, UInt64) -> String
    private let lock = NSLock()
    private var lastDrawn = Date.distantPast
    private var drewAny = false

    /// A bar drawn when `isShown` (standard error is a terminal), labelled in mebibytes
    /// unless `label` says otherwise.
    init(isShown: Bool, label: @escaping @Sendable (UInt64, UInt64) -> String = ProgressBar.mebibytes) {
        self.isShown = isShown
        self.label = label
    }

    /// "1.5/12.0 MiB".
    static func mebibytes(done: UInt64, total: UInt64) -> String {
        let megabytes = { (bytes: UInt64) in String(format: "%.1f", Double(bytes) / 1_048_576) }
        return "\(megabytes(done))/\(megabytes(total)) MiB"
    }

    func update(done: UInt64, total: UInt64) {
        guard isShown else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) >= 0.1 || done >= total else { return }
        lastDrawn = now
        drewAny = true
        let width = 30
        let filled = total == 0 ? width : Int(min(done, total) * UInt64(width) / total)
        Console.printErrorRaw(
            "\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
                + label(done, total))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if isShown && drewAny { Console.printErrorRaw("\r\u{1B}[K") }
        drewAny = false
    }
}
