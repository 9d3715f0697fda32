import MapDrawing
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapTestSupport
import MapVectorLayout
import MapVectorStyle
import Testing

/// A viewport's labels are laid out on a second thread while its shapes are laid out
/// (`VectorTileBasemap.laysOutConcurrently`); the drawing must be the one laid out on one
/// thread, command for command and label for label, in any order the threads finish.
@Suite("Labels laid out beside the shapes")
struct ConcurrentLayoutTests {
    static func drawing(style: VectorStyle, zoom: Double, concurrently: Bool) throws -> StyledBasemapDrawing {
        var basemap = VectorTileBasemap(style: style, sources: ["openmaptiles": try ArchiveTileProvider.helsinki()])
        basemap.laysOutConcurrently = concurrently
        let viewport = Viewport(center: helsinkiCenter, zoom: zoom, size: CanvasSize(width: 1024, height: 768))
        return try basemap.drawing(for: viewport, scale: 1, measurer: CairoRenderer().textMeasurer)
    }

    @Test(
        "the same commands, labels and diagnostics as one thread",
        arguments: [("maprender-default", 16.0), ("osm-bright", 14.0)])
    func sameDrawing(_ name: String, _ zoom: Double) throws {
        let style =
            name == "maprender-default"
            ? try BuiltInVectorStyle.standard.style()
            : try VectorStyle(contentsOfFile: MapLibreComparisonTests.fixtures + "\(name).json")
        let serial = try Self.drawing(style: style, zoom: zoom, concurrently: false)
        // Labels and shapes both come out of the map: the comparison is not between two empty lists.
        #expect(serial.labels.count > 10)
        #expect(serial.commands.count > 100)
        for _ in 0..<3 {
            let concurrent = try Self.drawing(style: style, zoom: zoom, concurrently: true)
            #expect(concurrent.commands == serial.commands)
            #expect(concurrent.labels == serial.labels)
            #expect(concurrent.diagnostics.map(\.message) == serial.diagnostics.map(\.message))
        }
    }
}
