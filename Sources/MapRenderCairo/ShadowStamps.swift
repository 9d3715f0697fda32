internal import CCairo
import MapDrawing
import MapGeometry
import Synchronization

/// Pre-rendered soft shadows, stamped instead of drawn again.
///
/// A shadow costs four wide strokes and a fill (`CairoPainter.paintShadow`), and a map
/// draws the same few shapes over and over: every pin casts the same two shadows, every
/// blue dot the same one. For raster output the shadow of a shape is drawn once into a
/// small image surface and copied, pixel for pixel, to each place it is needed.
///
/// Shapes are recognised up to translation: the key is the path relative to its extents'
/// corner, quantised to 1/64 point, with the colour, the blur, the device scale and where
/// the corner falls within a device pixel (in halves), so at most 4 stamps per shape.
/// Thread safety: stamps are never drawn on after creation, and each use gets its own view
/// surface (as in `ImageSurfaceCache`); the table is behind a mutex.
final class ShadowStamps: Sendable {
    /// The process-wide stamps.
    static let shared = ShadowStamps(capacity: 256)
    /// Positions a stamp is made for, per device pixel and axis.
    static let phases = 2.0

    /// A `cairo_surface_t *` owned by the table (see `ImageSurfaceCache`).
    private struct SurfaceReference: @unchecked Sendable {
        var pointer: OpaquePointer
    }

    private let stamps = Mutex([[Int64]: SurfaceReference]())
    /// The most stamps kept; past it the table starts afresh (maps rarely have more than a
    /// handful of shadow shapes, callout bubbles aside).
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    deinit {
        stamps.withLock { table in
            for stamp in table.values { cairo_surface_destroy(stamp.pointer) }
        }
    }

    /// How many stamps are kept.
    var count: Int { stamps.withLock { $0.count } }

    /// Paints the shadow of the path currently set on `context` (in user space, an identity
    /// transform apart from the surface's device scale): from a stamp, drawing the stamp
    /// first with `draw` (which must draw the shadow of the current path) when the shape is
    /// new. Returns false, drawing nothing, when the path is empty or larger than a pin-sized
    /// stamp (64 points with the blur: a callout bubble is seldom repeated, its shadow drawn).
    func paint(
        _ path: Path, color: Color, blur: Double, on context: OpaquePointer,
        draw: (_ stamp: OpaquePointer, _ shape: Path, _ color: Color, _ blur: Double) -> Void
    ) -> Bool {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_path_extents(context, &x1, &y1, &x2, &y2)
        // Stroke widths reach `blur` beyond the edge; one more point for antialiasing.
        let margin = blur + 1
        guard x2 > x1 || y2 > y1, x2 - x1 + 2 * margin <= 64, y2 - y1 + 2 * margin <= 64 else { return false }
        var scale = 1.0, scaleY = 1.0
        cairo_surface_get_device_scale(cairo_get_target(context), &scale, &scaleY)
        guard scale == scaleY, scale > 0 else { return false }
        // Where the shape's corner falls in device pixels: a whole pixel and a phase, in
        // halves of a pixel. A stamp is drawn for one phase and copied pixel for pixel, so
        // a stamped shadow is the drawn one shifted by at most 1/4 pixel, on an edge already
        // blurred over several pixels; with finer phases a single map made more stamps than
        // it reused.
        let deviceX = x1 * scale, deviceY = y1 * scale
        var pixelX = deviceX.rounded(.down), pixelY = deviceY.rounded(.down)
        var phaseX = ((deviceX - pixelX) * Self.phases).rounded(), phaseY = ((deviceY - pixelY) * Self.phases).rounded()
        if phaseX == Self.phases { (pixelX, phaseX) = (pixelX + 1, 0) }
        if phaseY == Self.phases { (pixelY, phaseY) = (pixelY + 1, 0) }
        let border = (margin * scale).rounded(.up)
        let quantized = Self.quantized(path, origin: CanvasPoint(x: x1, y: y1), color: color, blur: blur, scale: scale)
        let key = quantized.key + [Int64(phaseX), Int64(phaseY)]

        // A reference of our own, taken under the lock, so eviction by another thread
        // cannot free the stamp while it is painted here.
        let stamp: OpaquePointer
        if let found = stamps.withLock({ table in table[key].map { cairo_surface_reference($0.pointer)! } }) {
            stamp = found
        } else {
            let width = Int32(((x2 - x1) * scale).rounded(.up) + 2 * border + 1)
            let height = Int32(((y2 - y1) * scale).rounded(.up) + 2 * border + 1)
            stamp = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
            cairo_surface_set_device_scale(stamp, scale, scale)
            let stampContext = cairo_create(stamp)!
            // The stamp is drawn from what its key holds, not from this path: whichever map
            // makes it first, the same key gives the same pixels, so maps drawn one by one
            // and in a batch sharing the stamps come out the same.
            cairo_translate(
                stampContext, (border + phaseX / Self.phases) / scale, (border + phaseY / Self.phases) / scale)
            draw(stampContext, quantized.shape, quantized.color, quantized.blur)
            cairo_destroy(stampContext)
            cairo_surface_flush(stamp)
            let dropped = stamps.withLock { table -> [SurfaceReference] in
                var dropped: [SurfaceReference] = []
                if table.count >= capacity {
                    dropped = Array(table.values)
                    table.removeAll()
                }
                if let old = table.updateValue(SurfaceReference(pointer: cairo_surface_reference(stamp)), forKey: key) {
                    dropped.append(old)
                }
                return dropped
            }
            for old in dropped { cairo_surface_destroy(old.pointer) }
        }
        defer { cairo_surface_destroy(stamp) }
        guard let view = ImageSurfaceCache.view(of: stamp) else { return false }
        defer { cairo_surface_destroy(view) }
        cairo_surface_set_device_scale(view, scale, scale)
        cairo_new_path(context)
        cairo_set_source_surface(context, view, (pixelX - border) / scale, (pixelY - border) / scale)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_NEAREST)
        cairo_paint(context)
        return true
    }

    /// The path relative to `origin`, quantised to 1/64 point, then the look, as a table key;
    /// and the shape, colour and blur that key stands for, to draw the stamp from.
    private static func quantized(
        _ path: Path, origin: CanvasPoint, color: Color, blur: Double, scale: Double
    ) -> (key: [Int64], shape: Path, color: Color, blur: Double) {
        func q(_ value: Double) -> Int64 { Int64((value * 64).rounded()) }
        func value(_ quantum: Int64) -> Double { Double(quantum) / 64 }
        func point(_ p: CanvasPoint, into key: inout [Int64]) -> CanvasPoint {
            let x = q(p.x - origin.x), y = q(p.y - origin.y)
            key += [x, y]
            return CanvasPoint(x: value(x), y: value(y))
        }
        let channels = [color.red, color.green, color.blue, color.alpha].map { q($0 * 255) }
        var key: [Int64] = [q(blur), q(scale)] + channels
        var elements: [PathElement] = []
        for element in path.elements {
            switch element {
            case .move(let p):
                key.append(0)
                elements.append(.move(point(p, into: &key)))
            case .line(let p):
                key.append(1)
                elements.append(.line(point(p, into: &key)))
            case .curve(let c1, let c2, let p):
                key.append(2)
                elements.append(.curve(point(c1, into: &key), point(c2, into: &key), point(p, into: &key)))
            case .arc(let c, let r, let a0, let a1):
                key.append(3)
                let center = point(c, into: &key)
                let radius = q(r), start = q(a0 * 1000), end = q(a1 * 1000)
                key += [radius, start, end]
                elements.append(
                    .arc(
                        center: center, radius: value(radius), startAngle: value(start) / 1000,
                        endAngle: value(end) / 1000))
            case .close:
                key.append(4)
                elements.append(.close)
            }
        }
        let look = channels.map { value($0) / 255 }
        return (
            key, Path(elements), Color(red: look[0], green: look[1], blue: look[2], alpha: look[3]),
            value(key[0])
        )
    }
}
