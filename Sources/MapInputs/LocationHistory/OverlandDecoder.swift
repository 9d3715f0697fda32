import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// Reads the batches the Overland app (github.com/aaronpk/Overland-iOS) posts to its
/// receiver, as receivers store them: `{"locations": [ … ]}` of GeoJSON Point features
/// whose `properties` carry `timestamp` (ISO 8601 with an offset), `horizontal_accuracy`
/// and `vertical_accuracy` (m, negative invalid, as Core Location's), `altitude` (m),
/// `speed` (m/s), `course` (degrees) and `motion`, battery and Wi-Fi fields (ignored).
///
/// The fixes of a batch are one timed track, not a cloud of pins, each checked against the
/// window. Features that are not Points are skipped and counted in a note. Streamed.
public enum OverlandDecoder {
    /// Reads the batch at `path`; messages name it by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for an unreadable file, `.invalidData` for a
    ///   syntax error or a file without `locations`.
    public static func read(
        atPath path: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError)
        -> SceneContent
    {
        var stream = try HistoryFields.stream(atPath: path, keys: ["locations"], what: "Overland batch")
        return try decode(&stream, window: window)
    }

    /// Decodes a batch's bytes; messages name the file `fileName`.
    public static func decode(
        _ bytes: [UInt8], fileName: String, window: TrackTimeWindow = .unbounded
    )
        throws(MapError) -> SceneContent
    {
        var stream = JSONArrayStream(bytes: bytes, fileName: fileName, arrayKeys: ["locations"], chunkSize: 4096)
        return try decode(&stream, window: window)
    }

    static func decode(
        _ stream: inout JSONArrayStream, window: TrackTimeWindow
    ) throws(MapError) -> SceneContent {
        var fixes = WindowedFixes(window: window)
        var skipped = 0
        while let element = try stream.next() {
            try HistoryFields.requireObjectRoot(element, in: stream, being: "an Overland batch")
            let feature = element.node
            guard feature["geometry"]?["type"]?.string == "Point",
                let values = feature["geometry"]?["coordinates"]?.elements, values.count >= 2,
                let longitude = values[0].number, let latitude = values[1].number
            else {
                skipped += 1
                continue
            }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else {
                throw MapError(
                    .invalidData, "coordinates [\(longitude), \(latitude)] are out of range",
                    at: InputLocation(
                        file: stream.fileName, line: feature.position.line, column: feature.position.column,
                        jsonPath: "\(element.path)"),
                    remedy: "GeoJSON positions are [longitude, latitude] in degrees")
            }
            let properties = feature["properties"]
            let altitude = HistoryFields.number(properties?["altitude"]) ?? (values.count > 2 ? values[2].number : nil)
            let verticalAccuracy = HistoryFields.number(properties?["vertical_accuracy"])
            fixes.add(
                Location(
                    coordinate: coordinate, altitude: altitude ?? 0,
                    horizontalAccuracy: HistoryFields.number(properties?["horizontal_accuracy"]) ?? 0,
                    verticalAccuracy: altitude == nil ? -1 : verticalAccuracy ?? 0,
                    course: HistoryFields.number(properties?["course"]) ?? -1,
                    speed: HistoryFields.number(properties?["speed"]) ?? -1,
                    timestamp: HistoryFields.timestamp(properties?["timestamp"])))
        }
        guard stream.topLevelKeys.contains("locations") else {
            throw MapError(
                .invalidData, "no \"locations\" array: not an Overland batch", at: InputLocation(file: stream.fileName))
        }
        var content = SceneContent(leftOutOfWindow: fixes.leftOut)
        if let track = fixes.track(named: "Overland") { content.tracks = [track] }
        content.diagnostics = stream.warnings.map { Diagnostic(.warning, $0) }
        if skipped > 0 {
            content.diagnostics.append(
                Diagnostic(.info, "\(stream.fileName): \(skipped) locations that are not GeoJSON Points skipped"))
        }
        return content
    }
}
