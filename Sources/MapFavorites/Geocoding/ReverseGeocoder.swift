import Foundation
public import MapErrors
public import MapGeometry
import MapRenderCore
import MapSQLite
import MapTiles

/// What offline reverse geocoding found for a coordinate.
public struct ReverseGeocodeResult: Hashable, Sendable {
    /// The country (Natural Earth's ADMIN name, e.g. "United States of America"), `nil` at
    /// sea.
    public var country: String?
    /// The country's ISO 3166-1 alpha-2 code, e.g. "US", when Natural Earth has one.
    public var countryCode: String?
    /// The first-level region: state, province or territory (Natural Earth's 1:50m admin-1
    /// covers only the USA, Canada, Brazil and Australia; elsewhere `nil`).
    public var region: String?
    /// The nearest populated place of Natural Earth's 1:50m set (1,249 cities and towns
    /// worldwide) in the same country, or the nearest of all at sea (and where none of the
    /// 50 nearest lies in the country).
    public var nearestPlace: String?
    /// The great-circle distance to `nearestPlace`, in meters.
    public var nearestPlaceDistance: Double?

    /// Creates a result.
    public init(
        country: String? = nil, countryCode: String? = nil, region: String? = nil, nearestPlace: String? = nil,
        nearestPlaceDistance: Double? = nil
    ) {
        self.country = country
        self.countryCode = countryCode
        self.region = region
        self.nearestPlace = nearestPlace
        self.nearestPlaceDistance = nearestPlaceDistance
    }

    /// How close the nearest populated place must be to be called "near", in meters.
    public static let nearDistance: Double = 30_000

    /// A callout subtitle like the iOS app's reverse-geocoded one: "near Denver, Colorado,
    /// United States of America"; "120 km from Alice Springs, Northern Territory,
    /// Australia" when the nearest place is farther than `nearDistance`. At sea (no
    /// country; seas have no names in the data) it is only the distance to the nearest
    /// place, e.g. "1234 km from Ponta Delgada".
    public var subtitle: String {
        var parts = [String]()
        if let place = nearestPlace, let distance = nearestPlaceDistance {
            parts.append(
                distance <= ReverseGeocodeResult.nearDistance
                    ? "near \(place)" : "\((distance / 1000).decimalString(places: 0)) km from \(place)")
        }
        parts += [region, country].compactMap { $0 }
        return parts.joined(separator: ", ")
    }
}

/// Offline reverse geocoding from the embedded Natural Earth data: which country and
/// first-level region a coordinate lies in, and the nearest populated place.
///
/// Countries and regions are found by point-in-polygon tests (even-odd ray casting,
/// W. R. Franklin's PNPOLY) against the 1:50m admin-0 and admin-1 polygons that
/// `make_world_basemap.py` stores in the `countries` and `admin1` tables, after an R*Tree
/// lookup of the candidate bounding boxes. Everything happens in Web Mercator map points,
/// where those polygons are stored; the test is exact there because the projection maps
/// lines of latitude and longitude to straight lines, and the polygons' edges are short.
///
/// 1:50m outlines are generalised: a point on a pier or a beach may fall a few hundred
/// meters outside its country's polygon. So a point outside every polygon takes the
/// country (and region) whose outline is within `coastalTolerance`, nearest first.
///
/// The nearest populated place is the closest by great-circle distance (haversine on the
/// mean-radius sphere) among the 1:50m `labels` of kind city or capital that lie in the
/// point's own country, so a point in Windsor, Ontario is "332 km from Toronto", not "near
/// Detroit" (4 km away, across the river); at sea, or when none of the 50 nearest places
/// is in the country, the nearest of all.
///
/// ```swift
/// let result = try ReverseGeocoder.embedded().reverseGeocode(Coordinate(latitude: 39.74, longitude: -104.99))
/// result.subtitle  // "near Denver, Colorado, United States of America"
/// ```
public struct ReverseGeocoder: Sendable {
    /// The world basemap file read.
    public let path: String
    /// How far outside every polygon a point may lie and still be given the nearest one's
    /// country and region, in meters.
    public var coastalTolerance: Double = 5_000

    /// Uses a world basemap file built by `make_world_basemap.py`.
    public init(path: String) {
        self.path = path
    }

    /// Uses the world basemap shipped with maprender.
    ///
    /// - Throws: `MapError` `.internalFailure` when the resource bundle is not installed.
    public static func embedded() throws(MapError) -> ReverseGeocoder {
        ReverseGeocoder(path: try WorldBasemap.embedded().path)
    }

    /// The country, region and nearest populated place of `coordinate`.
    ///
    /// - Throws: `MapError` `.invalidRequest` for an invalid coordinate, `.invalidData` when the file
    ///   lacks the tables (a basemap built before reverse geocoding existed), and the
    ///   SQLite errors of a damaged file.
    public func reverseGeocode(_ coordinate: Coordinate) throws(MapError) -> ReverseGeocodeResult {
        guard coordinate.isValid else {
            throw MapError(.invalidRequest, "cannot reverse geocode \(coordinate): not a valid coordinate")
        }
        do {
            let database = try SQLiteDatabase(path: path, mode: .readOnly, immutable: true)
            let polygons = PolygonCache()
            let tables = Set(try database.tableNames())
            for table in ["countries", "admin1", "labels"] where !tables.contains(table) {
                throw MapError(
                    .invalidData, "no \(table) table, so no reverse geocoding", at: InputLocation(file: path),
                    remedy: "rebuild the file with Sources/MapTiles/WorldBasemap/make_world_basemap.py")
            }
            let point = MapPoint(coordinate)
            let tolerance = coastalTolerance * MapPoint.mapPointsPerMeter(atLatitude: coordinate.latitude)
            var result = ReverseGeocodeResult()
            if let country = try region(containing: point, table: "countries", tolerance: tolerance, database, polygons)
            {
                result.country = country.name
                result.countryCode = country.detail
                result.region = try region(
                    containing: point, table: "admin1", tolerance: tolerance, database, polygons,
                    where: { $0.detail == country.name })?.name
            }
            if let (name, distance) = try nearestPlace(to: coordinate, country: result.country, database, polygons) {
                result.nearestPlace = name
                result.nearestPlaceDistance = distance
            }
            return result
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.internalFailure, "\(error)", at: InputLocation(file: path), remedy: "report this as a bug")
        }
    }

    /// A polygon row: its name and the second column (country code, or the admin-1 row's
    /// country).
    private struct Region {
        var name: String
        var detail: String?
        var rings: [[MapPoint]]
    }

    /// Decoded polygons by table and id, so the nearest-place search decodes the USA once.
    private final class PolygonCache {
        var regions: [String: Region] = [:]
    }

    /// The region of `table` containing `point`, else the one whose outline is nearest
    /// within `tolerance` map points; only regions `filter` accepts.
    private func region(
        containing point: MapPoint, table: String, tolerance: Double, _ database: SQLiteDatabase,
        _ cache: PolygonCache, where filter: (Region) -> Bool = { _ in true }
    ) throws -> Region? {
        // `table` is one of two constants of this file; the values are bound.
        let detail = table == "countries" ? "iso_a2" : "country"
        let ids = try database.query(
            """
            SELECT id FROM \(table)_index
            WHERE min_x <= ?1 + ?3 AND max_x >= ?1 - ?3 AND min_y <= ?2 + ?3 AND max_y >= ?2 - ?3 ORDER BY id
            """, [.real(point.x), .real(point.y), .real(tolerance)]
        ) { $0.int64(at: 0) }
        var candidates = [Region]()
        for id in ids {
            let key = "\(table) \(id)"
            if cache.regions[key] == nil {
                cache.regions[key] = try database.query(
                    "SELECT name, \(detail), geometry FROM \(table) WHERE id = ?", [.integer(id)]
                ) { row in
                    let rings: [[MapPoint]]
                    do {
                        rings = try GeometryBlob.decode(row.blob(at: 2) ?? [])
                    } catch {
                        throw MapError(
                            .invalidData, "\(table) row \(id) has a damaged geometry (\(error))",
                            at: InputLocation(file: path))
                    }
                    return Region(name: row.text(at: 0) ?? "", detail: row.text(at: 1), rings: rings)
                }.first
            }
            if let region = cache.regions[key], filter(region) { candidates.append(region) }
        }
        if let inside = candidates.first(where: { ReverseGeocoder.contains($0.rings, point) }) { return inside }
        let nearest = candidates.map { ($0, ReverseGeocoder.distance(from: point, to: $0.rings)) }.min { $0.1 < $1.1 }
        guard let nearest, nearest.1 <= tolerance else { return nil }
        return nearest.0
    }

    /// The nearest populated place and its distance in meters: the nearest in `country`
    /// among the 50 nearest, else the nearest of all.
    private func nearestPlace(
        to coordinate: Coordinate, country: String?, _ database: SQLiteDatabase, _ cache: PolygonCache
    ) throws -> (String, Double)? {
        // 1:50m only: it holds every 1:110m place too. 1,249 rows, so a scan is fine.
        let places = try database.query(
            "SELECT name, x, y FROM labels WHERE scale = 50 AND kind IN ('city', 'capital') ORDER BY id"
        ) { row in
            let location = MapPoint(x: row.double(at: 1), y: row.double(at: 2))
            return (
                name: row.text(at: 0) ?? "", location: location,
                distance: coordinate.greatCircleDistance(to: location.coordinate)
            )
        }.sorted { $0.distance < $1.distance }
        guard let nearest = places.first else { return nil }
        if let country {
            for place in places.prefix(50) {
                // Cities on a coast may sit just outside a generalised outline: same tolerance.
                let tolerance =
                    coastalTolerance * MapPoint.mapPointsPerMeter(atLatitude: place.location.coordinate.latitude)
                let own = try region(
                    containing: place.location, table: "countries", tolerance: tolerance, database, cache)
                if own?.name == country { return (place.name, place.distance) }
            }
        }
        return (nearest.name, nearest.distance)
    }

    // MARK: Geometry in map points

    /// Whether `point` is inside the rings by the even-odd rule (holes are rings too):
    /// a ray to the east crosses the outline an odd number of times (W. R. Franklin, PNPOLY,
    /// https://wrfranklin.org/Research/Short_Notes/pnpoly.html).
    static func contains(_ rings: [[MapPoint]], _ point: MapPoint) -> Bool {
        var inside = false
        for ring in rings where ring.count >= 3 {
            var previous = ring[ring.count - 1]
            for vertex in ring {
                if (vertex.y > point.y) != (previous.y > point.y),
                    point.x < (previous.x - vertex.x) * (point.y - vertex.y) / (previous.y - vertex.y) + vertex.x
                {
                    inside.toggle()
                }
                previous = vertex
            }
        }
        return inside
    }

    /// The distance from `point` to the nearest edge of the rings, in map points.
    static func distance(from point: MapPoint, to rings: [[MapPoint]]) -> Double {
        var best = Double.infinity
        for ring in rings where !ring.isEmpty {
            var previous = ring[ring.count - 1]
            for vertex in ring {
                let dx = vertex.x - previous.x, dy = vertex.y - previous.y
                let length = dx * dx + dy * dy
                let t =
                    length > 0
                    ? min(max(((point.x - previous.x) * dx + (point.y - previous.y) * dy) / length, 0), 1) : 0
                let x = previous.x + t * dx - point.x, y = previous.y + t * dy - point.y
                best = min(best, x * x + y * y)
                previous = vertex
            }
        }
        return best.squareRoot()
    }
}
