import MapDrawing
import MapGeometry
import MapRenderCore
import MapTestSupport
import MapVectorLayout
import MapVectorStyle
import Testing

/// The third-party OpenMapTiles styles of Tests/MapVectorStyleTests/Fixtures (see its
/// README) over the Helsinki tiles: they must draw, whatever they use that is not drawn.
@Suite("Third-party styles over Helsinki")
struct ThirdPartyStyleTests {
    static func style(_ name: String) throws -> VectorStyle {
        try VectorStyle(contentsOfFile: packageRoot + "/Tests/MapVectorStyleTests/Fixtures/\(name).json")
    }

    @Test(
        "each style draws areas, lines and names at street and city zooms",
        arguments: ["osm-bright", "positron", "osm-liberty"])
    func draws(_ name: String) throws {
        let basemap = VectorTileBasemap(
            style: try Self.style(name), sources: ["openmaptiles": try ArchiveTileProvider.helsinki()])
        for zoom in [14.0, 16, 17.5] {
            let viewport = Viewport(center: helsinkiCenter, zoom: zoom, size: CanvasSize(width: 1024, height: 768))
            let drawing = try basemap.drawing(for: viewport, scale: 1, measurer: FixedTextMeasurer())
            let fills = drawing.commands.filter { if case .fill = $0 { true } else { false } }
            let strokes = drawing.commands.filter { if case .stroke = $0 { true } else { false } }
            #expect(fills.count >= 3, "\(name) at \(zoom)")
            #expect(strokes.count > 3, "\(name) at \(zoom)")
            // OSM Liberty labels `{name}`, which tilemaker's profile leaves out (it writes
            // `name:latin`), and its icons come from a hosted sprite: it has no labels here.
            if name != "osm-liberty" { #expect(drawing.labels.count > 10, "\(name) at \(zoom)") }
            #expect(!drawing.diagnostics.contains { $0.severity == .warning }, "\(name) at \(zoom)")
        }
    }

    @Test("what a style uses that is not drawn is one note per layer and property")
    func notes() throws {
        let basemap = VectorTileBasemap(
            style: try Self.style("osm-bright"), sources: ["openmaptiles": try ArchiveTileProvider.helsinki()])
        let text = basemap.notes.map(\.description)
        #expect(text.contains { $0.contains("\"fill-pattern\": patterns are not drawn; the layer is left out") })
        #expect(text.contains { $0.contains("\"text-halo-blur\": not drawn") })
        #expect(Set(text).count == text.count)
        // Honoured properties are not noted.
        #expect(!text.contains { $0.contains("\"line-width\"") || $0.contains("\"text-field\"") })
        let liberty = VectorTileBasemap(
            style: try Self.style("osm-liberty"), sources: ["openmaptiles": try ArchiveTileProvider.helsinki()])
        #expect(liberty.notes.contains { $0.message.hasPrefix("not drawn: its raster source") })
    }
}
