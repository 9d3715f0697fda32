import MapFormats
public import MapRenderCore
import MapXML

extension FavoritesExport {
    /// What an export in `format` cannot write exactly as the places hold it, one warning
    /// per value, so that a caller can say so rather than change the user's data silently.
    ///
    /// GeoJSON and CSV hold any text and every number exactly. GPX is XML 1.0, which cannot
    /// hold most C0 control characters at all (`XMLEscaping` writes U+FFFD instead), so each
    /// text value holding one is reported, naming the place, the column and the characters.
    public static func changes(in places: [FavoritePlace], as format: FavoritesFormat) -> [Diagnostic] {
        guard format == .gpx else { return [] }
        var warnings = [Diagnostic]()
        for place in places {
            // Every column GPX writes as text: the name, and the rest as extension elements.
            for column in FavoritesColumn.stored {
                guard let text = column.text(of: place) else { continue }
                let forbidden = XMLEscaping.forbiddenCharacters(in: text)
                guard !forbidden.isEmpty else { continue }
                let which = forbidden.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
                let subject = place.id.map { "place \($0)" } ?? "place '\(place.name)'"
                warnings.append(
                    Diagnostic(
                        .warning,
                        "\(subject): \(column.name) holds \(Set(which).sorted().joined(separator: ", ")), which XML"
                            + " cannot hold; the GPX has U+FFFD instead (export as GeoJSON or CSV to keep it)"))
            }
        }
        return warnings
    }
}

extension String {
    /// The string with zeros in front up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
