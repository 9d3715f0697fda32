/// A man page section that a program writes itself, such as ENVIRONMENT or FILES: a title
/// and tagged paragraphs.
public struct ManualSection: Sendable {
    /// The heading: `ENVIRONMENT`.
    public var title: String
    /// Its entries, in order: a tag (a variable's or a file's name) and what it is, both
    /// already in roff (see `Roff`).
    public var entries: [(tag: String, text: String)]

    /// Declares a section.
    public init(_ title: String, entries: [(tag: String, text: String)]) {
        self.title = title
        self.entries = entries
    }
}
