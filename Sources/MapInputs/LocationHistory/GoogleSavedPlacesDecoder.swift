import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
public import MapRenderCore

/// Reads Google Takeout's `Saved Places.json` (Maps (your places)): a GeoJSON
/// FeatureCollection of Point features whose `properties` hold `Title`, `Location`
/// {`Address`, `Business Name`, `Geo Coordinates` {`Latitude`, `Longitude`}, `Country
/// Code`}, `Google Maps URL` and `Published`/`Updated`; newer exports spell them
/// `location` {`name`, `address`, `country_code`}, `google_maps_url` and `date`.
///
/// A place's name is `Title`, else the business name, else the address; its subtitle is
/// the address. Places Google could not geocode are written at `[0, 0]`: their position
/// is read from the Maps URL (`?q=lat,lon` or `@lat,lon`) when it holds one, else the
/// place is skipped with a warning naming it. Saved places have no time of visit, so the
/// time window does not apply to them.
public enum GoogleSavedPlacesDecoder {
    /// A saved place with the address parts the favorites import keeps.
    public struct Entry: Hashable, Sendable {
        /// The place as a pin: title, address as subtitle, coordinate.
        public var place: Place
        /// The postal address as Google wrote it, one line.
        public var address: String?
        /// The business's name, when the place is one.
        public var businessName: String?
        /// The ISO 3166-1 country code, when given.
        public var countryCode: String?
        /// The Google Maps URL of the place.
        public var url: String?
        /// When the place was saved (`Published`, `date`).
        public var published: Date?
        /// When the saved place was last changed (`Updated`).
        public var updated: Date?
    }

    /// Reads the file at `path` into places; messages name it by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for an unreadable file, `.invalidData` for a
    ///   syntax error or a file without `features`.
    public static func read(
        atPath path: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError)
        -> SceneContent
    {
        content(try entries(atPath: path), fileName: path)
    }

    /// Decodes the bytes of a `Saved Places.json` into places; messages name `fileName`.
    public static func decode(
        _ bytes: [UInt8], fileName: String, window: TrackTimeWindow = .unbounded
    )
        throws(MapError) -> SceneContent
    {
        var stream = JSONArrayStream(bytes: bytes, fileName: fileName, arrayKeys: ["features"], chunkSize: 4096)
        return content(try entries(&stream), fileName: fileName)
    }

    /// The saved places of the file at `path` with their address parts, and what was
    /// skipped, for the favorites import.
    public static func entries(atPath path: String) throws(MapError) -> (entries: [Entry], diagnostics: [Diagnostic]) {
        var stream = try HistoryFields.stream(atPath: path, keys: ["features"], what: "Saved Places")
        return try entries(&stream)
    }

    private static func content(
        _ read: (entries: [Entry], diagnostics: [Diagnostic]), fileName: String
    ) -> SceneContent {
        SceneContent(places: read.entries.map(\.place), diagnostics: read.diagnostics)
    }

    static func entries(
        _ stream: inout JSONArrayStream
    ) throws(MapError) -> (
        entries: [Entry], diagnostics: [Diagnostic]
    ) {
        var entries: [Entry] = [], diagnostics: [Diagnostic] = []
        while let element = try stream.next() {
            try HistoryFields.requireObjectRoot(element, in: stream, being: "a Saved Places file")
            let feature = element.node
            let properties = feature["properties"]
            let location = properties?["Location"] ?? properties?["location"]
            let address = (location?["Address"] ?? location?["address"])?.string
            let business = (location?["Business Name"] ?? location?["name"])?.string
            let title = nonEmpty(properties?["Title"]?.string) ?? nonEmpty(business) ?? nonEmpty(address)
            let url = (properties?["Google Maps URL"] ?? properties?["google_maps_url"])?.string
            let line = feature.position.line
            guard let coordinate = coordinate(feature, location: location, url: url) else {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "\(stream.fileName):\(line): saved place \"\(title ?? "untitled")\" has no position (at [0, 0], none in its Maps URL); skipped"
                    ))
                continue
            }
            let place = Place(
                id: Int64(entries.count + 1), title: title ?? "Saved place",
                subtitle: title == address ? nil : address, coordinate: coordinate)
            entries.append(
                Entry(
                    place: place, address: address, businessName: business,
                    countryCode: (location?["Country Code"] ?? location?["country_code"])?.string, url: url,
                    published: HistoryFields.timestamp(properties?["Published"] ?? properties?["date"]),
                    updated: HistoryFields.timestamp(properties?["Updated"])))
        }
        guard stream.topLevelKeys.contains("features") else {
            throw MapError(
                .invalidData, "no \"features\" array: not a Saved Places file",
                at: InputLocation(file: stream.fileName),
                remedy: "give Takeout's Maps (your places)/Saved Places.json")
        }
        return (entries, stream.warnings.map { Diagnostic(.warning, $0) } + diagnostics)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    /// The geometry's position unless it is the `[0, 0]` of an ungeocoded place; then
    /// `Geo Coordinates`, then the URL.
    private static func coordinate(_ feature: JSONNode, location: JSONNode?, url: String?) -> Coordinate? {
        if let values = feature["geometry"]?["coordinates"]?.elements, values.count >= 2,
            let longitude = values[0].number, let latitude = values[1].number, latitude != 0 || longitude != 0
        {
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            if coordinate.isValid { return coordinate }
        }
        if let geo = location?["Geo Coordinates"], let latitude = HistoryFields.number(geo["Latitude"]),
            let longitude = HistoryFields.number(geo["Longitude"]), latitude != 0 || longitude != 0
        {
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            if coordinate.isValid { return coordinate }
        }
        return url.flatMap(coordinate(inURL:))
    }

    /// `lat,lon` after `q=` or `@` in a Google Maps URL
    /// (`https://www.google.com/maps/search/?api=1&query=…`, `http://maps.google.com/?q=48.1,11.5`,
    /// `https://www.google.com/maps/place/…/@48.1,11.5,17z`).
    static func coordinate(inURL url: String) -> Coordinate? {
        for marker in ["?q=", "&q=", "query=", "@"] {
            guard let range = url.range(of: marker) else { continue }
            let rest = url[range.upperBound...].prefix {
                $0.isNumber || $0 == "." || $0 == "-" || $0 == "," || $0 == "+"
            }
            let parts = rest.split(separator: ",")
            guard parts.count >= 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else { continue }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            if coordinate.isValid && (latitude != 0 || longitude != 0) { return coordinate }
        }
        return nil
    }
}
