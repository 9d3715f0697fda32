import Foundation
import MapErrors
import MapRenderCore

/// Keeps every file a batch job writes inside `--out-dir`.
struct OutputConfinement {
    /// The folder, resolved (symbolic links followed).
    let root: URL

    init(directory: String) throws(MapError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw MapError(
                .cannotCreate, "\(directory): cannot create the output folder",
                remedy: "check the path and its permissions")
        }
        root = URL(fileURLWithPath: directory).resolvingSymlinksInPath()
    }

    /// The path inside the folder for a job's relative output name, its folders created.
    ///
    /// - Throws: `.invalidRequest` for an absolute path, a `..` component, standard output, or a
    ///   symbolic link inside the folder that leads out of it.
    func confine(_ name: String) throws(MapError) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: true)
        guard !name.hasPrefix("/"), name != "-", !components.isEmpty, !components.contains(".."), !name.contains("\0")
        else {
            throw MapError(
                .invalidRequest, "output '\(name)' escapes --out-dir",
                remedy: "give a relative path inside the output folder, without '..'")
        }
        let target = components.reduce(root) { $0.appendingPathComponent(String($1)) }
        let folder = target.deletingLastPathComponent()
        // Checked before any folder is made: through a link, the folders would otherwise be
        // created outside before the check below refused the file. The deepest part that
        // exists (a dangling link too: attributes do not follow links) is resolved.
        var existing = folder
        while existing.path.count > root.path.count,
            (try? FileManager.default.attributesOfItem(atPath: existing.path)) == nil
        {
            existing = existing.deletingLastPathComponent()
        }
        try requireInside(existing, name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw MapError(.cannotCreate, "\(folder.path): cannot create the folder")
        }
        try requireInside(folder, name)
        return target.path
    }

    /// Fails unless `folder`, symbolic links followed, is the root or inside it.
    private func requireInside(_ folder: URL, _ name: String) throws(MapError) {
        let resolved = folder.resolvingSymlinksInPath().path
        guard resolved == root.path || resolved.hasPrefix(root.path + "/") else {
            throw MapError(
                .invalidRequest, "output '\(name)' escapes --out-dir through a symbolic link",
                remedy: "give a path inside the output folder")
        }
    }
}
