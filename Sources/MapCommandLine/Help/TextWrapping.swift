/// Greedy word wrapping for help text.
enum TextWrapping {
    /// The words of `text` in lines of at most `width` characters (a longer word gets a
    /// line of its own); spaces between words are collapsed to one.
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` followed by spaces up to `width` characters.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
