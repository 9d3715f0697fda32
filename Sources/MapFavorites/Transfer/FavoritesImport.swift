import Foundation
public import MapErrors
import MapFormats
import MapGeometry
import MapInputs
import MapRenderCore

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
/// - **GeoJSON**, read by `GeoJSONDecoder` with its rules: every Point (and each position
///   of a MultiPoint) of a FeatureCollection, a Feature or a bare geometry; the properties
///   `FavoritesExport` writes are read back, `name` standing in for a missing `title`, and
///   `description` becoming the street when no address part is given. Lines and polygons
///   are not places. A longitude past ±180° (205.3°, Pacific-centred data) is stored as the
///   same meridian within [-180, 180] (−154.7°), as the decoder reads it and as the
///   database's schema requires: GeoJSON readers take such positions as the continuation
///   across the antimeridian, so refusing them would refuse files every web map shows.
///
/// A file without a single place is an error. Ids are not imported: the database gives
/// each place a new one.
public enum FavoritesImport {
    /// Reads the file at `path`, in `format` or else the format its extension names.
    ///
    /// - Throws: `MapError` `.invalidRequest` when the format is unknown, `.missingInput` when the
    ///   file cannot be read, `.invalidData` naming the file and line of a bad record.
    public static func read(atPath path: String, format: FavoritesFormat? = nil) throws(MapError) -> [FavoritePlace] {
        if format == nil, let kind = try? SceneFile.kind(ofFileAt: path), sceneKinds.contains(kind) {
            let places = try places(ofFile: path, kind: kind)
            guard !places.isEmpty else {
                throw MapError(
                    .invalidData, "no places to import: the file has no named points", at: InputLocation(file: path),
                    remedy: "give a file with places (course points, placemarks, saved places or visits)")
            }
            return places
        }
        guard let format = format ?? FavoritesFormat(fileName: path) else {
            throw MapError(
                .invalidRequest, "cannot tell the format from the file name", at: InputLocation(file: path),
                remedy: "name the file .gpx, .csv or .geojson")
        }
        return try decode(
            InputFile.read(atPath: path, what: format.rawValue.uppercased()), format: format, fileName: path)
    }

    /// Decodes bytes in a format; messages name the file `fileName`.
    public static func decode(
        _ bytes: [UInt8], format: FavoritesFormat, fileName: String
    ) throws(MapError)
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
                .invalidData, "no places to import", at: InputLocation(file: fileName),
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
            throw MapError(
                .invalidData, "the file is empty", at: InputLocation(file: fileName),
                remedy: "start with a header row: name,latitude,longitude,…")
        }
        var columns: [String: Int] = [:]
        for (index, field) in header.fields.enumerated() {
            let lowered = field.trimmingCharacters(in: .whitespaces).lowercased()
            guard let name = FavoritesExport.csvHeader.contains(lowered) ? lowered : csvAliases[lowered] else {
                continue
            }
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
                    latitude: try number("latitude", optional: false)!,
                    longitude: try number("longitude", optional: false)!),
                showsProximity: try boolean("display_proximity"), radius: try number("display_radius", optional: true),
                isGoingNext: try boolean("going_next"), pinColor: cell("pin_color"))
            places.append(try place.validated(label: label))
        }
        return places
    }
}
