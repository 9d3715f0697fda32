import Testing

@testable import MapFormats
@testable import MapXML

// The one XML escaper: what it writes, and that XMLStreamParser reads back the text given.

/// The attribute value and text of `<e a="…">…</e>`, both written from `value`, as the
/// parser reads them.
private func readBack(_ value: String) throws -> (attribute: String, text: String) {
    let document = "<e a=\"\(XMLEscaping.attribute(value))\">\(XMLEscaping.text(value))</e>"
    var parser = XMLStreamParser(bytes: Array(document.utf8))
    var attribute = "", text = ""
    while let event = try parser.next() {
        switch event {
        case .startElement(_, let attributes): attribute = attributes.value(of: "a") ?? ""
        case .text(let string): text += string
        default: break
        }
    }
    return (attribute, text)
}

@Suite("XML escaping")
struct XMLEscapingTests {
    @Test("the markup characters become entity references")
    func markup() {
        #expect(XMLEscaping.text("Fish & Chips <Ltd> ]]>") == "Fish &amp; Chips &lt;Ltd&gt; ]]&gt;")
        #expect(XMLEscaping.attribute("a & b < c > d") == "a &amp; b &lt; c &gt; d")
    }

    @Test("quotes: escaped in double-quoted attributes, kept in text; apostrophes kept in both")
    func quotes() {
        #expect(XMLEscaping.text(#"say "hi", it's"#) == #"say "hi", it's"#)
        #expect(XMLEscaping.attribute(#"say "hi", it's"#) == "say &quot;hi&quot;, it's")
    }

    @Test("line breaks and tabs: kept in text (a carriage return as a reference), references in attributes")
    func whiteSpace() {
        #expect(XMLEscaping.text("a\tb\nc\r\nd") == "a\tb\nc&#13;\nd")
        #expect(XMLEscaping.attribute("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d")
    }

    @Test("characters XML 1.0 forbids become U+FFFD and are reported; DEL and C1 controls are allowed")
    func forbiddenCharacters() {
        let text = "a\u{0}b\u{1}c\u{B}d\u{1F}e\u{FFFE}f\u{FFFF}g"
        #expect(XMLEscaping.text(text) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g")
        #expect(XMLEscaping.attribute(text) == XMLEscaping.text(text))
        #expect(XMLEscaping.forbiddenCharacters(in: text).map(\.value) == [0x0, 0x1, 0xB, 0x1F, 0xFFFE, 0xFFFF])
        #expect(XMLEscaping.forbiddenCharacters(in: "tab\tline\ndel\u{7F}next\u{85}").isEmpty)
        #expect(XMLEscaping.text("del\u{7F}next\u{85}") == "del\u{7F}next\u{85}")
    }

    @Test("non-ASCII text is kept as it is, astral planes and combining marks included")
    func nonASCII() {
        let text = "Zürich – 東京 🗺 e\u{301} \u{FFFD}"
        #expect(XMLEscaping.text(text) == text)
        #expect(XMLEscaping.attribute(text) == text)
        #expect(XMLEscaping.forbiddenCharacters(in: text).isEmpty)
    }

    @Test(
        "XMLStreamParser reads back exactly the text given",
        arguments: [
            "plain", "Fish & Chips", "<tag attr=\"x\">", "it's \"quoted\"", "]]>", "&amp; already escaped",
            "two\nlines", "crlf\r\nline", "lone\rreturn", "tab\there", "  spaces at the ends  ", "Zürich 東京 🗺", "",
        ])
    func roundTrip(value: String) throws {
        let read = try readBack(value)
        #expect(read.attribute == value)
        #expect(read.text == value)
    }

    @Test("a forbidden character reads back as U+FFFD, in a document that is still well-formed")
    func forbiddenRoundTrip() throws {
        let read = try readBack("bell\u{7}")
        #expect(read.attribute == "bell\u{FFFD}" && read.text == "bell\u{FFFD}")
    }
}
