extension XMLStreamParser {
    /// A comment (§2.5), after its `<!`: skipped. `--` may appear only in the closing `-->`.
    package mutating func comment() throws(XMLError) {
        try expect("--", in: "a comment")
        var dashes = 0
        var dashesStart = position
        while true {
            let byte = try require("a comment")
            if byte == UInt8(ascii: "-") {
                if dashes == 0 { dashesStart = position }
                dashes += 1
                // `--` followed by anything but `>`, including a third `-` (§2.5).
                if dashes > 2 { throw syntaxError("'--' is not allowed inside a comment", at: dashesStart) }
            } else if dashes >= 2 {
                guard byte == UInt8(ascii: ">") else {
                    throw syntaxError("'--' is not allowed inside a comment", at: dashesStart)
                }
                advance()
                return
            } else {
                dashes = 0
            }
            advance()
        }
    }

    /// A CDATA section (§2.7), after its `<!`: its text, taken literally.
    package mutating func cdataSection() throws(XMLError) -> XMLEvent {
        try expect("[CDATA[", in: "a CDATA section")
        text.removeAll(keepingCapacity: true)
        while true {
            let byte = try require("a CDATA section")
            text.append(byte)
            advance()
            if byte == UInt8(ascii: ">") && text.count >= 3 && text[text.count - 2] == 0x5D
                && text[text.count - 3] == 0x5D
            {
                text.removeLast(3)
                return .text(String(decoding: text, as: UTF8.self))
            }
        }
    }

    /// A processing instruction (§2.6), after its `<?`; the XML declaration (§2.8) when the
    /// target is `xml` at the very start of the document.
    package mutating func processingInstruction(allowsDeclaration: Bool) throws(XMLError) -> XMLEvent? {
        let start = position
        let target = try readName(in: "a processing instruction")
        if target.lowercased() == "xml" {
            // The declaration may only stand first: not even white space may precede it.
            guard allowsDeclaration, target == "xml" else {
                throw syntaxError(
                    "the XML declaration <?xml …?> is only allowed at the very start of the document",
                    at: XMLPosition(line: start.line, column: start.column - 2))
            }
            try xmlDeclaration()
            return nil
        }
        var data: [UInt8] = []
        if try require("a processing instruction") != UInt8(ascii: "?") {
            guard try skipWhitespace() else {
                throw syntaxError("white space is missing after the processing instruction's target \(target)")
            }
            while true {
                let byte = try require("a processing instruction")
                data.append(byte)
                advance()
                if byte == UInt8(ascii: ">") && data.count >= 2 && data[data.count - 2] == UInt8(ascii: "?") {
                    data.removeLast(2)
                    break
                }
            }
        } else {
            advance()
            try expect(">", in: "a processing instruction")
        }
        if stage == .start { stage = .prolog }
        return .processingInstruction(target: target, data: String(decoding: data, as: UTF8.self))
    }

    /// The XML declaration (§2.8), after `<?xml`: version, then optionally encoding and
    /// standalone, in that order. A declared encoding takes over from the declaration's end.
    private mutating func xmlDeclaration() throws(XMLError) {
        let what = "the XML declaration"
        guard try skipWhitespace() else {
            throw syntaxError("the XML declaration needs a version: <?xml version=\"1.0\"?>")
        }
        let version = try declarationAttribute("version")
        // VersionNum ::= '1.' [0-9]+
        guard version.hasPrefix("1."), version.count > 2, version.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber })
        else {
            throw syntaxError("the XML version \(version) is not supported (1.x is)")
        }
        var spaced = try skipWhitespace()
        var encodingName: String?
        var encodingPosition = position
        if try require(what) == UInt8(ascii: "e") {
            guard spaced else { throw syntaxError("white space is missing before encoding in the XML declaration") }
            let name = try declarationAttribute("encoding", valueStart: &encodingPosition)
            // EncName ::= [A-Za-z] ([A-Za-z0-9._] | '-')*
            guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
                name.unicodeScalars.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
                })
            else {
                throw syntaxError("'\(name)' is not an encoding name", at: encodingPosition)
            }
            encodingName = name
            spaced = try skipWhitespace()
        }
        if try require(what) == UInt8(ascii: "s") {
            guard spaced else { throw syntaxError("white space is missing before standalone in the XML declaration") }
            let standalone = try declarationAttribute("standalone")
            guard standalone == "yes" || standalone == "no" else {
                throw syntaxError("standalone must be 'yes' or 'no' in the XML declaration")
            }
            try skipWhitespace()
        }
        guard try require(what) == UInt8(ascii: "?") else {
            throw syntaxError("the XML declaration takes version, encoding and standalone, in that order, then '?>'")
        }
        advance()
        try expect(">", in: what)
        do {
            try input.declarationEnded(encodingName: encodingName)
        } catch {
            throw error.at(encodingPosition)
        }
        stage = .prolog
    }

    /// `name = "value"` in the XML declaration; the value (ASCII only is expected there).
    private mutating func declarationAttribute(_ name: StaticString) throws(XMLError) -> String {
        var ignored = position
        return try declarationAttribute(name, valueStart: &ignored)
    }

    private mutating func declarationAttribute(
        _ name: StaticString, valueStart: inout XMLPosition
    ) throws(XMLError) -> String {
        let what = "the XML declaration"
        try expect(name, in: what)
        try skipWhitespace()
        try expect("=", in: what)
        try skipWhitespace()
        let quote = try require(what)
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw syntaxError("the value of \(name) in the XML declaration must be in quotes")
        }
        advance()
        valueStart = position
        var value: [UInt8] = []
        while true {
            let byte = try require(what)
            advance()
            if byte == quote { break }
            guard byte != UInt8(ascii: ">") else {
                throw syntaxError("the value of \(name) in the XML declaration is not closed")
            }
            value.append(byte)
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// The DOCTYPE (§2.8), after `<!`: skipped, apart from refusing entity declarations
    /// (`<!ENTITY`, general or parameter) in its internal subset. Quoted literals, comments
    /// and processing instructions are followed so that a `>` or `[` inside them does not
    /// end anything.
    package mutating func doctype() throws(XMLError) {
        let start = eventPosition
        guard stage == .start || stage == .prolog, !sawDoctype else {
            throw syntaxError(
                sawDoctype ? "a second DOCTYPE" : "the DOCTYPE must come before the root element", at: start)
        }
        sawDoctype = true
        let what = "the DOCTYPE"
        try expect("DOCTYPE", in: what)
        guard try skipWhitespace() else { throw syntaxError("white space is missing after <!DOCTYPE") }
        _ = try readName(in: what)
        var inSubset = false
        while true {
            let byte = try require(what)
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                advance()
                while try require(what) != byte { advance() }
                advance()
            case UInt8(ascii: "["):
                guard !inSubset else { throw syntaxError("'[' inside the DOCTYPE's internal subset") }
                inSubset = true
                advance()
            case UInt8(ascii: "]"):
                guard inSubset else { throw syntaxError("']' outside the DOCTYPE's internal subset") }
                inSubset = false
                advance()
            case UInt8(ascii: ">") where !inSubset:
                advance()
                stage = .prolog
                return
            case UInt8(ascii: "<") where inSubset:
                let declarationStart = position
                advance()
                switch try require(what) {
                case UInt8(ascii: "?"):
                    advance()
                    _ = try processingInstruction(allowsDeclaration: false)
                case UInt8(ascii: "!"):
                    advance()
                    if try require(what) == UInt8(ascii: "-") {
                        try comment()
                    } else if try readName(in: "a declaration") == "ENTITY" {
                        throw XMLError(
                            .entityDeclaration, "the DOCTYPE declares entities", line: declarationStart.line,
                            column: declarationStart.column)
                    }
                default:
                    throw syntaxError("'<!' or '<?' expected in the DOCTYPE's internal subset")
                }
            default:
                advance()
            }
        }
    }
}
