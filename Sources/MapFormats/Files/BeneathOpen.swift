import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a relative name beneath an open folder so that nothing outside the folder is ever
/// opened, with no window between a check and the open: the open is the check.
///
/// Where the kernel has `openat2(2)` (Linux 5.6 and later) the kernel resolves the name
/// with `RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS`: `..` above the folder, an absolute name
/// or symbolic link, and `/proc` "magic" links fail with `EXDEV` or `ELOOP`. Where it has not
/// (`ENOSYS`, or `EPERM` from a seccomp filter, as some container runtimes install), the
/// name is walked one component at a time with `openat(2)` and `O_NOFOLLOW`, each from the
/// descriptor of the folder before it; a symbolic link is read with `readlinkat(2)` and its
/// text resolved the same way, so a link is followed only while it stays inside, and a
/// link swapped in mid-walk is met as a link, never followed by the kernel.
public enum BeneathOpen {
    /// How the name is resolved.
    public enum Strategy: Hashable, Sendable {
        /// `openat2` where the kernel allows it, else the component walk.
        case automatic
        /// The component walk always (tests use it to exercise the fallback).
        case componentWalk
    }

    /// What is opened.
    public enum Target: Sendable {
        /// A file to read (`O_RDONLY`).
        case file
        /// A folder to open more names beneath (`pathOnly | O_DIRECTORY`).
        case folder
    }

    /// Why an open failed.
    public enum Failure: Error, Equatable, Sendable {
        /// The name is absolute, or leads out of the folder by `..` or a symbolic link, or
        /// through a `/proc` magic link, or through more than 40 links.
        case outside
        /// The open failed with this `errno` (`ENOENT`, `EACCES`, `ENOTDIR`, …).
        case system(Int32)
    }

    /// A descriptor for `name` opened beneath the folder open as `folder`; the caller closes it.
    ///
    /// - Throws: `Failure.outside` when the name is absolute or leads out; `.system` for
    ///   every other failure (a missing file is `.system(ENOENT)` only when the name stays
    ///   inside, so a refusal never tells whether a file outside exists).
    public static func open(
        _ name: String, beneath folder: Int32, as target: Target = .file, strategy: Strategy = .automatic
    ) throws(Failure) -> Int32 {
        guard !name.hasPrefix("/"), !name.contains("\0") else { throw .outside }
        let flags = target == .file ? O_RDONLY | O_NOCTTY | O_NONBLOCK : pathOnly | O_DIRECTORY
        if strategy == .automatic {
            switch openat2(name.isEmpty ? "." : name, beneath: folder, flags: flags | O_CLOEXEC) {
            case .opened(let descriptor): return try finished(descriptor, target)
            case .failed(let failure): throw failure
            case .unsupported: break
            }
        }
        return try finished(try walk(name, beneath: folder, flags: flags), target)
    }

    /// Clears `O_NONBLOCK` again (it was there so a FIFO cannot hang the open) and refuses
    /// a folder where a file was asked for.
    static func finished(_ descriptor: Int32, _ target: Target) throws(Failure) -> Int32 {
        guard target == .file else { return descriptor }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .system(code)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .system(EISDIR)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// `O_PATH` of `<fcntl.h>` (the same on x86_64 and aarch64), which Glibc's Swift
    /// overlay leaves out because the C header declares it only under `_GNU_SOURCE`.
    static let pathOnly: Int32 = 0o10_000_000

    // MARK: openat2

    private enum Attempt {
        case opened(Int32)
        case failed(Failure)
        case unsupported
    }

    /// `struct open_how` of `<linux/openat2.h>`, which older C libraries do not declare.
    private struct OpenHow {
        var flags: UInt64
        var mode: UInt64
        var resolve: UInt64
    }

    /// `RESOLVE_NO_MAGICLINKS` and `RESOLVE_BENEATH` of `<linux/openat2.h>`.
    private static let resolveNoMagicLinks: UInt64 = 0x02
    private static let resolveBeneath: UInt64 = 0x08

    /// The `openat2` system call's number; the same on x86_64 and aarch64 (the generic
    /// table), which are the architectures we build for.
    private static let openat2Number: CLong = 437

    private typealias SyscallFunction =
        @convention(c) (CLong, CInt, UnsafePointer<CChar>, UnsafeRawPointer, Int) -> CLong

    /// The C library's `syscall`, looked up once: Swift does not import C variadic
    /// functions, and the glibc entry point only moves its integer arguments into the
    /// registers the kernel reads, so calling it with a fixed argument list is sound.
    private static let syscallFunction: SyscallFunction? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall")
        .map { unsafeBitCast($0, to: SyscallFunction.self) }

    private static func openat2(_ name: String, beneath folder: Int32, flags: Int32) -> Attempt {
        guard let call = syscallFunction else { return .unsupported }
        var how = OpenHow(
            flags: UInt64(UInt32(bitPattern: flags)), mode: 0, resolve: resolveBeneath | resolveNoMagicLinks)
        while true {
            let result = withUnsafePointer(to: &how) { how in
                call(openat2Number, folder, name, how, MemoryLayout<OpenHow>.size)
            }
            if result >= 0 { return .opened(Int32(result)) }
            switch errno {
            case EINTR, EAGAIN: continue
            case ENOSYS, EPERM: return .unsupported
            case EXDEV, ELOOP: return .failed(.outside)
            case let code: return .failed(.system(code))
            }
        }
    }

    // MARK: the component walk

    /// The kernel's limit on symbolic links in one lookup (`MAXSYMLINKS`).
    private static let maximumLinks = 40

    private static func walk(_ name: String, beneath folder: Int32, flags: Int32) throws(Failure) -> Int32 {
        // The folders entered, each a descriptor opened beneath the one before; `..` pops.
        var folders: [Int32] = []
        defer { for descriptor in folders { close(descriptor) } }
        var pending = components(name).reversed() as [String]
        var links = 0
        func current() -> Int32 { folders.last ?? folder }
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                guard let left = folders.popLast() else { throw .outside }
                close(left)
                continue
            }
            let last = pending.isEmpty
            let descriptor = openat(current(), part, (last ? flags : pathOnly | O_DIRECTORY) | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0 {
                if last { return descriptor }
                folders.append(descriptor)
                continue
            }
            // ELOOP: the part is a symbolic link (O_NOFOLLOW). ENOTDIR where a folder is
            // wanted may be a link too (O_DIRECTORY is checked first), or a file.
            let code = errno
            guard code == ELOOP || code == ENOTDIR else { throw .system(code) }
            guard let target = linkText(part, in: current()) else {
                // Not a link after all (replaced since, or a file in the middle): try again once
                // more from the same place, which reports what it is now.
                if code == ENOTDIR { throw .system(ENOTDIR) }
                links += 1
                guard links <= maximumLinks else { throw .outside }
                pending.append(part)
                continue
            }
            links += 1
            guard links <= maximumLinks, !target.hasPrefix("/") else { throw .outside }
            pending += components(target).reversed()
        }
        // The name was the folder itself, or ended in `.` or `..`.
        guard flags & O_DIRECTORY != 0 else { throw .system(EISDIR) }
        let descriptor = openat(current(), ".", flags | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(errno) }
        return descriptor
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// The text of the symbolic link `name` in `folder`, or `nil` when it is no link.
    private static func linkText(_ name: String, in folder: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes {
            readlinkat(folder, name, $0.baseAddress!.assumingMemoryBound(to: CChar.self), Int(PATH_MAX))
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
