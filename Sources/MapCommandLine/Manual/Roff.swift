/// Escaping text for roff, the man page's language.
public enum Roff {
    /// Text as roff shows it literally: backslashes escaped, characters outside ASCII as
    /// `\[uXXXX]` (so the page needs no input encoding), a dash that starts an option as a
    /// minus sign (`\-`), commas and slashes in very long words as break points, and a
    /// leading `.` or `'` kept from reading as a request.
    ///
    /// - Parameter allDashes: Whether every `-` is a minus sign, as in code and options
    ///   (so they copy and search as typed), not only one that starts a word.
    static func escaped(_ text: String, allDashes: Bool = false) -> String {
        var result = ""
        var previous: Character = " "
        var wordLength = 0
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-"
            where allDashes || previous == " " || previous == "-" || previous == "(" || previous == "["
                || previous == "|" || previous == "'":
                result += "\\-"
            case _ where character.unicodeScalars.contains(where: { !$0.isASCII }):
                for scalar in character.unicodeScalars {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result +=
                        scalar.isASCII
                        ? String(scalar) : "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            default: result.append(character)
            }
            wordLength = character == " " ? 0 : wordLength + 1
            // A long run without spaces (a CSV header) may break after a comma or slash.
            if (character == "," || character == "/") && wordLength > 30 { result += "\\:" }
            previous = character
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// Text as code: every `-` a minus sign.
    public static func code(_ text: String) -> String { escaped(text, allDashes: true) }

    /// Bold text.
    public static func bold(_ text: String) -> String { "\\fB" + code(text) + "\\fR" }

    /// Italic text.
    public static func italic(_ text: String) -> String { "\\fI" + code(text) + "\\fR" }
}
