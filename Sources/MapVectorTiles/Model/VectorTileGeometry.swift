/// A point in a layer's tile coordinates: x to the right, y downwards, (0, 0) at the tile's
/// top left corner and (extent, extent) at its bottom right one (MVT 2.1 §4.3).
///
/// Geometry may extend past the tile, into the buffer around it, so coordinates can be
/// negative or larger than the extent.
public struct VectorTilePoint: Hashable, Sendable {
    /// The horizontal coordinate, growing to the right.
    public var x: Int
    /// The vertical coordinate, growing downwards.
    public var y: Int

    /// Creates a point.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// One polygon: an exterior ring and the holes in it (MVT 2.1 §4.3.4.4).
///
/// Rings are stored as encoded, without repeating the first point at the end: each is
/// closed by a segment from its last point back to its first. In tile coordinates (y down)
/// an exterior ring winds clockwise, which makes its surveyor's-formula area positive, and
/// an interior ring counterclockwise.
public struct VectorTilePolygon: Hashable, Sendable {
    /// The outer boundary.
    public var exteriorRing: [VectorTilePoint]
    /// The holes, each inside the exterior ring.
    public var interiorRings: [[VectorTilePoint]]

    /// Creates a polygon.
    public init(exteriorRing: [VectorTilePoint], interiorRings: [[VectorTilePoint]] = []) {
        self.exteriorRing = exteriorRing
        self.interiorRings = interiorRings
    }

    /// The exterior ring, then the interior rings.
    public var rings: [[VectorTilePoint]] { [exteriorRing] + interiorRings }
}

/// A feature's geometry, by the feature's geometry type (MVT 2.1 §4.3.4).
public enum VectorTileGeometry: Hashable, Sendable {
    /// `POINT`: one point, or several (a multipoint).
    case points([VectorTilePoint])
    /// `LINESTRING`: one line, or several (a multilinestring); each has two points or more.
    case lineStrings([[VectorTilePoint]])
    /// `POLYGON`: one polygon, or several (a multipolygon).
    case polygons([VectorTilePolygon])
    /// `UNKNOWN` (MVT 2.1 §4.3.4.1): an experimental geometry the specification leaves to
    /// encoders, kept as the raw command and parameter integers for a caller that knows the
    /// encoding. Renderers ignore it.
    case unknown(commands: [UInt32])
}
