import Foundation
import Testing

@testable import MapTerrain

/// The shading tables (`HillshadeTable`) against the direct maths of `Hillshade.color`.
@Suite("Hillshade tables agree with the direct shading")
struct HillshadeTableTests {
    /// Every method, with the defaults and with other lights, colours and exaggerations.
    static let paints: [HillshadeParameters] = [
        HillshadeParameters(method: .standard),
        HillshadeParameters(
            method: .standard, exaggeration: 0.8, directions: [270], altitudes: [30],
            shadows: [TerrainColor(straightRed: 0.2, green: 0.1, blue: 0.4, alpha: 0.9)],
            highlights: [TerrainColor(straightRed: 1, green: 0.9, blue: 0.6, alpha: 0.5)],
            accent: TerrainColor(straightRed: 0.3, green: 0.2, blue: 0.1, alpha: 1)),
        HillshadeParameters(method: .standard, exaggeration: 0.2),
        HillshadeParameters(method: .basic),
        HillshadeParameters(method: .basic, exaggeration: 1, directions: [120], altitudes: [60]),
        HillshadeParameters(method: .combined),
        HillshadeParameters(method: .combined, exaggeration: 0.9, directions: [45], altitudes: [20]),
        HillshadeParameters(method: .igor),
        HillshadeParameters(method: .igor, exaggeration: 0.3, directions: [200]),
        HillshadeParameters(method: .multidirectional),
        HillshadeParameters(
            method: .multidirectional, exaggeration: 0.7, directions: [270, 315, 0, 45], altitudes: [30, 45],
            shadows: [.black, TerrainColor(straightRed: 0.1, green: 0.2, blue: 0.5, alpha: 1)],
            highlights: [.white, TerrainColor(straightRed: 1, green: 1, blue: 0.8, alpha: 0.7)]),
    ]

    /// A 256-pixel tile with every kind of ground: a steep hill (slopes past the 8-bit
    /// clamp), gentle waves (slopes of a byte or two around flat) and a flat corner.
    static let tile: ElevationTile = {
        let side = 256
        var elevations = [Float](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x - 100), dy = Double(y - 120)
                let hill = 1_400 * exp(-(dx * dx + dy * dy) / (2 * 35 * 35))
                let waves = 6 * sin(Double(x) / 9) * cos(Double(y) / 13)
                let flat = x > 200 && y > 200
                elevations[y * side + x] = Float(flat ? 20 : 20 + hill + waves)
            }
        }
        return ElevationTile(side: side, elevations: elevations)
    }()

    /// The grid over tile (x, y) of zoom 15 near 60° N, at `step` world pixels per device
    /// pixel, from `offset` world pixels into the tile (a fraction, so that pixels fall
    /// between texels).
    static func grid(step: Double, offset: Double, size: Int) -> (TerrainPixelGrid, x: Int, y: Int) {
        let x = 18_653, y = 9_483  // Helsinki at zoom 15
        let grid = TerrainPixelGrid(
            originX: Double(x) * 256 + offset, originY: Double(y) * 256 + offset, zoom: 15, step: step,
            width: size, height: size)
        return (grid, x, y)
    }

    /// The largest channel difference between two ARGB pictures and the mean over channels.
    static func differences(_ a: [UInt32], _ b: [UInt32]) -> (largest: Int, mean: Double) {
        var largest = 0, total = 0
        for (p, q) in zip(a, b) {
            for shift in stride(from: 0, through: 24, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
                largest = max(largest, d)
                total += d
            }
        }
        return (largest, Double(total) / Double(4 * a.count))
    }

    @Test(
        "painted through tables, every method is within the named tolerance of the direct maths",
        arguments: paints.indices)
    func tablesMatchDirectShading(index: Int) {
        let shading = Hillshade(Self.paints[index])
        // One pixel a texel (zoom 15 over zoom-15 tiles) and over-zoomed 2.7 times, 512 × 512.
        for step in [1.0, 0.37] {
            let (grid, _, _) = Self.grid(step: step, offset: 0.3, size: 512)
            let tile = Self.tile
            // Every tile the same: at one pixel a texel the picture spans 3 × 3 tiles.
            let source: @Sendable (Int, Int) -> ElevationTile? = { _, _ in tile }
            // The picture is large enough for a table: the fast path is the one compared.
            #expect(!TerrainRaster.shadingTables(for: .hillshade(shading), grid: grid, concurrently: false).isEmpty)
            let fast = TerrainRaster.paint(
                .hillshade(shading), grid: grid, demZoom: 15, concurrently: false, tables: true, tile: source)
            let direct = TerrainRaster.paint(
                .hillshade(shading), grid: grid, demZoom: 15, concurrently: false, tables: false, tile: source)
            let (largest, mean) = Self.differences(fast, direct)
            #expect(largest <= HillshadeTable.tolerance, "\(Self.paints[index].method) at step \(step)")
            #expect(mean <= HillshadeTable.meanTolerance, "\(Self.paints[index].method) at step \(step)")
            // The picture is not blank: the hill is shaded.
            #expect(Set(direct).count > 100)
        }
    }

    @Test("at whole slope bytes the table holds the direct colour", arguments: paints.indices)
    func tableEntries(index: Int) {
        let shading = Hillshade(Self.paints[index])
        let cosine = cos(60.17 * Double.pi / 180)
        let key = HillshadeTable.key(cosine: cosine)
        let table = HillshadeTable(shading, key: key)
        let divisor = exp(Double(key) * HillshadeTable.divisorStep)
        // The divisor is the latitude's to within the grid's half step.
        #expect(abs(divisor * cosine - 1) <= HillshadeTable.divisorStep / 2 + 1e-9)
        var largest = 0
        for by in stride(from: 0, through: 255, by: 3) {
            for bx in stride(from: 0, through: 255, by: 5) {
                let d = (x: (Double(bx) / 255 * 8 - 4) * divisor, y: (Double(by) / 255 * 8 - 4) * divisor)
                let expected = shading.color(x: d.x, y: d.y).argbWord
                let word = table.argbWord(x: Float(bx), y: Float(by)) ?? 0
                largest = max(largest, Self.differences([word], [expected]).largest)
            }
        }
        // Single against double precision: a rounding tie may fall either way.
        #expect(largest <= 1)
    }

    @Test("a picture of few pixels a latitude is shaded directly, as before")
    func smallPicturesAreDirect() {
        let shading = Hillshade(HillshadeParameters(method: .igor))
        let (grid, x, y) = Self.grid(step: 1, offset: 0.5, size: 64)
        let tile = Self.tile
        let source: @Sendable (Int, Int) -> ElevationTile? = { tx, ty in tx == x && ty == y ? tile : nil }
        let fast = TerrainRaster.paint(
            .hillshade(shading), grid: grid, demZoom: 15, concurrently: false, tables: true, tile: source)
        let direct = TerrainRaster.paint(
            .hillshade(shading), grid: grid, demZoom: 15, concurrently: false, tables: false, tile: source)
        // 64 × 64 pixels are under `pixelsPerTable`: no table, the same pixels.
        #expect(64 * 64 < HillshadeTable.pixelsPerTable)
        #expect(fast == direct)
    }
}
