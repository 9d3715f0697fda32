import Foundation
import MapFormats
import MapGeometry
import MapRenderCore
import MapXML

/// The file formats favorites are exported to and imported from.
public enum FavoritesFormat: String, CaseIterable, Sendable {
    /// A GeoJSON FeatureCollection of Points (RFC 7946) with simplestyle properties.
    case geojson
    /// GPX 1.1 waypoints (https://www.topografix.com/GPX/1/1/).
    case gpx
    /// CSV (RFC 4180) with the header `FavoritesExport.csvHeader`.
    case csv

    /// The format a file name's extension names: `.geojson` or `.json`, `.gpx`, `.csv`
    /// (any case); `nil` otherwise.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "geojson", "json": self = .geojson
        case "gpx": self = .gpx
        case "csv": self = .csv
        default: return nil
        }
    }
}

/// Writes favorites as GeoJSON, GPX or CSV, so that `FavoritesImport` reads every native
/// field back exactly (numbers are written in Swift's shortest round-tripping form).
///
/// - **GeoJSON**: a FeatureCollection of Point Features whose `id` is the row id and whose
///   properties are simplestyle's `title` (the name), `description` (the address line, the
///   callout subtitle) and `marker-color`, so `maprender --geojson` draws the file as
///   `--places` draws the database, plus the native fields `street`, `city`, `state`,
///   `postal`, `display_radius`, `display_proximity` and `going_next`.
/// - **GPX 1.1**: one `wpt` per place with `name` and `desc` (the address line), the
///   elements every GPS app reads, and the native fields in `extensions` under the
///   namespace `gpxNamespace` (GPX 1.1 §extensionsType allows elements of other
///   namespaces there). Text is escaped by `XMLEscaping`.
/// - **CSV**: `csvHeader`, one row per place, written by `CSVRecordWriter` (RFC 4180:
///   lines ending in CRLF, fields quoted when they need it); flags as 0/1, empty cells for
///   missing values.
public enum FavoritesExport {
    /// The CSV columns, in order: the native table's, without the row id.
    public static let csvHeader = FavoritesColumn.stored.map(\.name)
    /// The XML namespace of maprender's GPX waypoint extensions.
    public static let gpxNamespace = "urn:maprender:favorites:1"

    /// The places in a format, as UTF-8 bytes ending in a line break. What the format cannot
    /// hold exactly (see `changes(in:as:)`) is written as close as it can be.
    public static func encode(_ places: [FavoritePlace], as format: FavoritesFormat) -> [UInt8] {
        switch format {
        case .geojson: return Array(geoJSON(places).utf8)
        case .gpx: return Array(gpx(places).utf8)
        case .csv: return Array(csv(places).utf8)
        }
    }

    // MARK: GeoJSON

    /// A GeoJSON FeatureCollection, indented two spaces.
    public static func geoJSON(_ places: [FavoritePlace]) -> String {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let features = places.map { place in
            var feature: [(String, JSONValue)] = [("type", .string("Feature"))]
            if let id = place.id { feature.append(("id", .number(Double(id)))) }
            feature.append(
                (
                    "geometry",
                    .object([
                        ("type", .string("Point")),
                        // RFC 7946 §3.1.1: longitude first.
                        (
                            "coordinates",
                            .array([.number(place.coordinate.longitude), .number(place.coordinate.latitude)])
                        ),
                    ])
                ))
            feature.append(
                (
                    "properties",
                    .object([
                        ("title", .string(place.name)), ("description", text(place.addressLine)),
                        ("street", text(place.street)), ("city", text(place.city)), ("state", text(place.state)),
                        ("postal", text(place.postal)), ("marker-color", text(place.pinColor)),
                        ("display_radius", place.radius.map(JSONValue.number) ?? .null),
                        ("display_proximity", .bool(place.showsProximity)), ("going_next", .bool(place.isGoingNext)),
                    ])
                ))
            return JSONValue.object(feature)
        }
        return JSONValue.object([("type", .string("FeatureCollection")), ("features", .array(features))])
            .serialized(indent: 2) + "\n"
    }

    // MARK: GPX

    /// The columns GPX itself holds: `wpt`'s `lat` and `lon` and its `name`.
    private static let gpxAttributes: Set<FavoritesColumn> = [.name, .latitude, .longitude]

    /// A GPX 1.1 document of waypoints.
    public static func gpx(_ places: [FavoritePlace]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="maprender" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:maprender="\(gpxNamespace)">

            """
        for place in places {
            out += "  <wpt lat=\"\(place.coordinate.latitude)\" lon=\"\(place.coordinate.longitude)\">\n"
            // GPX 1.1 fixes the order of wpt's children: name, cmt, desc, …, extensions last.
            out += "    <name>\(XMLEscaping.text(place.name))</name>\n"
            if let address = place.addressLine { out += "    <desc>\(XMLEscaping.text(address))</desc>\n" }
            // The other columns as extension elements of the same names; a flag only when set,
            // so that a plain waypoint stays plain.
            var extensions = [(String, String)]()
            for column in FavoritesColumn.stored where !gpxAttributes.contains(column) {
                guard let text = column.text(of: place), !(column.isFlag && text == "0") else { continue }
                extensions.append((column.name, text))
            }
            if !extensions.isEmpty {
                out += "    <extensions>\n"
                for (name, value) in extensions {
                    out += "      <maprender:\(name)>\(XMLEscaping.text(value))</maprender:\(name)>\n"
                }
                out += "    </extensions>\n"
            }
            out += "  </wpt>\n"
        }
        return out + "</gpx>\n"
    }

    // MARK: CSV

    /// CSV with `csvHeader`, CRLF line ends (RFC 4180 §2.1).
    public static func csv(_ places: [FavoritePlace]) -> String {
        var out = CSVRecordWriter.record(csvHeader)
        for place in places {
            out += CSVRecordWriter.record(FavoritesColumn.stored.map { $0.text(of: place) ?? "" })
        }
        return out
    }
}
