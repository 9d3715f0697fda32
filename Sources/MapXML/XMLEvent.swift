/// What `XMLStreamParser.next()` reports, in document order.
///
/// Comments, the XML declaration, the DOCTYPE and white space outside the root element are
/// consumed without an event: nothing that reads GPX needs them.
package enum XMLEvent: Hashable, Sendable {
    /// A start tag, or an empty-element tag (which is followed by its `endElement` at once).
    /// Names are qualified names as written (`gpxtpx:speed`); attributes are in document
    /// order with their values normalised (§3.3.3).
    case startElement(name: String, attributes: [XMLAttribute])
    /// An end tag, or the end of an empty-element tag.
    case endElement(name: String)
    /// Character data inside the root element, with references replaced and line ends
    /// normalised. A run of text may arrive as several events (a CDATA section, comment or
    /// processing instruction splits it), so readers append them.
    case text(String)
    /// A processing instruction other than the XML declaration (§2.6).
    case processingInstruction(target: String, data: String)
}

/// One attribute of a start tag.
package struct XMLAttribute: Hashable, Sendable {
    /// The qualified name as written (`xmlns:gpxx`, `lat`).
    package var name: String
    /// The normalised value: references replaced, each white-space character a space.
    package var value: String
}

extension Array where Element == XMLAttribute {
    /// The value of the attribute named `name` (qualified name), if present.
    package func value(of name: String) -> String? {
        first { $0.name == name }?.value
    }
}
