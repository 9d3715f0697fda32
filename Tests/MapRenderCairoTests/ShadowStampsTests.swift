internal import CCairo
import MapGeometry
import MapRenderCore
import Testing

@testable import MapDrawing
@testable import MapRenderCairo

@Suite("Shadow stamps")
struct ShadowStampsTests {
    /// A 64×48 surface at a device scale, cleared to transparent.
    static func surface(scale: Double) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(64 * scale), Int32(48 * scale))!
        cairo_surface_set_device_scale(surface, scale, scale)
        return surface
    }

    static func pixels(_ surface: OpaquePointer) -> [UInt8] {
        cairo_surface_flush(surface)
        let count = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: count))
    }

    @Test(
        "one stamp per shape, look and pixel phase; stamped equals drawn within a 1/4-pixel shift",
        arguments: [1.0, 2.0])
    func stampsMatchDrawnShadows(scale: Double) throws {
        let stamps = ShadowStamps(capacity: 8)
        let color = Color.black.withAlpha(0.35)
        let stamped = Self.surface(scale: scale), drawn = Self.surface(scale: scale)
        defer {
            cairo_surface_destroy(stamped)
            cairo_surface_destroy(drawn)
        }
        let stampedContext = cairo_create(stamped)!, drawnContext = cairo_create(drawn)!
        defer {
            cairo_destroy(stampedContext)
            cairo_destroy(drawnContext)
        }
        func shadow(at place: CanvasPoint) {
            let path = Path.ellipse(center: place, radiusX: 6, radiusY: 2)
            CairoPainter(context: stampedContext).addPath(path)
            #expect(
                stamps.paint(path, color: color, blur: 2, on: stampedContext) { stamp, shape, look, blur in
                    CairoPainter(context: stamp).drawShadow(shape, color: look, blur: blur)
                })
            CairoPainter(context: drawnContext).drawShadow(path, color: color, blur: 2)
        }
        // Two places on the same half-pixel phase: one stamp, copied exactly.
        shadow(at: CanvasPoint(x: 12.5, y: 10.5))
        shadow(at: CanvasPoint(x: 40.5, y: 30.5))
        #expect(stamps.count == 1, "two places, one shape and phase")
        var a = Self.pixels(stamped), b = Self.pixels(drawn)
        #expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "on the phase a stamp is the drawn shadow")
        #expect(b.contains { $0 > 40 }, "the shadows are there to compare")
        // Off the half-pixel grid: another stamp, a shift of at most 1/4 pixel.
        shadow(at: CanvasPoint(x: 25.2, y: 20.3))
        #expect(stamps.count == 2)
        a = Self.pixels(stamped)
        b = Self.pixels(drawn)
        let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 20, "largest channel difference \(largest)")

        // Another shape is another stamp; a big shape is left to drawing.
        let circle = Path.circle(center: CanvasPoint(x: 30, y: 30), radius: 7)
        CairoPainter(context: stampedContext).addPath(circle)
        #expect(stamps.paint(circle, color: color, blur: 2, on: stampedContext) { _, _, _, _ in })
        #expect(stamps.count == 3)
        let bubble = Path.circle(center: CanvasPoint(x: 30, y: 30), radius: 40)
        CairoPainter(context: stampedContext).addPath(bubble)
        #expect(!stamps.paint(bubble, color: color, blur: 2, on: stampedContext) { _, _, _, _ in })
        #expect(stamps.count == 3)
    }

    @Test("a stamp's pixels depend on its key alone, not on the shape that made it first")
    func stampsIndependentOfFirstUse() throws {
        let color = Color.black.withAlpha(0.35)
        // Two shapes within one quantum (1/64 point) of each other: one key, one stamp.
        let first = Path.ellipse(center: CanvasPoint(x: 12.5, y: 10.5), radiusX: 6, radiusY: 2)
        let second = Path.ellipse(center: CanvasPoint(x: 40.503, y: 30.502), radiusX: 6.003, radiusY: 2.002)
        func paintSecond(after earlier: Path?) -> [UInt8] {
            let stamps = ShadowStamps(capacity: 8)
            let scratch = Self.surface(scale: 1), target = Self.surface(scale: 1)
            defer {
                cairo_surface_destroy(scratch)
                cairo_surface_destroy(target)
            }
            for (path, surface) in [(earlier, scratch), (second, target)] {
                guard let path else { continue }
                let context = cairo_create(surface)!
                defer { cairo_destroy(context) }
                CairoPainter(context: context).addPath(path)
                _ = stamps.paint(path, color: color, blur: 2, on: context) { stamp, shape, look, blur in
                    CairoPainter(context: stamp).drawShadow(shape, color: look, blur: blur)
                }
            }
            #expect(stamps.count == 1)
            return Self.pixels(target)
        }
        let alone = paintSecond(after: nil)
        #expect(alone.contains { $0 > 40 }, "the shadow is there to compare")
        #expect(paintSecond(after: first) == alone)
    }
}
