import Foundation
import MapDrawing
import MapGeometry
import MapPMTiles
import MapRenderCairo
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorLayout
import MapVectorStyle
import Testing

/// Our rendering of the Helsinki example against MapLibre Native's of the same archive,
/// style and viewport (Fixtures/maplibre, see its README): the same shapes in the same
/// places, class by class, within a few pixels. Both are drawn without the style's symbol
/// layers: labels are placed by different rules (and MapLibre draws signed-distance-field
/// glyphs), so text is checked by the layout tests instead.
@Suite("Helsinki against MapLibre Native")
struct MapLibreComparisonTests {
    static let fixtures = packageRoot + "/Tests/MapVectorLayoutTests/Fixtures/maplibre/"

    /// The smallest share of a class's pixels that must find their class within 3 pixels in
    /// the other rendering, for classes covering at least half a percent of the map;
    /// antialiasing accounts for the rest.
    static let minimumAgreement = 0.95

    /// The style without its symbol layers.
    static func shapes(_ name: String) throws -> VectorStyle {
        var style =
            name == "maprender-default"
            ? try BuiltInVectorStyle.standard.style()
            : try VectorStyle(contentsOfFile: fixtures + "\(name).json")
        style.layers.removeAll { $0.kind == .symbol }
        return style
    }

    /// The basemap alone (no scale bar, no attribution), as the reference shows it.
    static func render(_ style: VectorStyle, zoom: Double) throws -> RasterImage {
        let path = packageRoot + "/examples/helsinki/helsinki.pmtiles"
        let reader = try #require(FileByteRangeReader(path: path))
        let provider = ArchiveTileProvider(archive: try PMTilesVectorArchive(PMTilesArchive(reader: reader)))
        let basemap = VectorTileBasemap(style: style, sources: ["openmaptiles": provider])
        let viewport = Viewport(center: helsinkiCenter, zoom: zoom, size: CanvasSize(width: 1024, height: 768))
        let renderer = CairoRenderer()
        let drawing = try basemap.drawing(for: viewport, scale: 1, measurer: renderer.textMeasurer)
        var list = DisplayList(size: viewport.size, commands: drawing.commands)
        var placer = LabelPlacer(
            canvas: CanvasRect(x: 0, y: 0, width: 1024, height: 768).insetBy(2), obstacles: [])
        list.commands += placer.commands(placing: drawing.labels)
        return try RasterImage(png: try renderer.render(list, scale: 1, format: .png))
    }

    @Test(
        "areas, roads and buildings land where MapLibre Native draws them",
        arguments: [("maprender-default", 16.0), ("maprender-default", 14), ("osm-bright", 16), ("osm-bright", 14)])
    func matchesMapLibre(_ name: String, _ zoom: Double) throws {
        let reference = try RasterImage(
            png: Array(
                try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "\(name)-xyz\(Int(zoom))-shapes.png"))))
        let ours = try Self.render(try Self.shapes(name), zoom: zoom)
        let comparison = StructureComparison(ours: ours, reference: reference, classes: 8)
        try comparison.expectClassesAgree(
            ours: ours, label: "\(name) z\(Int(zoom))", previewName: "\(name)-xyz\(Int(zoom))",
            minimumAgreement: Self.minimumAgreement)
    }

    @Test("the comparison fails a map moved by eight pixels")
    func comparisonCanFail() throws {
        let reference = try RasterImage(
            png: Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "osm-bright-xyz16-shapes.png"))))
        var moved = reference
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let source = (y * reference.width + max(x - 8, 0)) * 4
                for channel in 0..<4 {
                    moved.pixels[(y * reference.width + x) * 4 + channel] = reference.pixels[source + channel]
                }
            }
        }
        let comparison = StructureComparison(ours: moved, reference: reference, classes: 8)
        let worst = comparison.scores.filter { $0.area >= 0.005 }.map { min($0.precision, $0.recall) }.min() ?? 1
        #expect(worst < Self.minimumAgreement)
    }
}
