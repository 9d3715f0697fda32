import MapDrawing
import MapGeometry
import MapRenderCore
import MapVectorStyle
import MapVectorTiles
import Testing

@testable import MapVectorLayout

/// The layout of hand-built tiles, with fixed text measurements: exact display lists.
@Suite("Vector map layout")
struct VectorLayoutTests {
    static let measurer = FixedTextMeasurer()

    /// A street running west to east across the two northern tiles, 64 points above the
    /// centre, each tile holding its half plus 200 units of buffer.
    static let street: [TilePath: VectorTile] = [
        Quad.west: Quad.layer(
            "roads",
            [
                VectorTileFeature(
                    properties: ["name": .string("Long Street")],
                    geometry: .lineStrings([[Quad.point(3072, 3584), Quad.point(4296, 3584)]]))
            ]),
        Quad.east: Quad.layer(
            "roads",
            [
                VectorTileFeature(
                    properties: ["name": .string("Long Street")],
                    geometry: .lineStrings([[Quad.point(-200, 3584), Quad.point(1024, 3584)]]))
            ]),
    ]

    static func drawing(
        _ layers: String, tiles: [TilePath: VectorTile], viewport: Viewport = Quad.viewport
    ) throws -> (StyledBasemapDrawing, SyntheticTiles) {
        let provider = SyntheticTiles(tiles)
        let basemap = VectorTileBasemap(style: try Quad.style(layers), sources: ["s": provider])
        return (try basemap.drawing(for: viewport, scale: 1, measurer: measurer), provider)
    }

    @Test("a line crossing a tile edge is cut at the edge and drawn as one stroke, without the buffer")
    func lineCutAtTileEdge() throws {
        let (drawing, _) = try Self.drawing(
            ##"{"id": "r", "type": "line", "source": "s", "source-layer": "roads", "paint": {"line-color": "#ff0000", "line-width": 4}}"##,
            tiles: Self.street)
        #expect(
            drawing.commands.map(\.dump) == [
                "stroke #ff0000 w4 cap-butt join-miter M128,192 L256,192 M256,192 L384,192"
            ])
    }

    @Test("filters decided once per feature signature still tell features apart by what they read")
    func filtersPerSignature() throws {
        // Three roads: two of class "a" (one with an id), one of class "b".
        func road(_ y: Int, _ properties: [String: VectorTileValue], id: UInt64? = nil) -> VectorTileFeature {
            VectorTileFeature(
                id: id, properties: properties, geometry: .lineStrings([[Quad.point(0, y), Quad.point(4000, y)]]))
        }
        let tiles = [
            Quad.east: Quad.layer(
                "roads",
                [
                    road(3000, ["class": .string("a")]), road(3200, ["class": .string("b")]),
                    road(3400, ["class": .string("a"), "ref": .string("E12")], id: 7),
                ])
        ]
        func strokes(_ filter: String) throws -> [String] {
            let (drawing, _) = try Self.drawing(
                ##"{"id": "r", "type": "line", "source": "s", "source-layer": "roads", "filter": \##(filter), "paint": {"line-width": 2}}"##,
                tiles: tiles)
            return drawing.commands.map(\.dump)
        }
        // Canvas y of the three roads: 3000, 3200, 3400 tile units → 119, 144, 169 points; they
        // run to x = 4000 (756 points), past the canvas: lines are cut to their tile alone.
        #expect(
            try strokes(##"["==", "class", "a"]"##) == [
                "stroke #000000 w2 cap-butt join-miter M256,119 L756,119 M256,169 L756,169"
            ])
        #expect(try strokes(##"["==", "class", "b"]"##) == ["stroke #000000 w2 cap-butt join-miter M256,144 L756,144"])
        // A filter that reads the id cannot be decided by signature; one that reads another
        // property takes it into the signature.
        #expect(try strokes(##"["==", ["id"], 7]"##) == ["stroke #000000 w2 cap-butt join-miter M256,169 L756,169"])
        #expect(try strokes(##"["has", "ref"]"##) == ["stroke #000000 w2 cap-butt join-miter M256,169 L756,169"])
    }

    @Test("a polygon in two tiles fills once per tile part, cut at the shared edge")
    func polygonCutAtTileEdge() throws {
        // A square from 3/4 of the west tile into the east one, as each tile stores it.
        func square(_ x0: Int, _ x1: Int) -> VectorTileFeature {
            VectorTileFeature(
                geometry: .polygons([
                    VectorTilePolygon(exteriorRing: [
                        Quad.point(x0, 3072), Quad.point(x1, 3072), Quad.point(x1, 4000), Quad.point(x0, 4000),
                    ])
                ]))
        }
        let tiles = [
            Quad.west: Quad.layer("areas", [square(3072, 4296)]), Quad.east: Quad.layer("areas", [square(-1024, 200)]),
        ]
        let (drawing, _) = try Self.drawing(
            ##"{"id": "a", "type": "fill", "source": "s", "source-layer": "areas", "paint": {"fill-color": "#00ff00"}}"##,
            tiles: tiles)
        #expect(
            drawing.commands.map(\.dump) == [
                "fill #00ff00 M128,128 L256,128 L256,244 L128,244 Z M256,128 L281,128 L281,244 L256,244 Z"
            ])
    }

    @Test("a point in the buffer two tiles share is drawn once, by the tile that owns it")
    func bufferPointDrawnOnce() throws {
        let tiles = [
            Quad.west: Quad.layer("pois", [VectorTileFeature(geometry: .points([Quad.point(4100, 1000)]))]),
            Quad.east: Quad.layer("pois", [VectorTileFeature(geometry: .points([Quad.point(4, 1000)]))]),
        ]
        let (drawing, _) = try Self.drawing(
            ##"{"id": "c", "type": "circle", "source": "s", "source-layer": "pois", "paint": {"circle-radius": 3, "circle-color": "#0000ff"}}"##,
            tiles: tiles)
        #expect(drawing.commands.map(\.dump) == ["fill #0000ff A256.5,-131,3,0,6.28 Z"])
    }

    @Test("a street name in two tiles is one label, centred on the merged street, upright and on the line")
    func streetNameOnce() throws {
        let (drawing, _) = try Self.drawing(
            ##"{"id": "n", "type": "symbol", "source": "s", "source-layer": "roads", "layout": {"symbol-placement": "line", "text-field": "{name}", "text-size": 10}}"##,
            tiles: Self.street)
        let runs = drawing.labels.flatMap(\.commands).compactMap { command -> PathTextRun? in
            if case .pathText(let run) = command { run } else { nil }
        }
        #expect(runs.map(\.string) == ["Long Street"])
        let run = try #require(runs.first)
        #expect(run.glyphs.map(\.text).joined() == "Long Street")
        // 11 clusters of 6 points centred on x = 256, baselines 3 points below the line.
        #expect(abs(run.glyphs[0].origin.x - (256 - 33)) < 1e-9)
        #expect(run.glyphs.allSatisfy { abs($0.origin.y - 195) < 1e-9 && $0.angle == 0 })
    }

    @Test("a street drawn east to west is labelled left to right")
    func labelsStayUpright() throws {
        let tiles = [
            Quad.east: Quad.layer(
                "roads",
                [
                    VectorTileFeature(
                        properties: ["name": .string("Backwards")],
                        geometry: .lineStrings([[Quad.point(3000, 3000), Quad.point(200, 2800)]]))
                ])
        ]
        let (drawing, _) = try Self.drawing(
            ##"{"id": "n", "type": "symbol", "source": "s", "source-layer": "roads", "layout": {"symbol-placement": "line", "text-field": "{name}", "text-size": 10}}"##,
            tiles: tiles)
        guard case .pathText(let run) = try #require(drawing.labels.first?.commands.first) else {
            Issue.record("no label along the street")
            return
        }
        #expect(zip(run.glyphs, run.glyphs.dropFirst()).allSatisfy { $0.origin.x < $1.origin.x })
        #expect(run.glyphs.allSatisfy { abs($0.angle) < .pi / 2 })
    }

    @Test("a name is not bent round a sharp corner")
    func sharpCornerRefused() throws {
        let corner = [
            Quad.east: Quad.layer(
                "roads",
                [
                    VectorTileFeature(
                        properties: ["name": .string("Corner Street")],
                        geometry: .lineStrings([[Quad.point(500, 500), Quad.point(1000, 500), Quad.point(1000, 1000)]]))
                ])
        ]
        let layer =
            ##"{"id": "n", "type": "symbol", "source": "s", "source-layer": "roads", "layout": {"symbol-placement": "line", "text-field": "{name}", "text-size": 10}}"##
        #expect(try Self.drawing(layer, tiles: corner).0.labels.isEmpty)
    }

    @Test("labels yield to the scene's pins and to each other")
    func labelsYieldToPins() throws {
        let layer =
            ##"{"id": "n", "type": "symbol", "source": "s", "source-layer": "roads", "layout": {"symbol-placement": "line", "text-field": "{name}", "text-size": 10}}"##
        let basemap = VectorTileBasemap(style: try Quad.style(layer), sources: ["s": SyntheticTiles(Self.street)])
        func labels(with places: [Place]) throws -> [String] {
            var options = MapSnapshotter.Options(size: Quad.viewport.size)
            options.framing = .centerZoom(Quad.viewport.centerCoordinate, zoom: 15)
            options.calloutMode = .none
            let result = try MapSnapshotter(
                scene: MapScene(places: places), options: options, styledBasemap: basemap
            ).layOut(measurer: Self.measurer)
            return result.displayList.commands.compactMap { command in
                if case .pathText(let run) = command { run.string } else { nil }
            }
        }
        #expect(try labels(with: []) == ["Long Street"])
        // A pin on the street where the name is centred.
        let onStreet = Quad.viewport.coordinate(for: CanvasPoint(x: 256, y: 200))
        #expect(try labels(with: [Place(title: "Here", coordinate: onStreet)]).isEmpty)
    }

    @Test("past the source's top zoom, tiles are over-zoomed from it")
    func overzoom() throws {
        var viewport = Quad.viewport
        viewport.zoom = 18
        let (_, provider) = try Self.drawing(
            ##"{"id": "r", "type": "line", "source": "s", "source-layer": "roads"}"##, tiles: Self.street,
            viewport: viewport)
        #expect(provider.requests.flatMap { $0 }.allSatisfy { $0.z == 14 })
        #expect(provider.requests.flatMap { $0 }.contains(Quad.west))
    }

    @Test("a damaged tile is a warning naming it; the others are drawn")
    func damagedTile() throws {
        let provider = SyntheticTiles(Self.street, failing: [Quad.east])
        let basemap = VectorTileBasemap(
            style: try Quad.style(##"{"id": "r", "type": "line", "source": "s", "source-layer": "roads"}"##),
            sources: ["s": provider])
        let drawing = try basemap.drawing(for: Quad.viewport, scale: 1, measurer: Self.measurer)
        #expect(
            drawing.diagnostics.map(\.message) == [
                "vector tile 14/101/100 of synthetic: damaged gzip stream; left out of the map"
            ])
        #expect(drawing.diagnostics.first?.severity == .warning)
        #expect(drawing.commands.count == 1)
    }

    @Test("text-font names become a family, a weight and a slant")
    func fontStacks() {
        let bold = FontStack.font(["Noto Sans Bold"], size: 12)
        #expect(bold.family == "Noto Sans" && bold.isBold && !bold.isItalic)
        let stack = FontStack.font(["Open Sans Semibold Italic", "Arial Unicode MS Regular"], size: 12)
        #expect(stack.family == "Open Sans, Arial Unicode MS" && stack.isBold && stack.isItalic)
        #expect(FontStack.font(["DejaVu Sans Book"], size: 9).family == "DejaVu Sans")
    }
}
