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
        var failed = false
        for score in comparison.scores where score.area >= 0.005 {
            let color = String(format: "#%02x%02x%02x", score.color.red, score.color.green, score.color.blue)
            let summary =
                "\(name) z\(Int(zoom)) class \(color) (\(String(format: "%.1f", score.area * 100))% of the map): precision \(String(format: "%.3f", score.precision)), recall \(String(format: "%.3f", score.recall))"
            let agrees = score.precision >= Self.minimumAgreement && score.recall >= Self.minimumAgreement
            if !agrees { failed = true }
            #expect(agrees, "\(summary)")
            if ProcessInfo.processInfo.environment["MAPRENDER_PRINT_SCORES"] != nil { print(summary) }
        }
        if failed || ProcessInfo.processInfo.environment["MAPRENDER_PREVIEW_DIR"] != nil {
            // Our rendering and the disagreeing pixels, to look at.
            let folder = ProcessInfo.processInfo.environment["MAPRENDER_PREVIEW_DIR"] ?? NSTemporaryDirectory()
            let base = folder + "/\(name)-xyz\(Int(zoom))"
            try Data(try ours.pngData()).write(to: URL(fileURLWithPath: base + "-ours.png"))
            var pixels = [UInt8](repeating: 255, count: ours.width * ours.height * 4)
            for (index, wrong) in comparison.disagreement.enumerated() where wrong {
                pixels[index * 4 + 1] = 0
                pixels[index * 4 + 2] = 0
            }
            let mask = RasterImage(width: ours.width, height: ours.height, pixels: pixels)
            try Data(try mask.pngData()).write(to: URL(fileURLWithPath: base + "-disagreement.png"))
            if failed { Issue.record("ours and the disagreeing pixels (red) written to \(base)-*.png") }
        }
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
