import MapDrawing
public import MapErrors
public import MapFormats
import MapGeometry
public import MapRenderCore

/// What a GeoJSON file puts on a map: pins, lines and areas, in file order.
public struct GeoJSONContent: Hashable, Sendable {
    /// One place per Point and per position of a MultiPoint, with ids 1, 2, 3… in order.
    public var places: [Place]
    /// One polyline per LineString and per line of a MultiLineString.
    public var polylines: [PolylineOverlay]
    /// One polygon per Polygon and per polygon of a MultiPolygon.
    public var polygons: [PolygonOverlay]
    /// Where each place comes from, in the order of `places`.
    public var placeSources: [GeoJSONPlaceSource]

    /// Creates content.
    public init(
        places: [Place] = [], polylines: [PolylineOverlay] = [], polygons: [PolygonOverlay] = [],
        placeSources: [GeoJSONPlaceSource] = []
    ) {
        self.places = places
        self.polylines = polylines
        self.polygons = polygons
        self.placeSources = placeSources
    }

    /// Whether the file had nothing to draw (an empty FeatureCollection, null geometries).
    public var isEmpty: Bool { places.isEmpty && polylines.isEmpty && polygons.isEmpty }
}

/// Reads GeoJSON (RFC 7946) for `--geojson`: Point and MultiPoint become pins,
/// LineString and MultiLineString polylines, Polygon and MultiPolygon polygons.
///
/// Accepted at the top level: a FeatureCollection, a single Feature, or a bare geometry,
/// including GeometryCollections (nested ones too, though RFC 7946 §3.1.8 discourages
/// them). A Feature's properties follow simplestyle-spec 1.1.0, see `GeoJSONFeatureStyle`.
///
/// Positions are `[longitude, latitude]` or `[longitude, latitude, altitude]`
/// (RFC 7946 §3.1.1; the altitude is ignored). Latitudes must lie in [-90, 90]; any finite
/// longitude is accepted and wrapped into [-180, 180] (205.3° becomes −154.7°, the same
/// meridian), as web maps read GeoJSON that continues past the antimeridian.
/// A LineString needs 2 positions; a linear ring 4, the last equal to the first
/// (RFC 7946 §3.1.6). Rings are returned as given, still closed (the closing vertex
/// repeated), outer ring first, then the holes; their winding order is not checked
/// (RFC 7946 §3.1.6 says parsers SHOULD NOT reject rings for it).
///
/// Tolerated as RFC 7946 allows: a Feature with `"geometry": null` (§3.2) and a geometry
/// with empty `coordinates` (§3.1) draw nothing; `bbox`, `id` and foreign members are
/// ignored.
///
/// ```swift
/// let content = try GeoJSONDecoder.read(atPath: "trail.geojson")
/// scene.polylines += content.polylines
/// ```
///
/// The decoder returns what the file says and nothing of the map's style: a place without
/// `marker-color` has a pin of no colour (`.pin(nil)`, the style's default at layout), an
/// overlay with simplestyle properties a `ShapeStyleOverride` that layout lays over the
/// style's look.
public struct GeoJSONDecoder: Sendable {
    /// Whether `marker-image` and `callout-image` may name files outside the GeoJSON file's
    /// folder. By default they may not: an absolute path, `..` or a symbolic link leading
    /// out is refused (`PathConfinement`), so a file from elsewhere cannot make the renderer
    /// read any picture on the machine.
    public var allowsOutsidePaths: Bool

    /// Creates a decoder.
    public init(allowsOutsidePaths: Bool = false) {
        self.allowsOutsidePaths = allowsOutsidePaths
    }

    /// Decodes a GeoJSON document.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON, optionally with a byte-order mark.
    ///   - fileName: How messages name the file.
    /// - Throws: `MapError` `.invalidData` naming the file, line:column and JSON path, e.g.
    ///   `trail.geojson:9:31: features[3].geometry.coordinates[0][1]: latitude 91.0 is out of
    ///   range [-90, 90]`.
    public func decode(_ bytes: [UInt8], fileName: String) throws(MapError) -> GeoJSONContent {
        try decode(JSONDocument(parsing: bytes, fileName: fileName))
    }

    /// Decodes an already parsed GeoJSON document.
    ///
    /// - Throws: `MapError` `.invalidData` as `decode(_:fileName:)`.
    public func decode(_ document: JSONDocument) throws(MapError) -> GeoJSONContent {
        var reader = GeoJSONReader(document: document, allowsOutsidePaths: allowsOutsidePaths)
        try reader.readRoot()
        return reader.content
    }

    /// Reads and decodes the GeoJSON file at `path`; messages name it by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` ("P: no such file") when the file is missing or
    ///   unreadable, `.invalidData` for bad content and for a picture outside its folder.
    public static func read(atPath path: String, allowsOutsidePaths: Bool = false) throws(MapError) -> GeoJSONContent {
        try GeoJSONDecoder(allowsOutsidePaths: allowsOutsidePaths).decode(
            InputFile.read(atPath: path, what: "GeoJSON"), fileName: path)
    }
}

/// One pass over a document, collecting content.
private struct GeoJSONReader {
    let document: JSONDocument
    let allowsOutsidePaths: Bool
    var content = GeoJSONContent()
    /// The Feature being read (the root and no properties for a bare geometry), for
    /// `GeoJSONContent.placeSources`.
    private var feature: (path: JSONPath, properties: JSONNode?) = (.root, nil)

    static let geometryTypes = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]
    static let allTypes = ["FeatureCollection", "Feature"] + geometryTypes

    init(document: JSONDocument, allowsOutsidePaths: Bool) {
        self.document = document
        self.allowsOutsidePaths = allowsOutsidePaths
    }

    mutating func readRoot() throws(MapError) {
        let root = document.root
        guard root.members != nil else {
            throw document.error(
                "expected a GeoJSON object (FeatureCollection, Feature or geometry), found \(root.kindDescription)",
                at: root, path: .root)
        }
        switch try typeName(of: root, path: .root) {
        case "FeatureCollection":
            let features = try member("features", of: root, path: .root, in: "a FeatureCollection")
            guard let elements = features.elements else {
                throw document.error(
                    "expected an array of Features, found \(features.kindDescription)", at: features,
                    path: JSONPath.root.appending("features"))
            }
            for (index, feature) in elements.enumerated() {
                try readFeature(feature, path: JSONPath.root.appending("features").appending(index))
            }
        case "Feature":
            try readFeature(root, path: .root)
        default:
            try readGeometry(root, path: .root, properties: .none)
        }
    }

    /// The `type` of an object, checked against the GeoJSON types.
    private func typeName(of node: JSONNode, path: JSONPath) throws(MapError) -> String {
        guard let typeNode = node["type"] else {
            throw document.error("missing \"type\"; every GeoJSON object has one (RFC 7946 §3)", at: node, path: path)
        }
        guard let type = typeNode.string else {
            throw document.error(
                "expected the type name as a string, found \(typeNode.kindDescription)", at: typeNode,
                path: path.appending("type"))
        }
        guard GeoJSONReader.allTypes.contains(type) else {
            let suggestion = Spelling.closestName(to: type, among: GeoJSONReader.allTypes)
            throw document.error(
                "unknown GeoJSON type \"\(type)\"", at: typeNode, path: path.appending("type"),
                remedy: suggestion.map { "did you mean \"\($0)\"?" }
                    ?? "use one of \(GeoJSONReader.allTypes.joined(separator: ", "))")
        }
        return type
    }

    /// A required member.
    private func member(
        _ key: String, of node: JSONNode, path: JSONPath, in what: String
    ) throws(MapError)
        -> JSONNode
    {
        guard let value = node[key] else {
            throw document.error("missing \"\(key)\" in \(what) (RFC 7946 §3)", at: node, path: path)
        }
        return value
    }

    private mutating func readFeature(_ node: JSONNode, path: JSONPath) throws(MapError) {
        guard node.members != nil else {
            throw document.error("expected a Feature object, found \(node.kindDescription)", at: node, path: path)
        }
        let type = try typeName(of: node, path: path)
        guard type == "Feature" else {
            throw document.error(
                "expected a Feature, found a \(type)", at: node["type"] ?? node, path: path.appending("type"),
                remedy: "wrap geometries in {\"type\": \"Feature\", \"geometry\": …, \"properties\": {}}")
        }
        let properties = try GeoJSONFeatureStyle(
            properties: node["properties"], path: path.appending("properties"), document: document)
        // RFC 7946 §3.2: the member is required, but its value may be null ("unlocated").
        guard let geometry = node["geometry"] else {
            throw document.error(
                "missing \"geometry\"; a Feature needs one, null when it has no location (RFC 7946 §3.2)",
                at: node, path: path)
        }
        guard !geometry.isNull else { return }
        feature = (path, node["properties"])
        defer { feature = (.root, nil) }
        try readGeometry(geometry, path: path.appending("geometry"), properties: properties)
    }

    private mutating func readGeometry(
        _ node: JSONNode, path: JSONPath, properties: GeoJSONFeatureStyle
    )
        throws(MapError)
    {
        guard node.members != nil else {
            throw document.error("expected a geometry object, found \(node.kindDescription)", at: node, path: path)
        }
        let type = try typeName(of: node, path: path)
        guard GeoJSONReader.geometryTypes.contains(type) else {
            throw document.error(
                "expected a geometry, found a \(type)", at: node["type"] ?? node, path: path.appending("type"))
        }
        if type == "GeometryCollection" {
            let geometries = try member("geometries", of: node, path: path, in: "a GeometryCollection")
            guard let elements = geometries.elements else {
                throw document.error(
                    "expected an array of geometries, found \(geometries.kindDescription)", at: geometries,
                    path: path.appending("geometries"))
            }
            for (index, geometry) in elements.enumerated() {
                try readGeometry(geometry, path: path.appending("geometries").appending(index), properties: properties)
            }
            return
        }
        let coordinatesNode = try member("coordinates", of: node, path: path, in: "a \(type)")
        let coordinates = GeoJSONCoordinates(document: document, type: type)
        let coordinatesPath = path.appending("coordinates")
        // RFC 7946 §3.1: an empty "coordinates" array MAY be read as a null geometry.
        if let elements = coordinatesNode.elements, elements.isEmpty { return }
        switch type {
        case "Point":
            try addPlace(at: try coordinates.position(coordinatesNode, path: coordinatesPath), properties, of: node)
        case "MultiPoint":
            for coordinate in try coordinates.positions(coordinatesNode, path: coordinatesPath) {
                try addPlace(at: coordinate, properties, of: node)
            }
        case "LineString":
            addPolyline(try coordinates.lineString(coordinatesNode, path: coordinatesPath), properties)
        case "MultiLineString":
            let lines = try coordinates.array(coordinatesNode, path: coordinatesPath, of: "an array of lines")
            for (index, line) in lines.enumerated() {
                addPolyline(try coordinates.lineString(line, path: coordinatesPath.appending(index)), properties)
            }
        case "Polygon":
            addPolygon(try coordinates.polygon(coordinatesNode, path: coordinatesPath), properties)
        default:  // MultiPolygon
            let polygons = try coordinates.array(coordinatesNode, path: coordinatesPath, of: "an array of polygons")
            for (index, polygon) in polygons.enumerated() {
                addPolygon(try coordinates.polygon(polygon, path: coordinatesPath.appending(index)), properties)
            }
        }
    }

    private mutating func addPlace(
        at coordinate: Coordinate, _ properties: GeoJSONFeatureStyle, of geometry: JSONNode
    )
        throws(MapError)
    {
        var marker = Marker.pin(properties.markerColor)
        if let path = properties.markerImage {
            let anchor = properties.markerAnchor ?? (0.5, 1)
            marker = .image(MarkerImage(image: try image(at: path), anchorX: anchor.x, anchorY: anchor.y))
        }
        content.places.append(
            Place(
                id: Int64(content.places.count + 1), title: properties.title ?? "", subtitle: properties.description,
                coordinate: coordinate, marker: marker,
                calloutImage: try properties.calloutImage.map { path throws(MapError) in try image(at: path) }))
        content.placeSources.append(
            GeoJSONPlaceSource(featurePath: feature.path, position: geometry.position, properties: feature.properties))
    }

    /// A PNG named by a feature, relative to the GeoJSON file's folder and inside it unless
    /// `allowsOutsidePaths`. A refusal reads the same whether the file exists or not.
    private func image(at path: String) throws(MapError) -> EncodedImage {
        let fileName = document.fileName
        let folder = fileName.contains("/") ? String(fileName[..<fileName.lastIndex(of: "/")!]) : "."
        if allowsOutsidePaths { return try PNGFile.read(atPath: path.hasPrefix("/") ? path : folder + "/" + path) }
        let confinement = PathConfinement(folderOf: fileName)
        guard let resolved = confinement.resolve(path) else {
            throw MapError(
                .invalidData, "image '\(path)' is outside the GeoJSON file's folder; refused",
                at: InputLocation(file: fileName, jsonPath: feature.path.description),
                remedy: "name a picture in the GeoJSON file's folder or below it, or give --allow-outside-paths")
        }
        // Read beneath the folder: a link swapped in since `resolve` cannot lead out.
        return try confinement.confining { () throws(MapError) in try PNGFile.read(atPath: resolved) }
    }

    private mutating func addPolyline(_ coordinates: [Coordinate], _ properties: GeoJSONFeatureStyle) {
        content.polylines.append(
            PolylineOverlay(
                coordinates: coordinates, styleOverride: properties.shapeOverride,
                title: properties.title))
    }

    private mutating func addPolygon(_ rings: [[Coordinate]], _ properties: GeoJSONFeatureStyle) {
        content.polygons.append(
            PolygonOverlay(
                rings: rings, styleOverride: properties.shapeOverride,
                title: properties.title))
    }
}
