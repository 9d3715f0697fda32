import MapDrawing
import MapErrors
import MapGeometry
import MapRenderCairo
import MapTestSupport
import Testing

/// Posters are painted and encoded in bands of rows; at a size that fits in one piece, the
/// bands must give exactly the pixels of the one-piece painting.
@Suite("Banded painting and streaming encoders")
struct BandedRenderingTests {
    /// A tile of `side` pixels in a diagonal gradient with a checker, so resampling shows.
    static func patternTile(side: Int, seed: Int) throws -> EncodedImage {
        var pixels: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side {
                let base = (x * 3 + y * 5 + seed * 40) % 200
                let checker = (x / 4 + y / 4) % 2 == 0 ? 40 : 0
                pixels += [UInt8(base + checker), UInt8((base * 7 + seed * 30) % 256), UInt8(255 - base), 255]
            }
        }
        return EncodedImage(
            data: try RasterImage(width: side, height: side, pixels: pixels).pngData(), pixelWidth: side,
            pixelHeight: side)
    }

    /// Four tiles enlarged onto fractional pixels (drawn through the grid's picture), the
    /// pins with their shadows over them, and a translucent fill: no paper, so some pixels stay clear.
    static func tiles() throws -> DisplayList {
        let tiles = try (0..<4).map { index in
            TileGrid.Tile(column: index % 2, row: index / 2, image: try patternTile(side: 32, seed: index))
        }
        var list = DisplayList(size: CanvasSize(width: 150, height: 130), commands: [])
        list.append(
            .tiles(
                TileGrid(
                    origin: CanvasPoint(x: 3.3, y: 5.7), cellSize: CanvasSize(width: 61.7, height: 59.1), tiles: tiles))
        )
        list.commands += TestScenes.pins.commands.dropFirst()
        list.append(
            .fill(
                Path.circle(center: CanvasPoint(x: 120, y: 100), radius: 25), Color.blue.withAlpha(0.3), evenOdd: false)
        )
        return list
    }

    /// The first index where two byte arrays differ, nil when they are equal (a short
    /// failure message instead of both arrays).
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        if let index = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { return index }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    /// Sprite icons scaled onto fractional rects, across the rows where bands meet.
    static var icons: DisplayList {
        var list = DisplayList(size: CanvasSize(width: 120, height: 90), commands: [.clear(TestScenes.paper)])
        for index in 0..<12 {
            let rect = CanvasRect(
                x: 3.3 + Double(index % 4) * 28.7, y: 2.6 + Double(index / 4) * 29.1, width: 17.3, height: 23.9)
            list.append(
                .imagePart(
                    PathTextScenes.sprite, source: PixelRect(x: index % 2 * 4, y: 0, width: 4, height: 4), in: rect))
        }
        return list
    }

    static func scenes() throws -> [(String, DisplayList)] {
        [
            ("pins", TestScenes.pins), ("shapes", TestScenes.shapes), ("text", TestScenes.text),
            ("text along a path", PathTextScenes.streetNameAlongArc(measurer: CairoRenderer().textMeasurer)),
            ("tiles", try tiles()), ("icons", icons),
        ]
    }

    @Test(
        "a PNG painted in bands of 37 rows (rounded to 64 and 32) has the pixels of the one-piece painting",
        arguments: [1.0, 2.5])
    func pngBandsMatchOnePiece(scale: Double) throws {
        for (name, list) in try Self.scenes() {
            for parallel in [false, true] {
                let whole = try CairoRenderer(decodesImagesInParallel: parallel).render(
                    list, scale: scale, format: .png)
                for rows in [37, 1] {
                    let banded = try CairoRenderer(decodesImagesInParallel: parallel, bandRows: rows)
                        .render(list, scale: scale, format: .png)
                    let (a, b) = (try RasterImage(png: whole), try RasterImage(png: banded))
                    #expect(a.width == b.width && a.height == b.height, "\(name)")
                    #expect(
                        Self.firstDifference(a.pixels, b.pixels) == nil,
                        "\(name): bands of \(rows) rows, parallel \(parallel), width \(a.width)")
                }
            }
        }
    }

    @Test("a JPEG written in bands is the same file as one written whole", arguments: [75, 95, 100])
    func jpegBandsMatchOnePiece(quality: Int) throws {
        for (name, list) in try Self.scenes() {
            let whole = try CairoRenderer(quality: quality).render(list, scale: 2, format: .jpeg)
            let banded = try CairoRenderer(quality: quality, bandRows: 37).render(list, scale: 2, format: .jpeg)
            #expect(
                Self.firstDifference(whole, banded) == nil,
                "\(name) at quality \(quality): \(whole.count) and \(banded.count) bytes")
        }
    }

    @Test("files written in bands record the resolution one-piece files record: PNG pHYs, JPEG JFIF density")
    func bandsRecordTheResolution() throws {
        var whole = CairoRenderer(), banded = CairoRenderer(bandRows: 16)
        whole.pixelsPerInch = 300
        banded.pixelsPerInch = 300
        let list = TestScenes.pins
        // JPEG: the same file, JFIF units 1 (dots per inch) and 300 × 300.
        let jpeg = try banded.render(list, scale: 1, format: .jpeg)
        #expect(jpeg == (try whole.render(list, scale: 1, format: .jpeg)))
        #expect(jpeg[13] == 1 && jpeg[14] == 1 && jpeg[15] == 44 && jpeg[16] == 1 && jpeg[17] == 44)
        // PNG: a pHYs chunk of 11,811 pixels per metre each way, in both.
        for png in [try banded.render(list, scale: 1, format: .png), try whole.render(list, scale: 1, format: .png)] {
            let bytes = Array(png)
            let at = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("pHYs".utf8) })
            let word = { (start: Int) in bytes[start..<start + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
            #expect(word(at + 4) == 11_811 && word(at + 8) == 11_811 && bytes[at + 12] == 1)
        }
    }

    @Test("the streamed PNG is RGB under an opaque clear, RGBA otherwise, and decodes to the painted pixels")
    func streamedColourType() throws {
        // Byte 25 is IHDR's colour type: 2 RGB, 6 RGBA (PNG §11.2.2).
        let opaque = try CairoRenderer(bandRows: 16).render(TestScenes.pins, scale: 1, format: .png)
        #expect(opaque[25] == 2)
        let clear = DisplayList(size: TestScenes.pins.size, commands: Array(TestScenes.pins.commands.dropFirst()))
        let translucent = try CairoRenderer(bandRows: 16).render(clear, scale: 1, format: .png)
        #expect(translucent[25] == 6)
        let image = try RasterImage(png: translucent)
        #expect(image.pixel(x: 0, y: 0).alpha == 0)
        #expect(try RasterImage(png: CairoRenderer().render(clear, scale: 1, format: .png)).pixels == image.pixels)
    }

    @Test("a map wider than Cairo's 32,767-pixel surfaces is painted in columns that join exactly")
    func widerThanCairo() throws {
        // A band across the first column boundary (x = 32,736, the most whole 32-pixel blocks
        // within Cairo's side), its edges on half pixels.
        var list = DisplayList(size: CanvasSize(width: 33_000, height: 3), commands: [.clear(.white)])
        list.append(
            .fill(
                .polyline(
                    [
                        CanvasPoint(x: 32_700.5, y: 0), CanvasPoint(x: 32_800.5, y: 0), CanvasPoint(x: 32_800.5, y: 3),
                        CanvasPoint(x: 32_700.5, y: 3),
                    ], closed: true), Color(hex: 0x000000), evenOdd: false))
        let png = try CairoRenderer(decodesImagesInParallel: false).render(list, scale: 1, format: .png)
        #expect(Array(png[16..<24]) == [0, 0, 0x80, 0xE8, 0, 0, 0, 3])  // 33,000 × 3 in IHDR
        // The same rectangle moved left of the boundary, in one piece, gives the same row.
        let scanlines = try #require(PNGScanlines.inflated(png))
        #expect(scanlines.count == 3 * (1 + 33_000 * 3))
        // The first row: its filter byte is None or Up, and Up on the first row changes nothing.
        #expect(scanlines[0] == 0 || scanlines[0] == 2)
        let row = Array(scanlines[(1 + 32_690 * 3)..<(1 + 32_810 * 3)])
        var near = DisplayList(size: CanvasSize(width: 200, height: 3), commands: [.clear(.white)])
        near.append(
            .fill(
                .polyline(
                    [
                        CanvasPoint(x: 10.5, y: 0), CanvasPoint(x: 110.5, y: 0), CanvasPoint(x: 110.5, y: 3),
                        CanvasPoint(x: 10.5, y: 3),
                    ], closed: true), Color(hex: 0x000000), evenOdd: false))
        let reference = try RasterImage(png: CairoRenderer().render(near, scale: 1, format: .png))
        let expected = (0..<120).flatMap { x in
            let pixel = reference.pixel(x: x, y: 0)
            return [pixel.red, pixel.green, pixel.blue]
        }
        #expect(row == expected)
    }

    @Test(
        "an image past a format's limit is a usage error naming the limit",
        arguments: [
            (CanvasSize(width: 70_000, height: 10), 1.0, ImageFormat.png, "65535"),
            (CanvasSize(width: 800, height: 600), 100.0, ImageFormat.jpeg, "65535"),
            (CanvasSize(width: 5_000, height: 4_000), 1.0, ImageFormat.webp, "16777216"),
            (CanvasSize(width: 17_000, height: 10), 1.0, ImageFormat.webp, "16383"),
        ])
    func pastTheLimit(size: CanvasSize, scale: Double, format: ImageFormat, limit: String) {
        #expect {
            _ = try CairoRenderer().render(
                DisplayList(size: size, commands: [.clear(.white)]), scale: scale, format: format)
        } throws: { error in
            guard let error = error as? MapError else { return false }
            return error.kind == .invalidRequest && "\(error.message) \(error.remedy ?? "")".contains(limit)
        }
    }
}
