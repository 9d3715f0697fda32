import MapErrors

// The input side of `JSONArrayStream`: chunks read into its buffer, the cursor and its line
// and column, and the scanner that finds where a value ends across chunk boundaries.

extension JSONArrayStream {
    /// Reads one more chunk; `false` at the end of the input.
    mutating func readChunk() throws(MapError) -> Bool {
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
    mutating func fill(_ count: Int) throws(MapError) {
        while buffer.count - cursor < count {
            if try !readChunk() { return }
        }
    }

    mutating func peek() throws(MapError) -> UInt8? {
        if cursor >= buffer.count, try !readChunk() { return nil }
        return buffer[cursor]
    }

    /// Moves past one byte of structure (never a line break).
    mutating func advance() {
        cursor += 1
        column += 1
        previousWasCR = false
    }

    /// Moves past `count` bytes in the buffer, counting lines and columns as the parser
    /// does: LF, CRLF or a lone CR end a line; columns count Unicode scalars.
    mutating func advance(by count: Int) throws(MapError) {
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

    mutating func skipWhitespace() throws(MapError) {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: try advance(by: 1)
            default: return
            }
        }
    }

    /// Skips to the start of the next line (a comment line).
    mutating func skipLine() throws(MapError) {
        while let byte = try peek() {
            if byte == 0x0A || byte == 0x0D { return }
            try advance(by: 1)
        }
    }

    func error(_ message: String) -> MapError {
        MapError(.invalidData, message, at: InputLocation(file: fileName, line: line, column: column))
    }

    mutating func describeNext() throws(MapError) -> String {
        guard let byte = try peek() else { return "the end of the file" }
        return describe(byte)
    }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte <= 0x7E { return "'\(Character(UnicodeScalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" : "")\(hex) (at byte \(consumed + cursor))"
    }
}

/// The bracket and string state of a value being cut out of a stream; survives chunk
/// boundaries, so an escape or a string may be split anywhere.
struct ValueScanner {
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
final class ChunkCursor: @unchecked Sendable {
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
