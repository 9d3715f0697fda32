import Foundation
import MapTestSupport

/// What one run of the built `maprender` binary (or another program) did.
typealias RunResult = CapturedRun

/// Runs the `maprender` executable built next to the test bundle.
enum Maprender {
    /// The folder SwiftPM builds products into (the test bundle lives there too).
    static var productsDirectory: URL { Bundle.main.bundleURL }

    /// The root of the package, for reading `examples/`.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// A configuration folder that does not exist: runs see no configuration file unless
    /// they ask for one, whatever the user running the tests keeps in ~/.config.
    static let noConfigurationFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("maprender-e2e-no-config-\(UUID().uuidString)").path

    /// The environment a run gets: `environment` (else the test process's own, without its
    /// `MAPRENDER_` settings), with `XDG_CONFIG_HOME` pointing at no configuration unless it
    /// or `MAPRENDER_CONFIG` is given, and `XDG_DATA_HOME` at no installed basemap unless given.
    static func hermetic(_ environment: [String: String]?) -> [String: String] {
        var result =
            environment
            ?? ProcessInfo.processInfo.environment.filter { key, _ in
                !key.hasPrefix("MAPRENDER_") || key == "MAPRENDER_RECORD_SNAPSHOTS"
            }
        if result["XDG_CONFIG_HOME"] == nil && result["MAPRENDER_CONFIG"] == nil {
            result["XDG_CONFIG_HOME"] = noConfigurationFolder
        }
        // Likewise no installed basemaps: `--basemap auto` draws on the world.
        if result["XDG_DATA_HOME"] == nil { result["XDG_DATA_HOME"] = noConfigurationFolder }
        return result
    }

    /// Runs `maprender` with the arguments in `directory` and waits for it, hermetically
    /// (see `hermetic(_:)`); a run past `ChildProcess.defaultTimeLimit` is stopped and thrown.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
    ) throws -> RunResult {
        try ChildProcess.run(
            productsDirectory.appendingPathComponent("maprender").path, arguments,
            environment: hermetic(environment.map { $0.merging(["PATH": "/usr/bin:/bin"]) { a, _ in a } }),
            directory: directory?.path)
    }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("maprender-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    /// The names of the files in the folder, sorted.
    func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Web Mercator written out independently of the library: the canvas position of a
/// coordinate given only the sidecar's centre, zoom and size (DESIGN.md §2).
func webMercatorCanvasPoint(
    latitude: Double, longitude: Double, centerLatitude: Double, centerLongitude: Double, zoom: Double, width: Double,
    height: Double
) -> (x: Double, y: Double) {
    func x(_ longitude: Double) -> Double { (longitude + 180) / 360 }
    func y(_ latitude: Double) -> Double {
        (1 - log(tan(latitude * .pi / 180) + 1 / cos(latitude * .pi / 180)) / .pi) / 2
    }
    let worldWidth = 256 * pow(2, zoom)
    return (
        width / 2 + (x(longitude) - x(centerLongitude)) * worldWidth,
        height / 2 + (y(latitude) - y(centerLatitude)) * worldWidth
    )
}
