internal import CCairo
internal import CPangoCairo
public import MapDrawing

/// Measures text with Pango, shaping and font fallback included, exactly as `CairoRenderer`
/// draws it.
public struct PangoTextMeasurer: TextMeasurer {
    /// Creates a measurer.
    public init() {}

    public func measure(_ string: String, font: Font) -> TextMetrics {
        // A 1×1 surface gives Pango a Cairo context with default font options; metrics in
        // user space do not depend on the surface size.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        let layout = PangoText.layout(string, font: font, context: context)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / scale
        return TextMetrics(
            width: Double(logical.width) / scale, ascent: baseline - Double(logical.y) / scale,
            descent: Double(logical.y + logical.height) / scale - baseline)
    }
}
