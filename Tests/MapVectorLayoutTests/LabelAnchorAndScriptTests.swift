import MapDrawing
import MapGeometry
import MapRenderCore
import MapVectorStyle
import MapVectorTiles
import Testing

@testable import MapVectorLayout

/// Point labels with variable anchors and radial offsets, labels of joined scripts along
/// lines, and fonts that are not installed.
@Suite("Label anchors, scripts and font substitutes")
struct LabelAnchorAndScriptTests {
    /// A fixed measurer that says "Noto Sans" is drawn as "DejaVu Sans".
    struct SubstitutingMeasurer: TextMeasurer {
        func measure(_ string: String, font: Font) -> TextMetrics { FixedTextMeasurer().measure(string, font: font) }
        func substituteFamily(for family: String) -> String? { family.hasPrefix("Noto Sans") ? "DejaVu Sans" : nil }
    }

    /// One point in the west tile at canvas (x, 200): tile units are 1/8 point from -256.
    static func point(atCanvasX x: Double, name: String = "Kamppi") -> [TilePath: VectorTile] {
        [
            Quad.west: Quad.layer(
                "places",
                [
                    VectorTileFeature(
                        properties: ["name": .string(name)],
                        geometry: .points([Quad.point(Int((x + 256) * 8), (200 + 256) * 8)]))
                ])
        ]
    }

    static func placedTexts(_ layout: String, tiles: [TilePath: VectorTile]) throws -> [TextRun] {
        let basemap = VectorTileBasemap(
            style: try Quad.style(
                ##"{"id": "p", "type": "symbol", "source": "s", "source-layer": "places", "layout": "##
                    + layout + "}"),
            sources: ["s": SyntheticTiles(tiles)])
        let drawing = try basemap.drawing(for: Quad.viewport, scale: 1, measurer: FixedTextMeasurer())
        var placer = LabelPlacer(canvas: CanvasRect(x: 0, y: 0, width: 512, height: 512), obstacles: [])
        return placer.commands(placing: drawing.labels).compactMap { command in
            if case .text(let run) = command { run } else { nil }
        }
    }

    @Test("the first variable anchor that fits is used, in the style's order")
    func variableAnchorOrder() throws {
        let layout =
            ##"{"text-field": "{name}", "text-size": 10, "text-variable-anchor": ["right", "left"], "text-radial-offset": 1}"##
        // Room on the left: "right" (text left of the point), 1 em = 10 points away.
        let roomy = try #require(try Self.placedTexts(layout, tiles: Self.point(atCanvasX: 200)).first)
        #expect(abs(roomy.origin.x - (200 - 10 - 36)) < 1e-9)
        // Near the west edge the text cannot go left: "left" (text right of the point).
        let edge = try #require(try Self.placedTexts(layout, tiles: Self.point(atCanvasX: 20)).first)
        #expect(abs(edge.origin.x - (20 + 10)) < 1e-9)
    }

    @Test("radial offsets follow MapLibre: diagonals at 45°, vertical ones from the baseline")
    func radialOffsets() {
        let diagonal = 2 / 2.0.squareRoot()
        let topLeft = TextAnchorOffsets.radialOffset(.topLeft, 2)
        #expect(abs(topLeft.x - diagonal) < 1e-12 && abs(topLeft.y - (diagonal - 7.0 / 24)) < 1e-12)
        let bottom = TextAnchorOffsets.radialOffset(.bottom, 1)
        #expect(bottom.x == 0 && abs(bottom.y - (-1 + 7.0 / 24)) < 1e-12)
        #expect(TextAnchorOffsets.radialOffset(.right, 0.5) == (-0.5, 0))
        #expect(TextAnchorOffsets.radialOffset(.center, 3) == (0, 0))
        // Negative radial offsets count as none.
        #expect(TextAnchorOffsets.radialOffset(.left, -1) == (0, 0))
        // With variable anchors, text-offset points away from each anchor, signs dropped.
        #expect(TextAnchorOffsets.directedOffset(.right, (x: 0.5, y: -2)) == (-0.5, 0))
        #expect(TextAnchorOffsets.directedOffset(.top, (x: 0.5, y: -2)) == (0, 2 - 7.0 / 24))
    }

    @Test("a fixed text-anchor with a radial offset is moved away from that side")
    func fixedAnchorRadialOffset() throws {
        let layout = ##"{"text-field": "{name}", "text-size": 10, "text-anchor": "left", "text-radial-offset": 2}"##
        let run = try #require(try Self.placedTexts(layout, tiles: Self.point(atCanvasX: 100)).first)
        #expect(abs(run.origin.x - 120) < 1e-9)
    }

    @Test("an Arabic street name is set whole along its line; a Latin one cluster by cluster")
    func joinedScriptsSetWhole() throws {
        func runs(_ name: String) throws -> [PathTextRun] {
            let tiles = [
                Quad.east: Quad.layer(
                    "roads",
                    [
                        VectorTileFeature(
                            properties: ["name": .string(name)],
                            geometry: .lineStrings([[Quad.point(200, 3584), Quad.point(3800, 3584)]]))
                    ])
            ]
            let (drawing, _) = try VectorLayoutTests.drawing(
                ##"{"id": "n", "type": "symbol", "source": "s", "source-layer": "roads", "layout": {"symbol-placement": "line", "text-field": "{name}", "text-size": 10}}"##,
                tiles: tiles)
            return drawing.labels.flatMap(\.commands).compactMap { command in
                if case .pathText(let run) = command { run } else { nil }
            }
        }
        let arabic = try #require(try runs("شارع السلام").first)
        #expect(arabic.glyphs.map(\.text) == ["شارع السلام"])
        let hindi = try #require(try runs("क्षितिज मार्ग").first)
        #expect(hindi.glyphs.count == 1)
        let latin = try #require(try runs("Rue de la Paix").first)
        #expect(latin.glyphs.count == "Rue de la Paix".count)
        #expect("Ελληνικά Кириллица 東京".needsWholeRunShaping == false)
        #expect("עברית".needsWholeRunShaping && "ภาษาไทย".needsWholeRunShaping)
    }

    @Test("a name set whole gets a box per text height along it, and is refused where the line bends under it")
    func wholeRunAlongBends() throws {
        let name = "شارع السلام"
        let metrics = FixedTextMeasurer().measure(name, font: Font(size: 10))
        let glyphs = LineLabelGlyphs(
            advances: [(cluster: name, advance: metrics.width)], letterSpacing: 0, metrics: metrics,
            maxAngle: 45 * .pi / 180)
        let straight = MeasuredLine([CanvasPoint(x: 0, y: 100), CanvasPoint(x: 300, y: 100)])
        let placed = try #require(glyphs.placed(along: straight, centeredAt: 150))
        #expect(placed.glyphs.count == 1)
        #expect(placed.boxes.count == Int((metrics.width / metrics.height).rounded(.up)))
        // A right-angle corner in the middle of the name: refused, though each end is straight.
        let corner = MeasuredLine([CanvasPoint(x: 0, y: 100), CanvasPoint(x: 150, y: 100), CanvasPoint(x: 150, y: 250)])
        #expect(glyphs.placed(along: corner, centeredAt: 150) == nil)
    }

    @Test("a font that is not installed is reported once, with the family drawn instead")
    func missingFontNotedOnce() throws {
        var tiles = Self.point(atCanvasX: 100)
        tiles[Quad.east] = Quad.layer(
            "places",
            (0..<5).map { index in
                VectorTileFeature(
                    properties: ["name": .string("Place \(index)")],
                    geometry: .points([Quad.point(400 + index * 700, (100 + 256) * 8)]))
            })
        let basemap = VectorTileBasemap(
            style: try Quad.style(
                ##"{"id": "p", "type": "symbol", "source": "s", "source-layer": "places", "layout": {"text-field": "{name}", "text-font": ["noto_sans_regular"]}}, {"id": "q", "type": "symbol", "source": "s", "source-layer": "places", "layout": {"text-field": "{name}", "text-font": ["Noto Sans Bold", "DejaVu Sans Bold"]}}"##
            ),
            sources: ["s": SyntheticTiles(tiles)])
        let drawing = try basemap.drawing(for: Quad.viewport, scale: 1, measurer: SubstitutingMeasurer())
        let notes = drawing.diagnostics.map(\.message).filter { $0.contains("not installed") }
        #expect(
            notes == [
                "the style's font 'Noto Sans' is not installed: labels are drawn in 'DejaVu Sans', fontconfig's substitute"
            ])
        // A measurer that draws every family as asked reports nothing.
        let plain = try basemap.drawing(for: Quad.viewport, scale: 1, measurer: FixedTextMeasurer())
        #expect(!plain.diagnostics.contains { $0.message.contains("not installed") })
    }

    @Test("file-like font names (noto_sans_bold) are a family and a weight")
    func underscoreFontNames() {
        let bold = FontStack.font(["noto_sans_bold"], size: 12)
        #expect(bold.family == "Noto Sans" && bold.isBold)
        let regular = FontStack.font(["noto_sans_regular"], size: 12)
        #expect(regular.family == "Noto Sans" && !regular.isBold && !regular.isItalic)
    }
}
