import Foundation

/// Files shipped in the package's resource bundle (`Sources/MapData/Resources`): the
/// styles and the world basemap.
enum PackageResources {
    /// The bundle folder SwiftPM puts next to the executable.
    static let bundleName = "maprender_MapData.resources"

    /// The path of `Resources/<subpath>` in the bundle, or `nil` when it is not installed.
    ///
    /// Avoids the trap in SwiftPM's generated `Bundle.module` (it calls `fatalError` when the
    /// bundle is missing): `Bundle.module` is only touched once its first candidate, the
    /// bundle next to the main executable, is known to exist. The directory of the
    /// executable with symbolic links resolved is tried too, for an installation that links
    /// `/usr/local/bin/maprender` to the real binary.
    static func path(_ subpath: String) -> String? {
        let files = FileManager.default
        let beside = Bundle.main.bundleURL.appendingPathComponent(bundleName)
        if files.fileExists(atPath: beside.path),
            let resources = Bundle.module.url(forResource: "Resources", withExtension: nil)
        {
            let url = resources.appendingPathComponent(subpath)
            if files.fileExists(atPath: url.path) { return url.path }
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let resolved = executable.deletingLastPathComponent()
            .appendingPathComponent(bundleName).appendingPathComponent("Resources").appendingPathComponent(subpath)
        return files.fileExists(atPath: resolved.path) ? resolved.path : nil
    }
}
