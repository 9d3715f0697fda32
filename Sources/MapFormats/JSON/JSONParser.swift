/// The byte-level RFC 8259 parser behind `JSONDocument`.
///
/// Works on UTF-8 bytes without building a `String` per character: strings without escapes
/// are decoded in one step from a slice, and numbers go through Clinger's exact fast path
/// (an integer mantissa below 2^53 times or divided by an exactly representable power of
/// ten), falling back to the standard library's correctly rounded conversion only for long
/// or extreme numbers. Lines are counted while skipping whitespace (JSON strings cannot hold
/// a raw newline), so positions cost a few integer operations per token.
///
/// Recursion is bounded by `maximumDepth`, so hostile nesting is an error, not a crash.
package struct JSONParser {
    /// A syntax error and where it was found.
    package struct Failure: Error {
        package var message: String
        package var position: JSONNode.Position
    }

    // The state is internal rather than private only so that the token readers in
    // JSONParser+Tokens.swift can advance it; nothing else touches a parser.
    package let bytes: UnsafeBufferPointer<UInt8>
    package let maximumDepth: Int
    package var offset = 0
    package var line = 1
    /// The offset of the first byte of the current line.
    package var lineStart = 0
    /// Continuation bytes of multi-byte scalars seen on the current line, subtracted so
    /// columns count scalars.
    package var lineExtraBytes = 0
    package var depth = 0
    /// Reused buffer for strings with escapes.
    package var scratch: [UInt8] = []

    package init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses exactly one value surrounded by optional whitespace.
    package mutating func parseDocument() -> Result<JSONNode, Failure> {
        do throws(Failure) {
            // RFC 8259 §8.1: parsers MAY ignore a byte-order mark rather than treat it as
            // an error; Windows editors like to write one.
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                offset = 3
                lineStart = 3
            }
            skipWhitespace()
            guard offset < bytes.count else {
                throw failure("the file holds no JSON value (it is empty or only whitespace)")
            }
            let root = try parseValue()
            skipWhitespace()
            guard offset >= bytes.count else {
                throw failure("unexpected \(found()) after the JSON value; a JSON file holds exactly one value")
            }
            return .success(root)
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Values

    package mutating func parseValue() throws(Failure) -> JSONNode {
        guard offset < bytes.count else { throw failure("expected a value, found the end of the file") }
        let start = position
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            return try parseObject(start: start)
        case UInt8(ascii: "["):
            return try parseArray(start: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), position: start)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return JSONNode(try parseLiteral(), position: start)
        default:
            throw failure("expected a value, found \(found())")
        }
    }

    /// `true`, `false` or `null` (RFC 8259 §3: lowercase only).
    package mutating func parseLiteral() throws(Failure) -> JSONNode.Value {
        let word = wordAtOffset()
        switch word {
        case "true":
            offset += 4
            return .bool(true)
        case "false":
            offset += 5
            return .bool(false)
        case "null":
            offset += 4
            return .null
        case _ where ["nan", "infinity", "inf"].contains(word.lowercased()):
            throw failure("\(word) is not a JSON number; JSON has no NaN or Infinity (RFC 8259 §6)")
        default:
            throw failure("unexpected word '\(word)'; expected a value (strings need double quotes)")
        }
    }

    /// The run of ASCII letters at the offset, at most 16 of them.
    package func wordAtOffset() -> String {
        var end = offset
        while end < bytes.count, end - offset < 16, isLetter(bytes[end]) { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    package mutating func parseObject(start: JSONNode.Position) throws(Failure) -> JSONNode {
        try enterContainer()
        offset += 1
        skipWhitespace()
        var members: [JSONNode.Member] = []
        // Objects with many members check duplicates through a set; small ones by scanning.
        var keys: Set<String>? = nil
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return JSONNode(.object(members), position: start)
        }
        while true {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                if !members.isEmpty && offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
                    throw failure("expected a key after ',', found '}'; JSON allows no trailing comma")
                }
                throw failure("expected a double-quoted key\(members.isEmpty ? " or '}'" : ""), found \(found())")
            }
            let keyPosition = position
            let key = try parseString()
            if members.count >= 16 && keys == nil { keys = Set(members.map(\.key)) }
            let isDuplicate = keys.map { $0.contains(key) } ?? members.contains { $0.key == key }
            if isDuplicate, let first = members.first(where: { $0.key == key }) {
                throw Failure(
                    message: "duplicate key \"\(key)\" (first at \(first.keyPosition))", position: keyPosition)
            }
            keys?.insert(key)
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key \"\(key)\", found \(found())")
            }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard offset < bytes.count else {
                throw failure("expected ',' or '}' after an object member, found the end of the file")
            }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return JSONNode(.object(members), position: start)
            default:
                throw failure("expected ',' or '}' after an object member, found \(found())")
            }
        }
    }

    package mutating func parseArray(start: JSONNode.Position) throws(Failure) -> JSONNode {
        try enterContainer()
        offset += 1
        skipWhitespace()
        var elements: [JSONNode] = []
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return JSONNode(.array(elements), position: start)
        }
        while true {
            if !elements.isEmpty && offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
                throw failure("expected a value after ',', found ']'; JSON allows no trailing comma")
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else {
                throw failure("expected ',' or ']' after an array element, found the end of the file")
            }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return JSONNode(.array(elements), position: start)
            default:
                throw failure("expected ',' or ']' after an array element, found \(found())")
            }
        }
    }

    package mutating func enterContainer() throws(Failure) {
        depth += 1
        if depth > maximumDepth {
            throw failure("arrays and objects nest deeper than \(maximumDepth) levels")
        }
    }

    // MARK: - Whitespace, positions, messages

    /// Skips RFC 8259 whitespace, counting lines (LF, CRLF or a lone CR).
    package mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09:
                offset += 1
            case 0x0A:
                offset += 1
                startLine()
            case 0x0D:
                offset += 1
                if offset < bytes.count && bytes[offset] == 0x0A { offset += 1 }
                startLine()
            default:
                return
            }
        }
    }

    package mutating func startLine() {
        line += 1
        lineStart = offset
        lineExtraBytes = 0
    }

    /// The position of the byte at the offset.
    package var position: JSONNode.Position {
        JSONNode.Position(line: line, column: offset - lineStart - lineExtraBytes + 1)
    }

    package func failure(_ message: String) -> Failure {
        Failure(message: message, position: position)
    }

    /// What stands at the offset, for "expected …, found …", with a hint for the usual
    /// mistakes of hand-written JSON.
    package func found() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "/"): return "'/' (JSON has no comments)"
        case UInt8(ascii: "'"): return "\"'\" (JSON strings use double quotes)"
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return "'\(wordAtOffset())' (keys and strings need double quotes)"
        default: return describeByte(byte, quoted: true)
        }
    }

    package func describeByte(_ byte: UInt8, quoted: Bool) -> String {
        if byte >= 0x21 && byte <= 0x7E {
            let character = String(UnicodeScalar(byte))
            return quoted ? "'\(character)'" : character
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
    }

    package func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    package func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
}
