/// Writes CSV records (RFC 4180) that `CSVRecordReader`, spreadsheets and other CSV readers
/// read back field for field.
///
/// A field is quoted when it holds a comma, a double quote, a line feed or a carriage
/// return (RFC 4180 §2.6), or starts or ends with white space, which many readers trim
/// unless it is quoted; quotes inside are doubled (§2.7). Records end in CRLF (§2.1).
///
/// ```swift
/// var out = CSVRecordWriter.record(["name", "latitude", "longitude"])
/// out += CSVRecordWriter.record(["Café, \"Le Nord\"", "48.88", "2.35"])
/// ```
public enum CSVRecordWriter {
    /// One record: the fields written with `field(_:)`, separated by commas, ending in CRLF.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, quoted only when it needs to be.
    public static func field(_ text: String) -> String {
        // Scalars, not Characters: "\r\n" is one Character, equal neither to "\r" nor "\n".
        let needsQuotes =
            text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        guard needsQuotes else { return text }
        // Scalars again: a quote followed by a combining mark is one Character.
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return String(quoted)
    }
}
