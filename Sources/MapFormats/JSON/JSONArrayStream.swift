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

    // The state is internal rather than private only so that the input half in
    // JSONArrayStream+Input.swift can reach it; nothing else touches a stream.
    let source: ChunkSource
    let arrayKeys: Set<String>
    let maximumElementSize: Int
    let maximumDepth: Int
    var buffer: [UInt8] = []
    /// The next unread byte in `buffer`.
    var cursor = 0
    var atEnd = false
    /// Where `buffer[cursor]` stands in the file.
    var line = 1
    var column = 1
    var previousWasCR = false
    /// Bytes dropped from the front of `buffer` so far, for byte offsets in messages.
    var consumed = 0
    var state: State = .start
    var currentKey: String?
    var currentIndex = 0

    enum State {
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
}
