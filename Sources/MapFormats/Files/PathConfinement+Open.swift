import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension PathConfinement {
    /// The folders the current task's reads are confined to, innermost last: a batch job's
    /// `--in-dir`, and while a data file's pictures or a style's files are read, that file's
    /// folder. Set with `confining(_:)`.
    @TaskLocal public static var enclosing: [PathConfinement] = []

    /// Runs `body` with every file read through `InputFile` whose path lies in this folder
    /// opened beneath it (and beneath any folder already confining the task).
    public func confining<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = Self.$enclosing.withValue(Self.enclosing + [self]) {
            do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// Opens `name`, relative to the folder, beneath it; an absolute `name` must lie in the
    /// folder as written. The folder itself is opened beneath the enclosing folders that hold
    /// it, so no link swapped in along the way leads out of any of them.
    ///
    /// - Throws: `BeneathOpen.Failure`.
    public func open(_ name: String, as target: BeneathOpen.Target = .file) throws(BeneathOpen.Failure) -> OpenedFile {
        var relative = name
        if name.hasPrefix("/") {
            guard let inside = relativeName(ofPath: name) else { throw .outside }
            relative = inside
        }
        let folders = Self.enclosing.filter { $0.root != root }
        let descriptor = try Self.open(relative, beneath: self, as: target, within: folders)
        return OpenedFile(descriptor: descriptor, path: name.hasPrefix("/") ? name : root + "/" + name)
    }

    /// Opens `path` beneath the innermost enclosing folder that holds it, or returns `nil`
    /// when none does (the path is opened as usual then).
    static func openEnclosed(_ path: String, as target: BeneathOpen.Target) throws(BeneathOpen.Failure) -> Int32? {
        try openWithin(absolute(path), as: target, folders: enclosing)
    }

    private static func openWithin(
        _ path: String, as target: BeneathOpen.Target, folders: [PathConfinement]
    ) throws(BeneathOpen.Failure) -> Int32? {
        let holding = folders.filter { $0.relativeName(ofPath: path) != nil }
        guard let inner = holding.max(by: { $0.root.count < $1.root.count }) else { return nil }
        return try open(
            inner.relativeName(ofPath: path)!, beneath: inner, as: target,
            within: folders.filter { $0.root != inner.root })
    }

    private static func open(
        _ relative: String, beneath folder: PathConfinement, as target: BeneathOpen.Target,
        within outer: [PathConfinement]
    ) throws(BeneathOpen.Failure) -> Int32 {
        let root: Int32
        if let opened = try openWithin(folder.root, as: .folder, folders: outer) {
            root = opened
        } else {
            root = Glibc.open(folder.root, BeneathOpen.pathOnly | O_DIRECTORY | O_CLOEXEC)
            guard root >= 0 else { throw .system(errno) }
        }
        defer { close(root) }
        return try BeneathOpen.open(relative, beneath: root, as: target, strategy: folder.strategy)
    }

    /// `path` (absolute) relative to the folder as written, `""` for the folder itself, or
    /// `nil` when it does not start with the folder.
    func relativeName(ofPath path: String) -> String? {
        if path == root { return "" }
        let prefix = root == "/" ? "/" : root + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }
}
