import Foundation

/// A language that labels are asked in: a BCP 47-like tag of a language and, optionally,
/// a script (`fi`, `sme`, `zh-Hans`, `sr_Latn`), as OpenStreetMap's `name:xx` keys use them.
public struct LabelLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The language subtag, lower case: 2 or 3 letters (ISO 639-1 or 639-2/3).
    public let language: String
    /// The script subtag in title case (ISO 15924: `Latn`, `Hans`), when given.
    public let script: String?

    /// Parses `fi`, `FI`, `zh-Hans`, `zh_hans`; `nil` for anything else (an empty tag,
    /// digits, a region such as `en-GB`, more than one subtag).
    public init?(_ tag: String) {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        func letters(_ part: Substring, _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(part.count) && part.allSatisfy { $0.isASCII && $0.isLetter }
        }
        guard parts.count <= 2, let first = parts.first, letters(first, 2...3) else { return nil }
        language = first.lowercased()
        if parts.count == 2 {
            guard letters(parts[1], 4...4) else { return nil }
            script = parts[1].prefix(1).uppercased() + parts[1].dropFirst().lowercased()
        } else {
            script = nil
        }
    }

    /// The tag as written in OpenStreetMap keys: `fi`, `zh-Hans`.
    public var description: String { script.map { "\(language)-\($0)" } ?? language }

    /// The feature properties that hold a name in this language, most specific first:
    /// OpenStreetMap's and Protomaps' `name:xx`, OpenMapTiles' and Shortbread's `name_xx`.
    public var nameKeys: [String] {
        let underscored = script.map { "\(language)_\($0)" } ?? language
        return ["name:\(description)", "name_\(underscored)"]
    }

    /// Parses a comma-separated list (`fi,sv`), each language once; a failure names the
    /// first entry that is not a language tag.
    public static func list(_ text: String) -> Result<[LabelLanguage], InvalidTag> {
        var languages: [LabelLanguage] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let tag = entry.trimmingCharacters(in: .whitespaces)
            guard let language = LabelLanguage(tag) else { return .failure(InvalidTag(tag: tag)) }
            if !languages.contains(language) { languages.append(language) }
        }
        return .success(languages)
    }

    /// A tag that is not a language code.
    public struct InvalidTag: Error, Hashable, Sendable {
        /// The entry as written.
        public var tag: String

        /// Creates the error for an entry.
        public init(tag: String) { self.tag = tag }
    }
}
