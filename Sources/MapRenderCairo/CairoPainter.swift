internal import CCairo
internal import CPangoCairo
import MapDrawing
import MapGeometry

/// Carries out display-list commands on one Cairo context, in canvas points (the surface's
/// device scale turns them into pixels).
struct CairoPainter {
    let context: OpaquePointer
    /// Whether text that does not run straight across is drawn as glyph outlines with an
    /// unseen straight copy for text tools (PDF), rather than as rotated glyph runs, which
    /// text extraction reads in pieces.
    var keepsSearchableText = false
    /// The pixels of the whole image when the target is one piece of it (a band), so that
    /// choices made by image size (the tile grid's picture) are the same in every piece; nil
    /// is the target surface's own size.
    var canvasPixelCount: Int? = nil
    /// The Pango layouts of the clusters of text along paths, shaped once per render.
    let clusterLayouts = ClusterLayouts()

    /// The largest distance, in device pixels, between a curve and the line segments Cairo
    /// draws it with (round joins and caps, circles, glyph outlines) in raster output:
    /// a quarter pixel, where Cairo's default is a tenth, so curves take fewer segments.
    static let rasterTolerance = 0.25
    /// The widest line, in device pixels, whose round joins and caps raster output draws as
    /// bevel joins and square caps: on a line this thin they differ by under half a pixel's
    /// coverage, and a round join costs Cairo a fan of segments at every vertex.
    static let thinLineWidth = 2.0

    func paint(_ list: DisplayList) {
        if isRaster { cairo_set_tolerance(context, Self.rasterTolerance) }
        for command in list.commands { paint(command) }
    }

    /// Whether the target is an image surface (PNG, JPEG, WebP) rather than a PDF.
    private var isRaster: Bool { cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_IMAGE }

    private func paint(_ command: DrawCommand) {
        switch command {
        case .clear(let color):
            setColor(color)
            cairo_paint(context)
        case .fill(let path, let color, let evenOdd):
            addPath(path)
            cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setColor(color)
            cairo_fill(context)
        case .stroke(let path, let style):
            addPath(path)
            stroke(style)
        case .shadow(let path, let color, let blur):
            paintShadow(path, color: color, blur: blur)
        case .text(let run):
            paintText(run)
        case .image(let image, let rect):
            paintImage(image, in: rect)
        case .tiles(let grid):
            paintTiles(grid)
        case .imagePart(let image, let source, let rect):
            paintImagePart(image, source: source, in: rect)
        case .pathText(let run):
            paintPathText(run)
        case .group(let group):
            paintGroup(group)
        }
    }

    /// A group: clipped in the space around it, then moved, its commands drawn, and the
    /// context's clip and transform restored.
    private func paintGroup(_ group: DrawGroup) {
        cairo_save(context)
        if let clip = group.clip {
            addPath(clip)
            cairo_clip(context)
        }
        cairo_translate(context, group.offset.x, group.offset.y)
        for command in group.commands { paint(command) }
        cairo_restore(context)
    }

    func setColor(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// Sets `path` as the context's current path.
    func addPath(_ path: Path) {
        cairo_new_path(context)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(context, p.x, p.y)
            case .line(let p): cairo_line_to(context, p.x, p.y)
            case .curve(let c1, let c2, let p): cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .arc(let c, let r, let a0, let a1): cairo_arc(context, c.x, c.y, r, a0, a1)
            case .close: cairo_close_path(context)
            }
        }
    }

    private func stroke(_ style: StrokeStyle) {
        setColor(style.color)
        cairo_set_line_width(context, style.lineWidth)
        var (cap, join) = (style.lineCap, style.lineJoin)
        if cap == .round || join == .round, isRaster {
            // The width in device pixels: through the transformation (groups), then the
            // surface's device scale, which Cairo keeps apart from it.
            var (dx, dy) = (style.lineWidth, 0.0), (scaleX, scaleY) = (1.0, 1.0)
            cairo_user_to_device_distance(context, &dx, &dy)
            cairo_surface_get_device_scale(cairo_get_target(context), &scaleX, &scaleY)
            if (dx * dx + dy * dy).squareRoot() * max(scaleX, scaleY) <= Self.thinLineWidth {
                if cap == .round { cap = .square }
                if join == .round { join = .bevel }
            }
        }
        cairo_set_line_cap(context, CairoPainter.lineCaps[cap]!)
        cairo_set_line_join(context, CairoPainter.lineJoins[join]!)
        style.dashPattern.withUnsafeBufferPointer { dashes in
            cairo_set_dash(context, dashes.baseAddress, Int32(dashes.count), 0)
        }
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    private static let lineCaps: [LineCap: cairo_line_cap_t] = [
        .butt: CAIRO_LINE_CAP_BUTT, .round: CAIRO_LINE_CAP_ROUND, .square: CAIRO_LINE_CAP_SQUARE,
    ]
    private static let lineJoins: [LineJoin: cairo_line_join_t] = [
        .miter: CAIRO_LINE_JOIN_MITER, .round: CAIRO_LINE_JOIN_ROUND, .bevel: CAIRO_LINE_JOIN_BEVEL,
    ]

    /// A soft shadow without a blur filter, so it stays vector in SVG and PDF: the shape's
    /// edge stroked a few times with shrinking widths at a fraction of the alpha, then the
    /// shape filled, which approximates a box blur of `blur` points.
    private func paintShadow(_ path: Path, color: Color, blur: Double) {
        // Raster output stamps shapes it has drawn before (ShadowStamps.swift); vector output
        // keeps the strokes, so the shadow stays vector.
        if cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_IMAGE && hasIdentityTransform {
            addPath(path)
            let stamped = ShadowStamps.shared.paint(path, color: color, blur: blur, on: context) {
                stampContext, shape, stampColor, stampBlur in
                CairoPainter(context: stampContext).drawShadow(shape, color: stampColor, blur: stampBlur)
            }
            if stamped { return }
        }
        drawShadow(path, color: color, blur: blur)
    }

    /// Whether user space is device space up to the surface's device scale (no transform).
    private var hasIdentityTransform: Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        return matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0 && matrix.x0 == 0 && matrix.y0 == 0
    }

    func drawShadow(_ path: Path, color: Color, blur: Double) {
        let steps = 4
        let layer = color.withAlpha(color.alpha / Double(steps + 1))
        for step in 0..<steps {
            addPath(path)
            stroke(StrokeStyle(color: layer, lineWidth: 2 * blur * Double(steps - step) / Double(steps)))
        }
        addPath(path)
        setColor(color.withAlpha(color.alpha * 0.6))
        cairo_fill(context)
    }

    private func paintText(_ run: TextRun) {
        let layout = PangoText.layout(run.string, font: run.font, context: context)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        cairo_new_path(context)
        cairo_move_to(context, run.origin.x, run.origin.y - baseline)
        if let halo = run.haloColor, run.haloWidth > 0 {
            // The halo is the glyph outlines stroked twice as wide, under the fill.
            pango_cairo_layout_path(context, layout)
            setColor(halo)
            cairo_set_line_width(context, 2 * run.haloWidth)
            cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
            // Set, not left from the command before: the cap decides whether the empty
            // pieces of a glyph outline show as specks.
            cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
            cairo_stroke(context)
            cairo_move_to(context, run.origin.x, run.origin.y - baseline)
        }
        setColor(run.color)
        pango_cairo_show_layout(context, layout)
    }

    private func paintImage(_ image: EncodedImage, in rect: CanvasRect) {
        // Decoded once per process and shared across renders (ImageSurfaceCache.swift).
        guard let surface = ImageSurfaceCache.shared.surface(for: image) else { return }
        defer { cairo_surface_destroy(surface) }
        paint(surface, in: rect)
    }

    /// Paints a decoded image scaled into a rect.
    func paint(_ surface: OpaquePointer, in rect: CanvasRect) {
        let width = Double(cairo_image_surface_get_width(surface)),
            height = Double(cairo_image_surface_get_height(surface))
        ImageBlocks.draw(rect, on: context) {
            cairo_save(context)
            cairo_translate(context, rect.minX, rect.minY)
            cairo_scale(context, rect.width / width, rect.height / height)
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
            cairo_restore(context)
        }
    }
}
