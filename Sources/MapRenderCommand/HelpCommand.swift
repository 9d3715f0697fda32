import MapCommandLine
import MapErrors

/// `maprender help [COMMAND [SUBCOMMAND]]` and `maprender help --man`; also what
/// `COMMAND --help` prints.
enum HelpCommand {
    /// What the command line gave `help`.
    struct Arguments {
        /// The command path to describe (`places add`); empty for the root.
        var path: [String] = []
        /// Whether to print the man page (`--man`).
        var printsManPage = false
    }

    /// The options of `help`.
    static let table = OptionTable<Arguments>([
        .flag("--man", section: .options, help: "print the maprender(1) man page (roff), for 'man -l -'") {
            $0.printsManPage = true
        }
    ])

    /// `maprender help`.
    static let command = CommandSpec(
        path: ["help"], summary: "show the help of a command, or the man page",
        usage: ["help [COMMAND [SUBCOMMAND]] | help --man"],
        description: [
            "'maprender help places add' is 'maprender places add --help'. The man page holds the help of every command."
        ],
        options: table.specs,
        operands: [
            OperandSpec(name: "COMMAND", help: "the command to describe", completion: .commandNames)
        ],
        examples: ["help --man | man -l -"])

    /// Runs with the words after `help`.
    static func run(_ words: [String]) throws(MapError) {
        var arguments = Arguments()
        var cursor = ArgumentCursor(words, programName: MapRenderCommand.name)
        try table.parse(&cursor, into: &arguments, command: "help") { arguments, word in arguments.path.append(word) }
        if arguments.printsManPage {
            guard arguments.path.isEmpty else {
                throw MapError(
                    .invalidRequest, "help --man takes no command", remedy: "the man page describes every command")
            }
            Console.print(Manual.page.text)
            return
        }
        Console.print(try text(for: arguments.path))
    }

    /// The help of the command at `path`; `render`'s is the root's.
    ///
    /// - Throws: A usage error naming the closest command when `path` names none.
    static func text(for path: [String]) throws(MapError) -> String {
        var command = CommandTable.root
        for word in path {
            guard !command.subcommands.isEmpty else {
                throw MapError(
                    .invalidRequest, "'\(command.invocation)' has no subcommands",
                    remedy: "see '\(command.invocation) --help'")
            }
            guard let next = command.subcommand(named: word) else {
                let kind = command.isRoot ? "command" : "\(command.path.joined(separator: " ")) subcommand"
                throw MapError(
                    .invalidRequest,
                    "unknown \(kind) '\(word)'"
                        + DidYouMean.hint(DidYouMean.word(for: word, among: command.subcommandNames)),
                    remedy: "see '\(command.invocation) --help'")
            }
            command = next
        }
        if command.path == ["render"] { command = CommandTable.root }
        return HelpFormatter(program: CommandTable.program).text(for: command)
    }

    /// The help `COMMAND --help` asks for: the deepest command the words name, ignoring
    /// everything after it (`places add --db x --help` is the help of `places add`).
    static func text(forWords words: [String]) -> String {
        var path: [String] = []
        var command = CommandTable.root
        for word in words {
            guard let next = command.subcommand(named: word) else { break }
            path.append(word)
            command = next
        }
        return (try? text(for: path)) ?? HelpFormatter(program: CommandTable.program).text(for: CommandTable.root)
    }
}
