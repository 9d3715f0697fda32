import MapDrawing

/// A style's `text-font` stack as a system font: MapLibre names fonts as family plus
/// style words ("Noto Sans Bold", "Open Sans Semibold Italic"); fontconfig wants the family
/// and a weight and slant. The `glyphs` URL of the style is not used.
enum FontStack {
    /// Style words that mean bold, each lower-cased.
    private static let boldWords: Set<String> = [
        "bold", "semibold", "demibold", "extrabold", "ultrabold", "black", "heavy",
    ]
    /// Style words that mean the regular weight, or a weight fontconfig picks itself.
    private static let plainWords: Set<String> = [
        "regular", "book", "normal", "medium", "light", "thin", "extralight", "ultralight", "roman",
    ]
    /// Style words that mean a slanted face.
    private static let italicWords: Set<String> = ["italic", "oblique"]

    /// The font for a stack at a size in canvas points: every family of the stack in order
    /// (fontconfig falls back through them), the weight and slant of the first.
    static func font(_ stack: [String], size: Double) -> Font {
        var families: [String] = []
        var isBold = false, isItalic = false
        for (index, name) in stack.enumerated() {
            var words = Self.words(of: name)
            var bold = false, italic = false
            while let last = words.last, words.count > 1 {
                let word = last.lowercased()
                if boldWords.contains(word) {
                    bold = true
                } else if italicWords.contains(word) {
                    italic = true
                } else if !plainWords.contains(word) {
                    break
                }
                words.removeLast()
            }
            let family = words.joined(separator: " ")
            if !family.isEmpty, !families.contains(family) { families.append(family) }
            if index == 0 {
                isBold = bold
                isItalic = italic
            }
        }
        if families.isEmpty { families = ["DejaVu Sans"] }
        return Font(family: families.joined(separator: ", "), size: size, isBold: isBold, isItalic: isItalic)
    }

    /// The words of a font name. Some styles name fonts as file-like identifiers
    /// (VersaTiles: `noto_sans_regular`); those are split at underscores and capitalised,
    /// so `noto_sans_bold` is the family "Noto Sans", bold.
    private static func words(of name: String) -> [String] {
        guard !name.contains(" "), name.contains("_") else { return name.split(separator: " ").map(String.init) }
        return name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }
    }
}
