import MapErrors

/// Walks the command-line words one at a time; `OptionTable.parse` reads a command's words
/// with it.
///
/// Options take their value as the next word or after `=` (`--size 800x600`,
/// `--size=800x600`). A lone `-` is a value (standard output), not an option.
public struct ArgumentCursor {
    /// The program the words were given to, for the remedy of usage errors
    /// (`see 'maprender --help'`).
    let programName: String
    private let words: [String]
    private var index = 0
    /// A value split off an `--option=value` word, handed out by the next `value(for:)`.
    private var pendingValue: String?

    /// A cursor at the first of `words`.
    ///
    /// - Parameters:
    ///   - words: The words to read, without the program's name.
    ///   - programName: The program's name, for the remedy of usage errors.
    public init(_ words: [String], programName: String) {
        self.words = words
        self.programName = programName
    }

    /// The next word; for `--name=value` returns `--name` and keeps the value for
    /// `value(for:)`.
    mutating func next() -> String? {
        guard index < words.count else { return nil }
        let word = words[index]
        index += 1
        if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
            pendingValue = String(word[word.index(after: equals)...])
            return String(word[..<equals])
        }
        return word
    }

    /// The value of the option just read.
    mutating func value(for option: String) throws(MapError) -> String {
        if let pending = pendingValue {
            pendingValue = nil
            return pending
        }
        guard index < words.count, !ArgumentCursor.isOption(words[index]) else {
            throw MapError(.invalidRequest, "\(option) needs a value", remedy: "see '\(programName) --help'")
        }
        defer { index += 1 }
        return words[index]
    }

    /// The value of the option just read when it has one: after `=`, or the next word when
    /// `accepts` takes it; `nil` when there is none.
    mutating func optionalValue(accepting accepts: (String) -> Bool) -> String? {
        if let pending = pendingValue {
            pendingValue = nil
            return pending
        }
        guard index < words.count, !ArgumentCursor.isOption(words[index]), accepts(words[index]) else { return nil }
        defer { index += 1 }
        return words[index]
    }

    /// Whether a word is an option rather than a value: `--name`, or `-` and a letter
    /// (`-o`). A negative number (`-33.8,151.2`) and a lone `-` are values.
    public static func isOption(_ word: String) -> Bool {
        if word.hasPrefix("--") { return true }
        guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
        return second.isLetter
    }

    /// Fails when an option that takes no value was given one with `=`.
    mutating func expectNoValue(for option: String) throws(MapError) {
        if let pending = pendingValue {
            pendingValue = nil
            throw MapError(.invalidRequest, "\(option) takes no value (got '\(pending)')")
        }
    }
}
