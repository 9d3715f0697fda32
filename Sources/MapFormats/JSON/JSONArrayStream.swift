public import MapErrors

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the elements of the big arrays of a JSON file one at a time, in bounded memory.
///
/// Phone location logs are single JSON values of hundreds of megabytes (Google Takeout's
/// `Records.json` is one object whose `locations` array holds every fix since the phone was
/// set up). Parsing one into a tree would hold the whole file plus a node per value; this
/// reader instead finds the arrays it was asked for (the top-level value itself when it is
/// an array, or the arrays under the given top-level keys, such as `locations`,
/// `timelineObjects`, `semanticSegments`, `rawSignals`), cuts each element out of the byte
/// stream by tracking brackets, strings and escapes across chunk boundaries, and hands it
/// over as a `JSONNode` parsed by the strict RFC 8259 parser with its true line and column.
/// Other top-level members are skipped by the same bracket scan, without being parsed.
///
/// Memory is bounded by the largest element (at most `maximumElementSize` bytes, 64 MiB by
/// default; a larger one is refused) plus one chunk. A UTF-8 byte-order mark is skipped
/// (RFC 8259 §8.1). `//` comment lines before the value, which some Takeout files carry,
/// are skipped and listed in `warnings`; anything else that is not JSON is a `MapError`
/// `.invalidData` naming the line and column.
///
/// ```swift
/// var stream = try JSONArrayStream(reading: file, arrayKeys: ["locations"])
/// while let element = try stream.next() { … element.node["latitudeE7"] … }
/// ```
public struct JSONArrayStream {
    /// Hands over the next chunk of the file, or `nil` at its end.
    public typealias ChunkSource = () throws(MapError) -> [UInt8]?

    /// One element of a streamed array.
    public struct Element: Sendable {
        /// The top-level key the array stands under, or `nil` for a top-level array.
        public var key: String?
        /// The element's index in its array, from 0.
        public var index: Int
        /// The element, parsed, with positions in the file.
        public var node: JSONNode

        /// The element's path for messages: `locations[12]`, or `[12]` in a top-level array.
        public var path: JSONPath {
            key.map { JSONPath([.key($0), .index(index)]) } ?? JSONPath([.index(index)])
        }
    }

    /// The largest element accepted by default, in bytes: 64 MiB, far beyond any real
    /// timeline segment or location record (a few kilobytes at most).
    public static let defaultMaximumElementSize = 64 << 20

    /// The file name used in messages.
    public let fileName: String
    /// What the reader skipped and a map should mention, e.g. a `//` comment line, each
    /// starting with `file:line:`.
    public private(set) var warnings: [String] = []
    /// The top-level keys seen so far, in file order (an object's members only).
    public private(set) var topLevelKeys: [String] = []

    private let source: ChunkSource
    private let arrayKeys: Set<String>
    private let maximumElementSize: Int
    private let maximumDepth: Int
    private var buffer: [UInt8] = []
    /// The next unread byte in `buffer`.
    private var cursor = 0
    private var atEnd = false
    /// Where `buffer[cursor]` stands in the file.
    private var line = 1
    private var column = 1
    private var previousWasCR = false
    /// Bytes dropped from the front of `buffer` so far, for byte offsets in messages.
    private var consumed = 0
    private var state: State = .start
    private var currentKey: String?
    private var currentIndex = 0

    private enum State {
        case start
        case inObject
        case inArray(topLevel: Bool)
        case finished
    }

    /// A stream over chunks from `source`.
    ///
    /// - Parameters:
    ///   - source: Hands over the file's bytes in order, `nil` at the end.
    ///   - fileName: Used only in messages.
    ///   - arrayKeys: The top-level keys whose arrays to stream; a top-level array is
    ///     always streamed.
    ///   - maximumElementSize: The largest element accepted, in bytes.
    ///   - maximumDepth: The deepest nesting inside an element.
    public init(
        source: @escaping ChunkSource, fileName: String, arrayKeys: Set<String>,
        maximumElementSize: Int = JSONArrayStream.defaultMaximumElementSize,
        maximumDepth: Int = JSONDocument.defaultMaximumDepth
    ) {
        self.source = source
        self.fileName = fileName
        self.arrayKeys = arrayKeys
        self.maximumElementSize = maximumElementSize
        self.maximumDepth = maximumDepth
    }

    /// A stream over bytes in memory (for tests and small files), handed over in chunks of
    /// `chunkSize` bytes so that chunk boundaries are exercised as with a file.
    public init(
        bytes: [UInt8], fileName: String, arrayKeys: Set<String>, chunkSize: Int = 1 << 20,
        maximumElementSize: Int = JSONArrayStream.defaultMaximumElementSize
    ) {
        let box = ChunkCursor(bytes: bytes, chunkSize: max(1, chunkSize))
        self.init(
            source: { () throws(MapError) -> [UInt8]? in box.next() }, fileName: fileName, arrayKeys: arrayKeys,
            maximumElementSize: maximumElementSize)
    }

    /// A stream over an open file, read in chunks of `chunkSize` bytes from where its
    /// descriptor stands; `file` stays open while the stream lives.
    public init(
        reading file: OpenedFile, arrayKeys: Set<String>, chunkSize: Int = 1 << 20,
        maximumElementSize: Int = JSONArrayStream.defaultMaximumElementSize
    ) {
        let size = max(1, chunkSize)
        self.init(
            source: { () throws(MapError) -> [UInt8]? in
                var chunk = [UInt8](repeating: 0, count: size)
                while true {
                    let count = chunk.withUnsafeMutableBytes { Glibc.read(file.descriptor, $0.baseAddress, size) }
                    if count == 0 { return nil }
                    if count < 0 {
                        if errno == EINTR { continue }
                        throw MapError(
                            .ioFailure, "reading failed: \(String(cString: strerror(errno)))",
                            at: InputLocation(file: file.path))
                    }
                    chunk.removeSubrange(count...)
                    return chunk
                }
            }, fileName: file.path, arrayKeys: arrayKeys, maximumElementSize: maximumElementSize)
    }

    // MARK: - Elements

    /// The next element of a streamed array, or `nil` after the end of the top-level value.
    ///
    /// - Throws: `MapError` `.invalidData` for a syntax error, an element over the size
    ///   limit or text after the value, naming the line and column; `.ioFailure` when
    ///   reading fails.
    public mutating func next() throws(MapError) -> Element? {
        while true {
            switch state {
            case .finished:
                return nil
            case .start:
                try readStart()
            case .inObject:
                try readMember()
            case .inArray(let topLevel):
                if let element = try readElement(topLevel: topLevel) { return element }
            }
        }
    }

    /// The BOM, comment lines and the opening bracket of the top-level value.
    private mutating func readStart() throws(MapError) {
        try fill(3)
        if buffer.count - cursor >= 3, buffer[cursor] == 0xEF, buffer[cursor + 1] == 0xBB, buffer[cursor + 2] == 0xBF {
            cursor += 3
        }
        while true {
            try skipWhitespace()
            guard let byte = try peek() else {
                throw error("the file holds no JSON value (it is empty or only whitespace)")
            }
            if byte == UInt8(ascii: "/") {
                try fill(2)
                guard cursor + 1 < buffer.count, buffer[cursor + 1] == UInt8(ascii: "/") else {
                    throw error("unexpected '/' before the JSON value (only whole '//' comment lines are skipped)")
                }
                warnings.append("\(fileName):\(line): a '//' comment line before the JSON value, skipped")
                try skipLine()
                continue
            }
            switch byte {
            case UInt8(ascii: "{"):
                advance()
                state = .inObject
                try skipWhitespace()
                if try peek() == UInt8(ascii: "}") {
                    advance()
                    try finishDocument()
                }
            case UInt8(ascii: "["):
                advance()
                currentKey = nil
                currentIndex = 0
                state = .inArray(topLevel: true)
            default:
                throw error("expected a JSON object or array, found \(describe(byte))")
            }
            return
        }
    }

    /// One `"key": value` member of the top-level object: an array to stream is entered,
    /// anything else skipped.
    private mutating func readMember() throws(MapError) {
        try skipWhitespace()
        guard try peek() == UInt8(ascii: "\"") else {
            throw error("expected a double-quoted key, found \(try describeNext())")
        }
        let key = try readKey()
        topLevelKeys.append(key)
        try skipWhitespace()
        guard try peek() == UInt8(ascii: ":") else {
            throw error("expected ':' after the key \"\(key)\", found \(try describeNext())")
        }
        advance()
        try skipWhitespace()
        if arrayKeys.contains(key), try peek() == UInt8(ascii: "[") {
            advance()
            currentKey = key
            currentIndex = 0
            state = .inArray(topLevel: false)
            return
        }
        _ = try scanValue(keeping: false)  // skipped in constant memory
        try afterMember()
    }

    /// After a member of the top-level object: `,` or the closing `}`.
    private mutating func afterMember() throws(MapError) {
        try skipWhitespace()
        switch try peek() {
        case UInt8(ascii: ","):
            advance()
            try skipWhitespace()
            if try peek() == UInt8(ascii: "}") {
                throw error("expected a key after ',', found '}'; JSON allows no trailing comma")
            }
            state = .inObject
        case UInt8(ascii: "}"):
            advance()
            try finishDocument()
        default:
            throw error("expected ',' or '}' after an object member, found \(try describeNext())")
        }
    }

    private mutating func readElement(topLevel: Bool) throws(MapError) -> Element? {
        try skipWhitespace()
        if currentIndex == 0, try peek() == UInt8(ascii: "]") {
            advance()
            try endArray(topLevel: topLevel)
            return nil
        }
        if currentIndex > 0 {
            switch try peek() {
            case UInt8(ascii: ","):
                advance()
                try skipWhitespace()
                if try peek() == UInt8(ascii: "]") {
                    throw error("expected a value after ',', found ']'; JSON allows no trailing comma")
                }
            case UInt8(ascii: "]"):
                advance()
                try endArray(topLevel: topLevel)
                return nil
            default:
                throw error("expected ',' or ']' after an array element, found \(try describeNext())")
            }
        }
        let node = try parseValue(path: "\(currentKey ?? "")[\(currentIndex)]")
        let element = Element(key: currentKey, index: currentIndex, node: node)
        currentIndex += 1
        return element
    }

    private mutating func endArray(topLevel: Bool) throws(MapError) {
        if topLevel {
            try finishDocument()
        } else {
            try afterMember()
        }
    }

    /// After the top-level value only whitespace may follow (RFC 8259 §2).
    private mutating func finishDocument() throws(MapError) {
        try skipWhitespace()
        if let byte = try peek() {
            throw error("unexpected \(describe(byte)) after the JSON value; a JSON file holds exactly one value")
        }
        state = .finished
        buffer = []
        cursor = 0
    }

    // MARK: - Values

    /// Cuts the value at the cursor out of the stream and parses it.
    private mutating func parseValue(path: String?) throws(MapError) -> JSONNode {
        let startLine = line, startColumn = column
        let length = try scanValue(keeping: true)
        // A value cannot start with `,`, `]`, `}` or `:`: the scan ended before it began.
        guard length > 0 else { throw error("expected a value, found \(try describeNext())") }
        let maximumDepth = maximumDepth
        let result: Result<JSONNode, JSONParser.Failure> = buffer.withUnsafeBufferPointer { whole in
            let slice = UnsafeBufferPointer(rebasing: whole[cursor..<(cursor + length)])
            var parser = JSONParser(slice, maximumDepth: maximumDepth)
            parser.line = startLine
            // Columns are `offset - lineStart - lineExtraBytes + 1`: starting the count
            // below zero places the first byte at `startColumn`.
            parser.lineExtraBytes = -(startColumn - 1)
            do throws(JSONParser.Failure) {
                let node = try parser.parseValue()
                parser.skipWhitespace()
                guard parser.offset >= slice.count else {
                    throw parser.failure("expected ',' or ']' after an array element, found \(parser.found())")
                }
                return .success(node)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let node):
            try advance(by: length)
            return node
        case .failure(let failure):
            throw MapError(
                .invalidData, failure.message,
                at: InputLocation(
                    file: fileName, line: failure.position.line, column: failure.position.column, jsonPath: path))
        }
    }

    /// Finds the end of the value at the cursor, tracking brackets, strings and escapes.
    /// Keeping, it returns the value's length from the cursor with all its bytes in the
    /// buffer; not keeping, it advances past the value as it goes and returns 0.
    private mutating func scanValue(keeping: Bool) throws(MapError) -> Int {
        let startLine = line, startColumn = column
        var scanner = ValueScanner()
        var scanned = 0
        while true {
            if cursor + scanned >= buffer.count {
                if keeping, scanned > maximumElementSize { break }
                if !keeping, scanned > 0 {
                    try advance(by: scanned)
                    scanned = 0
                }
                if try !readChunk() {
                    if scanner.endsAtEndOfInput {
                        return keeping ? scanned : 0
                    }
                    throw MapError(
                        .invalidData,
                        "the file ends inside the value that starts here (\(scanner.openDescription))",
                        at: InputLocation(file: fileName, line: startLine, column: startColumn),
                        remedy: "the file may be truncated; export it again")
                }
            }
            let ended: Int? = buffer.withUnsafeBufferPointer { whole in
                scanner.scan(whole, from: cursor + scanned)
            }
            if let ended {
                scanned = ended - cursor
                if keeping {
                    guard scanned <= maximumElementSize else { break }
                    return scanned
                }
                try advance(by: scanned)
                return 0
            }
            scanned = buffer.count - cursor
        }
        throw MapError(
            .invalidData, "an array element larger than \(maximumElementSize >> 20) MiB; refused",
            at: InputLocation(file: fileName, line: startLine, column: startColumn),
            remedy: "no location record is that large: the file is damaged or not a location history")
    }

    /// A top-level key, unescaped by the JSON parser.
    private mutating func readKey() throws(MapError) -> String {
        guard let key = try parseValue(path: nil).string else { throw error("expected a double-quoted key") }
        return key
    }

    // MARK: - Bytes and positions

    /// Reads one more chunk; `false` at the end of the input.
    private mutating func readChunk() throws(MapError) -> Bool {
        guard !atEnd else { return false }
        // Drop what has been read, so that the buffer holds at most the current element
        // and one chunk.
        if cursor > 0 {
            buffer.removeSubrange(0..<cursor)
            consumed += cursor
            cursor = 0
        }
        while let chunk = try source() {
            if chunk.isEmpty { continue }
            buffer.append(contentsOf: chunk)
            return true
        }
        atEnd = true
        return false
    }

    /// Makes at least `count` bytes available at the cursor, unless the input ends first.
    private mutating func fill(_ count: Int) throws(MapError) {
        while buffer.count - cursor < count {
            if try !readChunk() { return }
        }
    }

    private mutating func peek() throws(MapError) -> UInt8? {
        if cursor >= buffer.count, try !readChunk() { return nil }
        return buffer[cursor]
    }

    /// Moves past one byte of structure (never a line break).
    private mutating func advance() {
        cursor += 1
        column += 1
        previousWasCR = false
    }

    /// Moves past `count` bytes in the buffer, counting lines and columns as the parser
    /// does: LF, CRLF or a lone CR end a line; columns count Unicode scalars.
    private mutating func advance(by count: Int) throws(MapError) {
        let end = cursor + count
        buffer.withUnsafeBufferPointer { bytes in
            var index = cursor
            while index < end {
                let byte = bytes[index]
                if byte == 0x0A {
                    if !previousWasCR {
                        line += 1
                        column = 1
                    }
                    previousWasCR = false
                } else if byte == 0x0D {
                    line += 1
                    column = 1
                    previousWasCR = true
                } else {
                    if byte & 0xC0 != 0x80 { column += 1 }
                    previousWasCR = false
                }
                index += 1
            }
        }
        cursor = end
    }

    private mutating func skipWhitespace() throws(MapError) {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: try advance(by: 1)
            default: return
            }
        }
    }

    /// Skips to the start of the next line (a comment line).
    private mutating func skipLine() throws(MapError) {
        while let byte = try peek() {
            if byte == 0x0A || byte == 0x0D { return }
            try advance(by: 1)
        }
    }

    private func error(_ message: String) -> MapError {
        MapError(.invalidData, message, at: InputLocation(file: fileName, line: line, column: column))
    }

    private mutating func describeNext() throws(MapError) -> String {
        guard let byte = try peek() else { return "the end of the file" }
        return describe(byte)
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte <= 0x7E { return "'\(Character(UnicodeScalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" : "")\(hex) (at byte \(consumed + cursor))"
    }
}

/// The bracket and string state of a value being cut out of a stream; survives chunk
/// boundaries, so an escape or a string may be split anywhere.
private struct ValueScanner {
    private enum Kind { case unknown, container, string, scalar }
    private var kind = Kind.unknown
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Open brackets, innermost last, for the truncation message (at most 32 kept).
    private var openers: [UInt8] = []

    /// Whether the input may end right after what was scanned (a number or literal).
    var endsAtEndOfInput: Bool { kind == .scalar }

    var openDescription: String {
        if inString { return "an unterminated string" }
        let names = openers.suffix(3).map { $0 == UInt8(ascii: "{") ? "an object" : "an array" }
        return names.isEmpty ? "an incomplete value" : "\(depth) unclosed, innermost " + (names.last ?? "")
    }

    /// Scans from `start`; the index just past the value when it ends in `bytes`, else `nil`.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        if kind == .unknown, index < count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): kind = .container
            case UInt8(ascii: "\""):
                kind = .string
                inString = true
                index += 1
            default: kind = .scalar
            }
        }
        while index < count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if kind == .string { return index + 1 }
                }
                index += 1
                continue
            }
            switch kind {
            case .scalar:
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
                    return index
                default: break
                }
            case .container:
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    if openers.count < 32 { openers.append(byte) }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if !openers.isEmpty, openers.count >= depth + 1 { openers.removeLast() }
                    // A stray closer cannot match anything: the parser says why.
                    if depth <= 0 { return index + 1 }
                default: break
                }
            case .string, .unknown:
                break
            }
            index += 1
        }
        return nil
    }
}

/// Bytes in memory handed over in chunks.
private final class ChunkCursor: @unchecked Sendable {
    let bytes: [UInt8]
    let chunkSize: Int
    var offset = 0

    init(bytes: [UInt8], chunkSize: Int) {
        self.bytes = bytes
        self.chunkSize = chunkSize
    }

    func next() -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + chunkSize)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
