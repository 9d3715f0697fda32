import Foundation
import MapTestSupport
import Testing

/// One command of a ```sh block in README.md or docs/*.md: continuation lines joined,
/// comments dropped.
struct DocumentedCommand: Sendable, Hashable {
    /// The page, relative to the package root.
    var page: String
    /// The line the command starts on.
    var line: Int
    /// The command as the shell reads it.
    var text: String
}

/// The ```sh blocks of the documentation and the commands in them.
struct DocumentedBlock: Sendable, CustomTestStringConvertible {
    var page: String
    var line: Int
    var commands: [DocumentedCommand]
    var testDescription: String { "\(page):\(line)" }
}

/// Reads the ```sh blocks of README.md and docs/*.md.
enum DocumentationBlocks {
    /// Every block of every page, in page order.
    static func all() throws -> [DocumentedBlock] {
        let root = Maprender.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + docs).flatMap { page in
            try blocks(in: String(contentsOf: root.appendingPathComponent(page), encoding: .utf8), page: page)
        }
    }

    /// The ```sh blocks of one page (also those indented inside a list item).
    static func blocks(in text: String, page: String) -> [DocumentedBlock] {
        var result: [DocumentedBlock] = []
        var current: (line: Int, lines: [(Int, String)])?
        var inOtherFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let block = current {
                if trimmed == "```" {
                    result.append(
                        DocumentedBlock(page: page, line: block.line, commands: commands(in: block.lines, page: page)))
                    current = nil
                } else {
                    current?.lines.append((index + 1, trimmed))
                }
            } else if inOtherFence {
                if trimmed == "```" { inOtherFence = false }
            } else if trimmed == "```sh" {
                current = (index + 1, [])
            } else if trimmed.hasPrefix("```") {
                inOtherFence = true
            }
        }
        return result
    }

    /// The commands of a block's lines: `\` joins a line to the next, `# …` is a comment,
    /// and a `for … done` loop is one command.
    static func commands(in lines: [(Int, String)], page: String) -> [DocumentedCommand] {
        var result: [DocumentedCommand] = []
        var pending: (line: Int, text: String)?
        for (number, raw) in lines {
            let line = withoutComment(raw)
            guard !line.isEmpty || pending != nil else { continue }
            var text = pending.map { $0.text + ($0.text.hasPrefix("for ") ? "\n" : " ") } ?? ""
            let continues = line.hasSuffix("\\")
            text += continues ? String(line.dropLast()).trimmingCharacters(in: .whitespaces) : line
            let start = pending?.line ?? number
            let openLoop = text.hasPrefix("for ") && !text.hasSuffix("done")
            if continues || openLoop {
                pending = (start, text)
            } else {
                pending = nil
                result.append(DocumentedCommand(page: page, line: start, text: text))
            }
        }
        return result
    }

    /// The line without a `#` comment: one at the start, or after a space outside quotes.
    static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        var end = line.endIndex
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" && previous.isWhitespace {
                end = index
                break
            }
            previous = character
        }
        return line[..<end].trimmingCharacters(in: .whitespaces)
    }

    /// The shell words of a command, quotes removed (enough for the documentation's commands).
    static func words(_ command: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?, inWord = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Whether a command runs maprender: the word `maprender` as a program or an argument
    /// (a container image's name too), `swift run maprender` included.
    static func runsMaprender(_ command: String) -> Bool {
        command.split(whereSeparator: { $0.isWhitespace || ";&|()<>".contains($0) }).contains("maprender")
    }

    /// The files a maprender command says it writes: `-o`, `--sidecar`, `--summary`, `--book`,
    /// `--out-dir` and `>` redirections, with `~` for the home folder; standard output and
    /// names with shell variables left out.
    static func outputs(of command: String, home: String) -> [String] {
        let words = words(command)
        var result: [String] = []
        for (index, word) in words.enumerated() where index + 1 < words.count {
            guard ["-o", "--output", "--sidecar", "--summary", "--book", "--out-dir", ">"].contains(word) else {
                continue
            }
            let value = words[index + 1]
            guard value != "-", !value.contains("$") else { continue }
            result.append(value.hasPrefix("~/") ? home + value.dropFirst() : value)
        }
        return result
    }
}

/// Every `maprender …` command of a ```sh block in README.md and docs/*.md runs with the
/// built binary, in a fresh folder holding a copy of `examples/` and a home folder of its
/// own, and exits 0 having written the files it names. Commands of a block run in order in
/// one folder, so a block may install a basemap and then draw on it; `mkdir`, `echo` and `cp`
/// before them are run too, other programs (gdalinfo, pdfinfo, man) are not.
@Suite("The documentation's commands")
struct DocumentationCommandTests {
    /// The commands not run, each with the reason; matched by a part of the command's text.
    /// Keep it short: write examples with the files in examples/ where that can be done.
    static let exemptions: [(command: String, reason: String)] = [
        ("extract https://build.protomaps.com/", "reads a Protomaps planet build over the network"),
        ("basemap add denver.pmtiles", "installs denver.pmtiles, which only the network extract above makes"),
        ("--basemap denver.pmtiles", "draws on denver.pmtiles, which only the network extract above makes"),
        ("basemap add https://example.com/", "an archive on a made-up server"),
        ("docker ", "needs a container engine, and the image built from the Dockerfile"),
    ]

    /// The other programs a block may run before its maprender commands, to set up files.
    static let setupPrograms: Set<String> = ["mkdir", "echo", "cp"]

    /// The blocks that hold at least one maprender command.
    static let blocks: [DocumentedBlock] = ((try? DocumentationBlocks.all()) ?? []).filter { block in
        block.commands.contains { DocumentationBlocks.runsMaprender($0.text) }
    }

    static func exemption(for command: String) -> String? {
        exemptions.first { command.contains($0.command) }?.reason
    }

    @Test("the pages are read: their sh blocks hold the commands the guide shows")
    func parsing() throws {
        let commands = Self.blocks.flatMap(\.commands).filter { DocumentationBlocks.runsMaprender($0.text) }
        #expect(commands.count >= 40, "only \(commands.count) maprender commands found")
        let pages = Set(Self.blocks.map(\.page))
        for page in ["README.md", "docs/tracks.md", "docs/basemaps.md", "docs/print.md", "docs/batch.md"] {
            #expect(pages.contains(page), "no maprender command found in \(page)")
        }
        // The parts of the parser: comments, continuation lines, loops, words, outputs.
        let sample = DocumentationBlocks.commands(
            in: [
                (1, "# a comment"), (2, "maprender --places a.db \\"), (3, "    -o 'my map.png'   # trailing"),
                (4, "for a in x y; do"), (5, "maprender --center 1,2 --zoom 3 -o $a.png"), (6, "done"),
            ], page: "p.md")
        #expect(
            sample.map(\.text) == [
                "maprender --places a.db -o 'my map.png'",
                "for a in x y; do\nmaprender --center 1,2 --zoom 3 -o $a.png\ndone",
            ])
        #expect(sample.map(\.line) == [2, 4])
        #expect(DocumentationBlocks.outputs(of: sample[0].text, home: "/h") == ["my map.png"])
        #expect(DocumentationBlocks.outputs(of: "maprender help --man > ~/m.1", home: "/h") == ["/h/m.1"])
        #expect(DocumentationBlocks.runsMaprender("docker run --rm maprender --places x"))
        #expect(!DocumentationBlocks.runsMaprender("swift build -c release --product maprender-benchmarks"))
    }

    @Test("every exemption still names a command of the documentation")
    func noStaleExemptions() {
        let commands = Self.blocks.flatMap(\.commands).map(\.text)
        for exemption in Self.exemptions {
            #expect(commands.contains { $0.contains(exemption.command) }, "no command contains '\(exemption.command)'")
        }
    }

    @Test("the commands of a block run, exit 0 and write what they name", arguments: blocks)
    func block(_ block: DocumentedBlock) throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Maprender.packageRoot.appendingPathComponent("examples"),
            to: folder.url.appendingPathComponent("examples"))
        let home = folder.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // The user's settings stay out, and what a block installs stays in its own folder.
        let environment = [
            "PATH": Maprender.productsDirectory.path + ":/usr/bin:/bin", "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
            "XDG_CACHE_HOME": home + "/.cache", "TMPDIR": FileManager.default.temporaryDirectory.path,
        ]
        for command in block.commands {
            // A line like the Quick start's: run its maprender part (`swift run` is the built binary).
            let parts =
                command.text.hasPrefix("for ")
                ? [command.text] : command.text.components(separatedBy: " && ")
            for part in parts {
                let text = part.replacingOccurrences(of: "swift run maprender", with: "maprender")
                let program = DocumentationBlocks.words(text).first ?? ""
                let location = "\(command.page):\(command.line)"
                if !DocumentationBlocks.runsMaprender(text) {
                    guard Self.setupPrograms.contains(program) else { continue }
                    let setup = try ChildProcess.run(
                        "/bin/sh", ["-c", text], environment: environment, directory: folder.url.path)
                    #expect(setup.status == 0, "\(location): \(text): \(setup.errors)")
                    continue
                }
                if Self.exemption(for: text) != nil { continue }
                let run = try ChildProcess.run(
                    "/bin/sh", ["-c", text], environment: environment, directory: folder.url.path, timeLimit: 300)
                #expect(run.status == 0, "\(location): \(text)\nexit \(run.status): \(run.errors)")
                for output in DocumentationBlocks.outputs(of: text, home: home) {
                    let path = output.hasPrefix("/") ? output : folder.path(output)
                    let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
                    #expect(size > 0, "\(location): \(text): \(output) was not written")
                }
            }
        }
    }
}
