/// Alternatives listed in a message: `bash, zsh or fish`.
public enum ChoiceList {
    /// The words joined with commas and a final `or`; one word alone, nothing for none.
    public static func text(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}
