import Foundation
import Testing

@testable import MapXML

// The streaming XML parser (XML 1.0, fifth edition): events, encodings, references, the
// DOCTYPE, strict errors with their exact line and column, and chunk boundaries that fall
// anywhere (inside characters, tags, references).

/// All events of a document, parsed `chunkSize` raw bytes at a time.
private func events(_ bytes: [UInt8], chunkSize: Int = XMLInput.defaultChunkSize) throws(XMLError) -> [XMLEvent] {
    var parser = XMLStreamParser(bytes: bytes, chunkSize: chunkSize)
    var result: [XMLEvent] = []
    while let event = try parser.next() { result.append(event) }
    return result
}

private func events(_ text: String) throws(XMLError) -> [XMLEvent] { try events(Array(text.utf8)) }

/// The error parsing a document throws.
private func parseError(_ bytes: [UInt8], chunkSize: Int = XMLInput.defaultChunkSize) -> XMLError? {
    do {
        _ = try events(bytes, chunkSize: chunkSize)
        return nil
    } catch {
        return error
    }
}

private func parseError(_ text: String) -> XMLError? { parseError(Array(text.utf8)) }

/// The text of all `.text` events, joined.
private func text(of events: [XMLEvent]) -> String {
    events.map { if case .text(let string) = $0 { string } else { "" } }.joined()
}

private func start(_ name: String, _ attributes: [(String, String)] = []) -> XMLEvent {
    .startElement(name: name, attributes: attributes.map { XMLAttribute(name: $0.0, value: $0.1) })
}

private func end(_ name: String) -> XMLEvent { .endElement(name: name) }

/// A document touching every construct, with multi-byte characters in names, values, text
/// and references, so that small chunks cut through all of them.
private let richDocument = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <!-- a comment: < & > -->
    <!DOCTYPE gpx SYSTEM "http://invalid.example/a>b.dtd" [
      <!ELEMENT gpx ANY>
      <!ATTLIST gpx creator CDATA "x>y">
      <!-- <!ENTITY in a comment is only text -->
    ]>
    <?pi data with ?  and > inside?>
    <gpx xmlns:gpxtpx="urn:x" créateur='Zoë &amp; “Ünal”'>\r
      <wpt lat="48.8566" lon="2.3522"><name>Café &lt;Flore&gt; &#233;&#xE9;&#x1F5FA; 東京</name></wpt>\r\n
      <gpxtpx:speed>1.5</gpxtpx:speed><![CDATA[<raw> & ]] ]>]]><empty/>
      <?target?>
    </gpx>
    <!-- after -->

    """

@Suite("XML stream parser")
struct XMLStreamParserTests {
    // MARK: - Events

    @Test("elements, prefixed names, attributes in both quotes, text and empty elements")
    func elementsAndAttributes() throws {
        let result = try events("<a:root xmlns:a='urn:a' b=\"1\"><c/>x<d e='2'>y</d></a:root>")
        #expect(
            result == [
                start("a:root", [("xmlns:a", "urn:a"), ("b", "1")]), start("c"), end("c"), .text("x"),
                start("d", [("e", "2")]),
                .text("y"), end("d"), end("a:root"),
            ])
    }

    @Test("attribute values are normalised (§3.3.3): literal white space becomes a space, references stay")
    func attributeNormalisation() throws {
        let result = try events("<a x=\" 1\n\t2\r\n3 \" y='&#10;&#9;&amp;&lt;&quot;&apos;'/>")
        #expect(result.first == start("a", [("x", " 1  2 3 "), ("y", "\n\t&<\"'")]))
    }

    @Test("the predefined entities and decimal and hex character references")
    func references() throws {
        let result = try events("<a>&lt;&gt;&amp;&apos;&quot;&#65;&#x42;&#x1f5fa;&#233;</a>")
        #expect(text(of: result) == "<>&'\"AB🗺é")
        // A reference to '<' is text, never markup.
        #expect(text(of: try events("<a>&#60;b/&#62;</a>")) == "<b/>")
    }

    @Test("CDATA sections are text taken literally")
    func cdata() throws {
        let result = try events("<a>x<![CDATA[<b>&amp;]]]]>y</a>")
        #expect(result == [start("a"), .text("x"), .text("<b>&amp;]]"), .text("y"), end("a")])
    }

    @Test("comments are skipped; processing instructions are reported, with or without data")
    func commentsAndProcessingInstructions() throws {
        let result = try events("<?a b  c ?><!-- x - y --><r><?t?><!---->z</r><?e?>")
        #expect(
            result == [
                .processingInstruction(target: "a", data: "b  c "), start("r"),
                .processingInstruction(target: "t", data: ""),
                .text("z"), end("r"), .processingInstruction(target: "e", data: ""),
            ])
    }

    @Test("line ends are normalised to LF (§2.11): CR LF and a lone CR")
    func lineEnds() throws {
        #expect(text(of: try events("<a>1\r\n2\r3\n4</a>")) == "1\n2\n3\n4")
    }

    @Test("the DOCTYPE is skipped: external ID, internal subset, literals and comments with > and [")
    func doctypeSkipped() throws {
        let result = try events(richDocument)
        #expect(result.first == .processingInstruction(target: "pi", data: "data with ?  and > inside"))
        #expect(result.contains(start("gpxtpx:speed")))
        #expect(result.contains(start("gpx", [("xmlns:gpxtpx", "urn:x"), ("créateur", "Zoë & “Ünal”")])))
        #expect(result.contains(.text("Café <Flore> éé🗺 東京")))
        #expect(result.contains(.text("<raw> & ]] ]>")))
        #expect(result.last == end("gpx"))
    }

    @Test("the position after each event is its end, in lines and Unicode scalars")
    func positions() throws {
        var parser = XMLStreamParser(bytes: Array("<a>\n  <é x='ü'/>".utf8))
        _ = try parser.next()
        #expect(parser.position == XMLPosition(line: 1, column: 4))
        _ = try parser.next()  // the text "\n  "
        _ = try parser.next()
        #expect(parser.eventPosition == XMLPosition(line: 2, column: 3))
        #expect(parser.position == XMLPosition(line: 2, column: 13))
    }

    // MARK: - Encodings

    @Test("UTF-8 with and without a byte-order mark")
    func utf8() throws {
        let body = "<a>Zürich 🗺</a>"
        #expect(text(of: try events([0xEF, 0xBB, 0xBF] + Array(body.utf8))) == "Zürich 🗺")
        #expect(text(of: try events(Array(body.utf8))) == "Zürich 🗺")
        // The byte-order mark does not count as a column.
        #expect(parseError([0xEF, 0xBB, 0xBF] + Array("<a>".utf8))?.column == 4)
    }

    @Test("UTF-16 little- and big-endian, with a byte-order mark or a declaration only")
    func utf16() throws {
        let document = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a b='é'>Zürich 🗺</a>"
        let little = Array(document.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = Array(document.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let expected = [start("a", [("b", "é")]), .text("Zürich 🗺"), end("a")]
        #expect(try events([0xFF, 0xFE] + little) == expected)
        #expect(try events([0xFE, 0xFF] + big) == expected)
        #expect(try events(little) == expected)
        #expect(try events(big) == expected)
        // A lone surrogate, and an odd number of bytes.
        #expect(parseError([0xFF, 0xFE] + Array("<a>".utf16).flatMap { [UInt8($0), 0] } + [0x00, 0xDC])?.column == 4)
        #expect(
            parseError([0xFF, 0xFE] + Array("<a/>".utf16).flatMap { [UInt8($0), 0] } + [0x20])?.kind == .invalidText)
    }

    @Test(
        "declared single-byte encodings: ISO-8859-1, windows-1252, ISO-8859-15, US-ASCII",
        arguments: [
            ("ISO-8859-1", [0xE9, 0x80, 0xA4] as [UInt8], "é\u{80}¤"),
            ("latin1", [0xE9], "é"),
            ("windows-1252", [0xE9, 0x80, 0x93, 0x94], "é€“”"),
            ("CP1252", [0x8A], "Š"),
            ("ISO-8859-15", [0xE9, 0xA4, 0xBD], "é€œ"),
            ("US-ASCII", [0x41], "A"),
        ])
    func singleByte(name: String, bytes: [UInt8], expected: String) throws {
        let document =
            Array("<?xml version='1.0' encoding='\(name)'?><a x='".utf8) + bytes + Array("'>".utf8) + bytes
            + Array("</a>".utf8)
        #expect(try events(document) == [start("a", [("x", expected)]), .text(expected), end("a")])
    }

    @Test("bytes a declared encoding does not define are errors at their position")
    func undefinedBytes() {
        let ascii = parseError(
            Array("<?xml version='1.0' encoding='us-ascii'?>\n<a>Caf".utf8) + [0xE9] + Array("</a>".utf8))
        #expect(ascii?.kind == .invalidText && ascii?.line == 2 && ascii?.column == 7, "\(String(describing: ascii))")
        let windows = parseError(
            Array("<?xml version='1.0' encoding='windows-1252'?><a>".utf8) + [0x81] + Array("</a>".utf8))
        #expect(windows?.kind == .invalidText && windows?.column == 49, "\(String(describing: windows))")
        // Without a declaration the document is UTF-8, and Latin-1 text is invalid.
        let undeclared = parseError(Array("<a>Caf".utf8) + [0xE9] + Array("</a>".utf8))
        #expect(
            undeclared?.kind == .invalidText && undeclared?.column == 7
                && undeclared?.message.contains("invalid UTF-8") == true)
    }

    @Test("an unknown or contradictory declared encoding is a clear error at the name")
    func unsupportedEncodings() {
        let unknown = parseError("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><a/>")
        #expect(
            unknown
                == XMLError(
                    .unsupportedEncoding,
                    "the declared encoding KOI8-R is not supported (UTF-8, UTF-16, ISO-8859-1, ISO-8859-15, windows-1252 and US-ASCII are)",
                    line: 1, column: 31))
        #expect(parseError("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>")?.kind == .unsupportedEncoding)
        #expect(
            parseError([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>".utf8))?.kind
                == .unsupportedEncoding)
        #expect(parseError([0x00, 0x00, 0x00, 0x3C, 0, 0, 0, 0x61])?.kind == .unsupportedEncoding)
        #expect(parseError("<?xml version=\"1.0\" encoding=\"-x\"?><a/>")?.kind == .syntax)
    }

    // MARK: - The DOCTYPE and entities

    @Test("any entity declaration is refused, general or parameter, at its position")
    func entityDeclarations() {
        let general = parseError("<?xml version=\"1.0\"?>\n<!DOCTYPE a [\n  <!ENTITY lol \"lol\">\n]>\n<a>&lol;</a>")
        #expect(general == XMLError(.entityDeclaration, "the DOCTYPE declares entities", line: 3, column: 3))
        let parameter = parseError("<!DOCTYPE a [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><a/>")
        #expect(parameter?.kind == .entityDeclaration && parameter?.column == 14)
        // The refusal comes before any use, however long the DOCTYPE.
        let late = parseError(
            "<!DOCTYPE a [<!-- " + String(repeating: "x", count: 300_000) + " -->\n<!ENTITY e \"x\">]><a/>")
        #expect(late?.kind == .entityDeclaration && late?.line == 2 && late?.column == 1)
    }

    @Test("entity references other than the predefined five are errors")
    func undefinedEntities() {
        #expect(
            parseError("<a>\n x &nbsp; y</a>")
                == XMLError(
                    .syntax,
                    "the entity &nbsp; is not defined (only &amp; &lt; &gt; &apos; &quot; and character references are)",
                    line: 2, column: 4))
        #expect(parseError("<a b='&x;'/>")?.column == 7)
        #expect(parseError("<a>&amp</a>")?.message == "the entity reference &amp lacks its ';'")
        #expect(parseError("<a>&#0;</a>")?.message.contains("U+0000") == true)
        #expect(parseError("<a>&#xD800;</a>")?.kind == .syntax)
        #expect(parseError("<a>&#x110000;</a>")?.kind == .syntax)
        #expect(parseError("<a>&#99999999999999999999;</a>")?.kind == .syntax)
        #expect(parseError("<a>&#;</a>")?.kind == .syntax)
    }

    // MARK: - Strict errors with line and column

    @Test(
        "well-formedness errors, each with its exact line and column",
        arguments: [
            (
                "<a>\n  <b></a>", XMLError.Kind.syntax, 2, 6,
                "the closing tag does not match: </a> where </b> was expected"
            ),
            ("<a><b>", .truncated, 1, 7, "the document ends inside <b>; is it truncated?"),
            ("<a><b x='1", .truncated, 1, 11, "the document ends inside the value of x in <b>; is it truncated?"),
            ("<a><!-- x", .truncated, 1, 10, "the document ends inside a comment; is it truncated?"),
            ("<a/>x", .syntax, 1, 5, "text after the root element"),
            ("<a/>\n<b/>", .syntax, 2, 1, "an element after the root element"),
            ("x<a/>", .syntax, 1, 1, "text before the root element"),
            ("</a>", .syntax, 1, 1, "the closing tag </a> has no opening tag"),
            ("<a>\u{1}</a>", .invalidText, 1, 4, "the character U+0001 is not allowed in XML"),
            ("<a>\u{FFFF}</a>", .invalidText, 1, 4, "the character U+FFFF is not allowed in XML"),
            ("<1a/>", .syntax, 1, 2, "a name was expected in a tag, not '1'"),
            ("<a b/>", .syntax, 1, 5, "'=' is missing after the attribute b in <a>"),
            ("<a b=1/>", .syntax, 1, 6, "the value of b in <a> must be in quotes"),
            ("<a b='1'c='2'/>", .syntax, 1, 9, "white space is missing before an attribute in <a>"),
            ("<a b='1' b='2'/>", .syntax, 1, 10, "the attribute b appears twice in <a>"),
            ("<a b='<'/>", .syntax, 1, 7, "'<' is not allowed in an attribute value"),
            ("<a>x]]>y</a>", .syntax, 1, 5, "']]>' is not allowed in text"),
            ("<a><!-- x -- y --></a>", .syntax, 1, 11, "'--' is not allowed inside a comment"),
            ("<a><!-- x ---></a>", .syntax, 1, 11, "'--' is not allowed inside a comment"),
            (
                " <?xml version='1.0'?><a/>", .syntax, 1, 2,
                "the XML declaration <?xml …?> is only allowed at the very start"
            ),
            ("<?xml version='2.0'?><a/>", .syntax, 1, 20, "the XML version 2.0 is not supported"),
            ("<?xml encoding='UTF-8'?><a/>", .syntax, 1, 7, "'version' expected in the XML declaration"),
            ("<a><![CDATA[x</a>", .truncated, 1, 18, "the document ends inside a CDATA section"),
            ("<![CDATA[x]]><a/>", .syntax, 1, 1, "a CDATA section outside the root element"),
            ("<a/><!DOCTYPE a>", .syntax, 1, 5, "the DOCTYPE must come before the root element"),
            ("<?pi\"x?><a/>", .syntax, 1, 5, "white space is missing after the processing instruction's target pi"),
            ("<?pi?x?><a/>", .syntax, 1, 6, "'>' expected in a processing instruction"),
            ("<a>\r\n\r<b></c></a>", .syntax, 3, 4, "the closing tag does not match: </c> where </b> was expected"),
            ("", .noRootElement, 1, 1, "the document has no root element"),
            ("<?xml version=\"1.0\"?>\n", .noRootElement, 2, 1, "the document has no root element"),
        ])
    func errors(document: String, kind: XMLError.Kind, line: Int, column: Int, message: String) {
        let error = parseError(document)
        #expect(error?.kind == kind, "\(String(describing: error))")
        #expect(error?.line == line && error?.column == column, "\(String(describing: error))")
        #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test("invalid UTF-8 is an error at the first bad byte, also at the very end")
    func invalidUTF8() {
        #expect(
            parseError(Array("<a>\n é".utf8) + [0xFF] + Array("</a>".utf8))
                == XMLError(.invalidText, "invalid UTF-8 (byte 0xFF)", line: 2, column: 3))
        #expect(parseError(Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8))?.column == 4)
        // A surrogate, then an overlong encoding.
        #expect(parseError(Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8))?.kind == .invalidText)
        #expect(parseError(Array("<a>".utf8) + [0xC0, 0xAF] + Array("</a>".utf8))?.kind == .invalidText)
        #expect(parseError(Array("<a/><!--".utf8) + [0xE2, 0x82])?.column == 9)
    }

    // MARK: - Chunk boundaries

    @Test("chunks of 1 to 7 bytes give the same events as one piece, in UTF-8, UTF-16 and Latin-1")
    func chunkBoundaries() throws {
        let utf8 = Array(richDocument.utf8)
        let reference = try events(utf8)
        #expect(reference.count > 15)
        let units = Array(richDocument.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16)
        let utf16: [UInt8] =
            [0xFF, 0xFE] + units.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let latinDocument =
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\r\n<a b='é&amp;ü'>Ça &#x263A; va<![CDATA[ ÿ ]]></a>"
        let latin1 = latinDocument.unicodeScalars.map { UInt8($0.value) }
        let latinReference = try events(latin1)
        #expect(latinReference == [start("a", [("b", "é&ü")]), .text("Ça ☺ va"), .text(" ÿ "), end("a")])
        for chunkSize in 1...7 {
            #expect(try events(utf8, chunkSize: chunkSize) == reference, "UTF-8, \(chunkSize)-byte chunks")
            #expect(try events(utf16, chunkSize: chunkSize) == reference, "UTF-16, \(chunkSize)-byte chunks")
            #expect(try events(latin1, chunkSize: chunkSize) == latinReference, "Latin-1, \(chunkSize)-byte chunks")
        }
    }

    @Test("errors are found at the same line and column whatever the chunk size")
    func chunkedErrors() {
        let documents: [[UInt8]] = [
            Array("<a>\n  é <b x='ü'>&bogus;</b></a>".utf8),
            Array("<a>\n  é <b x='ü'>".utf8) + [0xE2, 0x28] + Array("</b></a>".utf8),
            Array("<a>\n  é <b x='ü'></a>".utf8),
            Array("<!DOCTYPE a [\n <!ENTITY x 'y'>]><a/>".utf8),
        ]
        for document in documents {
            let reference = parseError(document)
            #expect(reference != nil)
            for chunkSize in 1...7 {
                #expect(parseError(document, chunkSize: chunkSize) == reference, "\(chunkSize)-byte chunks")
            }
        }
    }

    // MARK: - Files

    @Test("a file is read a chunk at a time, with the same events as its bytes")
    func file() throws {
        var document = "<?xml version=\"1.0\"?>\n<gpx>\n"
        for index in 0..<5_000 {
            document += "<trkpt lat=\"\(index)\" lon=\"2\"><name>Zürich &amp; 東京 \(index)</name></trkpt>\n"
        }
        document += "</gpx>\n"
        let bytes = Array(document.utf8)
        #expect(bytes.count > 3 * XMLInput.defaultChunkSize)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xml-\(UUID().uuidString).xml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var parser = try XMLStreamParser(contentsOfFile: path)
        var fromFile: [XMLEvent] = []
        while let event = try parser.next() { fromFile.append(event) }
        #expect(fromFile == (try events(bytes)))
        #expect(fromFile.count == 5_000 * 6 + 3)
        #expect(throws: XMLError.self) { try XMLStreamParser(contentsOfFile: path + ".missing") }
    }

    // MARK: - Namespaces

    @Test("namespace prefixes resolve in scope, and a default namespace applies to unprefixed names")
    func namespaces() {
        var scope = XMLNamespaceScope()
        scope.push([XMLAttribute(name: "xmlns", value: "urn:gpx"), XMLAttribute(name: "xmlns:g", value: "urn:garmin")])
        #expect(scope.resolve("wpt") == ("urn:gpx", "wpt"))
        #expect(scope.resolve("g:City") == ("urn:garmin", "City"))
        scope.push([XMLAttribute(name: "xmlns:g", value: "urn:other"), XMLAttribute(name: "xmlns", value: "")])
        #expect(scope.resolve("g:City") == ("urn:other", "City"))
        #expect(scope.resolve("name") == ("", "name"))
        #expect(scope.resolve("h:x").namespace == nil)
        scope.pop()
        #expect(scope.resolve("g:City") == ("urn:garmin", "City"))
        scope.pop()
        #expect(scope.resolve("wpt") == ("", "wpt"))
    }
}
