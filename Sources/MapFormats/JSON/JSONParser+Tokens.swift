/// Strings and numbers for `JSONParser`, the two token kinds that need byte-level care.
extension JSONParser {
    // MARK: Strings (RFC 8259 §7)

    /// Parses a string at the opening quote, leaving the offset after the closing one.
    package mutating func parseString() throws(Failure) -> String {
        let start = position
        offset += 1
        let contentStart = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<offset]), as: UTF8.self)
                offset += 1
                return text
            } else if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(contentStart: contentStart, start: start)
            } else if byte < 0x20 {
                throw controlCharacterFailure(byte)
            } else if byte >= 0x80 {
                try skipMultiByteScalar()
            } else {
                offset += 1
            }
        }
        throw Failure(message: "unterminated string (no closing '\"')", position: start)
    }

    /// The slow path: copies the string into `scratch`, unescaping as it goes.
    private mutating func parseEscapedString(contentStart: Int, start: JSONNode.Position) throws(Failure) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try appendEscape()
            } else if byte < 0x20 {
                throw controlCharacterFailure(byte)
            } else if byte >= 0x80 {
                let scalarStart = offset
                try skipMultiByteScalar()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[scalarStart..<offset]))
            } else {
                scratch.append(byte)
                offset += 1
            }
        }
        throw Failure(message: "unterminated string (no closing '\"')", position: start)
    }

    /// Unescapes one `\x` or `\uXXXX` (with its surrogate pair) into `scratch`.
    private mutating func appendEscape() throws(Failure) {
        guard offset + 1 < bytes.count else { throw failure("unterminated escape at the end of the file") }
        let escapeStart = offset
        let letter = bytes[offset + 1]
        offset += 2
        switch letter {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hexQuad(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(value) {
                // A UTF-16 surrogate pair: the low half must follow as another \u escape.
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw unpairedSurrogate(value, at: escapeStart) }
                let lowStart = offset
                offset += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw unpairedSurrogate(value, at: escapeStart) }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw unpairedSurrogate(value, at: escapeStart)
            }
            scratch.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
        default:
            offset = escapeStart
            throw failure("invalid escape '\\\(describeByte(letter, quoted: false))' in a string")
        }
    }

    /// Reads the four hex digits after `\u`.
    private mutating func hexQuad(escapeStart: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                offset = escapeStart
                throw failure("'\\u' must be followed by four hex digits")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func unpairedSurrogate(_ value: UInt32, at escapeStart: Int) -> Failure {
        offset = escapeStart
        let hex = String(value, radix: 16, uppercase: true)
        return failure("unpaired UTF-16 surrogate \\u\(hex) in a string")
    }

    private func controlCharacterFailure(_ byte: UInt8) -> Failure {
        let hex = String(byte, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        return failure("control character U+\(code) in a string must be escaped")
    }

    /// Steps over one well-formed multi-byte UTF-8 scalar (Unicode Table 3-7), rejecting
    /// overlong forms, surrogates and values past U+10FFFF.
    private mutating func skipMultiByteScalar() throws(Failure) {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw failure("invalid UTF-8 \(describeByte(lead, quoted: false))")
        }
        guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]),
            (2..<length).allSatisfy({ (0x80...0xBF).contains(bytes[offset + $0]) })
        else { throw failure("invalid UTF-8 sequence starting with \(describeByte(lead, quoted: false))") }
        offset += length
        lineExtraBytes += length - 1
    }

    // MARK: Numbers (RFC 8259 §6)

    /// Exact powers of ten for Clinger's fast path: every 10^k with k ≤ 22 is a Double.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    package mutating func parseNumber() throws(Failure) -> Double {
        let start = offset
        let startPosition = position
        var negative = false
        if bytes[offset] == UInt8(ascii: "-") {
            negative = true
            offset += 1
            if offset < bytes.count && isLetter(bytes[offset]) {
                let word = wordAtOffset()
                offset = start
                throw failure("-\(word) is not a JSON number; JSON has no NaN or Infinity (RFC 8259 §6)")
            }
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var exact = true
        func accumulate(_ digit: UInt64) {
            if mantissa == 0 && digit == 0 { return }
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ digit
                significantDigits += 1
            } else {
                exact = false
            }
        }
        guard offset < bytes.count, isDigit(bytes[offset]) else {
            throw failure("expected a digit after '-', found \(found())")
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count && isDigit(bytes[offset]) {
                throw Failure(message: "leading zeros are not allowed in JSON numbers", position: startPosition)
            }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) {
                accumulate(UInt64(bytes[offset] - UInt8(ascii: "0")))
                if !exact { exponent += 1 }
                offset += 1
            }
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw failure("expected a digit after '.', found \(found())")
            }
            while offset < bytes.count, isDigit(bytes[offset]) {
                accumulate(UInt64(bytes[offset] - UInt8(ascii: "0")))
                if exact { exponent -= 1 }
                offset += 1
            }
        }
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
            offset += 1
            var exponentNegative = false
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) {
                exponentNegative = bytes[offset] == UInt8(ascii: "-")
                offset += 1
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw failure("expected a digit in the exponent, found \(found())")
            }
            var written = 0
            while offset < bytes.count, isDigit(bytes[offset]) {
                written = min(written * 10 + Int(bytes[offset] - UInt8(ascii: "0")), 100_000)
                offset += 1
            }
            exponent += exponentNegative ? -written : written
        }
        if exact && mantissa <= 1 << 53 && (-22...22).contains(exponent) {
            var value = Double(mantissa)
            value = exponent < 0 ? value / JSONParser.powersOfTen[-exponent] : value * JSONParser.powersOfTen[exponent]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw Failure(message: "the number \(text) is too large for a 64-bit float", position: startPosition)
        }
        return value
    }
}
