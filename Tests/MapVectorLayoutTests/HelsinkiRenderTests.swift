import Foundation
import MapDrawing
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapTestSupport
import MapVectorLayout
import MapVectorStyle
import Testing

@Suite("Helsinki street maps")
struct HelsinkiRenderTests {
    @Test("a street map of Helsinki renders with streets, buildings and names")
    func rendersHelsinki() throws {
        let scene = MapScene()
        var options = MapSnapshotter.Options(size: CanvasSize(width: 1024, height: 768))
        options.framing = .centerZoom(helsinkiCenter, zoom: 16)
        let snapshotter = MapSnapshotter(scene: scene, options: options, styledBasemap: try helsinkiBasemap())
        let renderer = CairoRenderer()
        let result = try snapshotter.layOut(measurer: renderer.textMeasurer)
        let texts = result.displayList.commands.compactMap { command -> String? in
            if case .pathText(let run) = command { return run.string }
            if case .text(let run) = command { return run.string }
            return nil
        }
        #expect(!texts.isEmpty)
        if let folder = ProcessInfo.processInfo.environment["MAPRENDER_PREVIEW_DIR"] {
            let snapshot = try snapshotter.makeSnapshot(renderer: renderer)
            try Data(snapshot.data).write(to: URL(fileURLWithPath: folder + "/helsinki-16.png"))
            try result.displayList.dump.write(toFile: folder + "/helsinki-16.txt", atomically: true, encoding: .utf8)
        }
    }
}
