/// A program's man page, section 1, in roff with the man macros, made from its command tree:
/// NAME, SYNOPSIS, DESCRIPTION, a section per command with its options, GENERAL OPTIONS,
/// EXIT STATUS, the program's own sections (ENVIRONMENT, FILES, …), EXAMPLES and SEE ALSO.
public struct ManPage: Sendable {
    /// The program the page describes.
    var program: ProgramSpec
    /// The date of the version described, for the page's footer: `2026-11-29`.
    var date: String
    /// The command line that prints the page, named in its first comment:
    /// `maprender help --man`.
    var generatingCommand: String
    /// Paragraphs DESCRIPTION adds after the root command's description, in roff.
    var descriptionParagraphs: [String]
    /// What EXIT STATUS says before it lists the statuses, in roff; `nil` for nothing.
    var exitStatusNote: String?
    /// The program's own sections, between EXIT STATUS and EXAMPLES.
    var sections: [ManualSection]
    /// What SEE ALSO says, in roff; `nil` for no such section.
    var seeAlso: String?

    /// Declares the page of `program`; the rest of the page comes from its command tree.
    public init(
        program: ProgramSpec, date: String, generatingCommand: String, descriptionParagraphs: [String] = [],
        exitStatusNote: String? = nil, sections: [ManualSection] = [], seeAlso: String? = nil
    ) {
        self.program = program
        self.date = date
        self.generatingCommand = generatingCommand
        self.descriptionParagraphs = descriptionParagraphs
        self.exitStatusNote = exitStatusNote
        self.sections = sections
        self.seeAlso = seeAlso
    }

    /// The page's source.
    public var text: String {
        let root = program.root
        var page = RoffPage()
        page.comment(
            "\(program.name)(1): made by '\(generatingCommand)' from the command table; edit the table, not this page.")
        page.request(
            "TH \(program.name.uppercased()) 1 \(date) \"\(program.name) \(program.version)\" \"User Commands\"")
        page.heading("NAME")
        page.line(Roff.escaped(program.name) + " \\- " + Roff.escaped(root.summary))
        page.heading("SYNOPSIS")
        page.preformatted(root.usageLines.map { "\(program.name) " + $0 })
        page.heading("DESCRIPTION")
        for paragraph in root.description { page.paragraph(Roff.escaped(paragraph)) }
        for paragraph in descriptionParagraphs { page.paragraph(paragraph) }
        var described: [(command: CommandSpec, options: [OptionSpec])] = []
        for command in root.subcommands {
            page.heading(command.name.uppercased())
            describe(command, on: &page, described: &described)
            for subcommand in command.subcommands {
                page.subheading(subcommand.path.joined(separator: " "))
                describe(subcommand, on: &page, described: &described)
            }
        }
        page.heading("GENERAL OPTIONS")
        options(root.options.filter { $0.section == .general }, on: &page)
        if exitStatusNote != nil || !program.exitStatuses.isEmpty {
            page.heading("EXIT STATUS")
            if let exitStatusNote { page.paragraph(exitStatusNote) }
            for status in program.exitStatuses {
                page.tagged(Roff.bold(String(status.code)), Roff.escaped(status.meaning))
            }
        }
        for section in sections {
            page.heading(section.title)
            for entry in section.entries { page.tagged(entry.tag, entry.text) }
        }
        page.heading("EXAMPLES")
        page.preformatted(
            root.allCommands.flatMap(\.examples).reduce(into: [String]()) { list, example in
                if !list.contains(example) { list.append(example) }
            }.map { "\(program.name) " + $0 })
        if let seeAlso {
            page.heading("SEE ALSO")
            page.line(seeAlso)
        }
        return page.text
    }

    /// A command's usage, description, operands and options; options it shares in full
    /// with a command already described are referred to, not repeated.
    private func describe(
        _ command: CommandSpec, on page: inout RoffPage,
        described: inout [(command: CommandSpec, options: [OptionSpec])]
    ) {
        page.paragraph(Roff.escaped(command.summary.prefix(1).uppercased() + command.summary.dropFirst()) + ".")
        let continuation = String(repeating: " ", count: program.name.count + 1)
        page.preformatted(command.usageLines.map { $0.hasPrefix(" ") ? continuation + $0 : "\(program.name) " + $0 })
        // The root's description opens the page; a command that shares it does not repeat it.
        for paragraph in command.description where !program.root.description.contains(paragraph) {
            if paragraph.hasPrefix(" ") {
                page.preformatted(paragraph.split(separator: "\n").map { $0.drop { $0 == " " } }.map(String.init))
            } else {
                page.paragraph(Roff.escaped(paragraph))
            }
        }
        for operand in command.operands {
            page.tagged(Roff.italic(operand.name), Roff.escaped(operand.help))
        }
        let own = command.options.filter { $0.section != .general }
        if command.subcommands.isEmpty, !own.isEmpty {
            if let earlier = described.first(where: { $0.options == own }) {
                page.paragraph("Takes the options of " + Roff.bold(program.invocation(of: earlier.command)) + ".")
            } else {
                options(own, on: &page, titled: command.path.count == 1)
                described.append((command, own))
            }
        }
        if let forwarding = command.forwarding {
            page.paragraph(forwarding.manualText)
        }
    }

    /// Options as tagged paragraphs, under a title per section when `titled`.
    private func options(_ options: [OptionSpec], on page: inout RoffPage, titled: Bool = false) {
        var section: OptionSection?
        for option in options.sorted(by: { $0.section < $1.section }) {
            if titled, option.section != section {
                page.subheading(option.section.shortTitle)
                section = option.section
            }
            let names = (option.shortNames + option.longNames).map(Roff.bold).joined(separator: ", ")
            let tag = names + (option.valueName.map { " " + Roff.italic($0) } ?? "")
            page.tagged(tag, Roff.escaped(HelpFormatter.help(for: option, takenBy: [])))
        }
    }
}
