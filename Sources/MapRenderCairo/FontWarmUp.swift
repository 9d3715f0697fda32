internal import CPangoCairo

extension CairoRenderer {
    /// Starts loading the fonts on this thread's Pango font map, so the first measured
    /// callout does not wait for it.
    ///
    /// The first text a process measures costs about 10 ms: Pango's font map runs
    /// fontconfig's initialization (some 40 configuration files) on a thread of its own,
    /// and the first layout waits for it. Creating the font map early — before the inputs
    /// are read — lets that thread work while the scene and the tile source load. Cheap
    /// (a fraction of a millisecond) and idempotent; the font map is per thread, so call it
    /// on the thread that will render.
    public static func startLoadingFonts() {
        _ = pango_cairo_font_map_get_default()
    }
}
