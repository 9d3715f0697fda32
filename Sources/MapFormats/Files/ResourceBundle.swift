public import Foundation

/// Files a target ships in its SwiftPM resource bundle (`Sources/<Target>/Resources`).
///
/// Avoids the trap in SwiftPM's generated `Bundle.module` (it calls `fatalError` when the
/// bundle is missing): `Bundle.module` is only touched once its first candidate, the bundle
/// next to the main executable, is known to exist. The directory of the executable with
/// symbolic links resolved is tried too, for an installation that links
/// `/usr/local/bin/maprender` to the real binary.
public struct ResourceBundle: Sendable {
    /// The bundle folder SwiftPM puts next to the executable: `<package>_<Target>.resources`.
    public let name: String
    /// The target's `Bundle.module`, touched only once the bundle is known to exist.
    private let module: @Sendable () -> Bundle

    /// Describes the bundle `name` whose `Bundle.module` is `module`.
    public init(name: String, module: @escaping @Sendable () -> Bundle) {
        self.name = name
        self.module = module
    }

    /// The path of `Resources/<subpath>` in the bundle, or `nil` when it is not installed.
    public func path(_ subpath: String) -> String? {
        let files = FileManager.default
        let beside = Bundle.main.bundleURL.appendingPathComponent(name)
        if files.fileExists(atPath: beside.path),
            let resources = module().url(forResource: "Resources", withExtension: nil)
        {
            let url = resources.appendingPathComponent(subpath)
            if files.fileExists(atPath: url.path) { return url.path }
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let resolved = executable.deletingLastPathComponent()
            .appendingPathComponent(name).appendingPathComponent("Resources").appendingPathComponent(subpath)
        return files.fileExists(atPath: resolved.path) ? resolved.path : nil
    }
}
