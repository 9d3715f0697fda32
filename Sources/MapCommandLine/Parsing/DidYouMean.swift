import MapFormats

/// "Did you mean" hints for unknown options, commands and choices.
public enum DidYouMean {
    /// The known option a misspelled one most likely meant.
    ///
    /// First the closest name by edit distance (`Spelling.closestName(to:among:)`); failing
    /// that, a name the word spells out or cuts short: `--latitude` for `--lat`, `--geoj`
    /// for `--geojson` (when only one name starts so). Words of fewer than three letters
    /// after the dashes are never guessed at this way.
    static func option(for word: String, among names: [String]) -> String? {
        if let close = Spelling.closestName(to: word, among: names) { return close }
        let letters = word.drop { $0 == "-" }
        guard letters.count >= 3 else { return nil }
        // A known name cut from the word, the longest one: --latitude → --lat.
        let contained = names.filter { name in
            name.hasPrefix("--") && name.count >= 5 && word.hasPrefix(name)
        }
        if let longest = contained.max(by: { $0.count < $1.count }) { return longest }
        // The one known name the word starts: --geoj → --geojson.
        let extended = names.filter { $0.hasPrefix("--") && $0.hasPrefix(word) }
        return extended.count == 1 ? extended[0] : nil
    }

    /// The known command, subcommand or choice a misspelled word most likely meant.
    public static func word(for word: String, among names: [String]) -> String? {
        Spelling.closestName(to: word, among: names)
    }

    /// `; did you mean 'NAME'?`, or nothing without a guess: the tail of a message.
    public static func hint(_ guess: String?) -> String {
        guess.map { "; did you mean '\($0)'?" } ?? ""
    }
}
