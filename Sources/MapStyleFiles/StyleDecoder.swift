import Foundation
import MapDrawing
public import MapErrors
import MapFormats
public import MapRenderCore

/// Reads map styles (`--style`) from JSON.
///
/// A style file is an object whose keys mirror `Style`'s properties in camelCase, every key
/// optional, a missing key keeping the value of `Style()`:
///
/// ```json
/// { "name": "dark", "backgroundColor": "#1c1c1e",
///   "basemap": { "landColor": "#2c2c2e" },
///   "polyline": { "strokeColor": "#0a84ff", "lineWidth": 4, "dashPattern": [6, 3],
///                 "casingColor": null } }
/// ```
///
/// Colours are strings: a name (`red`, `green`, `purple`, `blue`, `white`, `black`),
/// `#rgb`, `#rrggbb`, `#rrggbbaa`, or CSS's `rgb(r, g, b)` / `rgba(r, g, b, alpha)` with
/// channels 0–255 and alpha 0–1 (which states an opacity such as 0.7 exactly, where
/// `#rrggbbaa` can only say 179/255). Only the optional colours of shapes (`strokeColor`,
/// `fillColor`, `casingColor`) may be `null`, meaning none. Lengths are canvas points and
/// may not be negative; font sizes, `maximumWidth` and the marker `scale` must be positive;
/// none may exceed 10,000.
/// Anything else — an unknown key, a wrong type, a bad colour — is an error with the file,
/// line:column and JSON path, and for an unknown key the closest known one.
public enum StyleDecoder {
    /// The styles shipped in `styles/`, by name.
    public static let builtInNames = ["default", "dark", "print"]

    /// Decodes a style file.
    ///
    /// When the file has no `"name"`, the style is named after the file (`styles/night.json`
    /// → `night`).
    ///
    /// - Throws: `MapError` `.invalidData`, e.g.
    ///   `styles/bad.json:4:18: callout.titleSize: expected a number, found a string`.
    public static func decode(_ bytes: [UInt8], fileName: String) throws(MapError) -> Style {
        let document = try JSONDocument(parsing: bytes, fileName: fileName)
        let root = document.root
        guard let members = root.members else {
            throw document.error("expected a style object, found \(root.kindDescription)", at: root, path: .root)
        }
        var style = Style()
        style.name = defaultName(forFile: fileName)
        for member in members {
            let path = JSONPath.root.appending(member.key)
            let value = member.value
            switch member.key {
            case "name": style.name = try StyleField<Style>.textValue(value, path: path, document)
            case "backgroundColor":
                style.backgroundColor = try StyleField<Style>.colorValue(value, path: path, document)
            case "basemap": try StyleField.decode(value, path: path, into: &style.basemap, StyleField.basemap, document)
            case "marker": try StyleField.decode(value, path: path, into: &style.marker, StyleField.marker, document)
            case "callout": try StyleField.decode(value, path: path, into: &style.callout, StyleField.callout, document)
            case "circle": try StyleField.decode(value, path: path, into: &style.circle, StyleField.shape, document)
            case "polyline": try StyleField.decode(value, path: path, into: &style.polyline, StyleField.shape, document)
            case "polygon": try StyleField.decode(value, path: path, into: &style.polygon, StyleField.shape, document)
            case "track": try StyleField.decode(value, path: path, into: &style.track, StyleField.shape, document)
            case "userLocation":
                try StyleField.decode(value, path: path, into: &style.userLocation, StyleField.userLocation, document)
            case "furniture":
                try StyleField.decode(value, path: path, into: &style.furniture, StyleField.furniture, document)
            default:
                throw StyleField<Style>.unknownKey(member, path: path, known: topLevelKeys, document)
            }
        }
        return style
    }

    /// The keys of the top-level object, in the order of `Style`'s properties.
    static let topLevelKeys = [
        "name", "backgroundColor", "basemap", "marker", "callout", "circle", "polyline", "polygon", "track",
        "userLocation",
        "furniture",
    ]

    /// The folder of the styles shipped with the package (`styles/` in the repository),
    /// inside the package's resource bundle.
    public static var builtInDirectory: String {
        ResourceBundle.styleFiles.path("styles") ?? "styles"
    }

    /// Finds and decodes the style that `--style` names.
    ///
    /// An argument ending in `.json` or containing `/` is a file path. Anything else is a
    /// name looked up as `<stylesDirectory>/<name>.json`; `default` falls back to the
    /// built-in `Style.standard` when the directory has no such file, so a binary installed
    /// without `styles/` still renders.
    ///
    /// - Throws: `MapError` `.missingInput` when a named file does not exist ("P: no such
    ///   file"), `.invalidRequest` for an unknown style name (listing the available ones),
    ///   `.invalidData` for a bad style file.
    public static func load(nameOrPath: String, stylesDirectory: String = builtInDirectory) throws(MapError) -> Style {
        if nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") {
            return try decode(InputFile.read(atPath: nameOrPath, what: "style"), fileName: nameOrPath)
        }
        let path = (stylesDirectory.hasSuffix("/") ? stylesDirectory : stylesDirectory + "/") + nameOrPath + ".json"
        if !nameOrPath.isEmpty && FileManager.default.fileExists(atPath: path) {
            return try decode(InputFile.read(atPath: path, what: "style"), fileName: path)
        }
        if nameOrPath == "default" { return .standard }
        let available = availableNames(in: stylesDirectory)
        let suggestion = Spelling.closestName(to: nameOrPath, among: available)
        throw MapError(
            .invalidRequest, "unknown style \"\(nameOrPath)\"; available styles: \(available.joined(separator: ", "))",
            remedy: (suggestion.map { "did you mean \"\($0)\"? " } ?? "")
                + "give a style name or the path of a style .json file")
    }

    /// The names of the `.json` files in `directory`, sorted; the built-in names when it
    /// cannot be listed.
    static func availableNames(in directory: String) -> [String] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return builtInNames.sorted()
        }
        let names = files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }
        return names.isEmpty ? builtInNames.sorted() : names.sorted()
    }

    /// `styles/night.json` → `night`; "default" when nothing is left.
    static func defaultName(forFile fileName: String) -> String {
        var name = fileName.split(separator: "/").last.map(String.init) ?? ""
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name.isEmpty ? "default" : name
    }

    /// Parses a style colour: whatever `Color(parsing:)` accepts, plus `rgb(r, g, b)` and
    /// `rgba(r, g, b, alpha)` with whole channels 0–255 and alpha in [0, 1].
    static func color(parsing text: String) -> Color? {
        if let color = Color(parsing: text) { return color }
        let compact = text.lowercased().filter { !$0.isWhitespace }
        let body: Substring
        let count: Int
        if compact.hasPrefix("rgba("), compact.hasSuffix(")") {
            body = compact.dropFirst(5).dropLast()
            count = 4
        } else if compact.hasPrefix("rgb("), compact.hasSuffix(")") {
            body = compact.dropFirst(4).dropLast()
            count = 3
        } else {
            return nil
        }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else { return nil }
        var channels: [Double] = []
        for part in parts.prefix(3) {
            // Whole channels, divided by 255 exactly as Color(hex:) does, so "rgba(255, 59,
            // 48, 0.7)" equals Color.red.withAlpha(0.7) bit for bit.
            guard let channel = UInt8(part) else { return nil }
            channels.append(Double(channel) / 255)
        }
        var alpha = 1.0
        if count == 4 {
            guard let value = Double(parts[3]), (0...1).contains(value) else { return nil }
            alpha = value
        }
        return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }
}
