internal import CPangoCairo

#if canImport(Glibc)
    import Glibc
#endif

extension CairoRenderer {
    /// Counts a map drawn on this thread and, every `maps` maps, replaces the thread's Pango
    /// font map (and the measuring context made on it) with a fresh one.
    ///
    /// Why: a Pango font map keeps the fontconfig pattern of every font description it was
    /// asked for, size included, for as long as it lives ("the patterns are cached
    /// indefinitely", Pango's pangofc-fontmap.c), with the fontsets made from them. A batch
    /// whose maps each have a zoom of their own asks for labels at ever new sizes, so a
    /// worker's font map grew by some 35 KB a map (valgrind: patterns from
    /// `FcDefaultSubstitute` under `pango_itemize`), and a batch's memory with the number of
    /// its maps. A fresh font map draws and measures the same text the same way; it only
    /// matches the fonts again.
    ///
    /// Call it between maps, on the thread that drew them, with no Pango layout of that
    /// thread alive.
    public static func renewFontMap(afterMaps maps: Int) {
        let drawn = Int(bitPattern: pthread_getspecific(mapsDrawnKey)) + 1
        guard drawn >= maps else {
            pthread_setspecific(mapsDrawnKey, UnsafeRawPointer(bitPattern: drawn))
            return
        }
        pthread_setspecific(mapsDrawnKey, nil)
        PangoText.releaseMeasuringContext()
        // `nil` drops this thread's default font map; the next text makes a new one.
        pango_cairo_font_map_set_default(nil)
    }

    /// The maps drawn on this thread since its font map was last renewed.
    private static let mapsDrawnKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
