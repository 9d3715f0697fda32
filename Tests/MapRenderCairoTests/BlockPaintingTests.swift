import MapDrawing
import MapErrors
import MapGeometry
import MapTestSupport
import Synchronization
import Testing

@testable import MapRenderCairo

/// A map's backdrop painted from reused blocks (`ReusableBackdrop`, `PaintedBlockCache`) must
/// have the pixels of the map painted in one piece, whatever maps painted the blocks.
///
/// The backdrop here is a little world of its own: shapes fixed in world device pixels, on
/// coordinates that are whole quarters of a pixel, so that laying them out for any rectangle
/// gives exactly the same numbers. (Street maps are compared end to end in
/// `BlockReuseTests`.)
@Suite("Painted basemap blocks reused")
struct BlockPaintingTests {
    /// Counts the rectangles a source was asked for.
    final class Calls: Sendable {
        let count = Mutex(0)
    }

    /// The world's shapes for the rectangle `rect` of a map's device pixels, the map's world
    /// origin at device pixel `origin`: in canvas points from the rectangle's corner.
    static func world(
        _ rect: PixelRect, origin: (x: Int, y: Int), scale: Double, background: Color
    ) -> [DrawCommand] {
        // World pixel (wx, wy) lies at map pixel (wx + origin.x, wy + origin.y).
        let left = Double(rect.x - origin.x), top = Double(rect.y - origin.y)
        func point(_ wx: Double, _ wy: Double) -> CanvasPoint {
            CanvasPoint(x: (wx - left) / scale, y: (wy - top) / scale)
        }
        var commands: [DrawCommand] = [.clear(background)]
        for index in 0..<40 {
            let x = Double(index * 97 % 1900) + 0.25, y = Double(index * 61 % 1300) + 0.75
            commands.append(
                .fill(
                    Path.polyline(
                        [point(x, y), point(x + 83.5, y + 11.25), point(x + 40.25, y + 70.5)], closed: true),
                    Color(red: 0.2 + Double(index % 5) / 8, green: 0.6, blue: 0.3, alpha: index % 3 == 0 ? 0.5 : 1),
                    evenOdd: false))
        }
        var streets = Path()
        for index in 0..<30 {
            let y = Double(index * 43 % 1300) + 0.5
            streets.append(Path.polyline([point(0, y), point(700, y + 90.25), point(1900, y - 40.5)]))
        }
        commands.append(.stroke(streets, StrokeStyle(color: Color.white.withAlpha(0.8), lineWidth: 5)))
        commands.append(
            .stroke(streets, StrokeStyle(color: Color.black, lineWidth: 1.2, dashPattern: [4, 2.5], lineCap: .butt)))
        for index in 0..<25 {
            commands.append(
                .fill(
                    Path.circle(
                        center: point(Double(index * 131 % 1900), Double(index * 89 % 1300)), radius: 6.25),
                    Color.blue.withAlpha(0.6), evenOdd: false))
        }
        return commands
    }

    /// A map of `width` × `height` points showing the world from `origin`, its backdrop
    /// marked with `key`, pins over it.
    static func map(
        width: Double, height: Double, origin: (x: Int, y: Int), scale: Double, key: String = "world",
        background: Color = TestScenes.paper, calls: Calls = Calls()
    ) -> DisplayList {
        let size = CanvasSize(width: width, height: height)
        let whole = PixelRect(
            x: 0, y: 0, width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)))
        let backdrop = world(whole, origin: origin, scale: scale, background: background)
        var list = DisplayList(size: size, commands: backdrop + TestScenes.pins.commands.dropFirst())
        let source = BackdropSource { rect in
            calls.count.withLock { $0 += 1 }
            return (world(rect, origin: origin, scale: scale, background: background), true)
        }
        list.backdrop = ReusableBackdrop(
            commandCount: backdrop.count, canvasSize: size, key: key, worldOriginX: Double(origin.x),
            worldOriginY: Double(origin.y), source: source)
        return list
    }

    /// The list painted in one piece: without its backdrop mark.
    static func whole(_ list: DisplayList, scale: Double) throws -> [UInt8] {
        var plain = list
        plain.backdrop = nil
        return try CairoRenderer(decodesImagesInParallel: false).render(plain, scale: scale, format: .png)
    }

    /// How far a map from blocks may be from the map painted in one piece: 16 levels (of
    /// 255) in a channel, the goldens' threshold for antialiasing noise, on at most 1 % of
    /// the pixels. The shapes are the same, to the bit; what Cairo makes of them is not quite:
    /// it clips a path to the surface's extents before rasterizing, and strokes (above all
    /// translucent ones: the 5-point casing here, measured 0.7 % of pixels by up to 10) come
    /// out slightly otherwise on a block's surface than on the map's. Fills and circles alone
    /// differ on a few pixels in 10,000.
    static let channelTolerance = 16
    static let differingShare = 0.01

    /// Whether two PNGs' decoded pixels are within the tolerance, with what differs.
    static func nearlyEqual(_ a: [UInt8], _ b: [UInt8]) throws -> (Bool, String) {
        let x = try RasterImage(png: a), y = try RasterImage(png: b)
        guard x.width == y.width, x.height == y.height else { return (false, "sizes differ") }
        var differing = 0, largest = 0
        for pixel in 0..<(x.width * x.height) {
            var worst = 0
            for channel in 0..<4 {
                worst = max(worst, abs(Int(x.pixels[pixel * 4 + channel]) - Int(y.pixels[pixel * 4 + channel])))
            }
            if worst > 0 { differing += 1 }
            largest = max(largest, worst)
        }
        let within =
            largest <= channelTolerance && Double(differing) <= differingShare * Double(x.width * x.height)
        return (within, "\(differing) of \(x.width * x.height) pixels differ, by up to \(largest)")
    }

    static func renderer(_ cache: PaintedBlockCache) -> CairoRenderer {
        var renderer = CairoRenderer(decodesImagesInParallel: false)
        renderer.blockCache = cache
        return renderer
    }

    @Test(
        "a map painted from blocks has the pixels of the map painted in one piece",
        arguments: [
            (300.0, 200.0, 1.0, -1000, -700), (517.0, 333.0, 1.0, -1133, -611), (260.0, 170.0, 2.0, -1536, -980),
        ]
    )
    func blocksEqualWhole(width: Double, height: Double, scale: Double, x: Int, y: Int) throws {
        let cache = PaintedBlockCache(capacity: 64 << 20)
        let list = Self.map(width: width, height: height, origin: (x, y), scale: scale)
        // The first map of a view is painted whole and keeps nothing; the second paints its
        // blocks and keeps them.
        let first = try Self.renderer(cache).render(list, scale: scale, format: .png)
        #expect(first == (try Self.whole(list, scale: scale)))
        #expect(cache.statistics.blocks == 0)
        let painted = try Self.renderer(cache).render(list, scale: scale, format: .png)
        let (paintedNear, paintedDifference) = try Self.nearlyEqual(painted, try Self.whole(list, scale: scale))
        #expect(paintedNear, "\(paintedDifference)")
        #expect(cache.statistics.blocks > 0)
        // Drawn again, every block is reused.
        let before = cache.statistics
        #expect((try Self.renderer(cache).render(list, scale: scale, format: .png)) == painted)
        #expect(cache.statistics.hits - before.hits == cache.statistics.blocks)
        #expect(cache.statistics.misses == before.misses)
    }

    @Test("a map overlapping another reuses the blocks it painted, with the pixels painted in one piece")
    func overlappingMapsShareBlocks() throws {
        let cache = PaintedBlockCache(capacity: 64 << 20)
        let first = Self.map(width: 400, height: 300, origin: (-1000, -700), scale: 1)
        for _ in 0..<2 { _ = try Self.renderer(cache).render(first, scale: 1, format: .png) }
        let calls = Calls()
        let second = Self.map(width: 400, height: 300, origin: (-1300, -650), scale: 1, calls: calls)
        let hits = cache.statistics.hits
        let painted = try Self.renderer(cache).render(second, scale: 1, format: .png)
        let (paintedNear, paintedDifference) = try Self.nearlyEqual(painted, try Self.whole(second, scale: 1))
        #expect(paintedNear, "\(paintedDifference)")
        #expect(cache.statistics.hits > hits, "the second map found none of the first map's blocks")
        // Half of its blocks were kept: its missing ones are painted at once, laid out in one
        // rectangle.
        #expect(calls.count.withLock { $0 } == 1, "the missing blocks are laid out in one rectangle")
    }

    @Test("the cache keeps at most its ceiling, least recently used dropped first, and the pixels stay right")
    func boundedByItsCeiling() throws {
        let blockBytes = ReusableBackdrop.blockSide * ReusableBackdrop.blockSide * 4
        let cache = PaintedBlockCache(capacity: 3 * blockBytes)
        // 600 × 500 from a whole origin: 3 × 2 blocks and more, past the ceiling.
        let list = Self.map(width: 600, height: 500, origin: (-1024, -768), scale: 1)
        _ = try Self.renderer(cache).render(list, scale: 1, format: .png)
        let painted = try Self.renderer(cache).render(list, scale: 1, format: .png)
        let (paintedNear, paintedDifference) = try Self.nearlyEqual(painted, try Self.whole(list, scale: 1))
        #expect(paintedNear, "\(paintedDifference)")
        let statistics = cache.statistics
        #expect(statistics.blocks == 3)
        #expect(statistics.bytes <= 3 * blockBytes)
        #expect(statistics.evictions >= 3)
        // Blocks 4...6 × 3...4, stored row by row: the last three are kept.
        let key = { (column: Int, row: Int) in PaintedBlockCache.Key(backdrop: "world", column: column, row: row) }
        let kept = (3...4).flatMap { row in (4...6).map { key($0, row) } }.filter { cache.block(for: $0) != nil }
        #expect(kept == [key(4, 4), key(5, 4), key(6, 4)])
        // Lowering the ceiling drops blocks at once; 0 keeps none.
        cache.capacity = blockBytes
        #expect(cache.statistics.blocks == 1)
        cache.capacity = 0
        #expect(cache.statistics.blocks == 0)
    }

    @Test("backdrops of two looks at one view never share blocks")
    func keysKeepLooksApart() throws {
        let cache = PaintedBlockCache(capacity: 64 << 20)
        let light = Self.map(width: 300, height: 200, origin: (-1000, -700), scale: 1, key: "light")
        let dark = Self.map(
            width: 300, height: 200, origin: (-1000, -700), scale: 1, key: "dark",
            background: Color(red: 0.1, green: 0.1, blue: 0.15))
        _ = try Self.renderer(cache).render(light, scale: 1, format: .png)
        let lightPainted = try Self.renderer(cache).render(light, scale: 1, format: .png)
        let hits = cache.statistics.hits
        _ = try Self.renderer(cache).render(dark, scale: 1, format: .png)
        let darkPainted = try Self.renderer(cache).render(dark, scale: 1, format: .png)
        #expect(cache.statistics.hits == hits)
        let (darkPaintedNear, darkPaintedDifference) = try Self.nearlyEqual(darkPainted, try Self.whole(dark, scale: 1))
        #expect(darkPaintedNear, "\(darkPaintedDifference)")
        #expect(darkPainted != lightPainted)
    }

    @Test("with the ceiling at 0, or a canvas grown past the backdrop's, the list is painted in one piece")
    func paintedWholeWhenNotReused() throws {
        let calls = Calls()
        let list = Self.map(width: 300, height: 200, origin: (-1000, -700), scale: 1, calls: calls)
        let off = PaintedBlockCache(capacity: 0)
        for _ in 0..<2 {
            #expect((try Self.renderer(off).render(list, scale: 1, format: .png)) == (try Self.whole(list, scale: 1)))
        }
        var wider = list
        wider.size.width += 80  // a legend strip beside the map
        let on = PaintedBlockCache(capacity: 64 << 20)
        for _ in 0..<2 {
            #expect((try Self.renderer(on).render(wider, scale: 1, format: .png)) == (try Self.whole(wider, scale: 1)))
        }
        #expect(calls.count.withLock { $0 } == 0)
        #expect(on.statistics.blocks == 0)
    }
}
