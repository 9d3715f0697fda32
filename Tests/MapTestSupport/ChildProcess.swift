import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests start (`maprender`, a shell, a Python server), spawned with
/// `posix_spawn(3)` and reaped with `waitpid(2)` under a time limit.
///
/// Why not Foundation's `Process`: its `waitUntilExit()` spins the calling thread's run loop
/// until Foundation's own child monitor reports the exit, and a suite that starts hundreds of
/// children from the worker threads of a parallel test run can park a thread there forever
/// for a child that has long exited. Here the child is reaped by its pid on the waiting
/// thread, and a child that runs past its limit is stopped (SIGQUIT first, so a Swift program
/// prints its threads' backtraces, then SIGKILL), so a hang is a failed test that says where,
/// never a suite that does not end.
package final class ChildProcess: @unchecked Sendable {
    /// Where a standard stream of the child comes from or goes to.
    package enum Stream {
        /// `/dev/null`.
        case null
        /// The test process's own stream.
        case inherit
        /// A file, opened for reading (input) or created and truncated (output).
        case file(String)
        /// A pipe whose other end the parent keeps (`ChildProcess.pipes`).
        case pipe
    }

    /// How a child ended.
    package struct Termination: Equatable, Sendable {
        /// The exit status, or the signal number when `signalled`.
        package var status: Int32
        /// Whether a signal ended the child.
        package var signalled: Bool
    }

    /// A child still running when its time limit passed.
    package struct TimedOut: Error, CustomStringConvertible {
        package var command: String
        package var seconds: Double
        package var description: String { "\(command) did not finish within \(Int(seconds)) s and was stopped" }
    }

    /// The time limit of `wait()`: far above what any test's child needs on a loaded CI
    /// machine, far below the CI run's own limit.
    package static let defaultTimeLimit: Double = 600

    package let pid: pid_t
    /// What was run, for messages.
    package let command: String
    /// The parent's ends of the `.pipe` streams, by standard descriptor (0, 1, 2); the parent
    /// closes them.
    package private(set) var pipes: [Int32: Int32] = [:]
    private let lock = NSLock()
    private var ended: Termination?

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the child's environment; `nil` passes the test process's own.
    ///   - directory: the child's working directory; `nil` keeps the test process's.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: String? = nil, input: Stream = .null, output: Stream = .inherit, error: Stream = .inherit
    ) throws {
        command = ([executable] + arguments).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        defer { for descriptor in childEnds { close(descriptor) } }
        var parentEnds: [Int32: Int32] = [:]
        for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .inherit: continue
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o644)
            case .pipe:
                var ends: [Int32] = [0, 0]
                // pipe2(O_CLOEXEC) is not in the Swift overlay; close-on-exec is set right after
                // (and every spawn here closes what it does not hand over anyway).
                guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (childEnd, parentEnd) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                childEnds.append(childEnd)
                parentEnds[target] = parentEnd
                // dup2 clears FD_CLOEXEC on the copy, so only this end reaches the child.
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
            }
        }
        if let directory {
            guard let addChdir = Self.addChdir else { throw POSIXError(.ENOSYS) }
            _ = addChdir(&actions, directory)
        }
        // Nothing else of the test process leaks into the child (a server's pipe kept open by
        // a child would keep the server from ever seeing the end of its input).
        _ = Self.addCloseFrom?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default signal actions and no blocked signal, whatever the test runner set up.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environmentLines.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let code = posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
        guard code == 0 else {
            for descriptor in parentEnds.values { close(descriptor) }
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        pid = child
        pipes = parentEnds
    }

    /// Sends `signal` to the child, unless it has been reaped already.
    package func send(_ signal: Int32) {
        lock.withLock { if ended == nil { _ = kill(pid, signal) } }
    }

    /// Waits for the child to end and reaps it; past `timeLimit` seconds it is stopped and
    /// `TimedOut` thrown. Waiting again returns the same termination.
    @discardableResult
    package func wait(timeLimit: Double = ChildProcess.defaultTimeLimit) throws -> Termination {
        let deadline = Date().addingTimeInterval(timeLimit)
        var pause: useconds_t = 1_000
        while true {
            if let termination = try reap() { return termination }
            if Date() > deadline { break }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
        // SIGQUIT makes a Swift program print its backtraces on standard error; a few
        // seconds for that, then SIGKILL.
        send(SIGQUIT)
        for _ in 0..<200 where try reap() == nil { usleep(50_000) }
        send(SIGKILL)
        while try reap() == nil { usleep(10_000) }
        throw TimedOut(command: command, seconds: timeLimit)
    }

    /// The termination, reaping the child if it has ended since; `nil` while it runs.
    private func reap() throws -> Termination? {
        try lock.withLock {
            if let ended { return ended }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == 0 || (result < 0 && errno == EINTR) { return nil }
            guard result == pid else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
            // <sys/wait.h>: the low 7 bits are the signal, 0 for a normal exit with the
            // status in the next byte.
            let signal = status & 0x7f
            ended =
                signal == 0
                ? Termination(status: (status >> 8) & 0xff, signalled: false)
                : Termination(status: signal, signalled: true)
            return ended
        }
    }

    /// Reads the pipe of standard descriptor `target` until its end, and closes it.
    package func readToEnd(_ target: Int32) -> Data {
        guard let descriptor = pipes.removeValue(forKey: target) else { return Data() }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        return (try? handle.readToEnd()) ?? Data()
    }

    /// The first line the child writes on the pipe of standard descriptor `target` (a server
    /// announcing its port), trimmed; empty when the pipe ends first. The pipe stays open.
    package func firstLine(of target: Int32) -> String {
        guard let descriptor = pipes[target] else { return "" }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.last != UInt8(ascii: "\n") {
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Closes the parent's end of the pipe of standard descriptor `target`.
    package func closePipe(_ target: Int32) {
        if let descriptor = pipes.removeValue(forKey: target) { close(descriptor) }
    }

    deinit {
        for descriptor in pipes.values { close(descriptor) }
    }

    // MARK: glibc extensions looked up by name (the Swift overlay leaves them out)

    private typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29).
    private static let addChdir: AddChdir? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np"
    )
    .map { unsafeBitCast($0, to: AddChdir.self) }
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34).
    private static let addCloseFrom: AddCloseFrom? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: AddCloseFrom.self) }
}

/// What a finished program printed, and how it ended.
package struct CapturedRun: Sendable {
    /// The exit status (the signal number when a signal ended it).
    package var status: Int32
    /// Whether a signal ended it.
    package var signalled: Bool
    /// Everything written to standard output.
    package var output: Data
    /// Everything written to standard error, as text.
    package var errors: String
    /// Standard output as text.
    package var outputText: String { String(decoding: output, as: UTF8.self) }
}

extension ChildProcess {
    /// Runs a program to its end with standard output and error captured in files (so a
    /// large output can never block it) and `input` (a file, or nothing) on its standard input.
    ///
    /// - Throws: `TimedOut` when it runs past `timeLimit` seconds (standard error so far,
    ///   with the backtraces SIGQUIT printed, is in the message).
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: Stream = .null, timeLimit: Double = defaultTimeLimit
    ) throws -> CapturedRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maprender-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputPath = scratch.appendingPathComponent("stdout").path
        let errorPath = scratch.appendingPathComponent("stderr").path
        let child = try ChildProcess(
            executable, arguments, environment: environment, directory: directory, input: input,
            output: .file(outputPath), error: .file(errorPath))
        let errors = { String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self) }
        let termination: Termination
        do {
            termination = try child.wait(timeLimit: timeLimit)
        } catch let timedOut as TimedOut {
            throw MapTimedOutRun(timedOut: timedOut, errors: errors())
        }
        return CapturedRun(
            status: termination.status, signalled: termination.signalled,
            output: FileManager.default.contents(atPath: outputPath) ?? Data(), errors: errors())
    }
}

/// A run stopped at its time limit, with what it had printed on standard error.
package struct MapTimedOutRun: Error, CustomStringConvertible {
    package var timedOut: ChildProcess.TimedOut
    package var errors: String
    package var description: String { "\(timedOut); its standard error:\n\(errors.suffix(20_000))" }
}

/// A Python script serving HTTP on 127.0.0.1 for a test (`tile_server.py`, the Nominatim
/// stub): started with its standard input and output on pipes, it announces itself on the
/// first line of its output, and stops when its input closes or on SIGTERM.
package final class ScriptServer: @unchecked Sendable {
    private let child: ChildProcess
    /// The first line the script printed (its port, in the script's words).
    package let announcement: String

    /// Starts `script` with `arguments` under python3 and waits for its first line.
    package init(script: String, arguments: [String] = []) throws {
        child = try ChildProcess(
            TileServer.python ?? "/usr/bin/python3", [script] + arguments, input: .pipe, output: .pipe)
        announcement = child.firstLine(of: 1)
    }

    /// Stops the script (closing its input, and SIGTERM) and waits for it to exit.
    package func stop() {
        child.closePipe(0)
        child.send(SIGTERM)
        _ = try? child.wait(timeLimit: 30)
    }

    deinit { stop() }
}
