/// A streaming, pull-style XML 1.0 parser: `next()` returns one event at a time, reading
/// the input a chunk at a time, so memory stays flat whatever the size of the document.
///
/// It is strict, as XML 1.0 asks of fatal errors (§1.2): the first error ends parsing with
/// an `XMLError` giving its line and column, and nothing is recovered or guessed.
///
/// - Encodings: UTF-8 (with or without a byte-order mark), UTF-16 (a byte-order mark, or
///   `<?` as 16-bit units), and the single-byte encodings of `XMLEncoding`, by declaration.
/// - Names are kept as written; there is no namespace processing (see
///   `XMLNamespaceScope` for readers that need it).
/// - Only the five predefined entities and character references are known. The DOCTYPE is
///   skipped, and a DOCTYPE that declares any entity is refused, which rules out entity
///   expansion attacks and external fetches; declarations are never applied (no attribute
///   defaults), as for a non-validating processor that does not read declarations.
///
/// The hot loops work on the decoded UTF-8 bytes and build `String`s only for what events
/// carry.
package struct XMLStreamParser {
    /// Where the parser is in the document (§2.1: prolog, element, Misc*).
    package enum Stage {
        /// Nothing read yet: an XML declaration may come.
        case start
        /// Before the root element.
        case prolog
        /// Inside the root element.
        case content
        /// After the root element.
        case epilog
        /// The end of the input has been reported.
        case finished
    }

    /// The decoded text source. This and the state below are internal, not private, only
    /// so that the extensions in the other files of the parser can reach them.
    package var input: XMLInput
    /// Decoded UTF-8; `buffer[index...]` is not read yet.
    package var buffer: [UInt8] = []
    package var index = 0
    package var inputEnded = false
    /// The position of `buffer[index]`.
    package var line = 1
    package var column = 1
    /// Where in the document structure the parser is.
    package var stage = Stage.start
    /// Whether the DOCTYPE has been read: a document has at most one (§2.8).
    package var sawDoctype = false
    /// The names of the open elements, root first.
    private(set) var openElements: [String] = []
    /// The end of an empty-element tag, reported by the next call.
    private var pendingEnd: String?
    /// Where the last event began.
    package private(set) var eventPosition = XMLPosition(line: 1, column: 1)
    /// Scratch space for names, values and text, reused to avoid allocations.
    package var scratch: [UInt8] = []
    package var text: [UInt8] = []

    /// Parses `bytes`; `chunkSize` is how many are decoded at a time.
    package init(bytes: [UInt8], chunkSize: Int = XMLInput.defaultChunkSize) {
        input = XMLInput(bytes: bytes, chunkSize: chunkSize)
    }

    /// Parses the file at `path`, reading it a chunk at a time.
    ///
    /// - Throws: `.readFailed` when the file cannot be opened.
    package init(contentsOfFile path: String) throws(XMLError) {
        input = try XMLInput(contentsOfFile: path)
    }

    /// Parses the file open as `descriptor` from where it stands, reading it a chunk at a
    /// time through a duplicate of the descriptor (the caller keeps and closes its own).
    ///
    /// - Throws: `.readFailed` when the descriptor cannot be duplicated.
    package init(descriptor: Int32) throws(XMLError) {
        input = XMLInput(file: try XMLFile(duplicating: descriptor))
    }

    /// The position just after the last event read.
    package var position: XMLPosition { XMLPosition(line: line, column: column) }

    /// The next event, or `nil` once the document has ended well-formed.
    ///
    /// - Throws: `XMLError` at the first error; calling again after an error is not
    ///   supported.
    package mutating func next() throws(XMLError) -> XMLEvent? {
        if let name = pendingEnd {
            pendingEnd = nil
            return closeElement(name)
        }
        while true {
            eventPosition = position
            guard let byte = try peek() else { return try endOfInput() }
            if byte == UInt8(ascii: "<") {
                advance()
                if let event = try markup() { return event }
            } else if stage == .content {
                return .text(try characterData())
            } else {
                try skipWhitespaceOutsideRoot()
            }
            if stage == .start { stage = .prolog }
        }
    }

    // MARK: - Reading bytes

    /// The next byte without consuming it; `nil` at the end of the input.
    @inline(__always)
    package mutating func peek() throws(XMLError) -> UInt8? {
        if index < buffer.count { return buffer[index] }
        return try refill() ? buffer[index] : nil
    }

    /// The next byte, which must exist: the end of the input here is a truncated `what`.
    @inline(__always)
    package mutating func require(_ what: @autoclosure () -> String) throws(XMLError) -> UInt8 {
        guard let byte = try peek() else { throw truncated(inside: what()) }
        return byte
    }

    /// Consumes the byte `peek()` returned, keeping the line and column.
    @inline(__always)
    package mutating func advance() {
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Decodes the next piece of input into `buffer`.
    package mutating func refill() throws(XMLError) -> Bool {
        guard !inputEnded else { return false }
        index = 0
        do {
            if try input.fill(&buffer) { return true }
        } catch {
            throw error.kind == .readFailed ? error : error.at(position)
        }
        inputEnded = true
        return false
    }

    /// Consumes `literal` (ASCII), which must come next.
    package mutating func expect(_ literal: StaticString, in what: @autoclosure () -> String) throws(XMLError) {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in bytes {
            guard try require(what()) == expected else {
                throw syntaxError("'\(literal)' expected in \(what())")
            }
            advance()
        }
    }

    /// Consumes white space (`S`, §2.3); whether there was any.
    @discardableResult
    package mutating func skipWhitespace() throws(XMLError) -> Bool {
        var skipped = false
        while let byte = try peek(), XMLCharacters.isWhitespace(byte) {
            advance()
            skipped = true
        }
        return skipped
    }

    /// The scalar starting at `buffer[index]`, and its length in bytes. The decoder hands
    /// over whole characters only, so a character never spans two pieces.
    @inline(__always)
    package func scalarAtIndex() -> (scalar: UInt32, length: Int) {
        let lead = buffer[index]
        switch lead {
        case 0..<0x80: return (UInt32(lead), 1)
        case 0xC0..<0xE0: return (UInt32(lead & 0x1F) << 6 | UInt32(buffer[index + 1] & 0x3F), 2)
        case 0xE0..<0xF0:
            return (
                UInt32(lead & 0x0F) << 12 | UInt32(buffer[index + 1] & 0x3F) << 6 | UInt32(buffer[index + 2] & 0x3F), 3
            )
        default:
            return (
                UInt32(lead & 0x07) << 18 | UInt32(buffer[index + 1] & 0x3F) << 12 | UInt32(buffer[index + 2] & 0x3F)
                    << 6
                    | UInt32(buffer[index + 3] & 0x3F), 4
            )
        }
    }

    /// Reads a `Name` (§2.3); `what` names the construct for errors.
    package mutating func readName(in what: @autoclosure () -> String) throws(XMLError) -> String {
        guard try peek() != nil else { throw truncated(inside: what()) }
        // The usual case: an ASCII name that ends inside the buffer, made into a string
        // straight from it.
        var end = index
        while end < buffer.count, Self.isASCIIName(buffer[end], isFirst: end == index) { end += 1 }
        if end > index && end < buffer.count && buffer[end] < 0x80 {
            let name = buffer.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[index..<end]), as: UTF8.self)
            }
            column += end - index
            index = end
            return name
        }
        return String(decoding: try readNameBytes(in: what()), as: UTF8.self)
    }

    /// `readName` for names with non-ASCII characters or cut by the end of the buffer:
    /// the name, collected in `scratch`.
    private mutating func readNameBytes(in what: @autoclosure () -> String) throws(XMLError) -> [UInt8] {
        scratch.removeAll(keepingCapacity: true)
        while true {
            if index == buffer.count {
                guard try refill() else { break }
            }
            // A run of ASCII name characters, the usual case, copied at once (no line breaks
            // in it, so the column moves by its length).
            let runStart = index
            var end = index
            while end < buffer.count, Self.isASCIIName(buffer[end], isFirst: scratch.isEmpty && end == runStart) {
                end += 1
            }
            if end > runStart {
                scratch.append(contentsOf: buffer[runStart..<end])
                column += end - runStart
                index = end
                continue
            }
            let (scalar, length) = scalarAtIndex()
            let isFirst = scratch.isEmpty
            guard scalar >= 0x80, isFirst ? XMLCharacters.isNameStart(scalar) : XMLCharacters.isName(scalar) else {
                guard !isFirst else {
                    throw syntaxError("a name was expected in \(what()), not \(Self.describe(scalar))")
                }
                break
            }
            scratch.append(contentsOf: buffer[index..<index + length])
            index += length
            column += 1
        }
        return scratch
    }

    /// `NameStartChar` or `NameChar` (§2.3) among ASCII bytes.
    @inline(__always)
    private static func isASCIIName(_ byte: UInt8, isFirst: Bool) -> Bool {
        switch byte {
        case 0x61...0x7A, 0x41...0x5A, 0x5F, 0x3A: return true
        case 0x30...0x39, 0x2D, 0x2E: return !isFirst
        default: return false
        }
    }

    // MARK: - Errors

    package func syntaxError(_ message: String) -> XMLError {
        XMLError(.syntax, message, line: line, column: column)
    }

    package func syntaxError(_ message: String, at position: XMLPosition) -> XMLError {
        XMLError(.syntax, message, line: position.line, column: position.column)
    }

    /// The input ended inside `what`.
    package func truncated(inside what: String) -> XMLError {
        XMLError(.truncated, "the document ends inside \(what); is it truncated?", line: line, column: column)
    }

    /// A character for messages: `'x'`, or its code point when it is not printable.
    package static func describe(_ scalar: UInt32) -> String {
        if scalar > 0x20 && scalar != 0x7F, let character = Unicode.Scalar(scalar) {
            return "'\(Character(character))'"
        }
        return XMLCharacters.describe(scalar)
    }

    // MARK: - Document structure

    /// What the end of the input means where it happens.
    private mutating func endOfInput() throws(XMLError) -> XMLEvent? {
        switch stage {
        case .start, .prolog:
            throw XMLError(.noRootElement, "the document has no root element", line: line, column: column)
        case .content:
            throw truncated(inside: "<\(openElements.last ?? "")>")
        case .epilog, .finished:
            stage = .finished
            return nil
        }
    }

    /// White space between the declaration, comments and the root element; anything else
    /// there is an error (§2.1, §2.8).
    private mutating func skipWhitespaceOutsideRoot() throws(XMLError) {
        if try skipWhitespace() { return }
        let place = stage == .epilog ? "after" : "before"
        throw syntaxError(
            "text \(place) the root element (a document has one root element and nothing outside it but comments and processing instructions)"
        )
    }

    /// Markup after a `<`: a tag, comment, CDATA section, processing instruction or
    /// DOCTYPE. `nil` for what raises no event.
    private mutating func markup() throws(XMLError) -> XMLEvent? {
        let byte = try require("a tag")
        switch byte {
        case UInt8(ascii: "/"):
            advance()
            return try endTag()
        case UInt8(ascii: "?"):
            advance()
            return try processingInstruction(allowsDeclaration: eventPosition == XMLPosition(line: 1, column: 1))
        case UInt8(ascii: "!"):
            advance()
            switch try require("markup") {
            case UInt8(ascii: "-"):
                try comment()
                return nil
            case UInt8(ascii: "["):
                guard stage == .content else {
                    throw syntaxError("a CDATA section outside the root element", at: eventPosition)
                }
                return try cdataSection()
            case UInt8(ascii: "D"):
                try doctype()
                return nil
            default:
                throw syntaxError("'<!' must start a comment, a CDATA section or the DOCTYPE")
            }
        default:
            return try startTag()
        }
    }

    /// A start tag or empty-element tag (§3.1), after its `<`.
    private mutating func startTag() throws(XMLError) -> XMLEvent {
        if stage == .epilog {
            throw syntaxError("an element after the root element (a document has one root element)", at: eventPosition)
        }
        let name = try readName(in: "a tag")
        var attributes: [XMLAttribute] = []
        while true {
            let spaced = try skipWhitespace()
            let byte = try require("the tag <\(name)>")
            if byte == UInt8(ascii: ">") {
                advance()
                break
            }
            if byte == UInt8(ascii: "/") {
                advance()
                try expect(">", in: "the tag <\(name)>")
                pendingEnd = name
                break
            }
            guard spaced else { throw syntaxError("white space is missing before an attribute in <\(name)>") }
            let attributeStart = position
            let attributeName = try readName(in: "the tag <\(name)>")
            // §3.1, well-formedness constraint "Unique Att Spec".
            if attributes.contains(where: { $0.name == attributeName }) {
                throw syntaxError("the attribute \(attributeName) appears twice in <\(name)>", at: attributeStart)
            }
            try skipWhitespace()
            guard try require("the tag <\(name)>") == UInt8(ascii: "=") else {
                throw syntaxError("'=' is missing after the attribute \(attributeName) in <\(name)>")
            }
            advance()
            try skipWhitespace()
            let value = try attributeValue(of: attributeName, in: name)
            attributes.append(XMLAttribute(name: attributeName, value: value))
        }
        stage = .content
        openElements.append(name)
        return .startElement(name: name, attributes: attributes)
    }

    /// An end tag (§3.1), after its `</`.
    private mutating func endTag() throws(XMLError) -> XMLEvent {
        let name = try readName(in: "a closing tag")
        guard let open = openElements.last else {
            throw syntaxError("the closing tag </\(name)> has no opening tag", at: eventPosition)
        }
        // §3, well-formedness constraint "Element Type Match".
        guard open == name else {
            throw syntaxError(
                "the closing tag does not match: </\(name)> where </\(open)> was expected", at: eventPosition)
        }
        try skipWhitespace()
        guard try require("the closing tag </\(open)>") == UInt8(ascii: ">") else {
            throw syntaxError("'>' is missing at the end of the closing tag </\(open)>")
        }
        advance()
        return closeElement(open)
    }

    private mutating func closeElement(_ name: String) -> XMLEvent {
        openElements.removeLast()
        if openElements.isEmpty { stage = .epilog }
        return .endElement(name: name)
    }

    /// The end of the run of plain text from `start` in the buffer (up to `<`, `&`, `]`, `>`
    /// or the buffer's end), with the line and column there.
    private func plainRun(from start: Int) -> (end: Int, line: Int, column: Int) {
        var (line, column) = (self.line, self.column)
        let end = buffer.withUnsafeBufferPointer { bytes in
            var position = start
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0x3C || byte == 0x26 || byte == 0x5D || byte == 0x3E { break }
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                position += 1
            }
            return position
        }
        return (end, line, column)
    }

    /// Character data and references up to the next `<` (§2.4, §4.1).
    private mutating func characterData() throws(XMLError) -> String {
        // The usual case: text without references that ends inside the buffer, made into a
        // string straight from it.
        let (fastEnd, line, column) = plainRun(from: index)
        if fastEnd < buffer.count && buffer[fastEnd] == 0x3C {
            let string = buffer.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[index..<fastEnd]), as: UTF8.self)
            }
            (self.line, self.column, index) = (line, column, fastEnd)
            return string
        }
        text.removeAll(keepingCapacity: true)
        // `]]>` may not appear in text; `brackets` counts the `]` just before.
        var brackets = 0
        while true {
            if index == buffer.count {
                guard try refill() else { break }
            }
            // The common case first: a run of plain characters, copied at once.
            let runStart = index
            let (stop, line, column) = plainRun(from: runStart)
            (self.line, self.column) = (line, column)
            if stop > runStart {
                text.append(contentsOf: buffer[runStart..<stop])
                index = stop
                brackets = 0
                if stop == buffer.count { continue }
            }
            switch buffer[index] {
            case UInt8(ascii: "<"):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "&"):
                try appendReference()
                brackets = 0
            case UInt8(ascii: "]"):
                text.append(buffer[index])
                advance()
                brackets += 1
            default:  // ">"
                if brackets >= 2 {
                    let start = XMLPosition(line: self.line, column: self.column - 2)
                    throw syntaxError("']]>' is not allowed in text (§2.4); write ']]&gt;'", at: start)
                }
                text.append(buffer[index])
                advance()
                brackets = 0
            }
        }
        throw truncated(inside: "<\(openElements.last ?? "")>")
    }
}
