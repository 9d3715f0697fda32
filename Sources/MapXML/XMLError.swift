/// Why a document could not be read, and where: the first error ends parsing, as XML 1.0
/// requires of a fatal error (§1.2), so there is never more than one.
package struct XMLError: Error, Equatable, Sendable {
    /// What went wrong, so that callers can pick a remedy.
    package enum Kind: Equatable, Sendable {
        /// The markup is not well-formed.
        case syntax
        /// The input ends inside the document: inside the root element, a tag, a comment…
        case truncated
        /// The input holds no root element at all (it may be empty, or only a declaration).
        case noRootElement
        /// Bytes that are not valid in the document's encoding, or a character XML does not
        /// allow (§2.2).
        case invalidText
        /// The XML declaration names an encoding this parser does not read, or one the
        /// byte-order mark contradicts.
        case unsupportedEncoding
        /// The DOCTYPE declares an entity. Entities are refused outright, so no document can
        /// make the parser expand ("billion laughs") or fetch anything.
        case entityDeclaration
        /// The file could not be opened or read.
        case readFailed
    }

    package var kind: Kind
    /// A sentence saying what is wrong, without the position.
    package var message: String
    /// 1-based line of the problem (lines end at LF, CR or CR LF: §2.11).
    package var line: Int
    /// 1-based column, counted in Unicode scalars.
    package var column: Int

    package init(_ kind: Kind, _ message: String, line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// The error placed at `position`.
    package func at(_ position: XMLPosition) -> XMLError {
        XMLError(kind, message, line: position.line, column: position.column)
    }
}

/// A place in a document: 1-based line and column (in Unicode scalars).
package struct XMLPosition: Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column)" }
}
