import Foundation
public import MapErrors
public import MapGeometry
import MapTiles

/// The area `maprender basemap extract` copies out of an archive: a box in degrees, which
/// crosses the antimeridian when `west` is greater than `east`.
public struct ExtractRegion: Hashable, Sendable {
    /// The western edge, in degrees of longitude.
    public var west: Double
    /// The southern edge, in degrees of latitude.
    public var south: Double
    /// The eastern edge, in degrees of longitude.
    public var east: Double
    /// The northern edge, in degrees of latitude.
    public var north: Double

    /// The most tiles a region may have over all its zooms: their ids are held in memory
    /// (8 bytes each, 400 MB at most), so Europe at zoom 15 (about 40 million tiles) is
    /// accepted and a planet at zoom 15 refused rather than exhausting memory.
    public static let maximumTileCount = 50_000_000

    /// A box from its edges, in degrees.
    ///
    /// - Throws: `MapError` `.invalidRequest` when an edge is out of range or south is not
    ///   below north.
    public init(west: Double, south: Double, east: Double, north: Double) throws(MapError) {
        guard [west, east].allSatisfy({ $0.isFinite && abs($0) <= 180 }),
            [south, north].allSatisfy({ $0.isFinite && abs($0) <= 90 })
        else {
            throw MapError(
                .invalidRequest, "the box \(west),\(south),\(east),\(north) is out of range",
                remedy: "give longitudes within -180…180 and latitudes within -90…90, as W,S,E,N")
        }
        guard south < north else {
            throw MapError(
                .invalidRequest, "the box's south edge \(south) is not below its north edge \(north)",
                remedy: "give the box as W,S,E,N (west, south, east, north)")
        }
        guard west != east else {
            throw MapError(
                .invalidRequest, "the box's west and east edges are both \(west)",
                remedy: "give the box as W,S,E,N (west, south, east, north)")
        }
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The smallest box holding `coordinates`, widened by `padding` meters on every side
    /// (converted to degrees at the box's edges on a sphere of the WGS84 equatorial radius:
    /// exact enough for choosing tiles, which are far larger than the error).
    ///
    /// - Throws: `MapError` `.invalidRequest` when there is no coordinate.
    public init(around coordinates: [Coordinate], padding: Double) throws(MapError) {
        let valid = coordinates.filter(\.isValid)
        guard let first = valid.first else {
            throw MapError(
                .invalidRequest, "the files given to --around hold no coordinate", remedy: "give --bbox W,S,E,N")
        }
        var (west, east, south, north) = (first.longitude, first.longitude, first.latitude, first.latitude)
        for coordinate in valid.dropFirst() {
            west = min(west, coordinate.longitude)
            east = max(east, coordinate.longitude)
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
        }
        let metersPerDegree = MapPoint.webMercatorRadius * .pi / 180
        let latitudePadding = max(padding, 1) / metersPerDegree
        let widest = min(89, max(abs(south), abs(north)) + latitudePadding)
        let longitudePadding = latitudePadding / cos(widest * .pi / 180)
        try self.init(
            west: max(-180, west - longitudePadding), south: max(-90, south - latitudePadding),
            east: min(180, east + longitudePadding), north: min(90, north + latitudePadding))
    }

    /// The region's tiles at zoom `z`: one range of columns, or two across the
    /// antimeridian, and the rows (XYZ, counted from the north).
    public func tileRanges(zoom z: Int) -> (columns: [ClosedRange<Int>], rows: ClosedRange<Int>) {
        let side = 1 << z
        let tileSize = MapSize.world.width / Double(side)
        func column(_ longitude: Double) -> Int {
            let x = MapPoint(Coordinate(latitude: 0, longitude: longitude)).x
            return min(side - 1, max(0, Int((x / tileSize).rounded(.down))))
        }
        func row(_ latitude: Double) -> Int {
            let clamped = min(MapPoint.maximumLatitude, max(-MapPoint.maximumLatitude, latitude))
            let y = MapPoint(Coordinate(latitude: clamped, longitude: 0)).y
            return min(side - 1, max(0, Int((y / tileSize).rounded(.down))))
        }
        let columns = west <= east ? [column(west)...column(east)] : [column(west)...(side - 1), 0...column(east)]
        return (columns, row(north)...row(south))
    }

    /// The ids of the region's tiles at zoom `z`, ascending.
    public func tileIDs(zoom z: Int) -> [UInt64] {
        let (columns, rows) = tileRanges(zoom: z)
        var ids: [UInt64] = []
        ids.reserveCapacity(columns.reduce(0) { $0 + $1.count } * rows.count)
        for range in columns {
            for x in range {
                for y in rows { ids.append(TilePath(z: z, x: x, y: y).pmtilesID) }
            }
        }
        return ids.sorted()
    }

    /// How many tiles the region has over `zooms`.
    public func tileCount(zooms: ClosedRange<Int>) -> Int {
        zooms.reduce(0) { total, z in
            let (columns, rows) = tileRanges(zoom: z)
            return total + columns.reduce(0) { $0 + $1.count } * rows.count
        }
    }
}
