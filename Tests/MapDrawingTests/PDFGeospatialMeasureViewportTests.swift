import MapDrawing
import MapGeometry
import Testing

@Suite("PDF geospatial measure of a viewport")
struct PDFGeospatialMeasureViewportTests {
    let viewport = Viewport(
        center: Coordinate(latitude: 60.17, longitude: 24.93), zoom: 12.5, size: .init(width: 300, height: 200))

    @Test("by default the frame is the whole page and the corners are the canvas corners' coordinates")
    func wholePage() {
        let measure = PDFGeospatialMeasure(viewport: viewport)
        #expect(measure.frame == .init(x: 0, y: 0, width: 300, height: 200))
        let expected = [(0.0, 0.0), (0, 200), (300, 200), (300, 0)].map {
            viewport.coordinate(for: CanvasPoint(x: $0, y: $1))
        }
        for (corner, coordinate) in zip(measure.corners, expected) {
            #expect(abs(corner.latitude - coordinate.latitude) < 1e-12)
            #expect(abs(corner.longitude - coordinate.longitude) < 1e-12)
        }
        #expect(measure.corners[0].latitude > measure.corners[1].latitude, "upper-left first, then lower-left")
        #expect(measure.corners[2].longitude > measure.corners[1].longitude, "then lower-right")
        #expect(measure.epsgCode == 3857)
        #expect(measure.wellKnownText == WebMercatorGeoTransform.wellKnownText)
    }

    @Test("a frame inside a larger page: its box is in PDF user space, y up from the bottom edge")
    func frame() {
        // An A4 page (595.28 × 841.89 pt) with the map 28.35 pt (10 mm) from the left and
        // 56.7 pt from the top.
        let frame = CanvasRect(origin: CanvasPoint(x: 28.35, y: 56.7), size: CanvasSize(width: 300, height: 200))
        let measure = PDFGeospatialMeasure(viewport: viewport, frame: frame, pageHeight: 841.89)
        #expect(abs(measure.frame.x - 28.35) < 1e-9)
        #expect(abs(measure.frame.y - (841.89 - 56.7 - 200)) < 1e-9)
        #expect(measure.frame.width == 300 && measure.frame.height == 200)
        #expect(measure.corners == PDFGeospatialMeasure(viewport: viewport).corners, "the same map, moved on the page")
    }

    @Test("a map across 180° keeps its eastern corners past it, as an affine fit needs")
    func antimeridian() {
        let pacific = Viewport(
            center: Coordinate(latitude: -17, longitude: 179.9), zoom: 8, size: .init(width: 400, height: 300))
        let corners = PDFGeospatialMeasure(viewport: pacific).corners
        #expect(corners[2].longitude > 180)
        #expect(corners[0].longitude < 180)
        #expect(abs(corners[2].longitude - corners[1].longitude - 400 * 360 / (256 * 256)) < 1e-9)
    }
}
