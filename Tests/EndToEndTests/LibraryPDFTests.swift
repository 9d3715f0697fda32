import Foundation
import MapDrawing
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapTiles
import Testing

/// The library's snapshotter writes the PDF the command line writes: georeferenced.
@Suite("MapSnapshotter's PDF")
struct LibraryPDFTests {
    /// How far the measure's corners may be from the viewport's, in degrees: the measure
    /// writes them with 9 decimals.
    let cornerTolerance = 1e-8

    @Test("a PDF snapshot carries the geospatial measure of the map's viewport, as render's does")
    func georeferenced() throws {
        let scene = MapScene(places: [
            Place(title: "Capitol", coordinate: Coordinate(latitude: 39.7392, longitude: -104.9847))
        ])
        let options = MapSnapshotter.Options(size: CanvasSize(width: 400, height: 300), format: .pdf)
        let snapshot = try MapSnapshotter(scene: scene, options: options, basemap: try WorldBasemap.embedded())
            .makeSnapshot(renderer: CairoRenderer())
        #expect(snapshot.diagnostics.allSatisfy { $0.severity != .warning })
        let measures = try PDFGeospatialMeasure.measures(in: snapshot.data)
        let measure = try #require(measures.first ?? nil)
        #expect(measure.epsgCode == 3857)
        let expected = PDFGeospatialMeasure(viewport: snapshot.viewport)
        for (corner, want) in zip(measure.corners, expected.corners) {
            #expect(abs(corner.latitude - want.latitude) < cornerTolerance)
            #expect(abs(corner.longitude - want.longitude) < cornerTolerance)
        }
        // A PNG snapshot is left as it is.
        let png = try MapSnapshotter(
            scene: scene, options: MapSnapshotter.Options(size: CanvasSize(width: 400, height: 300)),
            basemap: try WorldBasemap.embedded()
        ).makeSnapshot(renderer: CairoRenderer())
        #expect(Array(png.data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }
}
