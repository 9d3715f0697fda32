import Foundation
import Testing

@testable import MapRenderCommand

/// `maprender completions bash|zsh|fish`: scripts the shells accept, made from the table.
@Suite("shell completion scripts")
struct CompletionScriptTests {
    func script(_ shell: String) throws -> String {
        let result = try Maprender.run(["completions", shell])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        return result.outputText
    }

    @Test("every script names every option of every command", arguments: ["bash", "zsh", "fish"])
    func everyOption(shell: String) throws {
        let text = try script(shell)
        for command in CommandTable.root.allCommands {
            for option in command.options + command.forwardedOptions {
                for name in option.names {
                    // fish writes `-l size` and `-s o`, the others the name itself.
                    let spelled =
                        shell != "fish"
                        ? name : name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
                    #expect(text.contains(spelled), "\(shell): \(command.invocation) \(name)")
                }
            }
            if !command.isRoot { #expect(text.contains(command.name), "\(shell): \(command.invocation)") }
        }
    }

    @Test("the bash script passes bash -n")
    func bashSyntax() throws {
        let bash = try #require(Tool.path(of: "bash"), "bash is not installed")
        let result = try Tool.run(bash, ["-n"], input: try script("bash"))
        #expect(result.status == 0 && result.errors.isEmpty, "bash -n: \(result.errors)")
    }

    @Test("the bash script completes commands, options, choices and files by extension")
    func bashCompletes() throws {
        let bash = try #require(Tool.path(of: "bash"), "bash is not installed")
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("rides"), withIntermediateDirectories: true)
        for name in ["ride.gpx", "fixes.csv", "favs.db", "map.png", "notes.txt"] {
            _ = FileManager.default.createFile(atPath: folder.path(name), contents: Data())
        }
        try Data(try script("bash").utf8).write(to: folder.url.appendingPathComponent("maprender.bash"))
        // Each case: the words of a command line, the last one being completed.
        let cases: [([String], String)] = [
            (["maprender", "pl"], "places"),
            (["maprender", "places", ""], "list add remove import export geocode"),
            (["maprender", "places", "add", "--la"], "--lat"),
            (["maprender", "--form"], "--format"),
            (["maprender", "--format", ""], "png svg pdf jpeg webp"),
            (["maprender", "places", "export", "--format", ""], "geojson gpx csv"),
            (["maprender", "--basemap", "=", "w"], "world"),
            (["maprender", "--gpx", ""], "fixes.csv rides ride.gpx"),
            (["maprender", "--track", ""], "fixes.csv rides ride.gpx"),
            (["maprender", "--places", "f"], "favs.db"),
            (["maprender", "track", "stats", ""], "fixes.csv rides ride.gpx"),
            (["maprender", "batch", "--out-dir", ""], "rides"),
            (["maprender", "completions", ""], "bash zsh fish"),
            (["maprender", "--title", ""], ""),
        ]
        var program = "cd \(folder.url.path) && source ./maprender.bash\n"
        for (words, _) in cases {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            program += "COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _maprender; "
            program += "printf '%s\\n' \"$(printf '%s\\n' \"${COMPREPLY[@]}\" | sort | tr '\\n' ' ')\"\n"
        }
        let result = try Tool.run(bash, ["-c", program])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (words, expected)) in cases.enumerated() {
            let got = index < lines.count ? lines[index].split(separator: " ").map(String.init) : []
            #expect(
                got.sorted() == expected.split(separator: " ").map(String.init).sorted(),
                "\(words.joined(separator: " ")) → \(got)")
        }
    }

    @Test(
        "the zsh script passes zsh -n",
        .enabled(if: Tool.path(of: "zsh") != nil, "zsh is not installed; its script is checked only where zsh is"))
    func zshSyntax() throws {
        let zsh = try #require(Tool.path(of: "zsh"))
        let result = try Tool.run(zsh, ["-n"], input: try script("zsh"))
        #expect(result.status == 0 && result.errors.isEmpty, "zsh -n: \(result.errors)")
    }

    @Test(
        "the fish script passes fish --no-execute",
        .enabled(if: Tool.path(of: "fish") != nil, "fish is not installed; its script is checked only where fish is"))
    func fishSyntax() throws {
        let fish = try #require(Tool.path(of: "fish"))
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("maprender.fish")
        try Data(try script("fish").utf8).write(to: file)
        let result = try Tool.run(fish, ["--no-execute", file.path])
        #expect(result.status == 0 && result.errors.isEmpty, "fish --no-execute: \(result.errors)")
    }

    @Test("completions needs one known shell")
    func usage() throws {
        let none = try Maprender.run(["completions"])
        #expect(none.status == 64 && none.errors.hasPrefix("error: completions needs a shell: bash, zsh or fish"))
        let two = try Maprender.run(["completions", "bash", "zsh"])
        #expect(two.status == 64 && two.errors.hasPrefix("error: completions takes one shell"))
    }
}
