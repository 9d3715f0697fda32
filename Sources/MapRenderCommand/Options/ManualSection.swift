/// A man page section that a program writes itself, such as ENVIRONMENT or FILES: a title
/// and tagged paragraphs.
struct ManualSection: Sendable {
    /// The heading: `ENVIRONMENT`.
    var title: String
    /// Its entries, in order: a tag (a variable's or a file's name) and what it is, both
    /// already in roff (see `Roff`).
    var entries: [(tag: String, text: String)]

    /// Declares a section.
    init(_ title: String, entries: [(tag: String, text: String)]) {
        self.title = title
        self.entries = entries
    }
}
