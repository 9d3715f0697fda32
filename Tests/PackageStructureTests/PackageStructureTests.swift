import Foundation
import Testing

// The architecture rules of docs/architecture.md, checked on the sources: every target
// imports exactly what Package.swift declares for it, nothing imports a layer above its
// own, nothing re-exports, no target grows past the size a newcomer can find their way
// around in, and the page's table of targets is the one Package.swift declares.

/// The package root: Tests/PackageStructureTests/<file> is three levels down.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The layers from the bottom up; a target may import only targets before it.
private let layers = [
    "MapErrors", "MapGeometry", "MapFormats", "MapZip", "MapPMTiles", "MapXML", "MapVectorTiles", "MapFIT",
    "MapCommandLine", "MapDrawing", "MapImageEncoding", "MapTerrain",
    "MapVectorStyle", "MapAnnotations", "MapPage", "MapMarginalia", "MapProfile", "MapRenderCore", "MapVectorLayout",
    "MapSQLite",
    "MapStyleFiles", "MapInputs",
    "MapTiles", "MapVectorSources", "MapFavorites", "MapRenderCairo", "MapRenderSVG", "MapBatch",
    "MapElevationImport", "MapDataCommands",
    "MapRenderCommand",
    "maprender",
]

/// Modules of the toolchain and the system, which are not package targets.
private let systemModules: Set<String> = [
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin",
    "Dispatch", "Synchronization", "Testing", "XCTest",
]

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

/// The names of the library and executable targets under Sources/, in the order
/// Package.swift declares them (the C wrappers, the test helpers and the benchmarks left out).
private func sourceTargetsInOrder() throws -> [String] {
    let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    var names: [(position: String.Index, name: String)] = []
    for call in [".target(", ".executableTarget("] {
        var rest = manifest[...]
        while let range = rest.range(of: call) {
            let body = rest[range.upperBound...].prefix { $0 != ")" }
            if let name = quoted(after: "name:", in: body), !name.hasPrefix("C"), !body.contains("path: \"Tests/"),
                !body.contains("path: \"Benchmarks/")
            {
                names.append((range.lowerBound, name))
            }
            rest = rest[range.upperBound...]
        }
    }
    return names.sorted { $0.position < $1.position }.map(\.name)
}

/// The rows of the targets table in docs/architecture.md: each target's name and the
/// targets its "imports" column names (`nil` for "all of the above").
private func architectureTableRows() throws -> [(target: String, purpose: String, imports: Set<String>?)] {
    let page = try String(
        contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    return page.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("| `") else { return nil }
        let cells = line.dropFirst().dropLast(line.hasSuffix("|") ? 1 : 0).components(separatedBy: " | ")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count == 3, let target = codeSpans(in: cells[0]).first else { return nil }
        let imports = cells[2] == "all of the above" ? nil : Set(codeSpans(in: cells[2]))
        return (target, cells[1], imports)
    }
}

/// The `code spans` of a table cell, in order.
private func codeSpans(in text: String) -> [String] {
    text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
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

    @Test("docs/architecture.md lists exactly Package.swift's targets, in its order, with their imports")
    func architectureTableMatchesPackage() throws {
        let rows = try architectureTableRows()
        let targets = try sourceTargetsInOrder()
        #expect(targets.count >= 10)
        #expect(
            rows.map(\.target) == targets,
            "docs/architecture.md's table: \(rows.map(\.target)); Package.swift: \(targets)")
        #expect(layers == targets, "the layers of this test: \(layers); Package.swift: \(targets)")
        let declared = try declaredDependencies()
        for row in rows {
            // The column names the package's own targets in code spans; system libraries
            // (libm, Cairo) are plain words. The C wrappers are written as the libraries.
            let packageTargets = (declared[row.target] ?? []).filter { !$0.hasPrefix("C") }
            if let imports = row.imports {
                #expect(
                    imports.filter { !$0.hasPrefix("C") } == packageTargets,
                    "\(row.target): the table says \(imports.sorted()), Package.swift \(packageTargets.sorted())")
            } else {
                // "All of the above": nothing it imports may come after it.
                let level = try #require(targets.firstIndex(of: row.target))
                #expect(packageTargets.allSatisfy { (targets.firstIndex(of: $0) ?? .max) < level })
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

    /// Targets are shaped by concern, not by size: each says in the architecture page what
    /// it owns, in one table row, and the checks above keep its imports downward (so there is
    /// no cycle). There is no cap on lines: a target is split when it holds two concerns.
    @Test("every target says what it owns in docs/architecture.md")
    func everyTargetHasAPurpose() throws {
        for row in try architectureTableRows() {
            #expect(row.purpose.count >= 20, "\(row.target): '\(row.purpose)' does not say what it owns")
        }
    }
}
