/// A shell completion script for a program, made from its command tree: commands,
/// subcommands, each command's options, the words an option takes and files by extension.
public struct CompletionScript: Sendable {
    /// The shells there are scripts for.
    public enum Shell: String, CaseIterable, Sendable {
        /// bash, zsh (with its completion system, `compinit`) and fish.
        case bash, zsh, fish
    }

    /// The program the script completes.
    var program: ProgramSpec
    /// The shell the script is for.
    var shell: Shell
    /// The command line that prints the scripts, without the shell's name, for the
    /// script's comments: `maprender completions`.
    var generatingCommand: String

    /// Declares the script of `program` for `shell`.
    public init(program: ProgramSpec, shell: Shell, generatingCommand: String) {
        self.program = program
        self.shell = shell
        self.generatingCommand = generatingCommand
    }

    /// The script.
    public var text: String {
        let command = "\(generatingCommand) \(shell.rawValue)"
        return switch shell {
        case .bash: BashCompletion(program: program, generatingCommand: command).text
        case .zsh: ZshCompletion(program: program, generatingCommand: command).text
        case .fish: FishCompletion(program: program, generatingCommand: command).text
        }
    }

    /// Every command a script completes for, the root first: its path and everything
    /// typed after it.
    static func contexts(of root: CommandSpec) -> [CompletionContext] {
        root.allCommands.map { command in
            CompletionContext(
                path: command.path, options: command.options + command.forwardedOptions, operands: command.operands,
                subcommands: command.subcommands)
        }
    }

    /// What a comment says the scripts' command paths look like: `"" (maprender itself),
    /// "render", "places list", …`.
    static func pathExamples(of program: ProgramSpec) -> String {
        let paths = program.root.allCommands.map(\.path)
        let examples = [paths.first { $0.count == 1 }, paths.first { $0.count == 2 }].compactMap { $0 }
        return (["\"\" (\(program.name) itself)"] + examples.map { "\"\($0.joined(separator: " "))\"" } + ["…"])
            .joined(separator: ", ")
    }
}
