internal import CCairo
internal import CPangoCairo
import MapGeometry
import MapTestSupport
import Testing

@testable import MapDrawing
@testable import MapRenderCairo

/// Raster text along paths drawn from cluster outlines kept once per text and font, instead
/// of one glyph run per cluster under its own rotation.
@Suite("path text from kept cluster outlines")
struct PathTextOutlineTests {
    let renderer = CairoRenderer()
    let measurer = PangoTextMeasurer()

    /// The largest mean difference per channel over the text's crop, 0–255, between the
    /// outline drawing and glyph runs: the outlines are hinted upright and then turned, the
    /// glyph runs are loaded for their angle, so edges move by a fraction of a pixel.
    static let meanTolerance = 4.0
    /// The largest share of the crop's pixels whose channels differ by more than
    /// `largeDifference`: a shifted glyph edge, not a missing or extra glyph.
    static let largeShareTolerance = 0.03
    /// A channel difference that counts as large, 0–255.
    static let largeDifference = 96

    @Test("the street name along the arc matches its drawing as turned glyph runs", arguments: [1.0, 2.0])
    func matchesGlyphRuns(scale: Double) throws {
        let list = PathTextScenes.streetNameAlongArc(measurer: measurer)
        let image = try RasterImage(png: renderer.render(list, scale: scale, format: .png))
        let reference = Self.glyphRunDrawing(of: list, scale: scale)
        let (mean, largeShare, inked) = Self.difference(image, reference, crop: Self.textCrop(scale: scale))
        #expect(mean <= Self.meanTolerance, "mean difference \(mean) per channel")
        #expect(largeShare <= Self.largeShareTolerance, "\(largeShare) of the pixels differ by more")
        // The crop holds the text: the comparison is not between two empty grounds.
        #expect(inked > 0.1, "only \(inked) of the crop is ink or halo")
    }

    @Test(
        "painted in bands, whose surfaces are offset windows of the image, the text is the same", arguments: [1.0, 2.0])
    func bands(scale: Double) throws {
        // Bands of 16 rows cut through the clusters; every band draws the same outlines.
        let list = PathTextScenes.streetNameAlongArc(measurer: measurer)
        let whole = try RasterImage(png: CairoRenderer(bandRows: nil).render(list, scale: scale, format: .png))
        for parallel in [false, true] {
            let banded = try RasterImage(
                png: CairoRenderer(decodesImagesInParallel: parallel, bandRows: 16).render(
                    list, scale: scale, format: .png))
            #expect(banded == whole, "parallel \(parallel)")
        }
        let (_, _, inked) = Self.difference(whole, whole, crop: Self.textCrop(scale: scale))
        #expect(inked > 0.1)
    }

    @Test("an outline is kept once per text and font, and different fonts give different outlines")
    func keyedByTextAndFont() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64)!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        let layouts = CairoPainter.ClusterLayouts()
        let regular = Font(size: 20), bold = Font(size: 20, isBold: true), larger = Font(size: 30)
        let first = layouts.outline("W", font: regular, cairo: context)
        #expect(layouts.outline("W", font: regular, cairo: context) == first)
        #expect(layouts.outlineCount == 1)
        let others = [
            layouts.outline("W", font: bold, cairo: context), layouts.outline("W", font: larger, cairo: context),
            layouts.outline("V", font: regular, cairo: context),
        ]
        #expect(layouts.outlineCount == 4)
        let all = [first] + others
        #expect(Set(all).count == 4)
        let extents = all.map { Self.extents(of: $0, on: context) }
        for (index, box) in extents.enumerated() {
            #expect(box.width > 5 && box.height > 5, "outline \(index) is \(box)")
            // Baseline origin at (0, 0): the glyph stands on it.
            #expect(box.maxY <= 1 && box.minY < -5, "outline \(index) is \(box)")
        }
        for (a, b) in [(0, 1), (0, 2), (0, 3)] {
            #expect(extents[a] != extents[b], "outlines \(a) and \(b) have the same extents")
        }
        // The larger font's W is half as large again.
        #expect(abs(extents[2].width / extents[0].width - 1.5) < 0.1)
    }

    @Test("the outlines are taken at the identity transformation, whatever the painter's transformation")
    func identityOutline() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64)!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        let font = Font(size: 20)
        let upright = CairoPainter.ClusterLayouts().outline("L", font: font, cairo: context)
        cairo_translate(context, 30, 10)
        cairo_rotate(context, 0.7)
        let turned = CairoPainter.ClusterLayouts().outline("L", font: font, cairo: context)
        cairo_identity_matrix(context)
        let a = Self.extents(of: upright, on: context), b = Self.extents(of: turned, on: context)
        #expect(abs(a.minX - b.minX) < 0.01 && abs(a.maxX - b.maxX) < 0.01)
        #expect(abs(a.minY - b.minY) < 0.01 && abs(a.maxY - b.maxY) < 0.01)
    }

    /// The bounding box of a kept path at the identity transformation, in points.
    private static func extents(of path: UnsafeMutablePointer<cairo_path_t>, on context: OpaquePointer) -> CanvasRect {
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_new_path(context)
        cairo_append_path(context, path)
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        cairo_path_extents(context, &x0, &y0, &x1, &y1)
        cairo_new_path(context)
        cairo_restore(context)
        return CanvasRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The device pixels around the arc's text: its clusters lie between 30 and 210 points
    /// across and 30 and 80 down.
    private static func textCrop(scale: Double) -> (x: Range<Int>, y: Range<Int>) {
        (Int(30 * scale)..<Int(210 * scale), Int(30 * scale)..<Int(80 * scale))
    }

    /// The display list's ground and path text drawn as before: each cluster's halo as its
    /// layout's path and its fill as a glyph run, under the cluster's own transformation.
    private static func glyphRunDrawing(of list: DisplayList, scale: Double) -> RasterImage {
        let width = Int((list.size.width * scale).rounded(.up)), height = Int((list.size.height * scale).rounded(.up))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, scale, scale)
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        for command in list.commands {
            switch command {
            case .clear(let color):
                cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
                cairo_paint(context)
            case .pathText(let run):
                func eachCluster(_ body: (OpaquePointer, Double) -> Void) {
                    for glyph in run.glyphs {
                        cairo_save(context)
                        cairo_translate(context, glyph.origin.x, glyph.origin.y)
                        cairo_rotate(context, glyph.angle)
                        let layout = PangoText.layout(glyph.text, font: run.font, context: context)
                        body(layout, Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE))
                        g_object_unref(UnsafeMutableRawPointer(layout))
                        cairo_restore(context)
                    }
                }
                guard let halo = run.haloColor else {
                    Issue.record("the scene's run has no halo")
                    continue
                }
                cairo_new_path(context)
                eachCluster { layout, baseline in
                    cairo_move_to(context, 0, -baseline)
                    pango_cairo_layout_path(context, layout)
                }
                cairo_set_source_rgba(context, halo.red, halo.green, halo.blue, halo.alpha)
                cairo_set_line_width(context, 2 * run.haloWidth)
                cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(context)
                cairo_set_source_rgba(context, run.color.red, run.color.green, run.color.blue, run.color.alpha)
                eachCluster { layout, baseline in
                    cairo_new_path(context)
                    cairo_move_to(context, 0, -baseline)
                    pango_cairo_show_layout(context, layout)
                }
            default:
                Issue.record("unexpected command \(command)")
            }
        }
        cairo_surface_flush(surface)
        // Opaque ARGB32, so premultiplied and straight agree: B, G, R, A in memory.
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = data + y * stride + 4 * x
                pixels += [p[2], p[1], p[0], p[3]]
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// The mean channel difference over a crop, the share of pixels with a large one, and
    /// the share of the reference's pixels that are not ground.
    private static func difference(
        _ a: RasterImage, _ b: RasterImage, crop: (x: Range<Int>, y: Range<Int>)
    ) -> (mean: Double, largeShare: Double, inked: Double) {
        var total = 0, large = 0, inked = 0, count = 0
        let ground = PathTextScenes.ground
        for y in crop.y {
            for x in crop.x {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                let d = [
                    abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)),
                ]
                total += d.reduce(0, +)
                if d.max()! > largeDifference { large += 1 }
                let distance = abs(Double(q.red) - ground.red * 255) + abs(Double(q.blue) - ground.blue * 255)
                if distance > 30 { inked += 1 }
                count += 1
            }
        }
        return (Double(total) / Double(3 * count), Double(large) / Double(count), Double(inked) / Double(count))
    }
}
