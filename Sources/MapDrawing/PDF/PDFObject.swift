// The few PDF objects an incremental update has to read and write: enough of ISO 32000-2
// §7.2–7.3 (lexical conventions and objects) to read a trailer, a page tree and a page
// dictionary, and to write them back with entries added. Streams are never parsed: only
// their dictionaries' neighbours are read.

/// A PDF object (ISO 32000-2 §7.3) as read from a file or built to be written.
///
/// Strings keep their raw bytes, delimiters and escapes included, so what is read is
/// written back unchanged; numbers keep the digits they were written with.
public indirect enum PDFObject: Hashable, Sendable {
    case null
    case boolean(Bool)
    /// A number, as written (`12`, `-0.5`).
    case number(String)
    /// A name, without its slash, `#xx` escapes decoded.
    case name(String)
    /// A literal `(…)` or hexadecimal `<…>` string, its raw bytes with the delimiters.
    case string([UInt8])
    case array([PDFObject])
    /// A dictionary's entries in file order (keys without their slash).
    case dictionary([(key: String, value: PDFObject)])
    /// An indirect reference `N G R`.
    case reference(number: Int, generation: Int)

    public static func == (lhs: PDFObject, rhs: PDFObject) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.boolean(let a), .boolean(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.name(let a), .name(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.reference(let a, let g), .reference(let b, let h)): a == b && g == h
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized)
    }

    /// A number object for a value, written in fixed notation (PDF has no exponents,
    /// ISO 32000-2 §7.3.3) with at most `decimals` digits after the point.
    public static func number(_ value: Double, decimals: Int) -> PDFObject {
        .number(fixedNotation(value, decimals: decimals))
    }

    /// The value under `key` of a dictionary; nil for a missing key or another object.
    public subscript(key: String) -> PDFObject? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The value of a number object.
    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// The value of an integer number object.
    public var integerValue: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    /// The bytes of a literal string, its escapes decoded (ISO 32000-2 §7.3.4.2); nil for
    /// another object.
    public var literalStringBytes: [UInt8]? {
        guard case .string(let raw) = self, raw.first == UInt8(ascii: "("), raw.count >= 2 else { return nil }
        var result: [UInt8] = []
        var index = 1
        let end = raw.count - 1
        while index < end {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < end else {
                result.append(byte)
                continue
            }
            let escaped = raw[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): result.append(10)
            case UInt8(ascii: "r"): result.append(13)
            case UInt8(ascii: "t"): result.append(9)
            case UInt8(ascii: "b"): result.append(8)
            case UInt8(ascii: "f"): result.append(12)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(raw[index]) {
                    value = value * 8 + Int(raw[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                result.append(UInt8(truncatingIfNeeded: value))
            case 10, 13:
                // A backslash at the end of a line continues the string on the next.
                if escaped == 13, index < end, raw[index] == 10 { index += 1 }
            default: result.append(escaped)  // \( \) \\ and any other: the character itself
            }
        }
        return result
    }

    /// The object in PDF syntax, on one line.
    public var serialized: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .name(let name): return "/" + Self.escapedName(name)
        case .string(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .array(let items): return "[" + items.map(\.serialized).joined(separator: " ") + "]"
        case .dictionary(let entries):
            return "<<" + entries.map { " /\(Self.escapedName($0.key)) \($0.value.serialized)" }.joined() + " >>"
        case .reference(let number, let generation): return "\(number) \(generation) R"
        }
    }

    /// Writes a name's irregular characters as `#xx` (ISO 32000-2 §7.3.5).
    private static func escapedName(_ name: String) -> String {
        var result = ""
        for byte in name.utf8 {
            if byte > 0x20, byte < 0x7F, !PDFScanner.isDelimiter(byte), byte != UInt8(ascii: "#") {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result += "#" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return result
    }

    /// `value` with at most `decimals` digits after the point, trailing zeros dropped.
    static func fixedNotation(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var power: Int64 = 1
        for _ in 0..<decimals { power *= 10 }
        let scaled = (abs(value) * Double(power)).rounded()
        // Beyond Int64, fewer decimals; a value too large for any is clamped (no PDF
        // reader takes numbers near 1e18 anyway).
        guard scaled < 9e18 else {
            guard decimals == 0 else { return fixedNotation(value, decimals: decimals - 1) }
            return value < 0 ? "-9000000000000000000" : "9000000000000000000"
        }
        let units = Int64(scaled)
        var fraction = String(units % power)
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && units != 0 ? "-" : ""
        return sign + String(units / power) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

/// Reads PDF objects from a file's bytes, from any position.
struct PDFScanner {
    let bytes: [UInt8]
    var position: Int

    init(_ bytes: [UInt8], at position: Int) {
        self.bytes = bytes
        self.position = position
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0 || byte == 9 || byte == 10 || byte == 12 || byte == 13 || byte == 32
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            true
        default: false
        }
    }

    /// Skips white space and comments.
    mutating func skipWhitespace() {
        while position < bytes.count {
            if Self.isWhitespace(bytes[position]) {
                position += 1
            } else if bytes[position] == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 10, bytes[position] != 13 { position += 1 }
            } else {
                return
            }
        }
    }

    /// The next run of regular characters (a number, a keyword), without consuming it when
    /// `peeking`.
    mutating func word(peeking: Bool = false) -> String? {
        skipWhitespace()
        var end = position
        while end < bytes.count, !Self.isWhitespace(bytes[end]), !Self.isDelimiter(bytes[end]) { end += 1 }
        guard end > position else { return nil }
        let text = String(decoding: bytes[position..<end], as: UTF8.self)
        if !peeking { position = end }
        return text
    }

    /// Consumes `keyword` if it comes next.
    mutating func accept(_ keyword: String) -> Bool {
        let saved = position
        if word() == keyword { return true }
        position = saved
        return false
    }

    /// Reads one object; nil where the bytes are not one (the position is then unspecified).
    mutating func object(depth: Int = 0) -> PDFObject? {
        guard depth < 64 else { return nil }
        skipWhitespace()
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "/"):
            position += 1
            var name: [UInt8] = []
            while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
                if bytes[position] == UInt8(ascii: "#"), position + 2 < bytes.count,
                    let value = UInt8(String(decoding: bytes[position + 1...position + 2], as: UTF8.self), radix: 16)
                {
                    name.append(value)
                    position += 3
                } else {
                    name.append(bytes[position])
                    position += 1
                }
            }
            return .name(String(decoding: name, as: UTF8.self))
        case UInt8(ascii: "("):
            return literalString()
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                position += 2
                var entries: [(key: String, value: PDFObject)] = []
                while true {
                    skipWhitespace()
                    guard position + 1 < bytes.count else { return nil }
                    if bytes[position] == UInt8(ascii: ">"), bytes[position + 1] == UInt8(ascii: ">") {
                        position += 2
                        return .dictionary(entries)
                    }
                    guard case .name(let key) = object(depth: depth + 1), let value = object(depth: depth + 1) else {
                        return nil
                    }
                    entries.append((key, value))
                }
            }
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            defer { position = end + 1 }
            return .string(Array(bytes[position...end]))
        case UInt8(ascii: "["):
            position += 1
            var items: [PDFObject] = []
            while true {
                skipWhitespace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(items)
                }
                guard let item = object(depth: depth + 1) else { return nil }
                items.append(item)
            }
        default:
            guard let text = word() else { return nil }
            switch text {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            default: break
            }
            guard Double(text) != nil else { return nil }
            // `N G R` is a reference; anything else leaves the integer alone.
            if let number = Int(text), number >= 0 {
                let saved = position
                if let generation = word().flatMap({ Int($0) }), generation >= 0, accept("R") {
                    return .reference(number: number, generation: generation)
                }
                position = saved
            }
            return .number(text)
        }
    }

    /// A literal string with balanced parentheses and backslash escapes (§7.3.4.2).
    private mutating func literalString() -> PDFObject? {
        let start = position
        var depth = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 {
                    position += 1
                    return .string(Array(bytes[start..<position]))
                }
            default: break
            }
            position += 1
        }
        return nil
    }
}
