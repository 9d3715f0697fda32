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
