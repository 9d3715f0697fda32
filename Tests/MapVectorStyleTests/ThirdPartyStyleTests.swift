import Foundation
import MapDrawing
import MapVectorStyle
import MapVectorTiles
import Testing

private let line = VectorTileGeometry.lineStrings([[VectorTilePoint(x: 0, y: 0), VectorTilePoint(x: 10, y: 10)]])
private let polygon = VectorTileGeometry.polygons([
    VectorTilePolygon(exteriorRing: [
        VectorTilePoint(x: 0, y: 0), VectorTilePoint(x: 10, y: 0), VectorTilePoint(x: 10, y: 10),
    ])
])
private let point = VectorTileGeometry.points([VectorTilePoint(x: 5, y: 5)])

private func feature(_ properties: [String: VectorTileValue], _ geometry: VectorTileGeometry) -> StyleEvaluationContext
{
    StyleEvaluationContext(zoom: 14, feature: VectorTileFeature(properties: properties, geometry: geometry))
}

private let motorwayLine = feature(["class": .string("motorway")], line)
private let waterPolygon = feature(["class": .string("lake")], polygon)
private let village = feature(
    [
        "class": .string("village"), "name:latin": .string("Grünau"), "name:nonlatin": .string("Грюнау"),
        "name_en": .string("Gruenau"), "rank": .int(12),
    ], point)

/// The layers drawing `context` at zoom 14 from `sourceLayer`, in order.
private func layers(
    of style: VectorStyle, drawing context: StyleEvaluationContext, from sourceLayer: String
)
    -> [VectorStyleLayer]
{
    style.layers.filter { $0.sourceLayer == sourceLayer && $0.isShown(atZoom: context.zoom) && $0.draws(context) }
}

private func expectColor(_ color: Color, _ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1) {
    let components = [color.red, color.green, color.blue, color.alpha]
    for (actual, expected) in zip(components, [red, green, blue, alpha]) {
        #expect(abs(actual - expected) <= 1e-9, "\(color) is not (\(red), \(green), \(blue), \(alpha))")
    }
}

@Suite("Third-party styles")
struct ThirdPartyStyleTests {
    @Test(
        "the three styles parse with their layer counts and no notes",
        arguments: [("osm-bright.json", 123), ("positron.json", 50), ("osm-liberty.json", 105)])
    func parse(_ name: String, _ layerCount: Int) throws {
        let style = try VectorStyle(contentsOfFile: fixturePath(name))
        #expect(style.layers.count == layerCount)
        #expect(style.notes.isEmpty, "\(style.notes)")
        #expect(style.sources["openmaptiles"]?.kind == .vector)
        #expect(style.sprite != nil && style.glyphs != nil)
        #expect(Set(style.layers.map(\.id)).count == layerCount)
    }

    @Test("OSM Bright: a motorway, water and a village label at zoom 14")
    func osmBright() throws {
        let style = try VectorStyle(contentsOfFile: fixturePath("osm-bright.json"))
        #expect(style.layers.first?.kind == .background)
        expectColor(
            try #require(style.layer(withID: "background")).backgroundColor(in: StyleEvaluationContext(zoom: 14)),
            248.0 / 255, 244.0 / 255, 240.0 / 255)

        let roads = layers(of: style, drawing: motorwayLine, from: "transportation").map(\.id)
        #expect(roads == ["highway-motorway-casing", "highway-motorway"])
        let motorway = try #require(style.layer(withID: "highway-motorway"))
        expectColor(motorway.lineColor(in: motorwayLine), 1, 0.8, 0x88 / 255.0)
        let t = (pow(1.2, 7.0) - 1) / (pow(1.2, 13.0) - 1)
        #expect(abs(motorway.lineWidth(in: motorwayLine) - (0.5 + 17.5 * t)) <= 1e-9)
        #expect(motorway.lineCap(in: motorwayLine) == .round)
        #expect(motorway.lineJoin(in: motorwayLine) == .round)
        #expect(motorway.lineOpacity(in: motorwayLine) == 1)
        #expect(motorway.lineDashArray(in: motorwayLine) == nil)
        // A tunnel motorway is drawn by the tunnel layers instead.
        let tunnel = feature(["class": .string("motorway"), "brunnel": .string("tunnel")], line)
        #expect(!motorway.draws(tunnel))

        let water = layers(of: style, drawing: waterPolygon, from: "water")
        #expect(water.map(\.id) == ["water", "water-pattern"])
        expectColor(water[0].fillColor(in: waterPolygon), 0.7495, 0.85, 0.9505)
        #expect(!water[0].draws(feature(["intermittent": .int(1)], polygon)))

        let labels = layers(of: style, drawing: village, from: "place")
        #expect(labels.map(\.id) == ["place-village"])
        #expect(labels[0].textField(in: village) == "Grünau\nГрюнау")
        #expect(labels[0].textFont(in: village) == ["Noto Sans Regular"])
        #expect(labels[0].textMaxWidth(in: village) == 8)
        #expect(abs(labels[0].textSize(in: village) - (12 + 10 * (pow(1.2, 4.0) - 1) / (pow(1.2, 5.0) - 1))) <= 1e-9)
        expectColor(labels[0].textHaloColor(in: village), 1, 1, 1, alpha: 0.8)
        #expect(labels[0].textHaloWidth(in: village) == 1.2)
    }

    @Test("Positron: expression filters, exponential widths and concat labels")
    func positron() throws {
        let style = try VectorStyle(contentsOfFile: fixturePath("positron.json"))
        let motorway = try #require(style.layer(withID: "highway_motorway_inner"))
        #expect(motorway.draws(motorwayLine))
        expectColor(motorway.lineColor(in: motorwayLine), 1, 1, 1)
        let t = (pow(1.4, 8.0) - 1) / (pow(1.4, 14.0) - 1)
        #expect(abs(motorway.lineWidth(in: motorwayLine) - (1.3 + 28.7 * t)) <= 1e-9)
        // Between 5.8 and 6 the colour blends from hsla(0,0%,85%,0.53) to white.
        var early = motorwayLine
        early.zoom = 5.9
        expectColor(motorway.lineColor(in: early), 0.925, 0.925, 0.925, alpha: 0.765)

        let water = layers(of: style, drawing: waterPolygon, from: "water")
        #expect(water.map(\.id) == ["water"])
        expectColor(water[0].fillColor(in: waterPolygon), 194 / 255.0, 200 / 255.0, 202 / 255.0)
        #expect(!water[0].draws(feature([:], line)))

        var town = village
        town.properties["class"] = .string("town")
        town.zoom = 7
        let label = try #require(style.layer(withID: "place_town"))
        #expect(label.draws(town))
        #expect(label.textField(in: town) == "GRÜNAU\nГРЮНАУ")
        #expect(label.textAnchor(in: town) == .left)
        #expect(label.iconImage(in: town) == "circle-11")
        #expect(label.textOffset(in: town) == (0.5, 0.2))
        town.zoom = 9
        #expect(label.textAnchor(in: town) == .center)
        #expect(label.iconImage(in: town) == nil)
    }

    @Test("OSM Liberty: raster and extrusion layers, zoom colour functions, name_en labels")
    func osmLiberty() throws {
        let style = try VectorStyle(contentsOfFile: fixturePath("osm-liberty.json"))
        #expect(style.layer(withID: "natural_earth")?.kind == .raster)
        #expect(style.layer(withID: "building-3d")?.kind == .fillExtrusion)
        let relief = try #require(style.sources["natural_earth_shaded_relief"])
        #expect(relief.kind == .raster && relief.maxZoom == 6 && relief.tileSize == 256 && relief.tiles.count == 1)

        let road = try #require(style.layer(withID: "road_motorway"))
        #expect(road.draws(motorwayLine))
        expectColor(road.lineColor(in: motorwayLine), 1, 0.8, 0x88 / 255.0)
        let extrusion = try #require(style.layer(withID: "building-3d"))
        let building = feature(["render_height": .double(21.5)], polygon)
        #expect(extrusion.value(of: "fill-extrusion-height", in: building) == .number(21.5))

        var city = village
        city.properties["class"] = .string("city")
        let label = try #require(style.layer(withID: "place_city"))
        #expect(label.textField(in: city) == "Gruenau")
        #expect(label.textAnchor(in: city) == .bottom)
        #expect(label.iconImage(in: city) == nil)
        city.zoom = 6
        #expect(label.iconImage(in: city) == "dot_9")
    }

    @Test(
        "every filter and property of every layer evaluates at every zoom",
        arguments: ["osm-bright.json", "positron.json", "osm-liberty.json"])
    func evaluateEverything(_ name: String) throws {
        let style = try VectorStyle(contentsOfFile: fixturePath(name))
        var drawn = 0
        for zoom in stride(from: 0.0, through: 22, by: 0.5) {
            for var context in [motorwayLine, waterPolygon, village] {
                context.zoom = zoom
                for layer in style.layers where layer.isShown(atZoom: zoom) && layer.draws(context) {
                    drawn += 1
                    for expression in Array(layer.layout.values) + Array(layer.paint.values) {
                        _ = try? expression.evaluate(in: context)
                    }
                    _ = layer.lineWidth(in: context) + layer.textSize(in: context)
                    _ = layer.textField(in: context)
                }
            }
        }
        #expect(drawn > 100)
    }
}
