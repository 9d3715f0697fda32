import Foundation
import MapDrawing
import MapGeometry
import Testing

/// How far EPSG:3857 values may differ from the closed-form ones, in meters (well under a
/// millimetre: the numbers pass through a few multiplications of ~2^28).
let projectedTolerance = 1e-6

/// Half the Web Mercator world's width, in EPSG:3857 meters: π · 6,378,137 m.
let worldHalfWidth = 20_037_508.342789244

@Suite("Web Mercator geotransform")
struct WebMercatorGeoTransformTests {
    @Test("the world at zoom 0 in 256×256 pixels: EPSG's own numbers")
    func worldAtZoomZero() {
        let viewport = Viewport(
            center: Coordinate(latitude: 0, longitude: 0), zoom: 0, size: CanvasSize(width: 256, height: 256))
        let transform = WebMercatorGeoTransform(viewport: viewport, scale: 1)
        // 2π · 6378137 / 256, the pixel size of tile 0/0/0 everyone quotes.
        #expect(abs(transform.pixelSize - 156_543.033_928_040_97) < projectedTolerance)
        #expect(abs(transform.upperLeftCorner.x + worldHalfWidth) < projectedTolerance)
        #expect(abs(transform.upperLeftCorner.y - worldHalfWidth) < projectedTolerance)
        let centre = transform.upperLeftPixelCenter
        #expect(abs(centre.x - (-worldHalfWidth + 156_543.033_928_040_97 / 2)) < projectedTolerance)
        #expect(abs(centre.y - (worldHalfWidth - 156_543.033_928_040_97 / 2)) < projectedTolerance)
        // The lower-right corner is the world's south-east corner.
        let corner = transform.meters(column: 256, row: 256)
        #expect(abs(corner.x - worldHalfWidth) < projectedTolerance)
        #expect(abs(corner.y + worldHalfWidth) < projectedTolerance)
    }

    @Test("device pixels are canvas points times the scale")
    func scale() {
        let viewport = Viewport(
            center: Coordinate(latitude: 0, longitude: 0), zoom: 0, size: CanvasSize(width: 256, height: 256))
        let single = WebMercatorGeoTransform(viewport: viewport, scale: 1)
        let double = WebMercatorGeoTransform(viewport: viewport, scale: 2)
        #expect(abs(double.pixelSize - single.pixelSize / 2) < projectedTolerance)
        #expect(double.upperLeftCorner == single.upperLeftCorner)
        #expect(abs(double.upperLeftPixelCenter.x - (-worldHalfWidth + single.pixelSize / 4)) < projectedTolerance)
    }

    @Test(
        "a coordinate's device pixel (canvas point × scale) maps to its spherical Mercator meters",
        arguments: [
            (Coordinate(latitude: 60.1699, longitude: 24.9384), 13.4, 2.0),
            (Coordinate(latitude: -33.8688, longitude: 151.2093), 7.25, 1.0),
            (Coordinate(latitude: 39.7392, longitude: -104.9903), 17.0, 3.0),
        ])
    func coordinateRoundTrip(coordinate: Coordinate, zoom: Double, scale: Double) {
        let viewport = Viewport(
            center: Coordinate(latitude: coordinate.latitude + 0.001, longitude: coordinate.longitude - 0.002),
            zoom: zoom, size: CanvasSize(width: 640, height: 480))
        let transform = WebMercatorGeoTransform(viewport: viewport, scale: scale)
        let point = viewport.point(for: coordinate)
        let meters = transform.meters(column: point.x * scale, row: point.y * scale)
        // EPSG:3857 forward formulas (IOGP Guidance Note 7-2, method 1024).
        let radius = 6_378_137.0
        let expectedX = radius * coordinate.longitude * .pi / 180
        let expectedY = radius * log(tan(.pi / 4 + coordinate.latitude * .pi / 180 / 2))
        // A map point is ~0.15 m; the canvas position carries that rounding.
        #expect(abs(meters.x - expectedX) < 1e-3 && abs(meters.y - expectedY) < 1e-3, "\(meters)")
        let back = transform.pixel(for: meters)
        #expect(abs(back.column - point.x * scale) < 1e-6 && abs(back.row - point.y * scale) < 1e-6)
    }

    @Test("a canvas across the 180th meridian continues past the world's east edge")
    func antimeridian() {
        let viewport = Viewport(
            center: Coordinate(latitude: -17, longitude: 179.9), zoom: 8, size: CanvasSize(width: 800, height: 600))
        let transform = WebMercatorGeoTransform(viewport: viewport, scale: 1)
        let east = transform.meters(column: 800, row: 0)
        #expect(east.x > worldHalfWidth)
        #expect(transform.upperLeftCorner.x < worldHalfWidth && transform.upperLeftCorner.x > 0)
    }
}
