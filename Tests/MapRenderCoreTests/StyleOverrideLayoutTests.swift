import MapGeometry
import Testing

@testable import MapDrawing
@testable import MapRenderCore

/// Layout applies the map's style to what decoders left to it: a pin without a colour of its
/// own and an overlay's style override.
@Suite("Style applied at layout")
struct StyleOverrideLayoutTests {
    let here = Coordinate(latitude: 39.75, longitude: -105.0)
    let size = CanvasSize(width: 200, height: 150)

    func commands(_ scene: MapScene, style: Style) -> [DrawCommand] {
        MapLayout(scene: scene, style: style, calloutMode: .none, measurer: FixedTextMeasurer())
            .layOut(in: Viewport(center: here, zoom: 14, size: size)).displayList.commands
    }

    @Test("a pin of no colour takes the style's default pin colour")
    func defaultPinColour() {
        var purple = Style.standard
        purple.marker.defaultPinColor = .purple
        let scene = MapScene(places: [Place(id: 1, title: "A", coordinate: here, marker: .pin(nil))])
        let filled = commands(scene, style: purple).compactMap { command -> Color? in
            if case .fill(_, let color, _) = command { color } else { nil }
        }
        #expect(filled.contains(.purple))
        #expect(!filled.contains(Style.standard.marker.defaultPinColor))
    }

    @Test("a polyline's override is laid over each style's line look")
    func overrideOverEachStyle() {
        let line = PolylineOverlay(
            coordinates: [here, Coordinate(latitude: 39.76, longitude: -104.99)],
            styleOverride: ShapeStyleOverride(strokeColor: Color(hex: 0xFF0000), lineWidth: 7))
        for style in [Style.standard, Self.thinBlue] {
            let strokes = commands(MapScene(polylines: [line]), style: style).compactMap { command -> StrokeStyle? in
                if case .stroke(_, let stroke) = command { stroke } else { nil }
            }
            let drawn = strokes.first { $0.lineWidth == 7 }
            #expect(drawn?.color == Color(hex: 0xFF0000), "\(strokes)")
            // The parts the override leaves alone come from the style.
            #expect(drawn?.lineCap == style.polyline.lineCap)
        }
    }

    /// A style whose lines differ from the standard one in every part the override leaves.
    static var thinBlue: Style {
        var style = Style.standard
        style.polyline = ShapeStyle(strokeColor: .blue, lineWidth: 1, lineCap: .butt, lineJoin: .bevel)
        return style
    }
}
