import Foundation
import Testing

@testable import MapRenderCommand

/// `--help` of every command, compared with `Snapshots/help/*.txt`, and the copy in docs/cli.md.
@Suite("--help text snapshots")
struct HelpSnapshotTests {
    /// Every command of the table, by path; `[]` is `maprender --help`.
    static let paths = CommandTable.root.allCommands.map(\.path)

    /// The snapshot name of a command: `maprender`, `places-add`.
    static func snapshotName(_ path: [String]) -> String {
        path.isEmpty ? "maprender" : path.joined(separator: "-")
    }

    @Test("COMMAND --help matches its snapshot", arguments: paths)
    func help(path: [String]) throws {
        let result = try Maprender.run(path + ["--help"])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        try assertTextSnapshot(result.outputText, named: "help/" + Self.snapshotName(path))
        // 'maprender help COMMAND' prints the same text.
        let viaHelp = try Maprender.run(["help"] + path)
        #expect(viaHelp.status == 0 && viaHelp.output == result.output)
    }

    @Test("every help snapshot belongs to a command")
    func noStaleSnapshots() throws {
        let folder = TextSnapshot.folder.appendingPathComponent("help")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let expected = Set(Self.paths.map { Self.snapshotName($0) + ".txt" })
        #expect(names.subtracting(expected).isEmpty, "stale snapshots: \(names.subtracting(expected).sorted())")
    }

    @Test("help wraps its text at 88 columns")
    func width() throws {
        for path in Self.paths {
            let text = try Maprender.run(path + ["--help"]).outputText
            // Usage lines and examples are printed as written; everything else is wrapped.
            var block = ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if let first = line.first, first != " " { block = String(line) }
                guard !["USAGE", "EXAMPLE", "EXAMPLES"].contains(block) else { continue }
                #expect(line.count <= 88, "\(path): \(line)")
            }
        }
    }

    @Test("the command reference's help block is the real 'maprender --help'")
    func commandReference() throws {
        let page = try String(
            contentsOf: Maprender.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let help = try Maprender.run(["--help"]).outputText
        let isInStep = page.contains("```\n" + help + "```\n")
        #expect(isInStep, "update the help block in docs/cli.md from 'maprender --help'")
    }
}
