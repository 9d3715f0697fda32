/// A group that help and the man page list options in, under its title, ordered by
/// `order`.
///
/// A program declares its own sections as static members in an extension; `options` and
/// `general`, which every program has, are declared here.
public struct OptionSection: Sendable, Hashable, Comparable {
    /// The heading help prints above the section (the man page uses it in title case).
    public var title: String
    /// Where the section is listed among the others: lower first.
    public var order: Int

    /// Declares a section.
    ///
    /// - Parameters:
    ///   - title: The heading help prints above it, with an optional note in parentheses:
    ///     `FRAMING (default: fit everything drawn)`.
    ///   - order: Where it is listed among the others: lower first.
    public init(_ title: String, order: Int) {
        self.title = title
        self.order = order
    }

    /// What a command takes that no other section holds; listed first.
    public static let options = OptionSection("OPTIONS", order: 0)

    /// Options every command answers the same way, such as `--help`; listed last.
    public static let general = OptionSection("GENERAL", order: .max)

    /// The heading without its parenthesised note, in title case, for the man page:
    /// `Cleaning`.
    var shortTitle: String {
        let head = title.split(separator: " (", maxSplits: 1).first.map(String.init) ?? title
        return head.prefix(1) + head.dropFirst().lowercased()
    }

    /// Whether `lhs` is listed before `rhs`: by order, then by title.
    public static func < (lhs: OptionSection, rhs: OptionSection) -> Bool {
        (lhs.order, lhs.title) < (rhs.order, rhs.title)
    }
}
