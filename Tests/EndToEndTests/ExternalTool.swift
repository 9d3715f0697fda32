import Foundation

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
        let inputURL = folder.url.appendingPathComponent("stdin")
        try Data(input.utf8).write(to: inputURL)
        let outputURL = folder.url.appendingPathComponent("stdout"),
            errorURL = folder.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        let output = try FileHandle(forWritingTo: outputURL), errors = try FileHandle(forWritingTo: errorURL)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return RunResult(
            status: process.terminationStatus, output: try Data(contentsOf: outputURL),
            errors: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}
