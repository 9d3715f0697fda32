import MapDrawing
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapTestSupport
import Testing

/// The Helsinki street map with pins and callouts painted in bands (as posters are) gives the
/// pixels of the same map painted in one piece: streets, buildings, labels along streets,
/// sprite icons, pins with their shadows and callouts.
@Suite("Helsinki street map in bands")
struct HelsinkiBandedRenderTests {
    @Test("bands of 64 rows give the one-piece PNG's pixels and the one-piece JPEG's bytes", arguments: [1.0, 1.5])
    func bandsMatchOnePiece(scale: Double) throws {
        let places = [
            Place(id: 1, title: "Helsinki Cathedral", coordinate: Coordinate(latitude: 60.1702, longitude: 24.9522)),
            Place(
                id: 2, title: "Market Square", subtitle: "Kauppatori",
                coordinate: Coordinate(latitude: 60.1675, longitude: 24.9531), marker: .pin(.green)),
            Place(id: 3, title: "Central Station", coordinate: Coordinate(latitude: 60.1710, longitude: 24.9414)),
        ]
        var options = MapSnapshotter.Options(size: CanvasSize(width: 640, height: 480), scale: scale)
        options.framing = .centerZoom(helsinkiCenter, zoom: 15.3)
        let snapshotter = MapSnapshotter(
            scene: MapScene(places: places), options: options, styledBasemap: try helsinkiBasemap())
        let list = try snapshotter.layOut(measurer: CairoRenderer().textMeasurer).displayList
        #expect(list.commands.contains { if case .pathText = $0 { true } else { false } })
        #expect(list.commands.contains { if case .shadow = $0 { true } else { false } })

        let whole = try RasterImage(png: CairoRenderer().render(list, scale: scale, format: .png))
        let banded = try RasterImage(png: CairoRenderer(bandRows: 64).render(list, scale: scale, format: .png))
        #expect(whole.width == banded.width && whole.height == banded.height)
        let differing = stride(from: 0, to: whole.pixels.count, by: 4).filter {
            whole.pixels[$0..<($0 + 4)] != banded.pixels[$0..<($0 + 4)]
        }
        #expect(differing.isEmpty, "\(differing.count) pixels differ, the first at index \(differing.first ?? 0)")

        let jpeg = try CairoRenderer().render(list, scale: scale, format: .jpeg)
        let bandedJPEG = try CairoRenderer(bandRows: 64).render(list, scale: scale, format: .jpeg)
        #expect(jpeg == bandedJPEG)
    }
}
