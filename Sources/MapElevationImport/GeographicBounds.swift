import Foundation
public import MapGeometry

/// An area in degrees, west to east and south to north (no crossing of the 180th meridian:
/// an elevation model's bounds as GDAL transforms them to WGS 84).
public struct GeographicBounds: Hashable, Sendable {
    /// The edges, degrees.
    public var west: Double, south: Double, east: Double, north: Double

    /// Creates bounds.
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The bounds holding both.
    public func union(_ other: GeographicBounds) -> GeographicBounds {
        GeographicBounds(
            west: min(west, other.west), south: min(south, other.south), east: max(east, other.east),
            north: max(north, other.north))
    }

    /// The tiles of `zoom` the bounds touch, in rows and columns (XYZ, rows from the north);
    /// a bound on a tile's edge does not take the tile beyond it.
    public func tiles(zoom: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        let count = 1 << zoom
        func column(_ longitude: Double) -> Double { (longitude + 180) / 360 * Double(count) }
        func row(_ latitude: Double) -> Double {
            let phi = min(max(latitude, -85.051_128_779_8), 85.051_128_779_8) * .pi / 180
            return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * Double(count)
        }
        func clamp(_ value: Int) -> Int { min(max(value, 0), count - 1) }
        let columns = clamp(Int(column(west).rounded(.down)))...clamp(Int((column(east) - 1e-9).rounded(.down)))
        let rows = clamp(Int(row(north).rounded(.down)))...clamp(Int((row(south) - 1e-9).rounded(.down)))
        return (columns, rows)
    }

    /// The tiles of `zoom` the bounds touch.
    public func tilePaths(zoom: Int) -> [TilePath] {
        let (columns, rows) = tiles(zoom: zoom)
        return columns.flatMap { x in rows.map { y in TilePath(z: zoom, x: x, y: y) } }
    }
}
