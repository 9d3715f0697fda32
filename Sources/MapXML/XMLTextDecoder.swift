/// Turns the bytes of a document, in any `XMLEncoding`, into UTF-8 for the parser, a chunk
/// at a time, so that the parser only ever sees valid UTF-8 made of `Char`s (§2.2).
///
/// It also normalises line ends (§2.11): CR LF and a lone CR become LF. A byte-at-a-time
/// state machine carries a character cut by a chunk boundary over to the next chunk, so
/// chunks may be of any size. Output only ever holds whole characters.
///
/// The first problem stops decoding: what came before it is still returned, and `failure`
/// says what is wrong, so that the parser, having read up to it, reports the exact position.
package struct XMLTextDecoder {
    private(set) var encoding: XMLEncoding
    /// While set, decoding stops right after the first `>`: the end of the XML declaration,
    /// which may name another encoding for the rest of the bytes.
    package var stopsAfterDeclaration = false
    /// The first problem; nothing more is decoded after it.
    private(set) var failure: XMLError?

    /// UTF-8: continuation bytes still expected, the scalar so far, its lead byte, and the
    /// range the next byte must fall in (narrower after some lead bytes, to refuse overlong
    /// forms and surrogates: The Unicode Standard, Table 3-7).
    private var pending = 0
    private var partial: UInt32 = 0
    private var lead: UInt8 = 0
    private var lowest: UInt8 = 0x80
    private var highest: UInt8 = 0xBF
    /// UTF-16: the first byte of a unit, and a high surrogate waiting for its low one.
    private var firstByte: Int = -1
    private var highSurrogate: UInt32 = 0
    /// Whether the last character was a CR, so that a following LF is dropped.
    private var afterCarriageReturn = false

    package init(encoding: XMLEncoding) { self.encoding = encoding }

    /// Whether the input stopped inside a character.
    package var isInsideCharacter: Bool { pending > 0 || firstByte >= 0 || highSurrogate != 0 }

    /// Reads from the encoding named by the XML declaration on: the declaration itself was
    /// ASCII, so nothing decoded so far changes.
    package mutating func switchEncoding(to encoding: XMLEncoding) {
        self.encoding = encoding
    }

    /// Decodes `bytes`, appending UTF-8 to `output`; returns how many bytes were used: all of
    /// them, unless decoding stopped after the declaration or at a failure.
    package mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int {
        guard failure == nil else { return 0 }
        switch encoding {
        case .utf8: return decodeUTF8(bytes, into: &output)
        case .utf16BigEndian, .utf16LittleEndian: return decodeUTF16(bytes, into: &output)
        case .latin1, .ascii, .windows1252, .latin9: return decodeSingleByte(bytes, into: &output)
        }
    }

    /// Notes the end of the input: a character cut off there is an error.
    package mutating func finish() {
        guard failure == nil, isInsideCharacter else { return }
        switch encoding {
        case .utf8: fail("invalid UTF-8 (the file ends inside a character starting with byte \(Self.hex(lead)))")
        default: fail("invalid \(encoding.name) (the file ends inside a character)")
        }
    }

    private mutating func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            // By far the most common case: a run of printable ASCII, tabs and line feeds,
            // copied at once. (A line feed right after a CR takes the slow path below.)
            if pending == 0 && !stopsAfterDeclaration && !afterCarriageReturn {
                let runStart = index
                while index < bytes.count {
                    let byte = bytes[index]
                    guard (byte >= 0x20 && byte < 0x80) || byte == 0x0A || byte == 0x09 else { break }
                    index += 1
                }
                if index > runStart {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    if index == bytes.count { break }
                }
            }
            let byte = bytes[index]
            index += 1
            if pending == 0 {
                // Printable ASCII, one at a time.
                if byte >= 0x20 && byte < 0x80 {
                    output.append(byte)
                    afterCarriageReturn = false
                    if byte == 0x3E && stopsAfterDeclaration { return index }
                    continue
                }
                lead = byte
                lowest = 0x80
                highest = 0xBF
                switch byte {
                case 0x00..<0x80:
                    guard emit(UInt32(byte), into: &output) else { return index - 1 }
                    continue
                case 0xC2...0xDF: (pending, partial) = (1, UInt32(byte & 0x1F))
                case 0xE0...0xEF:
                    (pending, partial) = (2, UInt32(byte & 0x0F))
                    if byte == 0xE0 { lowest = 0xA0 } else if byte == 0xED { highest = 0x9F }
                case 0xF0...0xF4:
                    (pending, partial) = (3, UInt32(byte & 0x07))
                    if byte == 0xF0 { lowest = 0x90 } else if byte == 0xF4 { highest = 0x8F }
                default:
                    fail("invalid UTF-8 (byte \(Self.hex(byte)))")
                    return index - 1
                }
                continue
            }
            guard byte >= lowest && byte <= highest else {
                pending = 0
                fail("invalid UTF-8 (byte \(Self.hex(lead)) followed by \(Self.hex(byte)))")
                return index - 1
            }
            lowest = 0x80
            highest = 0xBF
            partial = partial << 6 | UInt32(byte & 0x3F)
            pending -= 1
            if pending == 0 && !emit(partial, into: &output) { return index - 1 }
        }
        return index
    }

    private mutating func decodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int {
        let bigEndian = encoding == .utf16BigEndian
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard firstByte >= 0 else {
                firstByte = Int(byte)
                continue
            }
            let unit = bigEndian ? UInt32(firstByte) << 8 | UInt32(byte) : UInt32(byte) << 8 | UInt32(firstByte)
            firstByte = -1
            if highSurrogate != 0 {
                guard (0xDC00...0xDFFF).contains(unit) else {
                    fail(
                        "invalid UTF-16 (a high surrogate \(XMLCharacters.describe(highSurrogate)) without its low one)"
                    )
                    return index
                }
                let scalar = 0x10000 + ((highSurrogate - 0xD800) << 10 | (unit - 0xDC00))
                highSurrogate = 0
                guard emit(scalar, into: &output) else { return index }
            } else if (0xD800...0xDBFF).contains(unit) {
                highSurrogate = unit
            } else if (0xDC00...0xDFFF).contains(unit) {
                fail("invalid UTF-16 (a low surrogate \(XMLCharacters.describe(unit)) on its own)")
                return index
            } else {
                guard emit(unit, into: &output) else { return index }
                if unit == 0x3E && stopsAfterDeclaration { return index }
            }
        }
        return index
    }

    private mutating func decodeSingleByte(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard let scalar = encoding.scalar(forSingleByte: byte) else {
                fail("byte \(Self.hex(byte)) is not a character in \(encoding.name)")
                return index - 1
            }
            guard emit(scalar, into: &output) else { return index - 1 }
        }
        return index
    }

    /// Appends one scalar as UTF-8, normalising line ends; `false` (with `failure` set) for
    /// a character XML does not allow.
    @inline(__always)
    private mutating func emit(_ scalar: UInt32, into output: inout [UInt8]) -> Bool {
        if scalar == 0x0A && afterCarriageReturn {
            afterCarriageReturn = false
            return true
        }
        afterCarriageReturn = scalar == 0x0D
        guard XMLCharacters.isCharacter(scalar) else {
            fail("the character \(XMLCharacters.describe(scalar)) is not allowed in XML (is the encoding right?)")
            return false
        }
        switch scalar {
        case 0x0D: output.append(0x0A)
        case 0..<0x80: output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
        return true
    }

    private mutating func fail(_ message: String) {
        failure = XMLError(.invalidText, message)
    }

    package static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
