internal import CCairo
import MapRenderCore
import Testing

@testable import MapDrawing
@testable import MapRenderCairo

@Suite("Decoded image cache")
struct ImageSurfaceCacheTests {
    /// A 16×16 opaque PNG of one colour.
    static func tile(red: UInt8) -> EncodedImage {
        let pixels: [UInt8] = (0..<256).flatMap { _ -> [UInt8] in [red, 0x40, 0x80, 0xFF] }
        let png = try! RasterImage(width: 16, height: 16, pixels: pixels).pngData()
        return EncodedImage(data: png, pixelWidth: 16, pixelHeight: 16)
    }

    @Test("prepare decodes each distinct image once, in parallel, and painting finds the pixels")
    func prepareDecodesEveryDistinctImage() throws {
        let cache = ImageSurfaceCache(capacity: 1 << 20)
        let tiles = (0..<8).map { Self.tile(red: UInt8($0 * 30)) }
        let garbage = EncodedImage(data: Array("not an image".utf8), pixelWidth: 1, pixelHeight: 1)
        cache.prepare(tiles + tiles.reversed() + [garbage])
        #expect(cache.count == 8, "eight distinct tiles, the repeats and the undecodable one not kept")
        for (index, tile) in tiles.enumerated() {
            let surface = try #require(cache.surface(for: tile))
            defer { cairo_surface_destroy(surface) }
            let pixel = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: 1) {
                $0.pointee
            }
            #expect(pixel == 0xFF00_4080 | UInt32(index * 30) << 16, "ARGB of tile \(index)")
        }
        #expect(cache.count == 8, "the surfaces came from the cache")
        #expect(cache.surface(for: garbage) == nil)
    }
}
