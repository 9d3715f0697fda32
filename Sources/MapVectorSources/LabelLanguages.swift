public import MapErrors
import MapVectorStyle

extension StreetBasemapResolver {
    /// The languages of `--language fi,sv`, each checked to be a language code of 2 or 3
    /// letters with an optional script (`zh-Hans`, `sr_Latn`), written back as tags.
    ///
    /// - Throws: `MapError` `.invalidRequest` naming the first entry that is not one.
    public static func labelLanguages(_ text: String) throws(MapError) -> [String] {
        switch LabelLanguage.list(text) {
        case .success(let languages):
            return languages.map(\.description)
        case .failure(let invalid):
            throw MapError(
                .invalidRequest,
                "--language: '\(invalid.tag)' is not a language code",
                remedy: "give codes of 2 or 3 letters with an optional script, separated by commas: fi,sv or zh-Hans,en"
            )
        }
    }
}
