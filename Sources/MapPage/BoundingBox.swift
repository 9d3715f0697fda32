public import MapGeometry

/// A box of longitudes and latitudes to show exactly: west, south, east, north, in degrees.
/// A west edge east of the east edge crosses the antimeridian (`170,-20,-170,-10`).
public struct BoundingBox: Hashable, Sendable {
    /// The west edge's longitude, in degrees within [-180, 180].
    public var west: Double
    /// The south edge's latitude, in degrees.
    public var south: Double
    /// The east edge's longitude, in degrees within [-180, 180].
    public var east: Double
    /// The north edge's latitude, in degrees.
    public var north: Double

    /// Creates a box from its edges, in degrees.
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// A box written `W,S,E,N` in degrees, as GDAL's and OSM's tools take it.
    ///
    /// - Throws: `PageValueError` when it is not four numbers, a longitude is outside
    ///   [-180, 180], a latitude beyond Web Mercator's ±85.0511°, south is not below north,
    ///   or west equals east.
    public init(parsing text: String) throws(PageValueError) {
        let allowed = "W,S,E,N in degrees, e.g. 24.90,60.15,24.98,60.18 (W > E crosses the antimeridian)"
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = fields.compactMap { Double(String($0).trimmingCharacters(in: " ")) }.filter(\.isFinite)
        guard fields.count == 4, numbers.count == 4 else {
            throw PageValueError("'\(text)' is not four numbers W,S,E,N", allowed: allowed)
        }
        self.init(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
        let limit = MapPoint.maximumLatitude
        if !(-180...180).contains(west) || !(-180...180).contains(east) {
            throw PageValueError("'\(text)': a longitude is outside [-180, 180]", allowed: allowed)
        }
        if !(-limit...limit).contains(south) || !(-limit...limit).contains(north) {
            throw PageValueError(
                "'\(text)': a latitude is beyond ±85.0511°, where Web Mercator ends", allowed: allowed)
        }
        if south >= north {
            throw PageValueError("'\(text)': south (\(south)) is not below north (\(north))", allowed: allowed)
        }
        // 180 and −180 are one meridian too: a box from one to the other has no width.
        if west == east || (abs(west) == 180 && abs(east) == 180) {
            throw PageValueError("'\(text)': west and east are the same meridian", allowed: allowed)
        }
        // Thinner than about a metre either way has no map to draw (and no finite zoom).
        if mapRect.size.width < Self.minimumSide || mapRect.size.height < Self.minimumSide {
            throw PageValueError("'\(text)': the box is too thin to draw", allowed: allowed)
        }
    }

    /// The thinnest side a box may have, in map points (2^28 across the world: about 0.15 m
    /// at the equator per map point, so 8 are about a metre).
    static let minimumSide = 8.0

    /// Whether the box crosses the antimeridian (its west edge lies east of its east edge).
    public var crossesAntimeridian: Bool { west > east }

    /// The box in Web Mercator map points; across the antimeridian it runs on past the
    /// world's east edge (x beyond 2^28).
    public var mapRect: MapRect {
        let northWest = MapPoint(Coordinate(latitude: north, longitude: west))
        var southEast = MapPoint(Coordinate(latitude: south, longitude: east))
        if crossesAntimeridian { southEast.x += MapSize.world.width }
        return MapRect(minX: northWest.x, minY: northWest.y, maxX: southEast.x, maxY: southEast.y)
    }

    /// Its width over its height on a Mercator map (conformal, so every zoom agrees).
    public var aspect: Double {
        let rect = mapRect
        return rect.size.width / rect.size.height
    }

    /// The viewport that shows exactly this box on a canvas of its aspect: the box's
    /// projected centre, at the zoom that makes its width the canvas width.
    public func viewport(size: CanvasSize) -> Viewport {
        let rect = mapRect
        let zoom = Viewport.zoom(forCanvasPointsPerMapPoint: size.width / rect.size.width)
        return Viewport(center: rect.center, zoom: zoom, size: size)
    }

    /// The box as JSON-friendly numbers, west, south, east, north.
    public var edges: [Double] { [west, south, east, north] }
}
