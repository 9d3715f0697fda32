import Foundation
import MapRenderCore

/// Keeps every file a batch job writes inside `--out-dir`.
struct OutputConfinement {
    /// The folder, resolved (symbolic links followed).
    let root: URL

    init(directory: String) throws(MapError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw MapError(.cannotCreate, "\(directory): cannot create the output folder", remedy: "check the path and its permissions")
        }
        root = URL(fileURLWithPath: directory).resolvingSymlinksInPath()
    }

    /// The path inside the folder for a job's relative output name, its folders created.
    ///
    /// - Throws: `.usage` for an absolute path, a `..` component, standard output, or a
    ///   symbolic link inside the folder that leads out of it.
    func confine(_ name: String) throws(MapError) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: true)
        guard !name.hasPrefix("/"), name != "-", !components.isEmpty, !components.contains(".."), !name.contains("\0") else {
            throw MapError(.usage, "output '\(name)' escapes --out-dir", remedy: "give a relative path inside the output folder, without '..'")
        }
        let target = components.reduce(root) { $0.appendingPathComponent(String($1)) }
        let folder = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw MapError(.cannotCreate, "\(folder.path): cannot create the folder")
        }
        let resolved = folder.resolvingSymlinksInPath().path
        guard resolved == root.path || resolved.hasPrefix(root.path + "/") else {
            throw MapError(.usage, "output '\(name)' escapes --out-dir through a symbolic link", remedy: "give a path inside the output folder")
        }
        return target.path
    }
}
