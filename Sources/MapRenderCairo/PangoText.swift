internal import CCairo
internal import CPangoCairo
import MapDrawing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pango text layouts shared by drawing and measuring.
enum PangoText {
    /// A single-paragraph Pango layout of `string` in `font` for a Cairo context, shaped
    /// for the context's current transformation and target; the caller unrefs it.
    static func layout(_ string: String, font: Font, context: OpaquePointer) -> OpaquePointer {
        let layout = pango_cairo_create_layout(context)!
        setUp(layout, string, font: font)
        return layout
    }

    /// A layout for measuring, on this thread's own Pango context (see `measuringContext`);
    /// the caller unrefs it, on this thread.
    static func measuringLayout(_ string: String, font: Font) -> OpaquePointer {
        let layout = pango_layout_new(measuringContext)!
        setUp(layout, string, font: font)
        return layout
    }

    static func setUp(_ layout: OpaquePointer, _ string: String, font: Font) {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, font.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, string, -1)
    }

    /// This thread's Pango context for measuring, made on first use and released when the
    /// thread ends.
    ///
    /// Measuring used to create a 1×1 Cairo surface, a Cairo context and a Pango context
    /// for every string. The Pango context gets the font options and the identity matrix
    /// of such a surface once (`pango_cairo_update_context`), so layouts measure exactly
    /// as before. It is per thread because a Pango context and the default font map
    /// (`pango_cairo_font_map_get_default`, itself per thread) are not thread-safe.
    private static var measuringContext: OpaquePointer {
        if let existing = pthread_getspecific(measuringContextKey) { return OpaquePointer(existing) }
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cairoContext = cairo_create(surface)!
        pango_cairo_update_context(cairoContext, context)
        cairo_destroy(cairoContext)
        cairo_surface_destroy(surface)
        pthread_setspecific(measuringContextKey, UnsafeRawPointer(context))
        return context
    }

    /// Releases this thread's measuring context, if it has one; the next measurement makes
    /// another on the thread's font map as it is then.
    static func releaseMeasuringContext() {
        guard let existing = pthread_getspecific(measuringContextKey) else { return }
        pthread_setspecific(measuringContextKey, nil)
        g_object_unref(UnsafeMutableRawPointer(mutating: existing))
    }

    /// The thread-specific slot of `measuringContext`; its destructor unrefs the context.
    private static let measuringContextKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in g_object_unref(pointer) }
        return key
    }()
}
