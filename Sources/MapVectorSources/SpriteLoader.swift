import Foundation
import MapDrawing
public import MapErrors
public import MapFormats
public import MapRenderCore
public import MapVectorLayout

/// A style's sprite read from files beside the style (style spec, "Sprite"): `NAME.json`
/// (icons by name with `x`, `y`, `width`, `height`, `pixelRatio`) and `NAME.png`, or the
/// `NAME@2x` pair at a scale of 2 or more when there is one.
public enum SpriteLoader {
    /// The sheet `sprite` names, with what the user should know: a sprite that cannot be
    /// read is a warning (the map is drawn without its icons), a hosted one a note (it is
    /// not fetched).
    ///
    /// - Parameters:
    ///   - sprite: the style's `sprite`, a path or URL without extension.
    ///   - styleFile: the style's path; a relative sprite lies beside it.
    ///   - scale: device pixels per canvas point.
    public static func load(
        _ sprite: String, styleFile: String, scale: Double
    ) -> (sheet: SpriteSheet?, diagnostics: [Diagnostic]) {
        guard let base = base(of: sprite, styleFile: styleFile) else {
            return (nil, [Diagnostic(.info, "sprite \(sprite): a hosted sprite is not fetched; icons are left out")])
        }
        var problems: [String] = []
        for variant in scale >= 2 ? ["@2x", ""] : [""] {
            let json = base + variant + ".json", png = base + variant + ".png"
            guard FileManager.default.fileExists(atPath: json), FileManager.default.fileExists(atPath: png) else {
                continue
            }
            do {
                return (try sheet(json: json, png: png, defaultRatio: variant.isEmpty ? 1 : 2), [])
            } catch {
                problems.append(error.locatedMessage)
            }
        }
        let reason = problems.first ?? "no \(base).json and \(base).png beside the style"
        return (nil, [Diagnostic(.warning, "sprite \(sprite): \(reason); icons are left out")])
    }

    /// The files a local `sprite` may be read from (`NAME.json`, `NAME.png` and the `@2x`
    /// pair, beside the style unless absolute), whether they exist or not; none for a hosted
    /// sprite.
    public static func files(_ sprite: String, styleFile: String) -> [String] {
        guard let base = base(of: sprite, styleFile: styleFile) else { return [] }
        return ["", "@2x"].flatMap { [base + $0 + ".json", base + $0 + ".png"] }
    }

    /// The sprite's path without extension, beside the style unless absolute; `nil` for a
    /// hosted sprite.
    private static func base(of sprite: String, styleFile: String) -> String? {
        var base = sprite
        if base.lowercased().hasPrefix("file://") { base.removeFirst("file://".count) }
        if base.contains("://") { return nil }
        for suffix in [".json", ".png"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
        if !base.hasPrefix("/") {
            let folder = (styleFile as NSString).deletingLastPathComponent
            base = (folder.isEmpty ? "" : folder + "/") + base
        }
        return base
    }

    /// Throws unless every file a local `sprite` may name (`NAME.json`, `NAME.png` and their
    /// `@2x` pair) lies inside `confinement`, the style's folder; a hosted sprite passes (it
    /// is not fetched). The refusal reads the same whether the files exist or not.
    ///
    /// - Throws: `MapError` `.invalidData`.
    public static func requireInside(
        _ confinement: PathConfinement, sprite: String, styleFile: String
    ) throws(MapError) {
        var base = sprite
        if base.lowercased().hasPrefix("file://") { base.removeFirst("file://".count) }
        if base.contains("://") { return }
        for suffix in [".json", ".png"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
        for file in ["", "@2x"].flatMap({ [base + $0 + ".json", base + $0 + ".png"] })
        where confinement.resolve(file) == nil {
            throw MapError(
                .invalidData, "sprite '\(sprite)' is outside the style's folder; refused",
                at: InputLocation(file: styleFile),
                remedy: "name a sprite in the style's folder or below it, or give --allow-outside-paths")
        }
    }

    /// Reads one pair of files.
    static func sheet(json: String, png: String, defaultRatio: Double) throws(MapError) -> SpriteSheet {
        let image = try EncodedImage(
            validating: InputFile.read(atPath: png, what: "sprite image"), source: png,
            limits: ImageLimits(maximumSide: 16_384, requiresSquare: false))
        let document = try JSONDocument.read(atPath: json)
        guard let members = document.root.members else {
            throw MapError(.invalidData, "a sprite index must be a JSON object", at: InputLocation(file: json))
        }
        var icons: [String: SpriteSheet.Icon] = [:]
        for member in members {
            guard
                let icon = Self.icon(
                    member.value, defaultRatio: defaultRatio, width: image.pixelWidth, height: image.pixelHeight)
            else {
                throw MapError(
                    .invalidData, "icon \"\(member.key)\" has no x, y, width and height within the image",
                    at: InputLocation(file: json))
            }
            icons[member.key] = icon
        }
        return SpriteSheet(image: image, icons: icons)
    }

    /// One entry of a sprite index, or `nil` when its rectangle is missing or leaves the image.
    private static func icon(_ entry: JSONNode, defaultRatio: Double, width: Int, height: Int) -> SpriteSheet.Icon? {
        // Read member by member: a chain of optional subscripts here crashed the optimizer
        // of Swift 6.3 (CopyPropagation) in release builds.
        var values: [String: Double] = [:]
        for member in entry.members ?? [] {
            if let number = member.value.number { values[member.key] = number }
        }
        guard let x = values["x"], let y = values["y"], let w = values["width"], let h = values["height"],
            x >= 0, y >= 0, w > 0, h > 0, x + w <= Double(width), y + h <= Double(height)
        else { return nil }
        let ratio = values["pixelRatio"] ?? 0
        return SpriteSheet.Icon(
            rect: PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h)),
            pixelRatio: ratio > 0 ? ratio : defaultRatio)
    }
}
