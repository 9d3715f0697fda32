import Foundation
public import MapErrors
public import MapFormats
import MapGeometry
import MapRenderCore

/// Reads the lines of a GeoJSON file as tracks, for `maprender track` and track maps.
///
/// Every LineString becomes a track of one segment, every MultiLineString a track with one
/// segment per line (inside Features, FeatureCollections and GeometryCollections; other
/// geometries are skipped). Positions are `[longitude, latitude]` or
/// `[longitude, latitude, altitude]` (RFC 7946 §3.1.1); an altitude becomes a valid one.
/// Longitudes past ±180° are wrapped into [-180, 180] as `GeoJSONDecoder` does.
/// The track's name is the Feature's `name` property.
///
/// Per-point times are read where converters put them: `properties.coordTimes` (Mapbox
/// togeojson, for GPX and KML) or `properties.coordinateProperties.times` (its newer
/// versions): an array of ISO 8601 strings parallel to the positions, or, for a
/// MultiLineString, an array of such arrays.
public enum GeoJSONTrackDecoder {
    /// The tracks of a parsed document, in file order.
    ///
    /// - Throws: `MapError` `.invalidData` naming the file, line:column and JSON path, for a bad
    ///   position, a times array whose length differs from the line's, or a time that is not
    ///   ISO 8601; and when the document holds no LineString or MultiLineString.
    public static func tracks(from document: JSONDocument) throws(MapError) -> [Track] {
        var reader = Reader(document: document)
        try reader.read(document.root, path: .root, properties: nil)
        guard !reader.tracks.isEmpty else {
            throw MapError(
                .invalidData, "no usable point: the file has no LineString or MultiLineString",
                at: InputLocation(file: document.fileName),
                remedy: "give a GeoJSON file with lines, a GPX file or a CSV file")
        }
        return reader.tracks
    }

    /// Reads the GeoJSON file at `path` as tracks; messages name it by `path`.
    public static func read(atPath path: String) throws(MapError) -> [Track] {
        try tracks(from: JSONDocument.read(atPath: path))
    }
}

private struct Reader {
    let document: JSONDocument
    var tracks: [Track] = []

    mutating func read(_ node: JSONNode, path: JSONPath, properties: (JSONNode, JSONPath)?) throws(MapError) {
        switch node["type"]?.string {
        case "FeatureCollection":
            for (index, feature) in (node["features"]?.elements ?? []).enumerated() {
                try read(feature, path: path.appending("features").appending(index), properties: nil)
            }
        case "Feature":
            if let geometry = node["geometry"], !geometry.isNull {
                try read(
                    geometry, path: path.appending("geometry"),
                    properties: node["properties"].map { ($0, path.appending("properties")) })
            }
        case "GeometryCollection":
            for (index, geometry) in (node["geometries"]?.elements ?? []).enumerated() {
                // Times in the properties describe one line, not each member of a collection.
                try read(geometry, path: path.appending("geometries").appending(index), properties: nil)
            }
        case "LineString":
            let line = try positions(node["coordinates"], path: path.appending("coordinates"))
            let times = try timeArrays(properties, multi: false)
            try addTrack([line], times: times, properties: properties)
        case "MultiLineString":
            let coordinatesPath = path.appending("coordinates")
            var lines: [[Location]] = []
            for (index, line) in (node["coordinates"]?.elements ?? []).enumerated() {
                lines.append(try positions(line, path: coordinatesPath.appending(index)))
            }
            try addTrack(lines, times: try timeArrays(properties, multi: true), properties: properties)
        default:
            break  // Points and polygons are not tracks.
        }
    }

    private mutating func addTrack(
        _ lines: [[Location]], times: [(JSONNode, JSONPath)]?, properties: (JSONNode, JSONPath)?
    ) throws(MapError) {
        var segments = lines
        if let times {
            guard times.count == lines.count else {
                let (node, path) = times.first!
                throw document.error(
                    "\(times.count) time arrays for \(lines.count) lines", at: node, path: path,
                    remedy: "give one array of times per line")
            }
            for (lineIndex, (node, path)) in times.enumerated() {
                let elements = node.elements ?? []
                guard elements.count == lines[lineIndex].count else {
                    throw document.error(
                        "\(elements.count) times for \(lines[lineIndex].count) positions", at: node, path: path,
                        remedy: "give one time per position")
                }
                for (index, element) in elements.enumerated() {
                    guard let text = element.string, let date = ISO8601Timestamp.date(from: text) else {
                        throw document.error(
                            "expected an ISO 8601 time, found \(element.kindDescription)", at: element,
                            path: path.appending(index), remedy: "write times like \"2024-05-01T14:30:00Z\"")
                    }
                    segments[lineIndex][index].timestamp = date
                }
            }
        }
        segments.removeAll { $0.isEmpty }
        guard !segments.isEmpty else { return }
        tracks.append(Track(name: properties?.0["name"]?.string, segments: segments))
    }

    /// The times arrays of a line's properties with their paths: one for a LineString, one
    /// per line for a MultiLineString; `nil` when there are none.
    private func timeArrays(
        _ properties: (JSONNode, JSONPath)?, multi: Bool
    ) throws(MapError) -> [(JSONNode, JSONPath)]? {
        guard let (properties, base) = properties else { return nil }
        var found: (JSONNode, JSONPath)?
        if let times = properties["coordTimes"] {
            found = (times, base.appending("coordTimes"))
        } else if let times = properties["coordinateProperties"]?["times"] {
            found = (times, base.appending("coordinateProperties").appending("times"))
        }
        guard let (node, path) = found, !node.isNull else { return nil }
        guard let elements = node.elements else {
            throw document.error("expected an array of times, found \(node.kindDescription)", at: node, path: path)
        }
        guard multi else { return [(node, path)] }
        return elements.enumerated().map { ($0.element, path.appending($0.offset)) }
    }

    private func positions(_ node: JSONNode?, path: JSONPath) throws(MapError) -> [Location] {
        guard let node else { return [] }
        guard let elements = node.elements else {
            throw document.error("expected an array of positions, found \(node.kindDescription)", at: node, path: path)
        }
        var locations: [Location] = []
        locations.reserveCapacity(elements.count)
        for (index, position) in elements.enumerated() {
            let numbers = position.elements?.compactMap(\.number) ?? []
            guard numbers.count >= 2, numbers.count == position.elements?.count else {
                throw document.error(
                    "expected a position [longitude, latitude], found \(position.kindDescription)", at: position,
                    path: path.appending(index))
            }
            // Longitudes past ±180° continue across the antimeridian, as in GeoJSONDecoder
            // (GeoJSONCoordinates.position): wrapped, so track cleaning keeps the fixes.
            guard numbers[0].isFinite, abs(numbers[1]) <= 90 else {
                throw document.error(
                    "position [\(numbers[0]), \(numbers[1])] is out of range", at: position,
                    path: path.appending(index),
                    remedy: "GeoJSON positions are [longitude, latitude], latitude in [-90, 90]")
            }
            var location = Location(coordinate: Coordinate(latitude: numbers[1], longitude: numbers[0]).wrapped)
            if numbers.count >= 3 {
                location.altitude = numbers[2]
                location.verticalAccuracy = 0
            }
            locations.append(location)
        }
        return locations
    }
}
