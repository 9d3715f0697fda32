import Foundation
import Testing

// The architecture rules of README "Architecture", checked on the sources: every target
// imports exactly what Package.swift declares for it, nothing imports a layer above its
// own, nothing re-exports, and no target grows past the size a newcomer can find their
// way around in.

/// The package root: Tests/PackageStructureTests/<file> is three levels down.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The layers from the bottom up; a target may import only targets before it.
private let layers = [
    "MapErrors", "MapGeometry", "MapFormats", "MapPMTiles", "MapXML", "MapVectorTiles", "MapFIT", "MapCommandLine", "MapDrawing",
    "MapVectorStyle", "MapAnnotations", "MapPage", "MapMarginalia", "MapRenderCore", "MapVectorLayout", "MapSQLite",
    "MapInputs",
    "MapTiles", "MapVectorSources", "MapFavorites", "MapImageEncoding", "MapRenderCairo", "MapRenderSVG", "MapBatch",
    "MapDataCommands",
    "MapRenderCommand",
    "maprender",
]

/// Modules of the toolchain and the system, which are not package targets.
private let systemModules: Set<String> = [
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin",
    "Dispatch", "Synchronization", "Testing", "XCTest",
]

/// The largest a target may grow, in lines of Swift.
private let maximumTargetLines = 3_000

/// The Swift targets under Sources/ with their declared dependencies, read from Package.swift.
private func declaredDependencies() throws -> [String: Set<String>] {
    let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    var result: [String: Set<String>] = [:]
    // Each `.target(` or `.executableTarget(` call: its name and its dependency list.
    let calls =
        manifest.components(separatedBy: ".target(").dropFirst().map { $0 }
        + manifest.components(separatedBy: ".executableTarget(").dropFirst().map { $0 }
    for call in calls {
        let body = call.prefix { $0 != ")" }
        guard let name = quoted(after: "name:", in: body) else { continue }
        var dependencies: Set<String> = []
        if let start = body.range(of: "dependencies:"), let open = body[start.upperBound...].firstIndex(of: "["),
            let close = body[open...].firstIndex(of: "]")
        {
            for piece in body[body.index(after: open)..<close].split(separator: ",") {
                let name = piece.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
                if !name.isEmpty { dependencies.insert(name) }
            }
        }
        result[name] = dependencies
    }
    return result
}

private func quoted(after label: String, in text: Substring) -> String? {
    guard let range = text.range(of: label) else { return nil }
    let rest = text[range.upperBound...].drop { $0 == " " }
    guard rest.first == "\"" else { return nil }
    return String(rest.dropFirst().prefix { $0 != "\"" })
}

/// The Swift files of a source folder.
private func swiftFiles(in folder: URL) -> [URL] {
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
}

/// The modules a file imports, whatever the access level or attribute before `import`.
private func imports(of file: URL) throws -> [String] {
    try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
        let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
        // `[modifiers] import Module`, nothing after (a line of help text may start with the word).
        guard let index = words.firstIndex(of: "import"), index + 2 == words.count,
            words[..<index].allSatisfy({
                ["public", "package", "internal", "@testable", "@_implementationOnly", "@preconcurrency"].contains($0)
            })
        else { return nil }
        return String(words[index + 1])
    }
}

@Suite("Package structure")
struct PackageStructureTests {
    @Test("every source target imports exactly the dependencies Package.swift declares")
    func importsMatchDeclarations() throws {
        let declared = try declaredDependencies()
        let targets = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("Sources").path
        )
        .filter { !$0.hasPrefix("C") && !$0.hasPrefix(".") }
        #expect(targets.count >= 10)
        // The test helpers are a target too: what they import is declared like the rest.
        let folders =
            targets.map { packageRoot.appendingPathComponent("Sources").appendingPathComponent($0) }
            + [packageRoot.appendingPathComponent("Tests/MapTestSupport")]
        for folder in folders {
            let target = folder.lastPathComponent
            let imported = Set(try swiftFiles(in: folder).flatMap(imports)).subtracting(systemModules)
            #expect(
                imported == declared[target] ?? [],
                "\(target): imports \(imported.sorted()), declares \((declared[target] ?? []).sorted())")
        }
    }

    @Test("no target imports a layer above its own")
    func noUpwardImports() throws {
        for (target, dependencies) in try declaredDependencies() {
            guard let level = layers.firstIndex(of: target) else { continue }
            for dependency in dependencies where !dependency.hasPrefix("C") {
                let dependencyLevel = try #require(layers.firstIndex(of: dependency), "\(dependency) is in no layer")
                #expect(dependencyLevel < level, "\(target) imports \(dependency), which is not below it")
            }
        }
    }

    @Test("the package root holds no downloaded archives (a tarball, a wheel, a zip)")
    func noStrayArchives() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.path)
        let archives = names.filter { name in
            [".tar.gz", ".tgz", ".whl", ".zip", ".tar.xz", ".tar.bz2"].contains { name.hasSuffix($0) }
        }
        #expect(archives.isEmpty, "stray files at the package root: \(archives)")
    }

    @Test("nothing re-exports a module")
    func noExportedImports() throws {
        for file in swiftFiles(in: packageRoot.appendingPathComponent("Sources")) {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("@_exported"), "\(file.lastPathComponent) re-exports a module")
        }
    }

    @Test("every target stays under 3,000 lines")
    func targetSizes() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let lines = try swiftFiles(in: sources.appendingPathComponent(target)).reduce(0) { count, file in
                count
                    + (try String(contentsOf: file, encoding: .utf8)).split(
                        separator: "\n", omittingEmptySubsequences: false
                    ).count
            }
            #expect(lines <= maximumTargetLines, "\(target) has \(lines) lines")
        }
    }
}
