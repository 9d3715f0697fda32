import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one rule for keeping paths inside a folder: a file a GeoJSON file or a style names
/// beside it, a batch job's inputs inside `--in-dir` and its outputs inside `--out-dir`.
///
/// A name is inside when it is relative and the path it makes, resolved the way the kernel
/// resolves it (symbolic links followed, `..` taken after them), lies in the folder, itself
/// resolved. The parts that do not exist are taken as written, so whether a name is refused
/// never depends on whether its target exists, and a refusal says nothing about it.
///
/// ```swift
/// let beside = PathConfinement(folderOf: "data/parks.geojson")
/// beside.resolve("icons/tree.png")   // "/…/data/icons/tree.png"
/// beside.resolve("../../etc/x.png")  // nil
/// beside.resolve("/etc/x.png")       // nil
/// ```
///
/// `resolve` answers from the path; `open` is what readers use, so that a symbolic link
/// swapped in after the answer cannot lead them out: it opens beneath the folder's
/// descriptor (`BeneathOpen`), and the descriptor opened is the one read. While a task runs
/// inside `confining(_:)`, `InputFile` opens every path lying in the folder that way.
public struct PathConfinement: Hashable, Sendable {
    /// The folder, absolute, its symbolic links resolved.
    public let root: String

    /// How names are opened beneath the folder (tests force the fallback walk).
    public var strategy: BeneathOpen.Strategy = .automatic

    /// Confines to `folder` (relative to the current folder unless absolute).
    public init(folder: String) {
        root = Self.resolved(Self.absolute(folder.isEmpty ? "." : folder)) ?? Self.absolute(folder)
    }

    /// Confines to the folder that holds `file`.
    public init(folderOf file: String) {
        self.init(folder: file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : ".")
    }

    /// The resolved path `name` makes inside the folder, or `nil` when it is absolute,
    /// empty, or leads out of the folder by `..` or a symbolic link.
    public func resolve(_ name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\0"),
            let path = Self.resolved(root + "/" + name), contains(resolvedPath: path)
        else { return nil }
        return path
    }

    /// Whether `path` (absolute or relative to the current folder), resolved, is the folder
    /// or inside it.
    public func contains(_ path: String) -> Bool {
        guard !path.contains("\0"), let resolved = Self.resolved(Self.absolute(path)) else { return false }
        return contains(resolvedPath: resolved)
    }

    private func contains(resolvedPath path: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// `path` made absolute against the current folder.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// An absolute path with every symbolic link along it followed and `.` and `..` taken
    /// in order, as the kernel does; parts that do not exist are kept as written. `nil` for
    /// a loop of links (more than 40, the kernel's limit) or a link that cannot be read.
    static func resolved(_ path: String) -> String? {
        var pending = path.split(separator: "/").map(String.init).reversed() as [String]
        var parts: [String] = []
        var links = 0
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            let candidate = "/" + (parts + [part]).joined(separator: "/")
            var status = stat()
            guard lstat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else {
                parts.append(part)
                continue
            }
            links += 1
            guard links <= 40 else { return nil }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = buffer.withUnsafeMutableBytes {
                readlink(candidate, $0.baseAddress!.assumingMemoryBound(to: CChar.self), Int(PATH_MAX))
            }
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count], as: UTF8.self)
            if target.hasPrefix("/") { parts = [] }
            pending += target.split(separator: "/").map(String.init).reversed()
        }
        return "/" + parts.joined(separator: "/")
    }
}
