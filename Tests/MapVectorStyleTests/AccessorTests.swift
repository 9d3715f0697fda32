import MapDrawing
import MapVectorStyle
import Testing

private let style = """
    {"version": 8, "sources": {"s": {"type": "vector", "tiles": ["https://example.com/{z}/{x}/{y}.pbf"],
      "minzoom": 2, "maxzoom": 14, "attribution": "© contributors"}},
     "layers": [
      {"id": "dots", "type": "circle", "source": "s", "source-layer": "poi",
       "paint": {"circle-radius": ["interpolate", ["linear"], ["zoom"], 10, 2, 20, 12], "circle-color": "red",
                 "circle-stroke-width": 1.5, "circle-stroke-color": "#fff", "circle-opacity": 2}},
      {"id": "paths", "type": "line", "source": "s", "source-layer": "transportation",
       "layout": {"line-cap": "square", "line-join": "bevel"},
       "paint": {"line-dasharray": [2, 1], "line-gap-width": ["get", "lanes"], "line-offset": -2,
                 "line-width": ["get", "class"], "line-opacity": -1}},
      {"id": "areas", "type": "fill", "source": "s", "source-layer": "landuse",
       "paint": {"fill-color": "hsla(120, 50%, 50%, 0.5)", "fill-opacity": 0.25}},
      {"id": "labels", "type": "symbol", "source": "s", "source-layer": "place",
       "layout": {"text-field": ["get", "rank"], "text-transform": "lowercase", "text-letter-spacing": 0.1,
                  "text-anchor": "top-left", "text-offset": [1, -2], "icon-image": "{class}_11", "text-size": "big"}},
      {"id": "empty", "type": "symbol", "source": "s"}
    ]}
    """

@Suite("Typed property accessors")
struct AccessorTests {
    let parsed: VectorStyle
    let context = StyleEvaluationContext(
        zoom: 15, properties: ["class": .string("path"), "lanes": .int(3), "rank": .int(7)], geometryType: .point)

    init() throws {
        parsed = try VectorStyle(parsing: Array(style.utf8), fileName: "style.json")
    }

    @Test("sources keep their tiles, zooms and attribution")
    func sources() throws {
        let source = try #require(parsed.sources["s"])
        #expect(source.kind == .vector && source.tiles.count == 1 && source.url == nil)
        #expect(source.minZoom == 2 && source.maxZoom == 14 && source.attribution == "© contributors")
    }

    @Test("circle properties, opacity clamped to 1")
    func circle() throws {
        let dots = try #require(parsed.layer(withID: "dots"))
        #expect(dots.kind == .circle)
        #expect(abs(dots.circleRadius(in: context) - 7) <= numericTolerance)
        #expect(dots.circleColor(in: context) == Color(red: 1, green: 0, blue: 0))
        #expect(dots.circleStrokeWidth(in: context) == 1.5)
        #expect(dots.circleStrokeColor(in: context) == Color(red: 1, green: 1, blue: 1))
        #expect(dots.circleOpacity(in: context) == 1)
    }

    @Test("line properties; a width that fails to evaluate takes the default")
    func line() throws {
        let paths = try #require(parsed.layer(withID: "paths"))
        #expect(paths.lineCap(in: context) == .square)
        #expect(paths.lineJoin(in: context) == .bevel)
        #expect(paths.lineDashArray(in: context) == [2, 1])
        #expect(paths.lineGapWidth(in: context) == 3)
        #expect(paths.lineOffset(in: context) == -2)
        #expect(paths.lineWidth(in: context) == 1)
        #expect(paths.lineOpacity(in: context) == 0)
        #expect(paths.lineColor(in: context) == Color(red: 0, green: 0, blue: 0))
    }

    @Test("fill properties; the outline takes the fill colour")
    func fill() throws {
        let areas = try #require(parsed.layer(withID: "areas"))
        let color = areas.fillColor(in: context)
        #expect(abs(color.green - 0.75) <= numericTolerance && abs(color.alpha - 0.5) <= numericTolerance)
        #expect(areas.fillOpacity(in: context) == 0.25)
        #expect(areas.fillOutlineColor(in: context) == color)
    }

    @Test("symbol properties and their defaults")
    func symbol() throws {
        let labels = try #require(parsed.layer(withID: "labels"))
        #expect(labels.textField(in: context) == "7")
        #expect(labels.textTransform(in: context) == .lowercase)
        #expect(labels.textLetterSpacing(in: context) == 0.1)
        #expect(labels.textAnchor(in: context) == .topLeft)
        #expect(labels.textOffset(in: context) == (1, -2))
        #expect(labels.iconImage(in: context) == "path_11")
        #expect(labels.textSize(in: context) == 16)
        let empty = try #require(parsed.layer(withID: "empty"))
        #expect(empty.textField(in: context) == nil)
        #expect(empty.iconImage(in: context) == nil)
        #expect(empty.textFont(in: context) == ["Open Sans Regular", "Arial Unicode MS Regular"])
        #expect(empty.textMaxWidth(in: context) == 10)
        #expect(empty.textHaloWidth(in: context) == 0)
        #expect(empty.textHaloColor(in: context).alpha == 0)
        #expect(empty.textAnchor(in: context) == .center)
        #expect(empty.textOffset(in: context) == (0, 0))
    }
}
