internal import CPangoCairo
import Dispatch
import Foundation
import FoundationXML
import MapGeometry
import MapRenderSVG
import MapTestSupport
import Synchronization
import Testing

@testable import MapDrawing
@testable import MapRenderCairo

@Suite("text along a path and sprite icons in Cairo")
struct PathTextTests {
    let renderer = CairoRenderer()
    let measurer = PangoTextMeasurer()
    let font = Font(size: 16, isBold: true)

    @Test(
        "a street name along an arc reads as the name in the PDF",
        .enabled(if: Tools.pdftotext != nil, "pdftotext (Debian: poppler-utils) is not installed"))
    func pdfText() throws {
        let pdf = try renderer.render(
            PathTextScenes.streetNameAlongArc(measurer: measurer), scale: 1, format: .pdf)
        let text = try Tools.extractText(fromPDF: pdf)
        #expect(text.contains(PathTextScenes.streetName), "pdftotext found \(text.debugDescription)")
    }

    @Test("the SVG of the arc is one <text> of the name with a rotation per character")
    func svgText() throws {
        let list = PathTextScenes.streetNameAlongArc(measurer: measurer)
        let document = try XMLDocument(data: Data(SVGWriter(list).document.utf8))
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap { $0 as? XMLElement }
        try #require(texts.count == 1)
        #expect(texts[0].stringValue == PathTextScenes.streetName)
        let characters = PathTextScenes.streetName.unicodeScalars.count
        for name in ["x", "y", "rotate"] {
            let values = try #require(attribute(name, of: texts[0])).split(separator: " ")
            #expect(values.count == characters, "\(name) has \(values.count) values")
        }
    }

    @Test("the PNG has glyph pixels and halo pixels along the arc, and the ground away from it")
    func pngAlongArc() throws {
        let scale = 2.0
        let image = try RasterImage(
            png: renderer.render(PathTextScenes.streetNameAlongArc(measurer: measurer), scale: scale, format: .png))
        /// Whether a pixel within 3 points of `point` passes `test`.
        func near(_ point: CanvasPoint, _ test: (UInt8, UInt8, UInt8) -> Bool) -> Bool {
            let (cx, cy) = (Int(point.x * scale), Int(point.y * scale))
            for y in max(cy - 6, 0)...min(cy + 6, image.height - 1) {
                for x in max(cx - 6, 0)...min(cx + 6, image.width - 1) {
                    let p = image.pixel(x: x, y: y)
                    if test(p.red, p.green, p.blue) { return true }
                }
            }
            return false
        }
        let dark = { (r: UInt8, g: UInt8, b: UInt8) in r < 70 && g < 70 && b < 70 }
        let yellow = { (r: UInt8, g: UInt8, b: UInt8) in r > 220 && g > 220 && b < 60 }
        let placements = PathTextScenes.placements(PathTextScenes.streetName, font: font, measurer: measurer)
        for placement in placements where placement.glyph.text != " " {
            let middle = placement.middle(fontSize: font.size)
            #expect(near(middle, dark), "no glyph pixel near \(placement.glyph.text) at \(middle)")
            #expect(near(middle, yellow), "no halo pixel near \(placement.glyph.text) at \(middle)")
        }
        // The arc's ends lie lower than its middle: the clusters followed it.
        let ends = try #require(placements.first?.glyph.origin.y),
            middle = placements[placements.count / 2].glyph.origin.y
        #expect(ends > middle + 1)
        // Well above and well below the arc, only the ground.
        for spot in [CanvasPoint(x: 120, y: 15), CanvasPoint(x: 120, y: 90), CanvasPoint(x: 10, y: 50)] {
            #expect(!near(spot, dark) && !near(spot, yellow), "ink at \(spot)")
        }
    }

    @Test(
        "cluster advances add up to the measured width",
        arguments: [
            "Baker Street", "Cafe\u{301} de Flore", "office affluent", "مرحبا بالعالم", "日本語の地図", "W", "",
        ])
    func advancesSum(string: String) {
        for font in [font, Font(size: 11, isItalic: true)] {
            let advances = measurer.clusterAdvances(string, font: font)
            #expect(advances.map(\.cluster).joined() == string)
            #expect(advances.count == string.count)
            let sum = advances.reduce(0) { $0 + $1.advance }
            let width = measurer.measure(string, font: font).width
            #expect(abs(sum - width) <= 0.01, "advances \(sum), width \(width)")
            #expect(advances.allSatisfy { $0.advance >= 0 })
        }
    }

    @Test("measuring on several threads at once gives what one thread measures")
    func concurrentMeasuring() {
        // Each thread measures on its own Pango context; the cache is shared. Fonts differ
        // from the other tests' so the first measurements shape rather than hit the cache.
        // A smoke test: a race in Pango would show only now and then (one context shared
        // by every thread passed it three times out of three).
        let strings = (0..<300).map { "Concurrent label \($0 % 40) \(String(repeating: "é", count: $0 % 7))" }
        let fonts = [Font(size: 13.5), Font(size: 13.5, isBold: true, isItalic: true)]
        let results = Mutex([[Double]](repeating: [], count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let measured = strings.indices.map { index in
                let string = strings[(index + worker * 37) % strings.count], font = fonts[(index + worker) % 2]
                return measurer.measure(string, font: font).width
                    + measurer.clusterAdvances(string, font: font).reduce(0) { $0 + $1.advance }
            }
            results.withLock { $0[worker] = measured }
        }
        for (worker, measured) in results.withLock({ $0 }).enumerated() {
            let expected = strings.indices.map { index in
                let string = strings[(index + worker * 37) % strings.count], font = fonts[(index + worker) % 2]
                return 2 * PangoTextMeasurer().measure(string, font: font).width
            }
            #expect(zip(measured, expected).allSatisfy { abs($0 - $1) <= 0.02 }, "worker \(worker) measured otherwise")
        }
    }

    @Test("a letter with a combining accent stays one cluster with the letter's advance")
    func combiningMark() {
        let advances = measurer.clusterAdvances("Re\u{301}sume\u{301}", font: font)
        #expect(advances.map(\.cluster) == ["R", "e\u{301}", "s", "u", "m", "e\u{301}"])
        let plain = measurer.clusterAdvances("e", font: font)
        #expect(abs(advances[1].advance - plain[0].advance) < 0.5)
        #expect(advances[1].advance > 0)
    }

    @Test("italic text is measured and drawn in an italic face")
    func italic() throws {
        // DejaVu's italic faces keep the upright advances, so the measured widths agree; the
        // glyphs' ink, which leans right, tells the faces apart.
        func ink(_ font: Font) -> PangoRectangle {
            let layout = PangoText.measuringLayout("lll", font: font)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var ink = PangoRectangle()
            pango_layout_get_extents(layout, &ink, nil)
            return ink
        }
        let upright = ink(Font(size: 40)), italic = ink(Font(size: 40, isItalic: true))
        #expect(italic.x + italic.width > upright.x + upright.width, "italic ink does not lean right")
        // The PDF names the face it embeds.
        func pdf(_ font: Font) throws -> String {
            let list = DisplayList(
                size: CanvasSize(width: 200, height: 40),
                commands: [.text(TextRun("Riverside", origin: CanvasPoint(x: 5, y: 30), font: font, color: .black))])
            return String(decoding: try renderer.render(list, scale: 1, format: .pdf), as: UTF8.self)
        }
        let slanted = try pdf(Font(size: 20, isItalic: true)), straight = try pdf(Font(size: 20))
        let (slantedIsOblique, straightIsOblique) = (
            slanted.contains("DejaVuSans-Oblique"), straight.contains("Oblique")
        )
        #expect(slantedIsOblique, "the italic PDF embeds no oblique face")
        #expect(!straightIsOblique, "the upright PDF embeds an oblique face")
        // And the path-text painter uses it too.
        let list = DisplayList(
            size: CanvasSize(width: 200, height: 40),
            commands: [
                .pathText(
                    PathTextRun(
                        "Ri",
                        glyphs: [
                            PlacedGlyph("R", origin: CanvasPoint(x: 5, y: 30), angle: 0),
                            PlacedGlyph("i", origin: CanvasPoint(x: 20, y: 30), angle: 0),
                        ], font: Font(size: 20, isItalic: true), color: .black))
            ])
        let pathPDF = String(decoding: try renderer.render(list, scale: 1, format: .pdf), as: UTF8.self)
        let pathIsOblique = pathPDF.contains("DejaVuSans-Oblique")
        #expect(pathIsOblique, "the italic path text's PDF embeds no oblique face")
    }

    @Test("the right icon of a sprite sheet draws blue only, to its edges", arguments: [1.0, 2.0])
    func spritePart(scale: Double) throws {
        let rect = CanvasRect(x: 10, y: 10, width: 40, height: 30)
        func render(_ part: PixelRect) throws -> RasterImage {
            let list = DisplayList(
                size: CanvasSize(width: 60, height: 50),
                commands: [.clear(.white), .imagePart(PathTextScenes.sprite, source: part, in: rect)])
            return try RasterImage(png: renderer.render(list, scale: scale, format: .png))
        }
        for (part, isBlue) in [(PathTextScenes.rightIcon, true), (PathTextScenes.leftIcon, false)] {
            let image = try render(part)
            var wrong = 0
            for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
                for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
                    let p = image.pixel(x: x, y: y)
                    let expected = isBlue ? (p.red < 8 && p.blue > 247) : (p.red > 247 && p.blue < 8)
                    if !(expected && p.green < 8 && p.alpha == 255) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(wrong) pixels of the \(isBlue ? "blue" : "red") icon have another colour")
            // Nothing outside the rect.
            for (x, y) in [(rect.minX - 1, rect.minY), (rect.maxX + 0.5, rect.maxY - 1), (rect.minX, rect.maxY + 0.5)] {
                let p = image.pixel(x: Int(x * scale), y: Int(y * scale))
                #expect(p.red == 255 && p.green == 255 && p.blue == 255, "paint outside the icon at \(x), \(y)")
            }
        }
    }

    @Test("a PDF embeds an icon drawn many times once, and each icon of a sheet on its own")
    func pdfEmbedsIconsOnce() throws {
        var commands: [DrawCommand] = [.clear(.white)]
        for index in 0..<12 {
            let part = index % 3 == 0 ? PathTextScenes.leftIcon : PathTextScenes.rightIcon
            let rect = CanvasRect(x: Double(index) * 15, y: 5, width: 12, height: 12)
            commands.append(.imagePart(PathTextScenes.sprite, source: part, in: rect))
        }
        let list = DisplayList(size: CanvasSize(width: 200, height: 30), commands: commands)
        let pdf = String(decoding: try renderer.render(list, scale: 1, format: .pdf), as: UTF8.self)
        let images = pdf.components(separatedBy: "/Subtype /Image").count - 1
        #expect(images == 2, "\(images) images embedded for 2 distinct icons")
    }

    @Test("a sprite part outside the sheet draws nothing")
    func partOutside() throws {
        let list = DisplayList(
            size: CanvasSize(width: 20, height: 20),
            commands: [
                .clear(.white),
                .imagePart(
                    PathTextScenes.sprite, source: PixelRect(x: 8, y: 0, width: 4, height: 4),
                    in: CanvasRect(x: 0, y: 0, width: 20, height: 20)),
                .imagePart(
                    PathTextScenes.sprite, source: PixelRect(x: Int.max, y: Int.max, width: Int.max, height: 1),
                    in: CanvasRect(x: 0, y: 0, width: 20, height: 20)),
            ])
        let image = try RasterImage(png: renderer.render(list, scale: 1, format: .png))
        #expect(image.pixel(x: 10, y: 10) == (255, 255, 255, 255))
    }
}
