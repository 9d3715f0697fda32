import Foundation
import MapGeometry
public import MapRenderCore
public import MapErrors
public import MapFormats
public import MapInputs

/// Reads places to import into a favorites database from GPX waypoints, CSV or GeoJSON
/// points, checking each one (`FavoritePlace.validated`) so that a bad record fails the
/// whole import with its file and line before anything is written.
///
/// - **GPX** (1.0 or 1.1), read by `GPXDecoder` with its namespace rules: every `wpt`;
///   `name` is the name. The address parts come from maprender's extensions
///   (`FavoritesExport.gpxNamespace`) or Garmin's `gpxx:WaypointExtension/gpxx:Address`
///   (`StreetAddress`, `City`, `State`, `PostalCode`), told apart by namespace whatever
///   their prefix; a waypoint with neither gets its `desc` (else `cmt`) as the street, so
///   the text still shows as the callout subtitle. Tracks and routes are ignored.
/// - **CSV**: a header row naming the columns of `FavoritesExport.csvHeader` in any order
///   (case-insensitive; `title`, `lat`, `lon`/`lng`, `radius`, `proximity`, `color` are
///   accepted as aliases); only `name`, `latitude` and `longitude` are required, so a
///   minimal `name,latitude,longitude` file imports too. Syntax as `LocationCSVDecoder`
///   reads it (RFC 4180).
/// - **GeoJSON**: every Point (and each position of a MultiPoint) of a FeatureCollection,
///   a Feature or a bare geometry; the properties `FavoritesExport` writes are read back,
///   `name` standing in for a missing `title`, and `description` becoming the street when
///   no address part is given. Lines and polygons are skipped.
///
/// A file without a single place is an error. Ids are not imported: the database gives
/// each place a new one.
public enum FavoritesImport {
    /// Reads the file at `path`, in `format` or else the format its extension names.
    ///
    /// - Throws: `MapError` `.invalidRequest` when the format is unknown, `.missingInput` when the
    ///   file cannot be read, `.invalidData` naming the file and line of a bad record.
    public static func read(atPath path: String, format: FavoritesFormat? = nil) throws(MapError) -> [FavoritePlace] {
        guard let format = format ?? FavoritesFormat(fileName: path) else {
            throw MapError(
                .invalidRequest, "\(path): cannot tell the format from the file name",
                remedy: "name the file .gpx, .csv or .geojson")
        }
        return try decode(InputFile.read(atPath: path, what: format.rawValue.uppercased()), format: format, fileName: path)
    }

    /// Decodes bytes in a format; messages name the file `fileName`.
    public static func decode(_ bytes: [UInt8], format: FavoritesFormat, fileName: String) throws(MapError)
        -> [FavoritePlace]
    {
        let places: [FavoritePlace]
        switch format {
        case .csv: places = try csv(bytes, fileName: fileName)
        case .geojson: places = try geoJSON(JSONDocument(parsing: bytes, fileName: fileName))
        case .gpx: places = try gpx(bytes, fileName: fileName)
        }
        guard !places.isEmpty else {
            throw MapError(
                .invalidData, "\(fileName): no places to import",
                remedy: "give waypoints (GPX), rows after the header (CSV) or Point features (GeoJSON)")
        }
        return places
    }

    /// A flag written as 1/0, true/false or yes/no (any case); empty is false.
    static func flag(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "1", "true", "yes": return true
        case "", "0", "false", "no": return false
        default: return nil
        }
    }

    // MARK: CSV

    private static let csvAliases = [
        "title": "name", "lat": "latitude", "lon": "longitude", "lng": "longitude", "radius": "display_radius",
        "proximity": "display_proximity", "color": "pin_color", "colour": "pin_color", "marker-color": "pin_color",
    ]

    private static func csv(_ bytes: [UInt8], fileName: String) throws(MapError) -> [FavoritePlace] {
        var reader = CSVRecordReader(bytes: bytes, fileName: fileName)
        guard let header = try reader.nextRecord() else {
            throw MapError(.invalidData, "\(fileName): the file is empty", remedy: "start with a header row: name,latitude,longitude,…")
        }
        var columns: [String: Int] = [:]
        for (index, field) in header.fields.enumerated() {
            let lowered = field.trimmingCharacters(in: .whitespaces).lowercased()
            guard let name = FavoritesExport.csvHeader.contains(lowered) ? lowered : csvAliases[lowered] else { continue }
            guard columns[name] == nil else {
                throw MapError(.invalidData, "\(fileName):\(header.line): column '\(name)' appears twice in the header")
            }
            columns[name] = index
        }
        let missing = FavoritesColumn.stored.filter(\.isRequired).map(\.name).filter { columns[$0] == nil }
        guard missing.isEmpty else {
            throw MapError(
                .invalidData,
                "\(fileName):\(header.line): the header has no \(missing.joined(separator: ", ")) column"
                    + " (found: \(header.fields.joined(separator: ",")))",
                remedy: "the first row must name the columns, at least name,latitude,longitude")
        }
        var places = [FavoritePlace]()
        while let record = try reader.nextRecord() {
            let label = "\(fileName):\(record.line)"
            guard record.fields.count == header.fields.count else {
                throw MapError(
                    .invalidData, "\(label): \(record.fields.count) fields, but the header has \(header.fields.count)",
                    remedy: "give every row one field per header column (quote fields that contain commas)")
            }
            func cell(_ name: String) -> String? { columns[name].map { record.fields[$0] } }
            func number(_ name: String, optional: Bool) throws(MapError) -> Double? {
                let text = (cell(name) ?? "").trimmingCharacters(in: .whitespaces)
                if text.isEmpty && optional { return nil }
                guard let value = Double(text), value.isFinite else {
                    throw MapError(.invalidData, "\(label): column '\(name)': '\(text)' is not a number")
                }
                return value
            }
            func boolean(_ name: String) throws(MapError) -> Bool {
                guard let text = cell(name) else { return false }
                guard let value = flag(text) else {
                    throw MapError(.invalidData, "\(label): column '\(name)': '\(text)' is not 0 or 1")
                }
                return value
            }
            let place = FavoritePlace(
                name: cell("name") ?? "", street: cell("street"), city: cell("city"), state: cell("state"),
                postal: cell("postal"),
                coordinate: Coordinate(
                    latitude: try number("latitude", optional: false)!, longitude: try number("longitude", optional: false)!),
                showsProximity: try boolean("display_proximity"), radius: try number("display_radius", optional: true),
                isGoingNext: try boolean("going_next"), pinColor: cell("pin_color"))
            places.append(try place.validated(label: label))
        }
        return places
    }

    // MARK: GeoJSON

    private static func geoJSON(_ document: JSONDocument) throws(MapError) -> [FavoritePlace] {
        var places = [FavoritePlace]()
        let root = document.root
        func features(_ node: JSONNode, path: JSONPath) throws(MapError) {
            guard node.members != nil, let type = node["type"]?.string else {
                throw document.error("expected a GeoJSON object with a \"type\", found \(node.kindDescription)", at: node, path: path)
            }
            switch type {
            case "FeatureCollection":
                guard let list = node["features"]?.elements else {
                    throw document.error("a FeatureCollection needs a \"features\" array (RFC 7946 §3.3)", at: node, path: path)
                }
                for (index, feature) in list.enumerated() {
                    try features(feature, path: path.appending("features").appending(index))
                }
            case "Feature":
                guard let geometry = node["geometry"], !geometry.isNull else { return }
                try points(geometry, properties: node["properties"], path: path.appending("geometry"), featurePath: path)
            default:
                try points(node, properties: nil, path: path, featurePath: path)
            }
        }
        func points(_ geometry: JSONNode, properties: JSONNode?, path: JSONPath, featurePath: JSONPath) throws(MapError) {
            let type = geometry["type"]?.string ?? ""
            let reader = GeoJSONCoordinates(document: document, type: type)
            let coordinates = path.appending("coordinates")
            guard let node = geometry["coordinates"] else {
                if type == "GeometryCollection", let list = geometry["geometries"]?.elements {
                    for (index, member) in list.enumerated() {
                        try points(member, properties: properties, path: path.appending("geometries").appending(index), featurePath: featurePath)
                    }
                }
                return
            }
            let positions: [Coordinate]
            switch type {
            case "Point": positions = [try reader.position(node, path: coordinates)]
            case "MultiPoint": positions = try reader.positions(node, path: coordinates)
            default: return  // lines and polygons are not places
            }
            for coordinate in positions {
                let place = try favorite(at: coordinate, properties: properties, path: featurePath.appending("properties"), document)
                let within = featurePath.isRoot ? "" : ": \(featurePath)"
                places.append(try place.validated(label: "\(document.fileName):\(geometry.position)\(within)"))
            }
        }
        try features(root, path: .root)
        return places
    }

    /// A place from a Feature's properties (simplestyle plus the native fields).
    private static func favorite(at coordinate: Coordinate, properties: JSONNode?, path: JSONPath, _ document: JSONDocument)
        throws(MapError) -> FavoritePlace
    {
        var place = FavoritePlace(name: "", coordinate: coordinate)
        guard let properties, let members = properties.members else { return place }
        var name: String?
        var description: String?
        for member in members where !member.value.isNull {
            let value = member.value
            func text() throws(MapError) -> String {
                guard let text = value.string else {
                    throw document.error("expected a string, found \(value.kindDescription)", at: value, path: path.appending(member.key))
                }
                return text
            }
            func boolean() throws(MapError) -> Bool {
                if let bool = value.bool { return bool }
                if let number = value.number, number == 0 || number == 1 { return number == 1 }
                throw document.error("expected true or false, found \(value.kindDescription)", at: value, path: path.appending(member.key))
            }
            switch member.key {
            case "title": place.name = try text()
            case "name": name = try text()
            case "description": description = try text()
            case "street": place.street = try text()
            case "city": place.city = try text()
            case "state": place.state = try text()
            case "postal": place.postal = try text()
            case "marker-color": place.pinColor = try text()
            case "display_proximity": place.showsProximity = try boolean()
            case "going_next": place.isGoingNext = try boolean()
            case "display_radius":
                guard let radius = value.number else {
                    throw document.error("expected meters, found \(value.kindDescription)", at: value, path: path.appending(member.key))
                }
                place.radius = radius
            default: break
            }
        }
        if place.name.isEmpty, let name { place.name = name }
        if place.street == nil, place.city == nil, place.state == nil, place.postal == nil { place.street = description }
        return place
    }
}
