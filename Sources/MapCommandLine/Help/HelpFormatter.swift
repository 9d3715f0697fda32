/// The text of `--help` for any command, made from its `CommandSpec`: usage, description,
/// subcommands, operands and options by section, the program's exit statuses (for the
/// root), examples.
public struct HelpFormatter: Sendable {
    /// The program whose commands it describes.
    var program: ProgramSpec
    /// The widest line, in characters.
    var width = 88
    /// Where option descriptions start, in characters from the left.
    var descriptionColumn = 28

    /// A formatter for the help of `program`'s commands.
    public init(program: ProgramSpec) {
        self.program = program
    }

    /// The help of `command`.
    public func text(for command: CommandSpec) -> String {
        var blocks: [[String]] = [["\(program.invocation(of: command)) — \(command.summary)"]]
        blocks.append(["USAGE"] + command.usageLines.map(usageLine))
        for paragraph in command.description {
            let isVerbatim = paragraph.hasPrefix(" ")
            blocks.append(
                isVerbatim
                    ? paragraph.split(separator: "\n").map(String.init) : TextWrapping.lines(paragraph, width: width))
        }
        if !command.subcommands.isEmpty {
            let names = command.subcommands.map { $0.name }
            let column = (names.map(\.count).max() ?? 0) + 4
            blocks.append(
                ["COMMANDS"] + command.subcommands.flatMap { entry("  " + $0.name, $0.summary, column: column + 2) })
        }
        if !command.operands.isEmpty {
            blocks.append(
                ["ARGUMENTS"] + command.operands.flatMap { entry("  " + $0.name, $0.help, column: descriptionColumn) })
        }
        var section: OptionSection?
        var lines: [String] = []
        for (option, takenBy) in command.optionsWithSubcommands {
            if option.section != section {
                if !lines.isEmpty { blocks.append(lines) }
                lines = [option.section.title]
                section = option.section
            }
            lines += entry("  " + option.synopsis, Self.help(for: option, takenBy: takenBy), column: descriptionColumn)
        }
        if !lines.isEmpty { blocks.append(lines) }
        if let forwarding = command.forwarding {
            blocks.append(
                [forwarding.heading] + TextWrapping.lines(forwarding.helpText, width: width - 2).map { "  " + $0 })
        }
        if command.isRoot, !program.exitStatuses.isEmpty {
            blocks.append(
                ["EXIT STATUS"] + program.exitStatuses.flatMap { entry("  \($0.code)", $0.meaning, column: 8) })
        }
        let examples = command.examples + (command.isRoot ? [] : command.subcommands.flatMap(\.examples))
        if !examples.isEmpty {
            blocks.append([examples.count == 1 ? "EXAMPLE" : "EXAMPLES"] + examples.map { "  \(program.name) " + $0 })
        }
        return blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// An option's help line as lists show it: the subcommands that take it first when not
    /// all of them do, and a note when it may be repeated.
    static func help(for option: OptionSpec, takenBy: [String]) -> String {
        var text = option.help
        if option.kind == .repeatable { text += " (repeatable)" }
        if !takenBy.isEmpty { text = "[\(takenBy.joined(separator: ", "))] " + text }
        return text
    }

    /// A usage line: the program's name and the form, or a continuation line (it starts
    /// with a space) lined up under the form.
    private func usageLine(_ line: String) -> String {
        line.hasPrefix(" ")
            ? "  " + String(repeating: " ", count: program.name.count + 1) + line : "  \(program.name) " + line
    }

    /// `term` with `description` wrapped beside it from `column`, or below it when the
    /// term reaches the column.
    private func entry(_ term: String, _ description: String, column: Int) -> [String] {
        let wrapped = TextWrapping.lines(description, width: width - column)
        let indent = String(repeating: " ", count: column)
        if term.count + 2 <= column {
            return [TextWrapping.padded(term, to: column) + wrapped[0]] + wrapped.dropFirst().map { indent + $0 }
        }
        return [term] + wrapped.map { indent + $0 }
    }
}
