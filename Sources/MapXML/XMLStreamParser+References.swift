extension XMLStreamParser {
    /// An attribute value in quotes (§2.3 `AttValue`), normalised as for an attribute
    /// without a declared type (§3.3.3): references replaced, each literal white-space
    /// character a space (character references such as `&#10;` are kept as they are).
    package mutating func attributeValue(of attribute: String, in element: String) throws(XMLError) -> String {
        let what = "the value of \(attribute) in <\(element)>"
        let quote = try require(what)
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw syntaxError("the value of \(attribute) in <\(element)> must be in quotes")
        }
        advance()
        // The usual case: a value without references or white space other than spaces that
        // ends inside the buffer, made into a string straight from it.
        var end = index
        var characters = 0
        while end < buffer.count {
            let byte = buffer[end]
            if byte == quote || byte == 0x3C || byte == 0x26 || byte < 0x20 { break }
            if byte & 0xC0 != 0x80 { characters += 1 }
            end += 1
        }
        if end < buffer.count && buffer[end] == quote {
            let value = buffer.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[index..<end]), as: UTF8.self)
            }
            column += characters + 1
            index = end + 1
            return value
        }
        text.removeAll(keepingCapacity: true)
        while true {
            let byte = try require(what)
            switch byte {
            case quote:
                advance()
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "<"):
                // §3.1, well-formedness constraint "No < in Attribute Values".
                throw syntaxError(
                    "'<' is not allowed in an attribute value (the value of \(attribute) in <\(element)>); write &lt;")
            case UInt8(ascii: "&"):
                try appendReference()
            case 0x09, 0x0A, 0x0D:
                text.append(0x20)
                advance()
            default:
                text.append(byte)
                advance()
            }
        }
    }

    /// An entity or character reference (§4.1), at its `&`: appends what it stands for to
    /// `text`. Only the predefined entities exist (§4.6), since declarations are refused.
    package mutating func appendReference() throws(XMLError) {
        let start = position
        advance()
        if try require("a reference") == UInt8(ascii: "#") {
            advance()
            var radix: UInt32 = 10
            if try require("a character reference") == UInt8(ascii: "x") {
                radix = 16
                advance()
            }
            var value: UInt32 = 0
            var digits = 0
            while let byte = try peek(), let digit = Self.digit(byte, radix: radix) {
                // Past U+10FFFF it is invalid anyway; stop growing so it cannot overflow.
                value = min(value * radix + digit, 0x11_0000)
                digits += 1
                advance()
            }
            guard digits > 0, try require("a character reference") == UInt8(ascii: ";") else {
                throw syntaxError("a character reference must be &#digits; or &#xhex;", at: start)
            }
            advance()
            // §4.1, well-formedness constraint "Legal Character".
            guard XMLCharacters.isCharacter(value), let scalar = Unicode.Scalar(value) else {
                throw syntaxError(
                    "the character reference refers to \(XMLCharacters.describe(value)), which XML does not allow",
                    at: start)
            }
            text.append(contentsOf: String(Character(scalar)).utf8)
            return
        }
        let name = try readName(in: "an entity reference")
        guard try require("an entity reference") == UInt8(ascii: ";") else {
            throw syntaxError("the entity reference &\(name) lacks its ';'", at: start)
        }
        advance()
        let replacement: UInt8
        switch name {
        case "amp": replacement = UInt8(ascii: "&")
        case "lt": replacement = UInt8(ascii: "<")
        case "gt": replacement = UInt8(ascii: ">")
        case "apos": replacement = UInt8(ascii: "'")
        case "quot": replacement = UInt8(ascii: "\"")
        default:
            // §4.1, well-formedness constraint "Entity Declared".
            throw syntaxError(
                "the entity &\(name); is not defined (only &amp; &lt; &gt; &apos; &quot; and character references are)",
                at: start)
        }
        text.append(replacement)
    }

    private static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46 where radix == 16: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66 where radix == 16: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }
}
