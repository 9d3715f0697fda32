public import MapErrors

/// A command-line program as help, completion scripts and the man page see it: its name,
/// its version, its tree of commands and the exit statuses it documents.
///
/// The program declares it once and hands it to `HelpFormatter`, `CompletionScript` and
/// `ManPage`; everything else they show comes from the command tree.
public struct ProgramSpec: Sendable {
    /// The name the program is called by: `maprender`.
    public var name: String
    /// The version it reports.
    public var version: String
    /// The program itself, as a command: its own options and its subcommands.
    public var root: CommandSpec
    /// Its exit statuses with their meanings, in the order help lists them.
    public var exitStatuses: [ExitStatusSpec]

    /// Declares a program.
    public init(name: String, version: String, root: CommandSpec, exitStatuses: [ExitStatusSpec]) {
        self.name = name
        self.version = version
        self.root = root
        self.exitStatuses = exitStatuses
    }

    /// How `command` is called: `maprender places add`.
    public func invocation(of command: CommandSpec) -> String {
        ([name] + command.path).joined(separator: " ")
    }

    /// The subcommand of `parent` that `words` start with.
    ///
    /// - Throws: A usage error when there is none, or when the first word names none (with
    ///   the closest name as a hint).
    public func subcommand(of parent: CommandSpec, in words: [String]) throws(MapError) -> CommandSpec {
        let names = parent.subcommandNames
        let path = parent.path.joined(separator: " ")
        guard let word = words.first else {
            throw MapError(
                .invalidRequest, "\(path) needs a subcommand: \(ChoiceList.text(names))",
                remedy: "see '\(invocation(of: parent)) --help'")
        }
        guard let command = parent.subcommand(named: word) else {
            throw MapError(
                .invalidRequest,
                "unknown \(path) subcommand '\(word)'" + DidYouMean.hint(DidYouMean.word(for: word, among: names)),
                remedy: "see '\(invocation(of: parent)) --help'")
        }
        return command
    }
}
