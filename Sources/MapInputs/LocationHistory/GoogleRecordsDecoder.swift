import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// Reads Google Takeout's raw location history, `Records.json` (Location History, before
/// Timeline moved onto the phone in 2024): `{"locations": [ … ]}`, one record per fix.
///
/// A record's fields: `latitudeE7`/`longitudeE7` (degrees × 10^7), `accuracy` (m),
/// `altitude` (m), `verticalAccuracy` (m), `velocity` (m/s), `heading` (degrees), and
/// `timestamp` (ISO 8601) or, in exports before 2022, `timestampMs` (milliseconds since
/// 1970 as a string). Coordinates past ±90/±180 are the int32 overflow of old exports and
/// are unwrapped by subtracting 2^32 (noted once). Records without a position (activity
/// records only) are skipped and counted in a note; a missing accuracy is unknown (0).
///
/// The file is streamed (`JSONArrayStream`): a 500 MB history reads in memory bounded by
/// the fixes kept, and the time window is applied per fix, so a one-day window keeps one
/// day. All fixes make one timed track.
public enum GoogleRecordsDecoder {
    /// Reads the file at `path`; messages name it by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for an unreadable file, `.invalidData` for a
    ///   syntax error (line and column) or a file with no `locations` array.
    public static func read(
        atPath path: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError)
        -> SceneContent
    {
        var stream = try HistoryFields.stream(atPath: path, keys: ["locations"], what: "location history")
        return try decode(&stream, window: window)
    }

    /// Decodes `Records.json` bytes; messages name the file `fileName`.
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
        var withoutPosition = 0, wrapped = 0, sawArray = false
        while let element = try stream.next() {
            try HistoryFields.requireObjectRoot(element, in: stream, being: "a Google location history (Records.json)")
            sawArray = true
            guard
                let (coordinate, wasWrapped) = HistoryFields.e7Coordinate(
                    element.node, latitudeKey: "latitudeE7", longitudeKey: "longitudeE7")
            else {
                withoutPosition += 1
                continue
            }
            if wasWrapped { wrapped += 1 }
            fixes.add(location(element.node, coordinate: coordinate))
        }
        guard sawArray || stream.topLevelKeys.contains("locations") else {
            throw MapError(
                .invalidData, "no \"locations\" array: not a Google location history (Records.json)",
                at: InputLocation(file: stream.fileName), remedy: "give the Records.json file of a Takeout export")
        }
        var content = SceneContent(leftOutOfWindow: fixes.leftOut)
        if let track = fixes.track(named: "Location History") { content.tracks = [track] }
        content.diagnostics = stream.warnings.map { Diagnostic(.warning, $0) }
        if wrapped > 0 {
            content.diagnostics.append(
                Diagnostic(
                    .info,
                    "\(stream.fileName): \(wrapped) records had E7 coordinates past ±90°/±180° (the int32 overflow of old exports); read as the value minus 2^32"
                ))
        }
        if withoutPosition > 0 {
            content.diagnostics.append(
                Diagnostic(.info, "\(stream.fileName): \(withoutPosition) records without a position skipped"))
        }
        return content
    }

    /// A record as a fix: accuracy unknown (0) when missing, altitude valid only when given.
    private static func location(_ record: JSONNode, coordinate: Coordinate) -> Location {
        let altitude = HistoryFields.number(record["altitude"])
        let verticalAccuracy = altitude == nil ? -1 : HistoryFields.number(record["verticalAccuracy"]) ?? 0
        let timestamp = HistoryFields.timestamp(record["timestamp"] ?? record["timestampMs"])
        return Location(
            coordinate: coordinate, altitude: altitude ?? 0,
            horizontalAccuracy: HistoryFields.number(record["accuracy"]) ?? 0, verticalAccuracy: verticalAccuracy,
            course: HistoryFields.number(record["heading"]) ?? -1,
            speed: HistoryFields.number(record["velocity"]) ?? -1,
            timestamp: timestamp)
    }
}
