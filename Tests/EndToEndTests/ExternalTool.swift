import Foundation
import MapTestSupport

/// Runs a program other than maprender (a shell, groff) and collects what it printed.
enum Tool {
    /// The full path of `name` on `PATH` (or in /usr/bin and /bin), or `nil` when it is not
    /// installed.
    static func path(of name: String) -> String? {
        let directories =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + [
                "/usr/bin", "/bin",
            ]
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the program at `path` with `arguments`, `input` on its standard input.
    static func run(_ path: String, _ arguments: [String], input: String = "") throws -> RunResult {
        let folder = try TemporaryDirectory()
        let inputPath = folder.path("stdin")
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        return try ChildProcess.run(path, arguments, directory: folder.url.path, input: .file(inputPath))
    }
}
