import Foundation
import MapTerrain
import Testing

@Suite("DEM encodings and prepared slopes")
struct PreparedSlopesTests {
    @Test("terrarium and mapbox decode their documented formulas")
    func encodings() {
        #expect(DEMEncoding.terrarium.elevation(red: 128, green: 0, blue: 0) == 0)
        #expect(DEMEncoding.terrarium.elevation(red: 0, green: 0, blue: 0) == -32768)
        #expect(DEMEncoding.terrarium.elevation(red: 130, green: 120, blue: 128) == 632.5)
        // 1·65536 + 134·256 + 160 = 100000 tenths of a metre above −10000 m.
        #expect(DEMEncoding.mapbox.elevation(red: 1, green: 134, blue: 160) == 0)
        #expect(abs(DEMEncoding.mapbox.elevation(red: 1, green: 159, blue: 168) - 640.8) < 1e-3)
    }

    /// A tile of `side` pixels rising `rise` metres per pixel eastwards, starting at `start`.
    func ramp(side: Int, rise: Float, start: Float = 500) -> ElevationTile {
        ElevationTile(side: side, elevations: (0..<side * side).map { start + Float($0 % side) * rise })
    }

    /// The stored byte of derivative `d`, written out from the prepare shader's formula.
    func stored(_ sobel: Double, side: Int, zoom: Int) -> UInt8 {
        let k = Double(side) / pow(2, (Double(zoom) - 15) * 0.3 + 28.2562 - Double(zoom))
        return UInt8((min(max(sobel * k / 8 + 0.5, 0), 1) * 255).rounded())
    }

    @Test("the Sobel slope, scaled for the tile's zoom, is stored in a byte")
    func sobelAndZoomFactor() {
        let tile = ramp(side: 8, rise: 300)
        let slopes = PreparedSlopes(tile: tile, zoom: 14) { _, _ in nil }
        // Inside: (c + 2f + i) − (a + 2d + g) = 4 · 2 · 300 m; no north-south slope.
        let middle = 2 * (3 * 8 + 3)
        #expect(slopes.texels[middle] == stored(2400, side: 8, zoom: 14))
        #expect(slopes.texels[middle + 1] == 128)
        #expect(slopes.texels[middle] != 128)
    }

    @Test("the border comes from the neighbours, else the tile's own edge is repeated")
    func borderFromNeighbours() {
        let tile = ramp(side: 8, rise: 30)
        let east = ramp(side: 8, rise: 30, start: 500 + 8 * 30)
        let alone = PreparedSlopes(tile: tile, zoom: 12) { _, _ in nil }
        let bordered = PreparedSlopes(tile: tile, zoom: 12) { dx, dy in dx == 1 && dy == 0 ? east : nil }
        let edge = 2 * (3 * 8 + 7), inside = 2 * (3 * 8 + 3)
        // With the eastern neighbour the plane goes on: the edge pixel slopes as the inside.
        #expect(bordered.texels[edge] == bordered.texels[inside])
        // Alone, the repeated edge halves the difference there: a seam.
        #expect(alone.texels[edge] == stored(120, side: 8, zoom: 12))
        #expect(alone.texels[edge] != alone.texels[inside])
        // A neighbour of another size is left out.
        let odd = PreparedSlopes(tile: tile, zoom: 12) { dx, dy in dx == 1 && dy == 0 ? ramp(side: 4, rise: 30) : nil }
        #expect(odd.texels == alone.texels)
    }

    @Test("the prepared texture is sampled bilinearly between texel centres and decoded as rg·8 − 4")
    func sampling() {
        let tile = ramp(side: 4, rise: 10)
        let slopes = PreparedSlopes(tile: tile, zoom: 14) { _, _ in nil }
        let at = { (i: Int) in Double(slopes.texels[2 * (1 * 4 + i)]) / 255 * 8 - 4 }
        #expect(abs(slopes.derivative(u: 1.5, v: 1.5).x - at(1)) < 1e-12)
        #expect(abs(slopes.derivative(u: 2, v: 1.5).x - (at(1) + at(2)) / 2) < 1e-12)
    }
}

@Suite("Hillshade methods and colour ramps")
struct ShadingTests {
    func shade(_ method: HillshadeMethod, direction: Double = 335, _ x: Double, _ y: Double) -> TerrainColor {
        Hillshade(HillshadeParameters(method: method, directions: [direction])).color(x: x, y: y)
    }

    @Test("flat ground: standard, combined and igor leave it clear; basic lights it at 45°")
    func flatGround() {
        #expect(shade(.standard, 0, 0).alpha == 0)
        #expect(shade(.combined, 0, 0).alpha == 0)
        #expect(shade(.igor, 0, 0).alpha == 0)
        // cos(incidence) = sin 45° ≈ 0.707 > 0.5: white at 2 · 0.707 − 1.
        let basic = shade(.basic, 0, 0)
        #expect(abs(basic.alpha - (2 * sin(Double.pi / 4) - 1)) < 1e-12)
        #expect(basic.red == basic.alpha)
    }

    @Test("turning the light round turns the slopes round", arguments: HillshadeMethod.allCases)
    func lightDirection(_ method: HillshadeMethod) {
        let facing = shade(method, direction: 90, 0.8, 0.3)
        let turned = shade(method, direction: 270, -0.8, -0.3)
        #expect(abs(facing.alpha - turned.alpha) < 1e-9 && abs(facing.red - turned.red) < 1e-9)
        // And the two sides of a ridge under one light differ.
        #expect(shade(method, direction: 90, 0.8, 0.3) != shade(method, direction: 90, -0.8, -0.3))
    }

    @Test("multidirectional with one light is basic; more lights are averaged")
    func multidirectional() {
        #expect(shade(.multidirectional, 0.5, -0.2) == shade(.basic, 0.5, -0.2))
        let two = Hillshade(HillshadeParameters(method: .multidirectional, directions: [90, 270]))
        let east = shade(.multidirectional, direction: 90, 0.5, 0)
        let west = shade(.multidirectional, direction: 270, 0.5, 0)
        let both = two.color(x: 0.5, y: 0)
        #expect(abs(both.alpha - (east.alpha + west.alpha) / 2) < 1e-9)
    }

    @Test("a linear ramp interpolates premultiplied 8-bit stops and clamps at its ends")
    func linearRamp() {
        let ramp = ColorRamp(
            stops: [(1000, TerrainColor(straightRed: 1, green: 1, blue: 1, alpha: 1)), (0, .clear)],
            interpolation: .linear, opacity: 0.5)
        #expect(ramp.color(atElevation: 500) == TerrainColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.25))
        #expect(ramp.color(atElevation: -50) == .clear)
        #expect(ramp.color(atElevation: 5000).alpha == 0.5)
    }

    @Test("a step ramp holds each stop's colour from it up, the base below the first")
    func stepRamp() {
        let red = TerrainColor(straightRed: 1, green: 0, blue: 0, alpha: 1)
        let ramp = ColorRamp(stops: [(700, red), (900, .white)], interpolation: .step(base: .black))
        #expect(ramp.color(atElevation: 699) == .black)
        #expect(ramp.color(atElevation: 700) == red)
        #expect(ramp.color(atElevation: 1200) == .white)
    }
}

@Suite("Relief pictures")
struct TerrainRasterTests {
    @Test("the DEM zoom is floor(zoom), one less for 512-pixel tiles, clamped to the source")
    func demZoom() {
        #expect(TerrainRaster.demZoom(forMapZoom: 14.7, tileSize: 256, zoomRange: 0...15) == 14)
        #expect(TerrainRaster.demZoom(forMapZoom: 14.7, tileSize: 512, zoomRange: 0...15) == 13)
        #expect(TerrainRaster.demZoom(forMapZoom: 16, tileSize: 256, zoomRange: 9...14) == 14)
        #expect(TerrainRaster.demZoom(forMapZoom: 3, tileSize: 256, zoomRange: 9...14) == 9)
    }

    @Test("colour relief paints the pixels over a tile and leaves the others clear")
    func colorReliefPicture() {
        let tile = ElevationTile(side: 4, elevations: Array(repeating: 800, count: 16))
        let ramp = ColorRamp(stops: [(0, .black), (1000, .white)], interpolation: .linear)
        // Zoom 2: the world is 1024 pixels; the grid straddles the edge between tiles (1, 1) and (2, 1).
        let grid = TerrainPixelGrid(originX: 500, originY: 300, zoom: 2, step: 1, width: 24, height: 4)
        let pixels = TerrainRaster.paint(.colorRelief(ramp), grid: grid, demZoom: 2) { x, y in
            x == 1 && y == 1 ? tile : nil
        }
        let grey = ramp.color(atElevation: 800).argbWord
        #expect(pixels[0] == grey && pixels[11] == grey)
        #expect(pixels[12] == 0 && pixels[23] == 0)
        #expect(grey >> 24 == 0xFF)
    }
}
