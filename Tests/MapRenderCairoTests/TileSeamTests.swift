import Foundation
import MapDrawing
import MapGeometry
import MapRenderCore
import MapTestSupport
import MapTiles
import Testing

@testable import MapRenderCairo

/// Raster tiles drawn beyond the source's largest zoom are enlarged; where two of them meet
/// the map must go on as if it were one picture, without a line of background between them.
@Suite("Seams between enlarged tiles")
struct TileSeamTests {
    /// The grey of every tile: dark, so a seam blended with the light background or with
    /// transparency shows as a much lighter line.
    static let gray: UInt8 = 60
    /// How far a pixel at a tile boundary may differ from the tiles' colour, per channel:
    /// resampling a uniform image can only round, never lighten by more than a step or two.
    static let seamTolerance = 2

    /// An MBTiles file of uniformly grey z0 and z1 tiles, as a source's largest zoom is 1.
    private static func uniformSource() throws -> (MBTilesSource, String) {
        let path = temporaryPath("uniform.mbtiles")
        var tiles: [TilePath: [UInt8]] = [TilePath(z: 0, x: 0, y: 0): TestImages.png(gray: gray)]
        for x in 0..<2 {
            for y in 0..<2 { tiles[TilePath(z: 1, x: x, y: y)] = TestImages.png(gray: gray) }
        }
        try makeMBTiles(at: path, metadata: ["name": "uniform", "format": "png"], tiles: tiles)
        return (try MBTilesSource(path: path), path)
    }

    /// The canvas positions, in device pixels, of the pixels either side of the z1 tile
    /// boundaries through the centre (the equator and the prime meridian).
    private static func boundaryPixels(width: Int, height: Int, near center: (x: Double, y: Double)) -> [(Int, Int)] {
        var pixels: [(Int, Int)] = []
        let columns = Int(center.x.rounded(.down)) - 1...Int(center.x.rounded(.down)) + 1
        let rows = Int(center.y.rounded(.down)) - 1...Int(center.y.rounded(.down)) + 1
        for y in 0..<height { for x in columns { pixels.append((x, y)) } }
        for x in 0..<width { for y in rows { pixels.append((x, y)) } }
        return pixels
    }

    @Test(
        "z1 tiles drawn at zoom 3 meet without a seam, on whole and on fractional pixels",
        arguments: [(3.0, 1.0), (3.0, 2.0), (3.3, 1.0), (2.6, 2.0)])
    func enlargedTilesJoin(zoom: Double, scale: Double) throws {
        let (source, path) = try Self.uniformSource()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = CanvasSize(width: 300, height: 200)
        let options = MapSnapshotter.Options(
            size: size, scale: scale, framing: .centerZoom(Coordinate(latitude: 0, longitude: 0), zoom: zoom))
        let snapshot = try MapSnapshotter(scene: MapScene(), options: options, tiles: source)
            .makeSnapshot(renderer: CairoRenderer())
        let image = try RasterImage(png: snapshot.data)
        let meeting = snapshot.point(for: Coordinate(latitude: 0, longitude: 0))
        let pixels = Self.boundaryPixels(
            width: image.width, height: image.height, near: (meeting.x * scale, meeting.y * scale))
        var worst = 0
        var worstPixel = (0, 0)
        for (x, y) in pixels {
            let pixel = image.pixel(x: x, y: y)
            let difference = [pixel.red, pixel.green, pixel.blue].map { abs(Int($0) - Int(Self.gray)) }.max()!
            if difference > worst { (worst, worstPixel) = (difference, (x, y)) }
        }
        #expect(
            worst <= Self.seamTolerance,
            "pixel \(worstPixel) at the tile boundary differs from the tiles' grey by \(worst)")
    }

    /// A grey tile of 64 pixels.
    private static func tile(_ gray: UInt8) -> EncodedImage {
        EncodedImage(data: TestImages.png(width: 64, gray: gray), pixelWidth: 64, pixelHeight: 64)
    }

    /// A tile of `side` pixels checkered pixel by pixel in two greys, so any resampling shows.
    private static func checkeredTile(side: Int, _ a: UInt8, _ b: UInt8) throws -> EncodedImage {
        var pixels: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side {
                let gray = (x + y) % 2 == 0 ? a : b
                pixels += [gray, gray, gray, 255]
            }
        }
        let png = try RasterImage(width: side, height: side, pixels: pixels).pngData()
        return EncodedImage(data: png, pixelWidth: side, pixelHeight: side)
    }

    @Test(
        "tiles drawn 1:1 on whole device pixels give the same pixels as one image per tile, at scale 1 and 2",
        arguments: [1, 2])
    func oneToOneUnchanged(scale: Int) throws {
        let grays: [(UInt8, UInt8)] = [(30, 200), (90, 10), (150, 60), (210, 120)]
        let grid = TileGrid(
            origin: CanvasPoint(x: -20, y: -7), cellSize: CanvasSize(width: 64, height: 64),
            tiles: try grays.indices.map { index in
                TileGrid.Tile(
                    column: index % 2, row: index / 2,
                    image: try Self.checkeredTile(side: 64 * scale, grays[index].0, grays[index].1))
            })
        let size = CanvasSize(width: 100, height: 100)
        let background = DrawCommand.clear(Color(hex: 0xF2EFE9))
        let asGrid = DisplayList(size: size, commands: [background, .tiles(grid)])
        let asImages = DisplayList(
            size: size, commands: [background] + grid.tiles.map { .image($0.image, in: grid.rect(of: $0)) })
        let renderer = CairoRenderer()
        let scale = Double(scale)
        #expect(
            try renderer.render(asGrid, scale: scale, format: .png)
                == renderer.render(asImages, scale: scale, format: .png))
    }

    @Test("in an enlarged grid a missing tile leaves the background and its neighbours keep their colour")
    func missingTileInEnlargedGrid() throws {
        let tiles = [(0, 0), (1, 0), (0, 1)].map { TileGrid.Tile(column: $0.0, row: $0.1, image: Self.tile(Self.gray)) }
        let grid = TileGrid(
            origin: CanvasPoint(x: 0, y: 0), cellSize: CanvasSize(width: 150, height: 150), tiles: tiles)
        let list = DisplayList(
            size: CanvasSize(width: 300, height: 300), commands: [.clear(Color(hex: 0xFFFFFF)), .tiles(grid)])
        let image = try RasterImage(png: CairoRenderer().render(list, scale: 1, format: .png))
        let missing = image.pixel(x: 225, y: 225)
        #expect(missing.red == 255 && missing.green == 255 && missing.blue == 255)
        for (x, y) in [(75, 75), (149, 75), (150, 75), (75, 150), (225, 75)] {
            #expect(image.pixel(x: x, y: y).red == Self.gray, "pixel (\(x), \(y))")
        }
    }
}
