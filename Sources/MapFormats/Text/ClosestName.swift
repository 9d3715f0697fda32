/// Spelling help for names a user typed: the known name a misspelled one most likely
/// meant, for "did you mean" hints in messages.
///
/// ```swift
/// Spelling.closestName(to: "titelSize", among: ["titleSize", "fillColor"])  // "titleSize"
/// ```
public enum Spelling {
    /// The name in `candidates` closest to `name` by edit distance, when it is close enough
    /// to be a likely typo: at most a third of its length in edits, and at least 2 allowed.
    ///
    /// The comparison ignores case; the distance is the Levenshtein distance over Unicode
    /// scalars (insertions, deletions and substitutions each count one). On a tie the
    /// candidate listed first wins.
    ///
    /// - Returns: The closest candidate as spelled in `candidates`, or `nil` when none is
    ///   close enough.
    public static func closestName(to name: String, among candidates: some Sequence<String>) -> String? {
        let source = Array(name.lowercased().unicodeScalars)
        let limit = max(2, source.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length: skip what can never be
            // close enough, so a huge unknown word costs no quadratic work.
            guard abs(target.count - source.count) <= limit else { continue }
            // Levenshtein distance, one row at a time.
            var previous = Array(0...target.count)
            for (i, s) in source.enumerated() {
                var current = [i + 1] + Array(repeating: 0, count: target.count)
                for (j, t) in target.enumerated() {
                    current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (s == t ? 0 : 1))
                }
                previous = current
            }
            let distance = previous[target.count]
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= limit else { return nil }
        return best.name
    }
}
