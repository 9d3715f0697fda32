#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point on the Web Mercator projection (EPSG:3857) in MapKit's units.
///
/// The world is a square `MapSize.world` = 2^28 map points on a side, origin at its
/// north-west corner (180° W, 85.0511° N), x growing east and y growing south, like
/// `MKMapPoint`. An x beyond the world's width is the same place in the next world copy east.
public struct MapPoint: Hashable, Sendable, CustomStringConvertible {
    /// Map points east of the world's west edge (180° W).
    public var x: Double
    /// Map points south of the world's north edge (85.0511° N).
    public var y: Double

    /// Creates a map point from its two values, in map points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The Web Mercator projection of a coordinate. Latitudes beyond ±`maximumLatitude` are
    /// clamped to it; longitudes are used as given, so 190° lands east of the world's edge.
    ///
    /// x = (λ + 180°) / 360° · W, y = (1 − ln(tan φ + sec φ) / π) / 2 · W, with W = 2^28
    /// (Snyder, "Map Projections — A Working Manual", USGS PP 1395, 1987, eq. 7-2).
    public init(_ coordinate: Coordinate) {
        let world = MapSize.world.width
        let latitude = min(max(coordinate.latitude, -MapPoint.maximumLatitude), MapPoint.maximumLatitude)
        let phi = radians(latitude)
        x = (coordinate.longitude + 180) / 360 * world
        // asinh(tan φ) equals ln(tan φ + sec φ) and stays accurate near the equator.
        y = (1 - asinh(tan(phi)) / .pi) / 2 * world
    }

    /// The coordinate this map point projects from; x values outside the world give
    /// longitudes outside [-180, 180), continuing the same world copy.
    public var coordinate: Coordinate {
        let world = MapSize.world.width
        let longitude = x / world * 360 - 180
        let latitude = degrees(atan(sinh(.pi * (1 - 2 * y / world))))
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The latitude at which the Web Mercator world is square, in degrees:
    /// atan(sinh(π)) ≈ 85.05112878°.
    public static let maximumLatitude: Double = degrees(atan(sinh(Double.pi)))

    /// Map points per meter along a parallel at `latitude` degrees, like
    /// `MKMapPointsPerMeterAtLatitude`: the world width over the parallel's circumference on
    /// the WGS84 equatorial sphere of the projection.
    public static func mapPointsPerMeter(atLatitude latitude: Double) -> Double {
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude)
        let circumference = 2 * .pi * webMercatorRadius * cos(radians(clamped))
        return MapSize.world.width / circumference
    }

    /// Meters per map point along a parallel at `latitude` degrees.
    public static func metersPerMapPoint(atLatitude latitude: Double) -> Double {
        1 / mapPointsPerMeter(atLatitude: latitude)
    }

    /// The sphere radius Web Mercator projects from, in meters: WGS84's equatorial radius a,
    /// as EPSG:3857 defines it (method "Popular Visualisation Pseudo Mercator", IOGP
    /// Guidance Note 7-2). Not the mean radius of spherical distances (`Earth.meanRadius`).
    public static let webMercatorRadius: Double = Ellipsoid.wgs84.equatorialRadius

    /// "(x, y)" with three decimals.
    public var description: String { "(\(x.decimalString(places: 3)), \(y.decimalString(places: 3)))" }
}

/// A size in map points.
public struct MapSize: Hashable, Sendable {
    /// East-west extent, in map points.
    public var width: Double
    /// North-south extent, in map points.
    public var height: Double

    /// Creates a size in map points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The whole world: 2^28 = 268,435,456 map points on a side, like `MKMapSize.world`.
    public static let world = MapSize(width: 268_435_456, height: 268_435_456)
}
