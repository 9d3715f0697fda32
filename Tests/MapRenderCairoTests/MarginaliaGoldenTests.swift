import MapDrawing
import MapGeometry
import MapMarginalia
import MapRenderCairo
import MapRenderCore
import Testing

@testable import MapTiles

/// Marginalia drawn through Cairo: the grid with its edge labels, the north arrow and the
/// title block, on a page with margins and on a map without any.
@Suite("Marginalia goldens")
struct MarginaliaGoldenTests {
    /// A page 600×480 with a frame of 500×330 inside: labels in the margins, the title block
    /// above the frame, the arrow in its top right corner.
    @Test("a frame on a page: labels and title block in the margins")
    func page() throws {
        let renderer = CairoRenderer()
        let rect = CanvasRect(x: 50, y: 100, width: 500, height: 330)
        let viewport = Viewport(
            center: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 10, size: rect.size)
        let frame = MapFrame(
            rect: rect, viewport: viewport, margins: EdgeInsets(top: 100, left: 50, bottom: 50, right: 50),
            taken: [CanvasRect(x: 58, y: 380, width: 110, height: 42)])
        let marginalia = Marginalia(
            grid: GridRequest(), showsNorthArrow: true,
            titleBlock: TitleBlockText(title: "Helsinki", subtitle: "Favourite places", date: "2026-12-01"))
        let layout = try marginalia.layOut(in: frame, style: .standard, measurer: renderer.textMeasurer)
        #expect(layout.titleBlock?.isInMargin == true)
        #expect(layout.graticule?.labels.allSatisfy(\.isOutside) == true)
        var list = DisplayList(size: CanvasSize(width: 600, height: 480), commands: [.clear(.white)])
        list.append(.fill(Path.roundedRect(rect, radius: 0), Color(hex: 0xDCEBF5), evenOdd: false))
        list.append(.fill(Path.roundedRect(frame.taken[0], radius: 3), Color(hex: 0xCCCCCC), evenOdd: false))
        list.commands += layout.commands
        let png = try renderer.render(list, scale: 1, format: .png)
        GoldenImage.assertMatches(png, named: "marginalia-page")
    }

    /// The embedded world's Colorado at 400×300 with no margins: every label inside on a
    /// halo, clear of the scale bar and attribution.
    @Test("a map without a page: labels inside, clear of the furniture")
    func canvas() throws {
        let renderer = CairoRenderer()
        let options = MapSnapshotter.Options(
            size: CanvasSize(width: 400, height: 300), scale: 1,
            framing: .centerZoom(Coordinate(latitude: 39.5, longitude: -105.5), zoom: 6), style: .standard,
            format: .png)
        let result = try MapSnapshotter(scene: MapScene(), options: options, basemap: try WorldBasemap.embedded())
            .layOut(measurer: renderer.textMeasurer)
        let plate = Style.standard.furniture.plateColor
        let taken = result.displayList.commands.compactMap { command -> CanvasRect? in
            if case .fill(let path, plate, _) = command { path.boundingRect } else { nil }
        }
        #expect(taken.count == 2)
        let marginalia = Marginalia(
            grid: GridRequest(format: .decimal), showsNorthArrow: true,
            titleBlock: TitleBlockText(title: "Colorado", subtitle: "Front Range"))
        let layout = try marginalia.layOut(
            in: MapFrame(canvas: result.viewport, taken: taken), style: .standard, measurer: renderer.textMeasurer)
        for label in layout.graticule?.labels ?? [] {
            #expect(!label.isOutside)
            for rect in taken { #expect(!label.rect.intersects(rect)) }
        }
        // Drawn over the map, the title block replaces the map's own title plate.
        #expect(layout.titleBlock?.isInMargin == false)
        #expect(layout.northArrow?.corner == .topRight)
    }
}
