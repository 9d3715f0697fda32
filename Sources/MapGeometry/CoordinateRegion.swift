#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A geographic rectangle given by its centre and span in degrees, like
/// `MKCoordinateRegion`.
public struct CoordinateRegion: Hashable, Sendable {
    /// The centre.
    public var center: Coordinate
    /// North-south extent, in degrees of latitude.
    public var latitudeDelta: Double
    /// East-west extent, in degrees of longitude.
    public var longitudeDelta: Double

    /// Creates a region from its centre and its spans, in degrees.
    public init(center: Coordinate, latitudeDelta: Double, longitudeDelta: Double) {
        self.center = center
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }

    /// A region `latitudinalMeters` tall and `longitudinalMeters` wide around `center`, like
    /// `MKCoordinateRegionMakeWithDistance`.
    ///
    /// Meters become degrees with the WGS84 radii of curvature at the centre's latitude: the
    /// meridional radius M = a(1−e²)/(1−e² sin²φ)^3/2 north-south and the parallel's radius
    /// N cos φ, N = a/√(1−e² sin²φ), east-west (Torge & Müller, "Geodesy", 4th ed., §4.1),
    /// with a and f of `Ellipsoid.wgs84`, the one definition of the ellipsoid.
    public static func make(
        center: Coordinate, latitudinalMeters: Double, longitudinalMeters: Double
    ) -> CoordinateRegion {
        let a = Ellipsoid.wgs84.equatorialRadius
        let f = Ellipsoid.wgs84.flattening
        let e2 = f * (2 - f)
        let sinPhi = sin(radians(center.latitude))
        let w = 1 - e2 * sinPhi * sinPhi
        let meridional = a * (1 - e2) / (w * w.squareRoot())
        let parallel = a / w.squareRoot() * cos(radians(center.latitude))
        let latitudeDelta = degrees(latitudinalMeters / meridional)
        let longitudeDelta = parallel > 1e-9 ? degrees(longitudinalMeters / parallel) : 360
        return CoordinateRegion(
            center: center, latitudeDelta: min(latitudeDelta, 180),
            longitudeDelta: min(longitudeDelta, 360))
    }

    /// The Web Mercator rect the region covers; east of ±180° it runs past the world's edge
    /// (see `MapRect.spans180thMeridian`).
    public var mapRect: MapRect {
        let north = MapPoint(
            Coordinate(
                latitude: min(center.latitude + latitudeDelta / 2, 90), longitude: center.longitude - longitudeDelta / 2
            ))
        let south = MapPoint(
            Coordinate(
                latitude: max(center.latitude - latitudeDelta / 2, -90),
                longitude: center.longitude + longitudeDelta / 2))
        var rect = MapRect(minX: north.x, minY: north.y, maxX: south.x, maxY: south.y)
        // Keep the origin inside the world so a rect west of -180° reads as one that spans
        // the 180th meridian from the east.
        let world = MapSize.world.width
        while rect.minX < 0 { rect = rect.offsetBy(dx: world, dy: 0) }
        while rect.minX >= world { rect = rect.offsetBy(dx: -world, dy: 0) }
        return rect
    }
}

/// The bounds of a region as four edges, in degrees.
public struct CoordinateBounds: Hashable, Sendable {
    /// Northern edge, degrees of latitude.
    public var north: Double
    /// Southern edge, degrees of latitude.
    public var south: Double
    /// Eastern edge, degrees of longitude in [-180, 180); less than `west` when the bounds
    /// cross the 180th meridian.
    public var east: Double
    /// Western edge, degrees of longitude in [-180, 180).
    public var west: Double

    /// Creates bounds from four edges, in degrees.
    public init(north: Double, south: Double, east: Double, west: Double) {
        self.north = north
        self.south = south
        self.east = east
        self.west = west
    }
}
