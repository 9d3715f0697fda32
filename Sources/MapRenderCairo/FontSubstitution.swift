internal import CPangoCairo
import Synchronization

/// Which installed family fontconfig (through Pango) draws for a requested family: a style
/// may name fonts that are not installed ("Noto Sans Regular" from a glyph server), and
/// fontconfig then substitutes its closest match silently. Asked once per family per
/// process.
enum FontSubstitution {
    private static let known = Mutex([String: String?]())

    /// The family drawn instead of `family`, or `nil` when a font of that family is
    /// installed (compared without case, as fontconfig matches names).
    static func substitute(for family: String) -> String? {
        if let answer = known.withLock({ $0[family] }) { return answer }
        let answer = lookUp(family)
        known.withLock { $0[family] = answer }
        return answer
    }

    private static func lookUp(_ family: String) -> String? {
        let fontMap = pango_cairo_font_map_get_default()
        let context = pango_font_map_create_context(fontMap)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = pango_font_description_new()!
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, 12 * Double(PANGO_SCALE))
        guard let font = pango_font_map_load_font(fontMap, context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        let loaded = pango_font_describe(font)!
        defer { pango_font_description_free(loaded) }
        guard let name = pango_font_description_get_family(loaded) else { return nil }
        let used = String(cString: name)
        return used.lowercased() == family.lowercased() ? nil : used
    }
}

extension PangoTextMeasurer {
    public func substituteFamily(for family: String) -> String? {
        FontSubstitution.substitute(for: family)
    }
}
