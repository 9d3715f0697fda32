import MapRenderCore
import MapErrors

/// Walks the command-line words one at a time, remembering positions for error messages.
///
/// Options take their value as the next word or after `=` (`--size 800x600`,
/// `--size=800x600`). A lone `-` is a value (standard output), not an option.
struct ArgumentCursor {
    private let words: [String]
    private var index = 0
    /// A value split off an `--option=value` word, handed out by the next `value(for:)`.
    private var pendingValue: String?

    init(_ words: [String]) { self.words = words }

    /// Whether every word has been read.
    var isAtEnd: Bool { index >= words.count && pendingValue == nil }

    /// The next word without consuming it.
    var peek: String? { index < words.count ? words[index] : nil }

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
            throw MapError(.invalidRequest, "\(option) needs a value", remedy: "see 'maprender --help'")
        }
        defer { index += 1 }
        return words[index]
    }

    /// Whether a word is an option rather than a value: `--name`, or `-` and a letter
    /// (`-o`). A negative number (`-33.8,151.2`) and a lone `-` are values.
    static func isOption(_ word: String) -> Bool {
        if word.hasPrefix("--") { return true }
        guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
        return second.isLetter
    }

    /// The value split off the last `--name=value` word, if it has not been taken.
    mutating func takePendingValue() -> String? {
        defer { pendingValue = nil }
        return pendingValue
    }

    /// Fails when an option that takes no value was given one with `=`.
    mutating func expectNoValue(for option: String) throws(MapError) {
        if let pending = pendingValue {
            pendingValue = nil
            throw MapError(.invalidRequest, "\(option) takes no value (got '\(pending)')")
        }
    }
}

/// The known option closest to a misspelled one, by edit distance, when it is close enough
/// to be a likely typo.
func suggestion(for word: String, among candidates: [String]) -> String? {
    let limit = max(2, word.count / 4)
    // The distance is at least the difference in length, so a candidate that differs by
    // more than the limit can never be suggested; skipping it keeps a huge word (from a
    // manifest, say) from costing seconds of quadratic work.
    let scored = candidates.filter { abs($0.count - word.count) <= limit }.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= limit else { return nil }
    return best
}

/// Levenshtein distance between two strings, in characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}
