import Foundation
import FoundationXML
import MapGeometry
import MapTestSupport
import Testing

@testable import MapDrawing
@testable import MapRenderSVG

@Suite("SVG text along a path and sprite icons")
struct SVGPathTextTests {
    private func point(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    /// The only element named `name` of a document.
    private func element(_ name: String, in svg: String) throws -> XMLElement {
        let document = try XMLDocument(data: Data(svg.utf8))
        let nodes = try document.nodes(forXPath: "//*[local-name()='\(name)']").compactMap { $0 as? XMLElement }
        try #require(nodes.count == 1, "\(nodes.count) <\(name)> elements")
        return nodes[0]
    }

    private func values(_ name: String, of element: XMLElement) -> [String] {
        (element.attributes?.first { $0.name == name }?.stringValue ?? "").split(separator: " ").map(String.init)
    }

    @Test("a street name along an arc is one <text> of the name, a position and rotation per character")
    func streetName() throws {
        let list = PathTextScenes.streetNameAlongArc(measurer: FixedTextMeasurer())
        let text = try element("text", in: SVGWriter(list).document)
        #expect(text.stringValue == PathTextScenes.streetName)
        let count = PathTextScenes.streetName.unicodeScalars.count
        #expect(values("x", of: text).count == count)
        #expect(values("y", of: text).count == count)
        let rotations = values("rotate", of: text).compactMap(Double.init)
        #expect(rotations.count == count)
        // Along an arc bulging upwards the baseline turns clockwise: the rotations grow.
        #expect(rotations.first! < 0 && rotations.last! > 0)
        #expect(zip(rotations, rotations.dropFirst()).allSatisfy { $0 < $1 })
        // The halo is the stroke under the fill, as for straight text.
        #expect(values("paint-order", of: text) == ["stroke"])
        #expect(values("stroke", of: text) == ["#ffff00"])
    }

    @Test("a combining mark follows its letter on the cluster's baseline; italic is written")
    func combiningMark() {
        let run = PathTextRun(
            "Ce\u{301}",
            glyphs: [
                PlacedGlyph("C", origin: point(10, 20), angle: 0),
                PlacedGlyph("e\u{301}", origin: point(20, 20), angle: .pi / 2),
            ], font: Font(size: 10, isItalic: true), color: .black)
        #expect(
            SVGWriter(DisplayList(size: CanvasSize(width: 50, height: 50), commands: [.pathText(run)])).document
                .contains(
                    ##"<text x="10 20 20" y="20 20 30" rotate="0 90 90" font-family="'DejaVu Sans', sans-serif" font-size="10" font-weight="normal" font-style="italic" fill="#000000" xml:space="preserve">Ce\##u{301}</text>"##
                ))
    }

    @Test("a name set whole (Arabic along a street) is one turned line, in logical order, not one chunk per letter")
    func wholeRun() throws {
        let name = "شارع السلام"
        let run = PathTextRun(
            name, glyphs: [PlacedGlyph(name, origin: point(10, 40), angle: -.pi / 6)], font: Font(size: 10),
            color: .black)
        let svg = SVGWriter(DisplayList(size: CanvasSize(width: 100, height: 100), commands: [.pathText(run)])).document
        let text = try element("text", in: svg)
        #expect(text.stringValue == name)
        #expect(values("x", of: text) == ["10"] && values("y", of: text) == ["40"])
        #expect(values("rotate", of: text).isEmpty)
        #expect(svg.contains(#"transform="rotate(-30 10 40)""#))
    }

    @Test("a sprite icon is the sheet embedded once, cropped by a nested viewBox")
    func spritePart() throws {
        let sheet = PathTextScenes.sprite
        let list = DisplayList(
            size: CanvasSize(width: 100, height: 50),
            commands: [
                .imagePart(
                    sheet, source: PathTextScenes.rightIcon, in: CanvasRect(x: 10, y: 10, width: 20, height: 20)),
                .imagePart(sheet, source: PathTextScenes.leftIcon, in: CanvasRect(x: 40, y: 10, width: 20, height: 20)),
            ])
        let svg = SVGWriter(list).document
        #expect(svg.components(separatedBy: "base64,").count == 2, "the sheet is embedded more than once")
        let document = try XMLDocument(data: Data(svg.utf8))
        let nested = try document.nodes(forXPath: "/*/*[local-name()='svg']").compactMap { $0 as? XMLElement }
        #expect(nested.map { values("viewBox", of: $0).joined(separator: " ") } == ["4 0 4 4", "0 0 4 4"])
        #expect(nested.map { values("preserveAspectRatio", of: $0) } == [["none"], ["none"]])
        #expect(values("x", of: nested[0]) == ["10"] && values("width", of: nested[0]) == ["20"])
        let image = try element("image", in: svg)
        #expect(values("width", of: image) == ["8"] && values("height", of: image) == ["4"])
    }
}
