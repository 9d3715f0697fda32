import Foundation
import Testing

@testable import MapGeometry

/// Tolerance for coordinates that went through a projection round trip, in degrees.
let projectionRoundTripTolerance = 1e-9
/// Tolerance for map-point positions computed two ways, in map points (~0.15 mm on the ground).
let mapPointTolerance = 1e-6

@Suite("Web Mercator")
struct ProjectionTests {
    @Test("0°, 0° is the centre of the world")
    func originIsCentre() {
        let point = MapPoint(Coordinate(latitude: 0, longitude: 0))
        #expect(point.x == 134_217_728)
        #expect(point.y == 134_217_728)
    }

    @Test("the north-west corner is map point (0, 0)")
    func northWestCorner() {
        let point = MapPoint(Coordinate(latitude: MapPoint.maximumLatitude, longitude: -180))
        #expect(abs(point.x) <= mapPointTolerance)
        #expect(abs(point.y) <= mapPointTolerance * 10)
        #expect(abs(MapPoint.maximumLatitude - 85.0511287798066) < 1e-12)
    }

    @Test("latitudes beyond the square world are clamped")
    func clamp() {
        #expect(
            MapPoint(Coordinate(latitude: 89.9, longitude: 0)).y == MapPoint(Coordinate(latitude: 90, longitude: 0)).y)
        #expect(abs(MapPoint(Coordinate(latitude: -90, longitude: 0)).y - MapSize.world.height) < 1e-6)
    }

    @Test("a known city lands where the formula puts it")
    func knownCity() {
        // Denver, checked against the closed form with the world of 2^28 points.
        let denver = Coordinate(latitude: 39.7392, longitude: -104.9903)
        let point = MapPoint(denver)
        let world = 268_435_456.0
        let phi = denver.latitude * .pi / 180
        #expect(abs(point.x - (denver.longitude + 180) / 360 * world) <= mapPointTolerance)
        #expect(abs(point.y - (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * world) <= 1e-4)
    }

    @Test("projection round trips within 1e-9°", arguments: Array(stride(from: -85.0, through: 85.0, by: 8.5)))
    func roundTrip(latitude: Double) {
        for longitude in stride(from: -179.5, through: 179.5, by: 17.3) {
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            let back = MapPoint(coordinate).coordinate
            #expect(abs(back.latitude - latitude) <= projectionRoundTripTolerance)
            #expect(abs(back.longitude - longitude) <= projectionRoundTripTolerance)
        }
    }

    @Test("map points per meter: the world over the equator, shrinking by cos φ")
    func pointsPerMeter() {
        let equator = MapPoint.mapPointsPerMeter(atLatitude: 0)
        #expect(abs(equator - 268_435_456 / (2 * .pi * 6_378_137)) < 1e-12)
        #expect(abs(MapPoint.mapPointsPerMeter(atLatitude: 60) - 2 * equator) < 1e-9)
        #expect(abs(MapPoint.metersPerMapPoint(atLatitude: 0) * equator - 1) < 1e-15)
    }

    @Test("a rect past the world's east edge spans the 180th meridian, and its remainder wraps")
    func spans180() {
        let world = MapSize.world.width
        let rect = MapRect(minX: world - 100, minY: 10, maxX: world + 50, maxY: 20)
        #expect(rect.spans180thMeridian)
        #expect(rect.remainder == MapRect(minX: 0, minY: 10, maxX: 50, maxY: 20))
        #expect(MapRect(minX: 0, minY: 0, maxX: 10, maxY: 10).remainder == nil)
    }

    @Test("longitudes normalize into [-180, 180)")
    func normalize() {
        #expect(Coordinate.normalizedLongitude(180) == -180)
        #expect(Coordinate.normalizedLongitude(190) == -170)
        #expect(Coordinate.normalizedLongitude(-190) == 170)
        #expect(Coordinate.normalizedLongitude(540) == -180)
    }

    @Test("wrapped brings longitudes outside [-180, 180] into it and keeps ±180° as given")
    func wrapped() {
        #expect(Coordinate(latitude: 1, longitude: 205.5).wrapped == Coordinate(latitude: 1, longitude: -154.5))
        #expect(Coordinate(latitude: 1, longitude: -187.5).wrapped == Coordinate(latitude: 1, longitude: 172.5))
        #expect(Coordinate(latitude: 1, longitude: 180).wrapped.longitude == 180)
        #expect(Coordinate(latitude: 1, longitude: -180).wrapped.longitude == -180)
        #expect(Coordinate(latitude: 1, longitude: 12.25).wrapped.longitude == 12.25)
    }

    @Test("decimal strings never depend on the locale and round half away from zero")
    func decimals() {
        #expect(2.5.decimalString(places: 0) == "3")
        #expect((-0.004).decimalString(places: 2) == "0.00")
        #expect((-1.25).decimalString(places: 1) == "-1.3")
        #expect(39.748039.decimalString(places: 6) == "39.748039")
    }
}

@Suite("Coordinate regions")
struct CoordinateRegionTests {
    /// Tolerance for degrees derived from meters, in degrees (~1 cm).
    let degreeTolerance = 1e-7

    @Test("one degree of latitude at the equator is 110,574.27 m; of longitude 111,319.49 m")
    func equatorDegrees() {
        let region = CoordinateRegion.make(
            center: Coordinate(latitude: 0, longitude: 0), latitudinalMeters: 110_574.2727,
            longitudinalMeters: 111_319.4908)
        #expect(abs(region.latitudeDelta - 1) < 1e-6)
        #expect(abs(region.longitudeDelta - 1) < degreeTolerance)
    }

    @Test("a region's map rect is centred on its centre's longitude")
    func mapRect() {
        let region = CoordinateRegion(
            center: Coordinate(latitude: 0, longitude: 0), latitudeDelta: 10, longitudeDelta: 20)
        let rect = region.mapRect
        #expect(abs(rect.center.x - 134_217_728) < 1e-6)
        #expect(abs(rect.size.width - 20.0 / 360 * 268_435_456) < 1e-6)
    }

    @Test("a region across ±180° spans the 180th meridian")
    func acrossDateLine() {
        let region = CoordinateRegion(
            center: Coordinate(latitude: -17, longitude: 179), latitudeDelta: 4, longitudeDelta: 6)
        #expect(region.mapRect.spans180thMeridian)
    }
}
