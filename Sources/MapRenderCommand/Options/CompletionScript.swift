/// A shell completion script for `maprender`, made from the command table: commands,
/// subcommands, each command's options, the words an option takes and files by extension.
struct CompletionScript {
    /// The shells there are scripts for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The root of the command table.
    var root: CommandSpec
    /// The shell the script is for.
    var shell: Shell

    /// The script.
    var text: String {
        switch shell {
        case .bash: BashCompletion(root: root).text
        case .zsh: ZshCompletion(root: root).text
        case .fish: FishCompletion(root: root).text
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
}

/// One command as a completion script sees it.
struct CompletionContext {
    /// The words after `maprender` that name it; empty for the root.
    var path: [String]
    /// Every option it takes.
    var options: [OptionSpec]
    /// What it takes besides options.
    var operands: [OperandSpec]
    /// Its subcommands.
    var subcommands: [CommandSpec]

    /// The path as one string: `places add`; empty for the root.
    var key: String { path.joined(separator: " ") }

    /// A name for shell functions: `places_add`; `root` for the root.
    var identifier: String { path.isEmpty ? "root" : path.joined(separator: "_").replacingDashes() }
}

extension String {
    /// The string with `-` replaced by `_`, for shell function names.
    func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
