import Foundation
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapDrawing
@testable import MapRenderSVG

@Suite("SVG writer")
struct SVGWriterTests {
    private func point(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// The body of a document (its lines between the root's tags).
    private func body(_ commands: [DrawCommand], size: CanvasSize = CanvasSize(width: 100, height: 50)) -> [String] {
        let lines = SVGWriter(DisplayList(size: size, commands: commands)).document.split(separator: "\n").map(
            String.init)
        return Array(lines.dropFirst().dropLast())
    }

    @Test("a small document, exactly")
    func wholeDocument() {
        let list = DisplayList(
            size: CanvasSize(width: 120.5, height: 80),
            commands: [
                .clear(.white),
                .fill(
                    Path.polyline([point(1, 2), point(3.333, 4), point(5, 6.006)], closed: true), Color(hex: 0x102030),
                    evenOdd: false),
            ])
        #expect(
            SVGWriter(list).document == """
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="120.5" height="80" viewBox="0 0 120.5 80">
                <rect width="120.5" height="80" fill="#ffffff"/>
                <path d="M1 2L3.33 4L5 6.01Z" fill="#102030"/>
                </svg>

                """)
    }

    @Test("a full circle is two half arcs clockwise")
    func fullCircle() {
        #expect(
            SVGWriter.pathData(Path.circle(center: point(50, 50), radius: 10))
                == "M60 50A10 10 0 0 1 40 50A10 10 0 0 1 60 50Z")
    }

    @Test("an arc after a point draws Cairo's implicit line to its start")
    func quarterArcWithImplicitLine() {
        let path = Path([.move(point(0, 0)), .arc(center: point(10, 10), radius: 5, startAngle: 0, endAngle: .pi / 2)])
        #expect(SVGWriter.pathData(path) == "M0 0L15 10A5 5 0 0 1 10 15")
    }

    @Test("an arc that starts where the path is adds no zero-length line")
    func arcContinuingThePath() {
        let path = Path([
            .move(point(15, 10)), .arc(center: point(10, 10), radius: 5, startAngle: 0, endAngle: .pi / 2),
        ])
        #expect(SVGWriter.pathData(path) == "M15 10A5 5 0 0 1 10 15")
    }

    @Test("an end angle below the start goes the long way round, like cairo_arc")
    func wrappedArc() {
        // From π/2 (bottom) clockwise to 0 (right): three quarters, in two pieces of 3π/4.
        let path = Path([.arc(center: point(0, 0), radius: 10, startAngle: .pi / 2, endAngle: 0)])
        let piece = CanvasPoint(x: 10 * cos(.pi / 2 + 3 * .pi / 4), y: 10 * sin(.pi / 2 + 3 * .pi / 4))
        #expect(piece.x.decimalString(places: 2) == "-7.07" && piece.y.decimalString(places: 2) == "-7.07")
        #expect(SVGWriter.pathData(path) == "M0 10A10 10 0 0 1 -7.07 -7.07A10 10 0 0 1 10 0")
    }

    @Test("after a close, an arc's line starts from the closed subpath's start")
    func arcAfterClose() {
        let path = Path([
            .move(point(0, 0)), .line(point(10, 0)), .close,
            .arc(center: point(0, 20), radius: 5, startAngle: 0, endAngle: .pi),
        ])
        #expect(SVGWriter.pathData(path) == "M0 0L10 0ZL5 20A5 5 0 0 1 -5 20")
    }

    @Test("the rounded rect's corners are quarter arcs joined by lines")
    func roundedRect() {
        let path = Path.roundedRect(CanvasRect(x: 0, y: 0, width: 20, height: 10), radius: 2)
        #expect(
            SVGWriter.pathData(path)
                == "M2 0L18 0A2 2 0 0 1 20 2L20 8A2 2 0 0 1 18 10L2 10A2 2 0 0 1 0 8L0 2A2 2 0 0 1 2 0Z")
    }

    @Test("curves, and a line without a current point starting a subpath")
    func curvesAndImplicitMove() {
        let path = Path([.line(point(1, 1)), .curve(point(2, 2), point(3, 2), point(4, 1)), .close])
        #expect(SVGWriter.pathData(path) == "M1 1C2 2 3 2 4 1Z")
    }

    @Test("colours are #rrggbb with a separate opacity")
    func coloursWithAlpha() {
        let lines = body([
            .fill(
                Path([.move(point(0, 0)), .line(point(1, 0)), .line(point(0, 1))]),
                Color(red: 1, green: 0.5, blue: 0, alpha: 0.5), evenOdd: true),
            .stroke(
                Path([.move(point(0, 0)), .line(point(1, 1))]),
                StrokeStyle(color: Color(hex: 0x007AFF, alpha: 0.25), lineWidth: 1.5)),
            .fill(
                Path([.move(point(0, 0)), .line(point(1, 0))]), Color(hex: 0xABCDEF, alpha: 200.0 / 255), evenOdd: false
            ),
        ])
        #expect(
            lines == [
                ##"<path d="M0 0L1 0L0 1" fill="#ff8000" fill-opacity="0.5" fill-rule="evenodd"/>"##,
                ##"<path d="M0 0L1 1" fill="none" stroke="#007aff" stroke-opacity="0.25" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/>"##,
                ##"<path d="M0 0L1 0" fill="#abcdef" fill-opacity="0.784"/>"##,
            ])
    }

    @Test("text is escaped by MapFormats' XMLEscaping: a control character XML forbids becomes U+FFFD")
    func xmlEscaping() {
        let run = TextRun(
            "a<b> & \"c\"\u{7}\t'd'", origin: point(10, 20.125), font: Font(family: "DejaVu Sans, IPAGothic", size: 12),
            color: .black)
        #expect(
            body([.text(run)]) == [
                ##"<text x="10" y="20.13" font-family="'DejaVu Sans', IPAGothic, sans-serif" font-size="12" font-weight="normal" fill="#000000" xml:space="preserve">a&lt;b&gt; &amp; "c"\##u{FFFD}\##t'd'</text>"##
            ])
    }

    @Test("a font family is escaped as an attribute value")
    func escapedFontFamily() {
        let run = TextRun("x", origin: point(0, 0), font: Font(family: "A&B <C>", size: 10), color: .black)
        let text = body([.text(run)]).joined()
        #expect(text.contains(##"font-family="'A&amp;B &lt;C&gt;', sans-serif""##), "\(text)")
    }

    @Test("text with a halo strokes under the fill, twice the halo width")
    func halo() {
        let run = TextRun(
            "日本語", origin: point(0, 10), font: Font(size: 14, isBold: true), color: .black,
            haloColor: Color.white.withAlpha(0.8), haloWidth: 1.5)
        #expect(
            body([.text(run)]) == [
                ##"<text x="0" y="10" font-family="'DejaVu Sans', sans-serif" font-size="14" font-weight="bold" fill="#000000" stroke="#ffffff" stroke-opacity="0.8" stroke-width="3" stroke-linejoin="round" paint-order="stroke" xml:space="preserve">日本語</text>"##
            ])
    }

    @Test("dash arrays, caps, joins and the miter limit")
    func dashes() {
        let line = Path([.move(point(0, 0)), .line(point(10, 0))])
        let lines = body([
            .stroke(
                line, StrokeStyle(color: .black, lineWidth: 2, dashPattern: [6, 4], lineCap: .butt, lineJoin: .miter)),
            .stroke(
                line,
                StrokeStyle(
                    color: .black, lineWidth: 2, dashPattern: [2.5, 1.125, 0.5], lineCap: .square, lineJoin: .bevel)),
            .stroke(line, StrokeStyle(color: .black, lineWidth: 2, dashPattern: [0, 0])),
            .stroke(line, StrokeStyle(color: .black, lineWidth: 0)),
        ])
        #expect(
            lines == [
                ##"<path d="M0 0L10 0" fill="none" stroke="#000000" stroke-width="2" stroke-miterlimit="10" stroke-dasharray="6 4"/>"##,
                ##"<path d="M0 0L10 0" fill="none" stroke="#000000" stroke-width="2" stroke-linecap="square" stroke-linejoin="bevel" stroke-dasharray="2.5 1.13 0.5"/>"##,
                ##"<path d="M0 0L10 0" fill="none" stroke="#000000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>"##,
            ])
    }

    @Test("shadows share one blur filter per distinct blur, defined first")
    func shadows() {
        let square = Path.polyline([point(0, 0), point(4, 0), point(4, 4)], closed: true)
        let document = SVGWriter(
            DisplayList(
                size: CanvasSize(width: 100, height: 50),
                commands: [
                    .shadow(square, Color.black.withAlpha(0.35), blur: 2),
                    .shadow(square, Color.black.withAlpha(0.35), blur: 3),
                    .shadow(square, .black, blur: 2),
                    .shadow(square, .black, blur: 0),
                ])
        ).document
        #expect(
            document.split(separator: "\n").dropFirst().map(String.init) == [
                "<defs>",
                ##"<filter id="blur-1" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="50"><feGaussianBlur stdDeviation="1"/></filter>"##,
                ##"<filter id="blur-1_5" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="50"><feGaussianBlur stdDeviation="1.5"/></filter>"##,
                "</defs>",
                ##"<path d="M0 0L4 0L4 4Z" fill="#000000" fill-opacity="0.35" filter="url(#blur-1)"/>"##,
                ##"<path d="M0 0L4 0L4 4Z" fill="#000000" fill-opacity="0.35" filter="url(#blur-1_5)"/>"##,
                ##"<path d="M0 0L4 0L4 4Z" fill="#000000" filter="url(#blur-1)"/>"##,
                ##"<path d="M0 0L4 0L4 4Z" fill="#000000"/>"##,
                "</svg>",
            ])
    }

    @Test("images are embedded as base64 data URIs scaled to their rect")
    func image() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF]
        let lines = body([
            .image(
                EncodedImage(data: png, pixelWidth: 1, pixelHeight: 1),
                in: CanvasRect(x: 1, y: 2, width: 3, height: 4.5)),
            .image(
                EncodedImage(data: [1, 2, 3], pixelWidth: 1, pixelHeight: 1),
                in: CanvasRect(x: 1, y: 2, width: 3, height: 4)),
        ])
        #expect(
            lines == [
                ##"<image x="1" y="2" width="3" height="4.5" preserveAspectRatio="none" xlink:href="data:image/png;base64,iVBORw0KGgr/"/>"##
            ])
    }

    @Test("a tile grid is one image per tile, each in its cell, as tiles were drawn before grids")
    func tileGrid() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF]
        let tile = EncodedImage(data: png, pixelWidth: 1, pixelHeight: 1)
        let grid = TileGrid(
            origin: CanvasPoint(x: -10, y: 5.5), cellSize: CanvasSize(width: 64, height: 64),
            tiles: [TileGrid.Tile(column: 0, row: 0, image: tile), TileGrid.Tile(column: 1, row: -1, image: tile)])
        #expect(
            body([.tiles(grid)]) == [
                ##"<image x="-10" y="5.5" width="64" height="64" preserveAspectRatio="none" xlink:href="data:image/png;base64,iVBORw0KGgr/"/>"##,
                ##"<image x="54" y="-58.5" width="64" height="64" preserveAspectRatio="none" xlink:href="data:image/png;base64,iVBORw0KGgr/"/>"##,
            ])
    }

    @Test("numbers: at most two decimals, no trailing zeros, no negative zero")
    func numbers() {
        #expect(SVGWriter.number(0) == "0")
        #expect(SVGWriter.number(-0.001) == "0")
        #expect(SVGWriter.number(3.10) == "3.1")
        #expect(SVGWriter.number(-2.5) == "-2.5")
        #expect(SVGWriter.number(0.05) == "0.05")
        #expect(SVGWriter.number(1234.567) == "1234.57")
        #expect(SVGWriter.number(-0.999) == "-1")
        #expect(SVGWriter.number(.nan) == "0")
        #expect(SVGWriter.number(200.0 / 255, places: 3) == "0.784")
    }

    @Test("base64 matches the RFC 4648 test vectors")
    func base64() {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (input, output) in vectors {
            #expect(SVGWriter.base64(Array(input.utf8)) == output)
        }
        #expect(SVGWriter.base64([0xFB, 0xFF, 0xBF]) == "+/+/")
    }

    @Test("the same list always gives the same document")
    func determinism() {
        let list = TestScenes.shapes
        let first = SVGWriter(list).document
        #expect(SVGWriter(list).document == first)
        #expect(SVGWriter(TestScenes.shapes).document == first)
        let renderer = SVGRenderer(textMeasurer: FixedTextMeasurer())
        #expect(Array(first.utf8) == (try? renderer.render(list, scale: 3, format: .svg)))
    }
}
