import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import MapPMTiles
import MapRenderCairo
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorLayout
import MapVectorStyle
import MapVectorTiles
import Testing

/// The Helsinki example archives, one per schema (examples/helsinki, see its LICENSE.md).
private let helsinkiArchives: [(VectorTileSchema, String)] = [
    (.openMapTiles, "helsinki.pmtiles"), (.protomaps, "helsinki-protomaps.pmtiles"),
    (.shortbread(version: "1.0"), "helsinki-shortbread.pmtiles"),
]

/// Every command a drawing paints, its labels' included.
private func allCommands(_ drawing: StyledBasemapDrawing) -> [DrawCommand] {
    drawing.commands + drawing.labels.flatMap { $0.commands + $0.alternatives.flatMap(\.commands) }
}

/// Whether two colours are the same up to opacity (fill and line opacity go into alpha).
private func sameHue(_ a: Color, _ b: Color) -> Bool {
    abs(a.red - b.red) < 0.005 && abs(a.green - b.green) < 0.005 && abs(a.blue - b.blue) < 0.005
}

/// What one look drew, read by the colours its style gives each feature class.
private struct DrawnClasses {
    let style: VectorStyle
    let commands: [DrawCommand]
    let context: StyleEvaluationContext

    init(style: VectorStyle, drawing: StyledBasemapDrawing, styleZoom: Double) {
        self.style = style
        commands = allCommands(drawing)
        context = StyleEvaluationContext(zoom: styleZoom)
    }

    func fills(_ layerID: String) -> Int {
        guard let color = style.layer(withID: layerID)?.fillColor(in: context) else { return 0 }
        return commands.count { if case .fill(_, let c, _) = $0 { sameHue(c, color) } else { false } }
    }

    /// The widest stroke in the colour of `layerID`, or `nil` when none is drawn.
    func widestStroke(_ layerID: String) -> Double? {
        guard let color = style.layer(withID: layerID)?.lineColor(in: context) else { return nil }
        return commands.compactMap { command -> Double? in
            guard case .stroke(_, let stroke) = command, sameHue(stroke.color, color) else { return nil }
            return stroke.lineWidth
        }.max()
    }

    /// How many lines are stroked twice in the colours of road class `roadClass`: the
    /// casing, then the fill on the same path, narrower.
    func casedStreets(_ roadClass: String) -> Int {
        guard let fill = style.layer(withID: "road-\(roadClass)")?.lineColor(in: context),
            let casing = style.layer(withID: "road-\(roadClass)-casing")?.lineColor(in: context)
        else { return 0 }
        var casings: [Path: Double] = [:]
        var cased = 0
        for command in commands {
            guard case .stroke(let path, let stroke) = command else { continue }
            if let width = casings[path], sameHue(stroke.color, fill), stroke.lineWidth < width {
                cased += 1
            } else if sameHue(stroke.color, casing) {
                casings[path] = stroke.lineWidth
            }
        }
        return cased
    }

    /// How many dashed strokes are in the colour of `layerID`.
    func dashedStrokes(_ layerID: String) -> Int {
        guard let color = style.layer(withID: layerID)?.lineColor(in: context) else { return 0 }
        return commands.count { command in
            guard case .stroke(_, let stroke) = command else { return false }
            return sameHue(stroke.color, color) && !stroke.dashPattern.isEmpty
        }
    }

    var pathTexts: [String] {
        commands.compactMap { if case .pathText(let run) = $0 { run.string } else { nil } }
    }

    /// Checks water, parks, buildings, road casings under fills for `roadClasses`, and
    /// `streetNames` along streets.
    func expectStreetMap(roadClasses: [String], streetNames: Set<String>, _ what: String) {
        #expect(fills("water") > 0, "\(what): no water")
        // Town parks are green like grass in every schema (OpenMapTiles: landcover grass/park).
        #expect(fills("landcover-grass") > 0, "\(what): no park")
        #expect(fills("building") > 0, "\(what): no building")
        for roadClass in roadClasses {
            #expect(casedStreets(roadClass) > 0, "\(what): no \(roadClass) road with its casing")
        }
        let named = Set(pathTexts)
        #expect(streetNames.isSubset(of: named), "\(what): street names \(named.sorted())")
    }
}

@Suite("Built-in looks over the three tile schemas")
struct SchemaLookTests {
    /// An example archive as a tile provider.
    static func archive(_ file: String) throws -> ArchiveTileProvider {
        let path = packageRoot + "/examples/helsinki/" + file
        guard let reader = FileByteRangeReader(path: path) else { throw MapError(.missingInput, "cannot open \(path)") }
        return ArchiveTileProvider(archive: try PMTilesVectorArchive(PMTilesArchive(reader: reader)))
    }

    /// The look's style for `schema` with its one source bound to `provider`.
    static func basemap(
        _ look: BuiltInVectorStyle, _ schema: VectorTileSchema, _ provider: any VectorTileProvider
    ) throws -> VectorTileBasemap {
        let style = try look.style(for: schema)
        let source = try #require(style.sources.keys.first)
        return VectorTileBasemap(style: style, sources: [source: provider])
    }

    @Test(
        "each look draws water, parks, buildings, roads by class with casings and street names over Helsinki",
        arguments: BuiltInVectorStyle.allCases)
    func helsinki(_ look: BuiltInVectorStyle) throws {
        // XYZ zoom 16 is MapLibre zoom 15.
        let viewport = Viewport(center: helsinkiCenter, zoom: 16, size: CanvasSize(width: 1024, height: 768))
        var drawnFills: [VectorTileSchema: Int] = [:]
        for (schema, file) in helsinkiArchives {
            let basemap = try Self.basemap(look, schema, try Self.archive(file))
            let drawing = try basemap.drawing(for: viewport, scale: 1, measurer: FixedTextMeasurer())
            #expect(!drawing.diagnostics.contains { $0.severity == .warning }, "\(schema.displayName) \(look)")
            let drawn = DrawnClasses(style: basemap.style, drawing: drawing, styleZoom: 15)
            drawn.expectStreetMap(
                roadClasses: ["primary", "secondary", "minor", "service", "path"],
                streetNames: ["Mannerheimintie", "Kaivokatu", "Unioninkatu", "Aleksanterinkatu"],
                "\(schema.displayName) \(look.rawValue)")
            drawnFills[schema] = drawing.commands.count { if case .fill = $0 { true } else { false } }
        }
        // The same place: the three schemas draw the same order of magnitude of areas.
        let counts = drawnFills.values.sorted()
        #expect(counts.count == 3 && counts[0] * 3 > counts[2], "\(drawnFills)")
    }

    @Test("the looks draw the same classes over another town built for Protomaps v4 and Shortbread")
    func anotherTown() throws {
        for schema in [VectorTileSchema.protomaps, .shortbread(version: "1.1")] {
            let tiles = SyntheticTiles([Quad.west: AnotherTown.tile(schema), Quad.east: AnotherTown.eastTile(schema)])
            for look in BuiltInVectorStyle.allCases {
                let basemap = try Self.basemap(look, schema, tiles)
                let drawing = try basemap.drawing(for: Quad.viewport, scale: 1, measurer: FixedTextMeasurer())
                let drawn = DrawnClasses(style: basemap.style, drawing: drawing, styleZoom: 14)
                drawn.expectStreetMap(
                    roadClasses: ["primary", "minor"], streetNames: ["Rantakatu"],
                    "another town, \(schema.displayName) \(look.rawValue)")
                // Paths have their halo from style zoom 15 on; at 14 the dashed line alone.
                #expect(drawn.dashedStrokes("road-path") > 0, "\(schema.displayName) \(look.rawValue): no path")
                if let folder = ProcessInfo.processInfo.environment["MAPRENDER_PREVIEW_DIR"] {
                    var options = MapSnapshotter.Options(size: Quad.viewport.size)
                    options.framing = .centerZoom(Quad.viewport.coordinate(for: CanvasPoint(x: 256, y: 256)), zoom: 15)
                    let snapshot = try MapSnapshotter(scene: MapScene(), options: options, styledBasemap: basemap)
                        .makeSnapshot(renderer: CairoRenderer())
                    try Data(snapshot.data).write(
                        to: URL(fileURLWithPath: folder + "/town-\(schema.displayName)-\(look.rawValue).png"))
                }
                // The street in a tunnel is drawn as one: a dashed casing.
                #expect(drawn.dashedStrokes("tunnel-minor-casing") > 0, "\(schema.displayName) \(look.rawValue)")
            }
        }
    }
}

/// A small town on a shore, in the Protomaps v4 or Shortbread schema: sea in the south, a
/// town park, a building, a primary street with its name, a residential street, a footpath and a
/// residential street in a tunnel. Tile units: 4096 to a tile, 1/8 canvas point in `Quad`.
enum AnotherTown {
    static func square(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> VectorTileGeometry {
        .polygons([
            VectorTilePolygon(exteriorRing: [
                Quad.point(x0, y0), Quad.point(x1, y0), Quad.point(x1, y1), Quad.point(x0, y1), Quad.point(x0, y0),
            ])
        ])
    }

    static func line(_ points: [(Int, Int)]) -> VectorTileGeometry { .lineStrings([points.map { Quad.point($0, $1) }]) }

    static func feature(_ geometry: VectorTileGeometry, _ properties: [String: VectorTileValue]) -> VectorTileFeature {
        VectorTileFeature(properties: properties, geometry: geometry)
    }

    // `Quad.viewport` shows the south-east quarter of the west tile (2048…4096 both ways).
    static let sea = square(2048, 3700, 4096, 4096)
    static let park = square(2200, 2200, 2700, 2700)
    static let building = square(3000, 2200, 3400, 2600)
    static let mainStreet = line([(0, 3000), (4096, 3000)])
    static let sideStreet = line([(2900, 2100), (2900, 3600)])
    static let footpath = line([(2100, 3400), (4000, 3500)])
    static let underpass = line([(3600, 2100), (3900, 3600)])

    static func tile(_ schema: VectorTileSchema) -> VectorTile {
        let name: [String: VectorTileValue] = ["name": .string("Rantakatu")]
        switch schema {
        case .protomaps:
            return VectorTile(layers: [
                VectorTileLayer(
                    name: "earth", features: [feature(square(0, 0, 4096, 3700), ["kind": .string("earth")])]),
                VectorTileLayer(name: "water", features: [feature(sea, ["kind": .string("ocean")])]),
                VectorTileLayer(name: "landuse", features: [feature(park, ["kind": .string("park")])]),
                VectorTileLayer(name: "buildings", features: [feature(building, ["kind": .string("building")])]),
                VectorTileLayer(
                    name: "roads",
                    features: [
                        feature(
                            mainStreet,
                            ["kind": .string("major_road"), "kind_detail": .string("primary")].merging(name) { $1 }),
                        feature(sideStreet, ["kind": .string("minor_road"), "kind_detail": .string("residential")]),
                        feature(footpath, ["kind": .string("path"), "kind_detail": .string("footway")]),
                        feature(
                            underpass,
                            [
                                "kind": .string("minor_road"), "kind_detail": .string("residential"),
                                "is_tunnel": .bool(true),
                            ]),
                    ]),
            ])
        default:
            return VectorTile(layers: [
                VectorTileLayer(name: "ocean", features: [feature(sea, [:])]),
                VectorTileLayer(name: "land", features: [feature(park, ["kind": .string("park")])]),
                VectorTileLayer(name: "buildings", features: [feature(building, [:])]),
                VectorTileLayer(
                    name: "streets",
                    features: [
                        feature(mainStreet, ["kind": .string("primary")]),
                        feature(sideStreet, ["kind": .string("residential")]),
                        feature(footpath, ["kind": .string("footway")]),
                        feature(underpass, ["kind": .string("residential"), "tunnel": .bool(true)]),
                    ]),
                VectorTileLayer(
                    name: "street_labels",
                    features: [feature(mainStreet, ["kind": .string("primary")].merging(name) { $1 })]),
            ])
        }
    }

    /// The street going on into the next tile east, so that its name has room.
    static func eastTile(_ schema: VectorTileSchema) -> VectorTile {
        let full = tile(schema)
        let street = schema == .protomaps ? "roads" : "streets"
        return VectorTile(
            layers: full.layers.compactMap { layer in
                guard layer.name == street || layer.name == "street_labels" else { return nil }
                return VectorTileLayer(name: layer.name, features: [layer.features[0]])
            })
    }
}
