import Foundation
import MapGeometry
import MapRenderCore
import Testing

@testable import MapFavorites
@testable import MapSQLite

// Offline reverse geocoding against the shipped world.sqlite (its countries, admin1 and
// labels tables, built by make_world_basemap.py from Natural Earth 4.0.0 1:50m).

@Suite("Reverse geocoder")
struct ReverseGeocoderTests {
    let geocoder: ReverseGeocoder

    init() throws { geocoder = try ReverseGeocoder.embedded() }

    func lookUp(_ latitude: Double, _ longitude: Double) throws -> ReverseGeocodeResult {
        try geocoder.reverseGeocode(Coordinate(latitude: latitude, longitude: longitude))
    }

    @Test("Denver → Denver, Colorado, United States of America")
    func denver() throws {
        let result = try lookUp(39.7392, -104.9903)
        #expect(result.country == "United States of America" && result.countryCode == "US")
        #expect(result.region == "Colorado")
        #expect(result.nearestPlace == "Denver")
        let distance = try #require(result.nearestPlaceDistance)
        #expect(distance < 2_000, "Natural Earth's Denver point is about 0.5 km from City Hall: \(distance)")
        #expect(result.subtitle == "near Denver, Colorado, United States of America")
    }

    @Test("Paris → France, with no region: the 1:50m admin-1 layer has no French regions")
    func paris() throws {
        let result = try lookUp(48.8566, 2.3522)
        #expect(result.country == "France")
        #expect(result.countryCode == "FR", "NE 4.0.0 has ISO_A2 -99 for France; the converter falls back to WB_A2")
        #expect(result.region == nil)
        #expect(result.nearestPlace == "Paris")
        #expect(result.subtitle == "near Paris, France")
    }

    @Test("The middle of the Atlantic is in no country; the subtitle gives the nearest place's distance")
    func ocean() throws {
        let result = try lookUp(30, -40)
        #expect(result.country == nil && result.region == nil && result.countryCode == nil)
        let distance = try #require(result.nearestPlaceDistance)
        #expect(distance > 1_000_000)
        #expect(result.subtitle.hasSuffix(" km from \(result.nearestPlace ?? "?")"), "\(result.subtitle)")
    }

    @Test(
        "Regions of the other admin-1 countries",
        arguments: [
            (43.6532, -79.3832, "Ontario", "Canada", "Toronto"),
            (-33.8688, 151.2093, "New South Wales", "Australia", "Sydney"),
            (-23.5505, -46.6333, "São Paulo", "Brazil", "São Paulo"),
        ])
    func regions(latitude: Double, longitude: Double, region: String, country: String, place: String) throws {
        let result = try lookUp(latitude, longitude)
        #expect(result.region == region && result.country == country && result.nearestPlace == place, "\(result)")
    }

    @Test("The nearest place is in the point's own country: Windsor is not near Detroit, San Ysidro not near Tijuana")
    func nearestPlaceInTheSameCountry() throws {
        let windsor = try lookUp(42.3149, -83.0364)
        #expect(windsor.country == "Canada" && windsor.region == "Ontario")
        #expect(windsor.nearestPlace == "Toronto", "\(windsor)")
        #expect(
            windsor.subtitle.hasPrefix("33") && windsor.subtitle.hasSuffix(" km from Toronto, Ontario, Canada"),
            "\(windsor.subtitle)")
        let sanYsidro = try lookUp(32.5556, -117.0470)
        #expect(sanYsidro.country == "United States of America" && sanYsidro.region == "California")
        #expect(sanYsidro.nearestPlace == "San Diego", "\(sanYsidro)")
        let tijuana = try lookUp(32.5149, -117.0382)
        #expect(tijuana.country == "Mexico" && tijuana.nearestPlace == "Tijuana", "\(tijuana)")
    }

    @Test("A point on the water just off the generalised coast still gets its country")
    func coastalTolerance() throws {
        // The end of Santa Monica pier, about 500 m into the Pacific.
        let pier = try lookUp(34.0078, -118.4990)
        #expect(pier.country == "United States of America" && pier.region == "California")
        var strict = geocoder
        strict.coastalTolerance = 0
        let far = try strict.reverseGeocode(Coordinate(latitude: 33.95, longitude: -118.62))
        #expect(far.country == nil, "15 km out to sea is at sea")
    }

    @Test("Even-odd point in polygon: inside, outside, in the hole")
    func pointInPolygon() {
        let square = [
            MapPoint(x: 0, y: 0), MapPoint(x: 10, y: 0), MapPoint(x: 10, y: 10), MapPoint(x: 0, y: 10),
            MapPoint(x: 0, y: 0),
        ]
        let hole = [
            MapPoint(x: 4, y: 4), MapPoint(x: 6, y: 4), MapPoint(x: 6, y: 6), MapPoint(x: 4, y: 6),
            MapPoint(x: 4, y: 4),
        ]
        #expect(ReverseGeocoder.contains([square, hole], MapPoint(x: 2, y: 2)))
        #expect(!ReverseGeocoder.contains([square, hole], MapPoint(x: 5, y: 5)))
        #expect(!ReverseGeocoder.contains([square, hole], MapPoint(x: 12, y: 5)))
        #expect(abs(ReverseGeocoder.distance(from: MapPoint(x: 13, y: 5), to: [square]) - 3) < 1e-9)
        #expect(abs(ReverseGeocoder.distance(from: MapPoint(x: 5, y: 5), to: [square, hole]) - 1) < 1e-9)
    }

    @Test("A basemap without the reverse-geocoding tables is a clear error; bad coordinates are refused")
    func errors() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("old.sqlite")
        try SQLiteDatabase(path: path, mode: .readWriteCreate).executeScript(
            "CREATE TABLE metadata (key TEXT, value TEXT); CREATE TABLE labels (id INTEGER);")
        let missing = mapError {
            _ = try ReverseGeocoder(path: path).reverseGeocode(Coordinate(latitude: 0, longitude: 0))
        }
        #expect(missing?.kind == .invalidData && missing?.locatedMessage.contains("no countries table") == true)
        let invalid = mapError { _ = try geocoder.reverseGeocode(Coordinate(latitude: 100, longitude: 0)) }
        #expect(invalid?.kind == .invalidRequest)
    }
}
