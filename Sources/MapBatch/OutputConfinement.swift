import Foundation
public import MapErrors
import MapFormats

/// Keeps every file a batch job writes inside `--out-dir` (`PathConfinement`'s rule).
public struct OutputConfinement: Sendable {
    /// The folder, resolved.
    public let folder: PathConfinement

    /// Confines to `directory`, which is created when missing.
    ///
    /// - Throws: `MapError` `.cannotCreate` when the folder cannot be created.
    public init(directory: String) throws(MapError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw MapError(
                .cannotCreate, "\(directory): cannot create the output folder",
                remedy: "check the path and its permissions")
        }
        folder = PathConfinement(folder: directory)
    }

    /// The path inside the folder for a job's relative output name, its folders created.
    ///
    /// - Throws: `.invalidRequest` for an absolute path, a `..` component, standard output, or a
    ///   symbolic link inside the folder that leads out of it.
    public func confine(_ name: String) throws(MapError) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: true)
        guard name != "-", !components.contains(".."), let target = folder.resolve(name) else {
            throw MapError(
                .invalidRequest, "output '\(name)' escapes --out-dir",
                remedy: "give a relative path inside the output folder, without '..'")
        }
        let parent = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw MapError(.cannotCreate, "\(parent): cannot create the folder")
        }
        // Checked again once the folders exist: one may have been replaced by a link meanwhile.
        guard folder.contains(parent) else {
            throw MapError(
                .invalidRequest, "output '\(name)' escapes --out-dir through a symbolic link",
                remedy: "give a path inside the output folder")
        }
        return target
    }
}

/// Keeps every file a batch job reads inside `--in-dir` (`PathConfinement`'s rule): a job's
/// relative input names are read from inside the folder, and nothing outside it. `confine`
/// checks a name; the job then renders inside `folder.confining`, so every file is opened
/// beneath the folder and a link swapped in after the check cannot lead out.
public struct InputConfinement: Sendable {
    /// The folder, resolved.
    public let folder: PathConfinement

    /// Confines to `directory`, which must exist.
    ///
    /// - Throws: `MapError` `.missingInput` when it is not a folder.
    public init(directory: String) throws(MapError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw MapError(.missingInput, "\(directory): no such folder", remedy: "give --in-dir an existing folder")
        }
        folder = PathConfinement(folder: directory)
    }

    /// The path inside the folder for a job's input name.
    ///
    /// - Throws: `.invalidRequest` when the name is absolute or leads out by `..` or a link;
    ///   the message is the same whether the target exists or not.
    public func confine(_ name: String, option: String) throws(MapError) -> String {
        guard let path = folder.resolve(name) else {
            throw MapError(
                .invalidRequest, "\(option) '\(name)' escapes --in-dir",
                remedy: "give a relative path inside the input folder")
        }
        return path
    }
}
