internal import CPangoCairo
import MapDrawing
import MapTestSupport
import Testing

@testable import MapRenderCairo

/// `maprender batch` renews each worker's Pango font map every few maps, so that the font
/// sizes of thousands of maps do not pile up in it: text must measure and draw the same on
/// the fresh map.
@Suite("Pango font maps renewed between maps")
struct FontMapRenewalTests {
    /// The logical extents of a line, measured on this thread's context (not the cache).
    static func extents(_ text: String, font: Font) -> [Int32] {
        let layout = PangoText.measuringLayout(text, font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return [logical.x, logical.y, logical.width, logical.height, pango_layout_get_baseline(layout)]
    }

    @Test("every third map gets a fresh font map, on which text measures and draws the same")
    func renewal() throws {
        let font = Font(family: "DejaVu Sans", size: 13.37, isBold: true)
        let scene = { PathTextScenes.streetNameAlongArc(measurer: CairoRenderer().textMeasurer) }
        let renderer = CairoRenderer(decodesImagesInParallel: false)
        let measured = Self.extents("Mannerheimintie 13", font: font)
        let drawn = try renderer.render(scene(), scale: 2, format: .png)
        // Held, so a new map cannot take the old one's address.
        let old = try #require(pango_cairo_font_map_get_default())
        g_object_ref(UnsafeMutableRawPointer(old))
        defer { g_object_unref(UnsafeMutableRawPointer(old)) }
        CairoRenderer.renewFontMap(afterMaps: 3)
        CairoRenderer.renewFontMap(afterMaps: 3)
        #expect(pango_cairo_font_map_get_default() == old, "two maps: the font map is kept")
        CairoRenderer.renewFontMap(afterMaps: 3)
        #expect(pango_cairo_font_map_get_default() != old, "the third map: a fresh font map")
        #expect(Self.extents("Mannerheimintie 13", font: font) == measured)
        #expect(try renderer.render(scene(), scale: 2, format: .png) == drawn)
        // The count starts again.
        let fresh = try #require(pango_cairo_font_map_get_default())
        CairoRenderer.renewFontMap(afterMaps: 3)
        #expect(pango_cairo_font_map_get_default() == fresh)
    }
}
