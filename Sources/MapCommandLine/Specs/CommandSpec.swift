/// One command or subcommand of a program as help, completion scripts and the man page
/// see it: its name, what it is for, how it is called, and its option table's descriptions.
///
/// The commands form a tree whose root is the program itself (`ProgramSpec.root`); a
/// group such as `places` holds its subcommands (`list`, `add`, …).
public struct CommandSpec: Sendable {
    /// The words that name it after the program's name: `["places", "add"]`; empty for the
    /// root.
    public var path: [String]
    /// What it does, in a few words: the first line of its help and its line in lists.
    public var summary: String
    /// How it is called, one form per line, without the program's name; the first line is
    /// the form lists of commands show. A line that starts with a space continues the one
    /// before it.
    public var usage: [String]
    /// What help says between the usage and the options, one paragraph per element
    /// (wrapped to the terminal's width; the man page fills them). An element that starts
    /// with a space is shown as it is, line by line: commands to copy.
    public var description: [String]
    /// Its options, `--help` included; parsing takes them from the same table.
    public var options: [OptionSpec]
    /// Options it accepts and hands on to another command (`batch` takes every render
    /// option, for every job), with how help refers to them; completions offer them.
    public var forwarding: ForwardedOptions?
    /// What it takes besides options.
    public var operands: [OperandSpec]
    /// Its subcommands, in the order help lists them.
    public var subcommands: [CommandSpec]
    /// Example command lines, without the program's name.
    public var examples: [String]

    /// Declares a command; `--help` is added to `options`.
    public init(
        path: [String], summary: String, usage: [String], description: [String] = [], options: [OptionSpec] = [],
        forwarding: ForwardedOptions? = nil, operands: [OperandSpec] = [], subcommands: [CommandSpec] = [],
        examples: [String] = []
    ) {
        self.path = path
        self.summary = summary
        self.usage = usage
        self.description = description
        self.options = options + [.help]
        self.forwarding = forwarding
        self.operands = operands
        self.subcommands = subcommands
        self.examples = examples
    }

    /// The last word of its path; empty for the root.
    public var name: String { path.last ?? "" }

    /// The options it hands on to another command (see `forwarding`).
    public var forwardedOptions: [OptionSpec] { forwarding?.options ?? [] }

    /// The names of its subcommands.
    public var subcommandNames: [String] { subcommands.map(\.name) }

    /// The subcommand with this name, or `nil`.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// Whether it is the root (the program itself) or a command of its own.
    public var isRoot: Bool { path.isEmpty }

    /// The usage lines its help shows: a group such as `places` shows its subcommands'
    /// lines; the root shows its own, with the first line of each command's after the first.
    var usageLines: [String] {
        if isRoot {
            var lines = [usage[0]]
            for command in subcommands where !lines.contains(command.usage[0]) { lines.append(command.usage[0]) }
            return lines + usage.dropFirst()
        }
        return subcommands.isEmpty ? usage : subcommands.flatMap(\.usage)
    }

    /// This command and every command below it, parents before their subcommands.
    public var allCommands: [CommandSpec] {
        [self] + subcommands.flatMap(\.allCommands)
    }

    /// The options of this command and its subcommands, each description once, in section
    /// order (then in the order first declared), with the subcommands that take each one;
    /// for the help of a parent such as `places`.
    var optionsWithSubcommands: [(option: OptionSpec, takenBy: [String])] {
        guard !subcommands.isEmpty, !isRoot else { return Self.sortedBySection(options.map { ($0, []) }) }
        var merged: [(option: OptionSpec, takenBy: [String])] = []
        for command in subcommands {
            for option in command.options {
                if let index = merged.firstIndex(where: { $0.option == option }) {
                    merged[index].takenBy.append(command.name)
                } else {
                    merged.append((option, [command.name]))
                }
            }
        }
        let everyone = subcommandNames
        return Self.sortedBySection(merged.map { ($0.option, $0.takenBy == everyone ? [] : $0.takenBy) })
    }

    /// Options in section order, keeping the declared order within each section.
    private static func sortedBySection(
        _ options: [(option: OptionSpec, takenBy: [String])]
    ) -> [(option: OptionSpec, takenBy: [String])] {
        options.enumerated().sorted { a, b in
            (a.element.option.section, a.offset) < (b.element.option.section, b.offset)
        }.map(\.element)
    }
}
