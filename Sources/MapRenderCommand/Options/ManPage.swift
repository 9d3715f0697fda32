/// The maprender(1) man page, in roff with the man macros, made from the command table:
/// NAME, SYNOPSIS, DESCRIPTION, a section per command with its options, EXIT STATUS,
/// ENVIRONMENT, FILES, EXAMPLES and SEE ALSO. `maprender help --man` prints it.
struct ManPage {
    /// The root of the command table.
    var root: CommandSpec
    /// The version the page describes.
    var version: String
    /// The date of that version, for the page's footer.
    var date = "2026-11-29"

    /// The page's source.
    var text: String {
        var page = RoffPage()
        page.comment("maprender(1): made by 'maprender help --man' from the command table; edit the table, not this page.")
        page.request("TH MAPRENDER 1 \(date) \"maprender \(version)\" \"User Commands\"")
        page.heading("NAME")
        page.line("maprender \\- " + Roff.escaped(root.summary))
        page.heading("SYNOPSIS")
        page.preformatted(root.usageLines.map { "maprender " + $0 })
        page.heading("DESCRIPTION")
        for paragraph in root.description { page.paragraph(Roff.escaped(paragraph)) }
        page.paragraph(
            "The commands are " + root.subcommands.map { Roff.bold($0.name) }.joined(separator: ", ")
                + "; without one, maprender renders. " + Roff.bold("maprender COMMAND --help")
                + " prints the help of any command, as the sections below give it.")
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
        page.heading("EXIT STATUS")
        page.paragraph("maprender follows sysexits.h; an error is one line on standard error, " + Roff.code("error: …") + ".")
        for status in ExitStatus.allCases {
            page.tagged(Roff.bold(String(status.rawValue)), Roff.escaped(status.meaning))
        }
        environment(on: &page)
        files(on: &page)
        page.heading("EXAMPLES")
        page.preformatted(root.allCommands.flatMap(\.examples).reduce(into: [String]()) { list, example in
            if !list.contains(example) { list.append(example) }
        }.map { "maprender " + $0 })
        page.heading("SEE ALSO")
        page.line(Roff.bold("sqlite3") + "(1), " + Roff.bold("man") + "(1); the README of the maprender sources.")
        return page.text
    }

    /// A command's usage, description, operands and options; options it shares in full
    /// with a command already described are referred to, not repeated.
    private func describe(_ command: CommandSpec, on page: inout RoffPage, described: inout [(command: CommandSpec, options: [OptionSpec])]) {
        page.paragraph(Roff.escaped(command.summary.prefix(1).uppercased() + command.summary.dropFirst()) + ".")
        page.preformatted(command.usageLines.map { $0.hasPrefix(" ") ? "          " + $0 : "maprender " + $0 })
        // The root's description opens the page; render, which shares it, does not repeat it.
        for paragraph in command.description where !root.description.contains(paragraph) {
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
                page.paragraph("Takes the options of " + Roff.bold(earlier.command.invocation) + ".")
            } else {
                options(own, on: &page, titled: command.path.count == 1)
                described.append((command, own))
            }
        }
        if !command.forwardedOptions.isEmpty {
            page.paragraph("Every option of " + Roff.bold("maprender render") + " is accepted too and given to every job.")
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

    private func environment(on page: inout RoffPage) {
        page.heading("ENVIRONMENT")
        page.tagged(Roff.bold("XDG_CACHE_HOME"), "Where the tile cache lives (default " + Roff.code("~/.cache") + ").")
        page.tagged(
            Roff.bold("JOB_COMPLETION_INDEX") + ", " + Roff.bold("MAPRENDER_SHARD_COUNT") + ", " + Roff.bold("JOB_COMPLETIONS"),
            Roff.code("batch --shard auto") + " in a Kubernetes Indexed Job.")
        page.tagged(
            Roff.bold("SLURM_ARRAY_TASK_ID") + ", " + Roff.bold("SLURM_ARRAY_TASK_MIN") + ", " + Roff.bold("SLURM_ARRAY_TASK_COUNT"),
            Roff.code("batch --shard auto") + " in a Slurm job array.")
    }

    private func files(on page: inout RoffPage) {
        page.heading("FILES")
        page.tagged(Roff.italic("~/.cache/maprender/tiles.sqlite"), "The tile cache of HTTP basemaps (" + Roff.code("--tile-cache") + ").")
        page.tagged(
            Roff.italic("FAVORITES.db"),
            "A favorites database: the native " + Roff.bold("places") + " table, or a Core Data store exported from the iOS app; "
                + "rendering opens it read-only.")
    }
}

/// A man page being written: requests, paragraphs and tagged paragraphs, without empty
/// paragraphs that linters flag.
struct RoffPage {
    private var lines: [String] = []
    /// Whether the last thing written was a heading or a tagged paragraph's start, after
    /// which a paragraph needs no `.PP` of its own.
    private var atBlockStart = true

    /// The page's source.
    var text: String { lines.joined(separator: "\n") }

    /// A comment line.
    mutating func comment(_ text: String) { lines.append(".\\\" " + text) }

    /// A request line such as `TH …`.
    mutating func request(_ text: String) { lines.append("." + text) }

    /// A section heading.
    mutating func heading(_ title: String) {
        lines.append(".SH \"\(title)\"")
        atBlockStart = true
    }

    /// A subsection heading.
    mutating func subheading(_ title: String) {
        lines.append(".SS \"\(Roff.code(title))\"")
        atBlockStart = true
    }

    /// A line of text, already escaped.
    mutating func line(_ text: String) {
        lines.append(text)
        atBlockStart = false
    }

    /// A paragraph, already escaped.
    mutating func paragraph(_ text: String) {
        if !atBlockStart { lines.append(".PP") }
        lines.append(text)
        atBlockStart = false
    }

    /// A tagged paragraph: `tag` on its line, `text` indented below it (both escaped).
    mutating func tagged(_ tag: String, _ text: String) {
        lines += [".TP", tag, text]
        atBlockStart = false
    }

    /// Lines shown as they are (not filled), indented.
    mutating func preformatted(_ text: [String]) {
        if !atBlockStart { lines.append(".PP") }
        lines += [".nf", ".RS 4"] + text.map(Roff.code) + [".RE", ".fi"]
        atBlockStart = false
    }
}
