/// Escapes text for the XML 1.0 documents maprender writes (SVG, GPX), so that every
/// conforming parser, `XMLStreamParser` included, reads back exactly the text given, or
/// U+FFFD where XML cannot hold a character at all.
///
/// - **Character data** (`text(_:)`): `&`, `<` and `>` become entity references (`>` only
///   has to be escaped after `]]`, but escaping it always is simpler to check). Quotes and
///   apostrophes stay as they are: they mean nothing between tags. A carriage return is
///   written `&#13;`, because a parser turns a raw one into a line feed (§2.11); tabs and
///   line feeds stay.
/// - **Attribute values** (`attribute(_:)`), written between double quotes as every writer
///   here does: additionally `"` becomes `&quot;`; an apostrophe needs no escape inside
///   double quotes and stays. Tab, line feed and carriage return are written `&#9;`,
///   `&#10;` and `&#13;`, because attribute-value normalisation (§3.3.3) would otherwise turn
///   each into a space.
/// - **Characters XML 1.0 forbids** (§2.2: the C0 controls other than tab, line feed and
///   carriage return, U+FFFE and U+FFFF; not even a character reference may name them)
///   are replaced with U+FFFD REPLACEMENT CHARACTER rather than dropped, so that the reader
///   of the document sees that something was there and words around it stay apart. Callers
///   that must not change data silently ask `forbiddenCharacters(in:)` first and say so.
///   Everything else, DEL and the C1 controls included (XML 1.0 allows them), is kept.
///
/// ```swift
/// out += "<name>\(XMLEscaping.text(place.name))</name>"
/// out += "<text font-family=\"\(XMLEscaping.attribute(family))\">"
/// ```
public enum XMLEscaping {
    /// What a character XML 1.0 cannot hold is written as.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// `text` escaped for character data, between a start tag and an end tag.
    public static func text(_ text: String) -> String {
        escaped(text, inAttribute: false)
    }

    /// `value` escaped for an attribute value delimited by double quotes.
    public static func attribute(_ value: String) -> String {
        escaped(value, inAttribute: true)
    }

    /// The characters of `text` that XML 1.0 cannot hold, in order; empty when the escaped
    /// text will read back unchanged.
    public static func forbiddenCharacters(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !XMLCharacters.isCharacter($0.value) }
    }

    private static func escaped(_ text: String, inAttribute: Bool) -> String {
        // Most text needs no escape at all: return it without building a copy.
        guard text.unicodeScalars.contains(where: { needsEscape($0, inAttribute: inAttribute) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where inAttribute: out.append(contentsOf: "&quot;".unicodeScalars)
            case "\t" where inAttribute: out.append(contentsOf: "&#9;".unicodeScalars)
            case "\n" where inAttribute: out.append(contentsOf: "&#10;".unicodeScalars)
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            case _ where !XMLCharacters.isCharacter(scalar.value): out.append(replacement)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, inAttribute: Bool) -> Bool {
        switch scalar {
        case "&", "<", ">", "\r": return true
        case "\"", "\t", "\n": return inAttribute
        default: return !XMLCharacters.isCharacter(scalar.value)
        }
    }
}
