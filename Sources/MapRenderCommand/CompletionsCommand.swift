import MapCommandLine
import MapErrors

/// `maprender completions bash|zsh|fish`: prints a completion script for the shell, made
/// from the command table.
enum CompletionsCommand {
    /// `maprender completions`.
    static let command = CommandSpec(
        path: ["completions"], summary: "print a shell completion script", usage: ["completions bash|zsh|fish"],
        description: [
            "The script completes commands, subcommands, every option of each, the words an option takes (png|svg|pdf, "
                + "world|none|…) and files by extension.",
            "Install it where the shell looks for completions, then start a new shell:",
            """
              maprender completions bash > ~/.local/share/bash-completion/completions/maprender
              maprender completions zsh > "${fpath[1]}/_maprender"
              maprender completions fish > ~/.config/fish/completions/maprender.fish
            """,
            "zsh needs compinit in ~/.zshrc. Instead of installing, bash and zsh can also source the script from "
                + "their startup file: source <(maprender completions bash).",
        ],
        operands: [
            OperandSpec(
                name: "SHELL", help: "bash, zsh or fish",
                completion: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))
        ],
        examples: ["completions bash > ~/.local/share/bash-completion/completions/maprender"])

    /// Runs with the words after `completions`.
    static func run(_ words: [String]) throws(MapError) {
        var shells: [String] = []
        var cursor = ArgumentCursor(words, programName: MapRenderCommand.name)
        try OptionTable<[String]>([]).parse(&cursor, into: &shells, command: "completions") { shells, word in
            shells.append(word)
        }
        let names = CompletionScript.Shell.allCases.map(\.rawValue)
        guard shells.count == 1, let name = shells.first else {
            throw MapError(
                .invalidRequest,
                shells.isEmpty ? "completions needs a shell: \(ChoiceList.text(names))" : "completions takes one shell",
                remedy: "e.g. 'maprender completions bash'")
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw MapError(
                .invalidRequest, "unknown shell '\(name)'" + DidYouMean.hint(DidYouMean.word(for: name, among: names)),
                remedy: "give \(ChoiceList.text(names))")
        }
        Console.print(
            CompletionScript(program: CommandTable.program, shell: shell, generatingCommand: "maprender completions")
                .text)
    }
}
