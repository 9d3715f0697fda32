import Foundation
import MapErrors

/// Reads whole input files, turning every failure into a `MapError` that names the file.
public enum InputFile {
    /// The file's bytes.
    ///
    /// - Throws: `MapError` `.missingInput` when the path does not exist, is a folder or
    ///   cannot be read.
    public static func read(atPath path: String, what: String) throws(MapError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MapError(.missingInput, "\(path): no such file", remedy: "check the path of the \(what)")
        }
        guard !isDirectory.boolValue else {
            throw MapError(.missingInput, "\(path): is a folder, not a file", remedy: "give the path of the \(what) file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MapError(.missingInput, "\(path): cannot be read", remedy: "check the file's permissions")
        }
        return Array(data)
    }
}
