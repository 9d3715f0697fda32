import Foundation
import MapErrors

/// Reads whole input files, turning every failure into a `MapError` that names the file.
public enum InputFile {
    /// The file's bytes.
    ///
    /// - Throws: `MapError` `.missingInput` when the path does not exist, is a folder or
    ///   cannot be read.
    public static func read(atPath path: String, what: String) throws(MapError) -> [UInt8] {
        try checkReadable(path, what: what)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MapError(
                .missingInput, "cannot be read", at: InputLocation(file: path), remedy: "check the file's permissions")
        }
        return Array(data)
    }

    /// At most the first `count` bytes of the file, for recognising its kind without
    /// reading all of it.
    ///
    /// - Throws: `MapError` `.missingInput` as `read(atPath:what:)`.
    public static func readPrefix(atPath path: String, count: Int, what: String) throws(MapError) -> [UInt8] {
        try checkReadable(path, what: what)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw MapError(
                .missingInput, "cannot be read", at: InputLocation(file: path), remedy: "check the file's permissions")
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.read(upToCount: count) ?? Data())
        } catch {
            throw MapError(.ioFailure, "reading failed: \(error.localizedDescription)", at: InputLocation(file: path))
        }
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
}
