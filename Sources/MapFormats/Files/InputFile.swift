import Foundation
import MapErrors

#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole input files, turning every failure into a `MapError` that names the file.
///
/// Every file is read through the descriptor `open(atPath:what:)` opened; a path lying in a
/// folder the task is confined to (`PathConfinement.enclosing`) is opened beneath that
/// folder, so a symbolic link swapped in after the path was checked cannot lead out of it.
public enum InputFile {
    /// The file's bytes.
    ///
    /// - Throws: `MapError` `.missingInput` when the path does not exist, is a folder or
    ///   cannot be read; `.invalidData` when it leads out of a confining folder.
    public static func read(atPath path: String, what: String) throws(MapError) -> [UInt8] {
        try open(atPath: path, what: what).read()
    }

    /// At most the first `count` bytes of the file, for recognising its kind without
    /// reading all of it.
    ///
    /// - Throws: `MapError` as `read(atPath:what:)`.
    public static func readPrefix(atPath path: String, count: Int, what: String) throws(MapError) -> [UInt8] {
        try open(atPath: path, what: what).read(upTo: count)
    }

    /// The file open for reading, for readers that stream it or hand it to a library;
    /// `what` names the file in the remedy.
    ///
    /// - Throws: `MapError` as `read(atPath:what:)`.
    public static func open(atPath path: String, what: String) throws(MapError) -> OpenedFile {
        let descriptor: Int32
        do throws(BeneathOpen.Failure) {
            if let enclosed = try PathConfinement.openEnclosed(path, as: .file) {
                descriptor = enclosed
            } else {
                descriptor = try plainOpen(path)
            }
        } catch {
            switch error {
            case .outside:
                throw MapError(
                    .invalidData, "is outside the folder it is confined to; refused", at: InputLocation(file: path),
                    remedy: "keep the file and the links to it inside the folder")
            case .system(let code): throw failure(code, path: path, what: what)
            }
        }
        return OpenedFile(descriptor: descriptor, path: path)
    }

    /// Whether the path lies in a folder the task is confined to, so that it must be read
    /// through `open(atPath:what:)` (libraries that open paths themselves then get its
    /// `descriptorPath`).
    public static func isConfined(_ path: String) -> Bool {
        let absolute = PathConfinement.absolute(path)
        return PathConfinement.enclosing.contains { $0.relativeName(ofPath: absolute) != nil }
    }

    /// Throws unless `path` is an existing file (not a folder), for readers that open the
    /// file themselves (a streaming parser, say); `what` names the file in the remedy.
    ///
    /// - Throws: `MapError` `.missingInput`.
    public static func checkReadable(_ path: String, what: String) throws(MapError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MapError(
                .missingInput, "no such file", at: InputLocation(file: path), remedy: "check the path of the \(what)")
        }
        guard !isDirectory.boolValue else {
            throw MapError(
                .missingInput, "is a folder, not a file", at: InputLocation(file: path),
                remedy: "give the path of the \(what) file")
        }
    }

    /// Opens a path no folder confines, refusing a folder. `O_NONBLOCK` keeps a FIFO from
    /// hanging the open; it is cleared before reading.
    private static func plainOpen(_ path: String) throws(BeneathOpen.Failure) -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw .system(errno) }
        return try BeneathOpen.finished(descriptor, .file)
    }

    private static func failure(_ code: Int32, path: String, what: String) -> MapError {
        switch code {
        case ENOENT, ENOTDIR:
            return MapError(
                .missingInput, "no such file", at: InputLocation(file: path), remedy: "check the path of the \(what)")
        case EISDIR:
            return MapError(
                .missingInput, "is a folder, not a file", at: InputLocation(file: path),
                remedy: "give the path of the \(what) file")
        default:
            return MapError(
                .missingInput, "cannot be read (\(String(cString: strerror(code))))", at: InputLocation(file: path),
                remedy: "check the file's permissions")
        }
    }
}
