import MapDrawing
import MapRenderCairo
import MapTestSupport
import Testing

/// JPEG and WebP output checked against the PNG of the same display list: decoded with
/// libjpeg-turbo and libwebp, the pixels lie within the codec's error of the PNG's.
@Suite("JPEG and WebP encoders")
struct LossyEncoderTests {
    /// The pins without their paper background: most pixels see-through, the pins opaque
    /// with anti-aliased (translucent) edges.
    static var transparentPins: DisplayList {
        DisplayList(size: TestScenes.pins.size, commands: Array(TestScenes.pins.commands.dropFirst()))
    }

    /// The mean absolute difference per channel (of `channels`: 3 for RGB, 4 with alpha), 0–255.
    static func meanAbsoluteDifference(_ a: RasterImage, _ b: RasterImage, channels: Int) -> Double {
        var total = 0
        for index in 0..<(a.width * a.height) {
            for channel in 0..<channels {
                total += abs(Int(a.pixels[index * 4 + channel]) - Int(b.pixels[index * 4 + channel]))
            }
        }
        return Double(total) / Double(a.width * a.height * channels)
    }

    /// The PNG's pixels composited over white, as JPEG output is.
    static func overWhite(_ image: RasterImage) -> RasterImage {
        var result = image
        for index in 0..<(image.width * image.height) {
            let alpha = Int(image.pixels[index * 4 + 3])
            for channel in 0..<3 {
                let value = Int(image.pixels[index * 4 + channel])
                result.pixels[index * 4 + channel] = UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
            }
            result.pixels[index * 4 + 3] = 255
        }
        return result
    }

    @Test("JPEG at quality 90 decodes within 2 levels (mean) of the PNG", arguments: [1.0, 2.0])
    func jpegMatchesPNG(scale: Double) throws {
        let png = try RasterImage(png: CairoRenderer().render(TestScenes.shapes, scale: scale, format: .png))
        let bytes = try CairoRenderer().render(TestScenes.shapes, scale: scale, format: .jpeg)
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
        let jpeg = try RasterImage(jpeg: bytes)
        #expect(jpeg.width == png.width && jpeg.height == png.height)
        let difference = Self.meanAbsoluteDifference(jpeg, png, channels: 3)
        #expect(difference < 2, "mean absolute difference \(difference)")
    }

    @Test("a lower JPEG quality gives a smaller file further from the PNG")
    func jpegQualityMatters() throws {
        let png = try RasterImage(png: CairoRenderer().render(TestScenes.shapes, scale: 2, format: .png))
        let high = try CairoRenderer(quality: 95).render(TestScenes.shapes, scale: 2, format: .jpeg)
        let low = try CairoRenderer(quality: 20).render(TestScenes.shapes, scale: 2, format: .jpeg)
        #expect(low.count < high.count)
        let highDifference = Self.meanAbsoluteDifference(try RasterImage(jpeg: high), png, channels: 3)
        let lowDifference = Self.meanAbsoluteDifference(try RasterImage(jpeg: low), png, channels: 3)
        #expect(lowDifference > highDifference, "\(lowDifference) vs \(highDifference)")
    }

    @Test("JPEG has no alpha: see-through pixels come out white, the pins in their colour")
    func jpegCompositesOverWhite() throws {
        let list = Self.transparentPins
        let png = try RasterImage(png: CairoRenderer().render(list, scale: 1, format: .png))
        #expect(png.pixel(x: 2, y: 2).alpha == 0)
        let jpeg = try RasterImage(jpeg: CairoRenderer().render(list, scale: 1, format: .jpeg))
        let corner = jpeg.pixel(x: 2, y: 2)
        #expect(corner.red > 250 && corner.green > 250 && corner.blue > 250, "\(corner)")
        let difference = Self.meanAbsoluteDifference(jpeg, Self.overWhite(png), channels: 3)
        #expect(difference < 2, "mean absolute difference \(difference)")
    }

    @Test("lossy WebP at quality 90 decodes within 3 levels (mean) of the PNG, alpha kept", arguments: [1.0, 2.0])
    func lossyWebPMatchesPNG(scale: Double) throws {
        for list in [TestScenes.shapes, Self.transparentPins] {
            let png = try RasterImage(png: CairoRenderer().render(list, scale: scale, format: .png))
            let bytes = try CairoRenderer().render(list, scale: scale, format: .webp)
            #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8))
            let webp = try RasterImage(webp: bytes)
            #expect(webp.width == png.width && webp.height == png.height)
            // Colour under full transparency is meaningless: compare premultiplied by alpha.
            let difference = Self.meanAbsoluteDifference(Self.overWhite(webp), Self.overWhite(png), channels: 3)
            #expect(difference < 3, "mean absolute difference \(difference)")
            let alphaDifference = (0..<(png.width * png.height)).map {
                abs(Int(webp.pixels[$0 * 4 + 3]) - Int(png.pixels[$0 * 4 + 3]))
            }.reduce(0, +)
            // libwebp's alpha plane is lossless at the simple API's default alpha quality (100).
            #expect(alphaDifference == 0)
        }
    }

    @Test("WebP at quality 100 is lossless: the PNG's exact RGBA, see-through pixels included")
    func losslessWebPIsExact() throws {
        for list in [TestScenes.shapes, Self.transparentPins, TestScenes.text] {
            let png = try RasterImage(png: CairoRenderer().render(list, scale: 2, format: .png))
            let webp = try RasterImage(webp: CairoRenderer(quality: 100).render(list, scale: 2, format: .webp))
            #expect(webp == png)
        }
    }

    @Test("bytes that are not WebP are refused by the decoder")
    func webpDecoderRefusesOtherBytes() throws {
        let png = try CairoRenderer().render(TestScenes.pins, scale: 1, format: .png)
        #expect(throws: (any Error).self) { try RasterImage(webp: png) }
        #expect(throws: (any Error).self) { try RasterImage(webp: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) }
    }

    @Test("format names: jpg is jpeg, case does not matter, gif is unknown")
    func formatNames() {
        #expect(ImageFormat(name: "JPG") == .jpeg && ImageFormat(name: "jpeg") == .jpeg)
        #expect(ImageFormat(name: "WebP") == .webp && ImageFormat(name: "gif") == nil)
        #expect(ImageFormat.jpeg.isRaster && ImageFormat.webp.isRaster && !ImageFormat.pdf.isRaster)
    }
}
