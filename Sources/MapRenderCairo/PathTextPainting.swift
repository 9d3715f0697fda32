internal import CCairo
internal import CPangoCairo
import MapDrawing
import MapGeometry

/// Text along a line, drawn cluster by cluster with the same Pango path as `.text`.
///
/// In a PDF, text extraction (poppler's `pdftotext`, a viewer's search) reads clusters that
/// are each turned their own way, or spaced apart, in pieces and in no useful order; so
/// there the clusters are drawn as glyph outlines, and the whole text is set once more,
/// straight and centred on the run, in a colour 1/255 opaque: unseen, but found and copied
/// as one name (the technique of the text layer of scanned documents).
extension CairoPainter {
    /// Paints the halo of every cluster first, then the fills, so that no halo covers a
    /// neighbouring cluster's glyphs; each cluster is laid out on its own, moved to its
    /// origin and turned by its angle.
    func paintPathText(_ run: PathTextRun) {
        let glyphs = run.glyphs.filter { !$0.text.isEmpty && $0.origin.x.isFinite && $0.origin.y.isFinite }
        guard !glyphs.isEmpty else { return }
        if !keepsSearchableText && cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_IMAGE {
            paintPathTextOutlines(run, glyphs: glyphs)
            return
        }
        // A street name's letters repeat across a map: each cluster is shaped once per
        // render, on one Pango context, and drawn under its own transformation.
        let layouts = glyphs.map { clusterLayouts.layout($0.text, font: run.font, cairo: context) }

        if let halo = run.haloColor, run.haloWidth > 0 {
            // Cairo keeps the path in device space, so the outlines of every cluster, each
            // added under its own transformation, are stroked together afterwards.
            cairo_new_path(context)
            for (glyph, layout) in zip(glyphs, layouts) {
                cairo_save(context)
                place(glyph)
                cairo_move_to(context, 0, -layout.baseline)
                pango_cairo_layout_path(context, layout.layout)
                cairo_restore(context)
            }
            setColor(halo)
            cairo_set_line_width(context, 2 * run.haloWidth)
            cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
            // Set, not left from the command before: the cap decides whether the empty
            // pieces of a glyph outline show as specks.
            cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
            cairo_stroke(context)
        }
        setColor(run.color)
        let outlines = keepsSearchableText
        for (glyph, layout) in zip(glyphs, layouts) {
            cairo_save(context)
            place(glyph)
            cairo_new_path(context)
            cairo_move_to(context, 0, -layout.baseline)
            if outlines {
                pango_cairo_layout_path(context, layout.layout)
                cairo_restore(context)
                cairo_fill(context)
            } else {
                pango_cairo_show_layout(context, layout.layout)
                cairo_restore(context)
            }
        }
        cairo_new_path(context)
        if outlines { paintSearchableCopy(of: run, glyphs: glyphs) }
    }

    /// Raster output: every cluster's outline, taken once per text and font at the identity
    /// transformation, appended under the cluster's own transformation; the halo stroked and
    /// the glyphs filled from the same outlines, each in one operation for the whole run.
    ///
    /// Drawing a glyph run turned by an angle makes Cairo create a scaled font for that
    /// angle and load (and hint) every glyph again, and a street name's clusters each have
    /// their own angle; appending a kept outline costs a transformation of its points.
    private func paintPathTextOutlines(_ run: PathTextRun, glyphs: [PlacedGlyph]) {
        let outlines = glyphs.map { clusterLayouts.outline($0.text, font: run.font, cairo: context) }
        func appendOutlines() {
            cairo_new_path(context)
            for (glyph, outline) in zip(glyphs, outlines) {
                cairo_save(context)
                place(glyph)
                // A path Cairo could not make (its status says why) would put the context in
                // an error state; the cluster is left out instead.
                if outline.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(context, outline) }
                cairo_restore(context)
            }
        }
        if let halo = run.haloColor, run.haloWidth > 0 {
            appendOutlines()
            setColor(halo)
            cairo_set_line_width(context, 2 * run.haloWidth)
            cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(context)
        }
        appendOutlines()
        setColor(run.color)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
    }

    /// The run's text, straight and centred between its first and last cluster, unseen.
    private func paintSearchableCopy(of run: PathTextRun, glyphs: [PlacedGlyph]) {
        let layout = PangoText.layout(run.string, font: run.font, context: context)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let width = Double(logical.width) / Double(PANGO_SCALE)
        let first = glyphs.first!.origin, last = glyphs.last!.origin
        let center = CanvasPoint(x: (first.x + last.x) / 2, y: (first.y + last.y) / 2)
        cairo_new_path(context)
        cairo_move_to(context, center.x - width / 2, center.y - Self.baseline(of: layout))
        cairo_set_source_rgba(context, run.color.red, run.color.green, run.color.blue, 1.0 / 255)
        pango_cairo_show_layout(context, layout)
        cairo_new_path(context)
    }

    /// The Pango layouts of clusters, by text and font, for one render: shaped on one
    /// Pango context made from the Cairo context at the identity transformation (font
    /// options of the target), released with the painter.
    final class ClusterLayouts {
        private struct Key: Hashable {
            var text: String
            var font: Font
        }
        private var pangoContext: OpaquePointer?
        private var layouts: [Key: (layout: OpaquePointer, baseline: Double)] = [:]
        private var outlines: [Key: UnsafeMutablePointer<cairo_path_t>] = [:]
        /// The context the outlines are taken on, made on first use.
        private var outlineContext: OpaquePointer?

        /// How many cluster outlines are kept, for tests.
        var outlineCount: Int { outlines.count }

        func layout(_ text: String, font: Font, cairo: OpaquePointer) -> (layout: OpaquePointer, baseline: Double) {
            let key = Key(text: text, font: font)
            if let known = layouts[key] { return known }
            if pangoContext == nil {
                cairo_save(cairo)
                cairo_identity_matrix(cairo)
                pangoContext = pango_cairo_create_context(cairo)
                cairo_restore(cairo)
            }
            let layout = pango_layout_new(pangoContext)!
            PangoText.setUp(layout, text, font: font)
            let entry = (layout, Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE))
            layouts[key] = entry
            return entry
        }

        /// The outline of a cluster at the identity transformation, its baseline origin at
        /// (0, 0), in points: made once per text and font, kept until the painter goes.
        ///
        /// Taken on a surface of its own with the target's device scale (the glyphs are
        /// loaded at the size they are drawn in pixels), so that neither the painter's path
        /// nor its clip and device offset (a band of a larger image) take part.
        func outline(_ text: String, font: Font, cairo: OpaquePointer) -> UnsafeMutablePointer<cairo_path_t> {
            let key = Key(text: text, font: font)
            if let known = outlines[key] { return known }
            if outlineContext == nil {
                var (scaleX, scaleY) = (1.0, 1.0)
                cairo_surface_get_device_scale(cairo_get_target(cairo), &scaleX, &scaleY)
                let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
                cairo_surface_set_device_scale(surface, scaleX, scaleY)
                outlineContext = cairo_create(surface)
                cairo_surface_destroy(surface)
            }
            let scratch = outlineContext!
            let (layout, baseline) = self.layout(text, font: font, cairo: cairo)
            cairo_new_path(scratch)
            cairo_move_to(scratch, 0, -baseline)
            pango_cairo_layout_path(scratch, layout)
            let path = cairo_copy_path(scratch)!
            cairo_new_path(scratch)
            outlines[key] = path
            return path
        }

        deinit {
            for path in outlines.values { cairo_path_destroy(path) }
            if let outlineContext { cairo_destroy(outlineContext) }
            for entry in layouts.values { g_object_unref(UnsafeMutableRawPointer(entry.layout)) }
            if let pangoContext { g_object_unref(UnsafeMutableRawPointer(pangoContext)) }
        }
    }

    /// Moves user space to a cluster's baseline origin and turns it along the cluster's angle.
    private func place(_ glyph: PlacedGlyph) {
        cairo_translate(context, glyph.origin.x, glyph.origin.y)
        if glyph.angle.isFinite, glyph.angle != 0 { cairo_rotate(context, glyph.angle) }
    }

    /// The distance from a layout's top to its first baseline, in points.
    private static func baseline(of layout: OpaquePointer) -> Double {
        Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
    }

    /// Paints the `source` pixels of an image (one icon of a sprite sheet) scaled into a rect.
    ///
    /// The icon is copied out of the decoded sheet first (`ImageSurfaceCache.part`) and drawn
    /// with its edge pixels repeated outward (`CAIRO_EXTEND_PAD`), so the resampling filter
    /// never reaches the neighbouring icons nor blends the edge with transparency, and a PDF
    /// embeds the icon rather than the whole sheet.
    func paintImagePart(_ image: EncodedImage, source: PixelRect, in rect: CanvasRect) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
            let part = ImageSurfaceCache.shared.surface(for: image, part: source)
        else { return }
        defer { cairo_surface_destroy(part) }
        let width = Double(cairo_image_surface_get_width(part)), height = Double(cairo_image_surface_get_height(part))
        ImageBlocks.draw(rect, on: context) {
            cairo_save(context)
            cairo_translate(context, rect.minX, rect.minY)
            cairo_scale(context, rect.width / width, rect.height / height)
            cairo_set_source_surface(context, part, 0, 0)
            let pattern = cairo_get_source(context)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            // PDF draws an image XObject with hard edges, and Cairo's PDF surface turns a padded
            // pattern into a new image at every paint, which would defeat the part's unique id.
            let isRaster = cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_IMAGE
            cairo_pattern_set_extend(pattern, isRaster ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
            cairo_new_path(context)
            cairo_rectangle(context, 0, 0, width, height)
            cairo_fill(context)
            cairo_restore(context)
        }
    }
}
