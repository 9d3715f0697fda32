internal import CCairo
import MapGeometry
import Testing

@testable import MapDrawing
@testable import MapRenderCairo

/// Raster strokes drawn cheaper where it cannot be seen: curves flattened to a quarter
/// pixel, and the round joins and caps of lines at most two device pixels wide drawn as
/// bevels and squares.
@Suite("raster strokes: tolerance and thin joins")
struct RasterStrokeTests {
    /// The largest channel difference, 0–255, allowed on any pixel between our drawing and
    /// Cairo's exact round joins and caps at its default tolerance: a corner's coverage moves
    /// by under half a pixel.
    static let pixelTolerance = 128
    /// The largest mean channel difference over the image, 0–255.
    static let meanTolerance = 1.5

    /// A zigzag with sharp turns, where joins show most, in canvas points.
    static let zigzag: [CanvasPoint] = (0..<9).map { CanvasPoint(x: 8 + 10 * Double($0), y: $0 % 2 == 0 ? 10 : 40) }

    static func list(width: Double) -> DisplayList {
        DisplayList(
            size: CanvasSize(width: 100, height: 50),
            commands: [
                .clear(.white),
                .stroke(
                    Path.polyline(zigzag),
                    StrokeStyle(color: .black, lineWidth: width, lineCap: .round, lineJoin: .round)),
            ])
    }

    /// The zigzag stroked by Cairo directly, black on white, at its default tolerance.
    static func reference(width: Double, scale: Double, cap: cairo_line_cap_t, join: cairo_line_join_t) -> RasterImage {
        let (w, h) = (Int(100 * scale), Int(50 * scale))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, scale, scale)
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_set_source_rgb(context, 0, 0, 0)
        cairo_move_to(context, zigzag[0].x, zigzag[0].y)
        for point in zigzag.dropFirst() { cairo_line_to(context, point.x, point.y) }
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, cap)
        cairo_set_line_join(context, join)
        cairo_stroke(context)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let p = data + y * stride + 4 * x
                pixels += [p[2], p[1], p[0], 255]
            }
        }
        return RasterImage(width: w, height: h, pixels: pixels)
    }

    /// The largest and the mean channel difference between two images of one size.
    static func difference(_ a: RasterImage, _ b: RasterImage) -> (largest: Int, mean: Double) {
        var largest = 0, total = 0, count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                for (u, v) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue)] {
                    let d = abs(Int(u) - Int(v))
                    largest = max(largest, d)
                    total += d
                    count += 1
                }
            }
        }
        return (largest, Double(total) / Double(count))
    }

    func render(width: Double, scale: Double) throws -> RasterImage {
        try RasterImage(png: CairoRenderer().render(Self.list(width: width), scale: scale, format: .png))
    }

    @Test(
        "a thin round-joined line looks like its exact drawing, and is drawn with bevels",
        arguments: [(1.0, 1.0), (1.5, 1.0), (1.0, 2.0)])
    func thinLine(width: Double, scale: Double) throws {
        let ours = try render(width: width, scale: scale)
        let round = Self.difference(
            ours, Self.reference(width: width, scale: scale, cap: CAIRO_LINE_CAP_ROUND, join: CAIRO_LINE_JOIN_ROUND))
        #expect(round.largest <= Self.pixelTolerance && round.mean <= Self.meanTolerance, "\(round)")
        // Under the threshold the joins are bevels and the caps squares (up to the tolerance
        // of curves, which a bevel has none of).
        let bevel = Self.difference(
            ours, Self.reference(width: width, scale: scale, cap: CAIRO_LINE_CAP_SQUARE, join: CAIRO_LINE_JOIN_BEVEL))
        #expect(bevel.largest == 0, "\(bevel)")
    }

    @Test("a line wider than two device pixels keeps its round joins", arguments: [(6.0, 1.0), (1.5, 2.0)])
    func wideLine(width: Double, scale: Double) throws {
        let ours = try render(width: width, scale: scale)
        let round = Self.difference(
            ours, Self.reference(width: width, scale: scale, cap: CAIRO_LINE_CAP_ROUND, join: CAIRO_LINE_JOIN_ROUND))
        let bevel = Self.difference(
            ours, Self.reference(width: width, scale: scale, cap: CAIRO_LINE_CAP_SQUARE, join: CAIRO_LINE_JOIN_BEVEL))
        // Round, to a quarter pixel: near the exact drawing, far from the bevels.
        #expect(round.largest <= Self.pixelTolerance && round.mean <= Self.meanTolerance, "\(round)")
        #expect(bevel.largest > Self.pixelTolerance, "\(bevel)")
        #expect(round.mean < bevel.mean)
    }
}
