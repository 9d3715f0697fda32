import MapFormats
public import MapGeometry

/// A tile archive installed with `maprender basemap add`: a vector archive for street maps or
/// an elevation archive for terrain; a copy kept in the store, or a remote archive remembered
/// by its URL, with what its header and metadata said when it was added, so that choosing one
/// for a map reads no archive.
public struct InstalledBasemap: Hashable, Sendable {
    /// The name it is listed and removed by: letters, digits, `-`, `_` and `.`.
    public var name: String
    /// Where its tiles are read: the copy in the store (a path) or the archive's URL.
    public var location: String
    /// Where it was added from: the file's path or the URL.
    public var origin: String
    /// Whether `location` is a URL read with range requests.
    public var isRemote: Bool
    /// The layer names of its metadata's `vector_layers` (or of one tile).
    public var layerNames: [String]
    /// Its tile schema as the built-in looks name it ("Protomaps basemap v4").
    public var schema: String
    /// The area it covers, degrees.
    public var bounds: CoordinateBounds
    /// The zooms it holds tiles for (XYZ).
    public var zoomRange: ClosedRange<Int>
    /// Its size, bytes: of the copy, or of the remote archive when the server said it.
    public var byteCount: Int64?
    /// For an elevation archive, how its tiles encode heights (`terrarium` or `mapbox`);
    /// `nil` for a vector archive.
    public var elevationEncoding: String?
    /// For an elevation archive, its tiles' side in pixels (256 or 512).
    public var tileSize: Int?

    /// Whether it holds elevation tiles rather than vector tiles.
    public var isElevation: Bool { elevationEncoding != nil }

    /// What it holds, in a word: "street" (vector tiles) or "elevation".
    public var kind: String { isElevation ? "elevation" : "street" }

    /// Creates an entry.
    public init(
        name: String, location: String, origin: String, isRemote: Bool, layerNames: [String], schema: String,
        bounds: CoordinateBounds, zoomRange: ClosedRange<Int>, byteCount: Int64?
    ) {
        self.name = name
        self.location = location
        self.origin = origin
        self.isRemote = isRemote
        self.layerNames = layerNames
        self.schema = schema
        self.bounds = bounds
        self.zoomRange = zoomRange
        self.byteCount = byteCount
    }

    /// The area of `bounds` in Web Mercator map points (world = 2^28 on a side): what "the
    /// smallest archive" compares.
    public var mapRect: MapRect {
        let northWest = MapPoint(Coordinate(latitude: bounds.north, longitude: bounds.west))
        let southEast = MapPoint(Coordinate(latitude: bounds.south, longitude: bounds.east))
        var maxX = southEast.x
        if maxX < northWest.x { maxX += MapSize.world.width }  // across the 180th meridian
        return MapRect(minX: northWest.x, minY: northWest.y, maxX: maxX, maxY: southEast.y)
    }

    /// The entry as the store's `NAME.json` file holds it.
    var json: JSONValue {
        .object(
            [
                ("name", .string(name)), ("location", .string(location)), ("origin", .string(origin)),
                ("remote", .bool(isRemote)), ("schema", .string(schema)),
                ("layers", .array(layerNames.map(JSONValue.string))),
                (
                    "bounds",
                    .array([bounds.west, bounds.south, bounds.east, bounds.north].map(JSONValue.number))
                ),
                ("minzoom", .number(Double(zoomRange.lowerBound))), ("maxzoom", .number(Double(zoomRange.upperBound))),
                ("bytes", byteCount.map { .number(Double($0)) } ?? .null),
            ] + elevationMembers)
    }

    /// The members an elevation entry adds: its kind, encoding and tile size.
    private var elevationMembers: [(String, JSONValue)] {
        guard let elevationEncoding else { return [] }
        return [
            ("kind", .string("elevation")), ("encoding", .string(elevationEncoding)),
            ("tileSize", tileSize.map { .number(Double($0)) } ?? .null),
        ]
    }

    /// An entry read back from its `NAME.json` file, or `nil` when the file is not one.
    init?(json node: JSONNode) {
        // Written as plain steps: one guard binding all of these crashed the optimizer of
        // Swift 6.3 (an ownership verifier failure in CopyPropagation) in release builds.
        guard let name = node["name"]?.string, let location = node["location"]?.string else { return nil }
        var edges: [Double] = []
        for element in node["bounds"]?.elements ?? [] {
            guard let edge = element.number else { return nil }
            edges.append(edge)
        }
        let low = node["minzoom"]?.number ?? -1, high = node["maxzoom"]?.number ?? -1
        guard edges.count == 4, low >= 0, low <= high, high <= 30 else { return nil }
        var layers: [String] = []
        for element in node["layers"]?.elements ?? [] { if let layer = element.string { layers.append(layer) } }
        let bytes = node["bytes"]?.number
        var encoding: String? = nil
        if let kind = node["kind"]?.string, kind == "elevation" {
            guard let named = node["encoding"]?.string, named == "terrarium" || named == "mapbox" else { return nil }
            encoding = named
        }
        var size: Int? = nil
        if let number = node["tileSize"]?.number { size = Int(number) }
        self.init(
            name: name, location: location, origin: node["origin"]?.string ?? location,
            isRemote: node["remote"]?.bool ?? false, layerNames: layers, schema: node["schema"]?.string ?? "unknown",
            bounds: CoordinateBounds(north: edges[3], south: edges[1], east: edges[2], west: edges[0]),
            zoomRange: Int(low)...Int(high), byteCount: bytes.map { Int64($0) })
        elevationEncoding = encoding
        if encoding != nil { tileSize = size }
    }
}
