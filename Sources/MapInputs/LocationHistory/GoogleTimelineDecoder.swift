import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// Reads the Timeline export Google Maps writes on the phone since 2024 (Settings →
/// Location → Timeline → Export), in either of its two shapes.
///
/// **Android** (`Timeline.json`): an object with `semanticSegments`, `rawSignals` and
/// `userLocationProfile`. A segment's `timelinePath[]` points (`"48.1234567°, 11.5678901°"`
/// with a `time`) become a segment of the "Timeline" track; a segment's `activity`
/// becomes a two-fix segment from `activity.start.latLng` at `startTime` to
/// `activity.end.latLng` at `endTime`; `visit.topCandidate.placeLocation.latLng` becomes a
/// place titled by its `semanticType`. `rawSignals[].position` (`LatLng`,
/// `accuracyMeters`, `altitudeMeters`, `speedMetersPerSecond`, `timestamp`) are the fixes
/// of a second track, "Raw signals"; other raw signals (Wi-Fi scans, activity records) are
/// skipped. `userLocationProfile` is skipped unparsed.
///
/// **iPhone**: a top-level array of segments with `startTime`/`endTime`,
/// `visit.topCandidate.placeLocation` as `"geo:lat,lon"`, `activity.start`/`end` as
/// `"geo:…"`, and `timelinePath[]` with `point` and `durationMinutesOffsetFromStartTime`
/// (minutes after the segment's start); numbers are written as strings.
///
/// Times carry their offsets (`2024-05-01T08:00:00.000+02:00`). Fixes are checked against
/// the window one by one; a visit is left out when its span lies outside the window.
/// Streamed with `JSONArrayStream`.
public enum GoogleTimelineDecoder {
    /// Reads the file at `path`; messages name it by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for an unreadable file, `.invalidData` for a
    ///   syntax error or a file of neither shape.
    public static func read(
        atPath path: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError)
        -> SceneContent
    {
        var stream = try HistoryFields.stream(atPath: path, keys: arrayKeys, what: "Timeline export")
        return try decode(&stream, window: window)
    }

    /// Decodes an export's bytes; messages name the file `fileName`.
    public static func decode(
        _ bytes: [UInt8], fileName: String, window: TrackTimeWindow = .unbounded
    )
        throws(MapError) -> SceneContent
    {
        var stream = JSONArrayStream(bytes: bytes, fileName: fileName, arrayKeys: arrayKeys, chunkSize: 4096)
        return try decode(&stream, window: window)
    }

    private static let arrayKeys: Set<String> = ["semanticSegments", "rawSignals"]

    static func decode(
        _ stream: inout JSONArrayStream, window: TrackTimeWindow
    ) throws(MapError) -> SceneContent {
        var timeline = WindowedFixes(window: window), raw = WindowedFixes(window: window)
        var content = SceneContent()
        var placesLeftOut = TrackWindowCount(), sawSegments = false
        while let element = try stream.next() {
            switch element.key {
            case "rawSignals":
                guard let position = element.node["position"],
                    let coordinate = HistoryFields.textCoordinate(
                        position["LatLng"]?.string ?? position["latLng"]?.string)
                else { continue }
                let altitude = HistoryFields.number(position["altitudeMeters"])
                raw.add(
                    Location(
                        coordinate: coordinate, altitude: altitude ?? 0,
                        horizontalAccuracy: HistoryFields.number(position["accuracyMeters"]) ?? 0,
                        verticalAccuracy: altitude == nil ? -1 : 0,
                        speed: HistoryFields.number(position["speedMetersPerSecond"]) ?? -1,
                        timestamp: HistoryFields.timestamp(position["timestamp"])))
            default:
                // `semanticSegments[]` (Android) or the elements of a top-level array (iPhone).
                sawSegments = true
                readSegment(
                    element.node, timeline: &timeline, places: &content.places, placesLeftOut: &placesLeftOut)
            }
        }
        let keys = stream.topLevelKeys
        guard sawSegments || keys.contains("semanticSegments") || keys.contains("rawSignals") || keys.isEmpty else {
            throw MapError(
                .invalidData, "neither \"semanticSegments\" nor \"rawSignals\": not a Google Timeline export",
                at: InputLocation(file: stream.fileName), remedy: "give the Timeline.json exported from Google Maps")
        }
        content.tracks = [timeline.track(named: "Timeline"), raw.track(named: "Raw signals")].compactMap { $0 }
        content.leftOutOfWindow = timeline.leftOut + raw.leftOut + placesLeftOut
        content.diagnostics = stream.warnings.map { Diagnostic(.warning, $0) }
        return content
    }

    private static func readSegment(
        _ segment: JSONNode, timeline: inout WindowedFixes, places: inout [Place], placesLeftOut: inout TrackWindowCount
    ) {
        let start = HistoryFields.timestamp(segment["startTime"])
        let end = HistoryFields.timestamp(segment["endTime"])
        if let path = segment["timelinePath"]?.elements {
            for point in path {
                guard let coordinate = HistoryFields.textCoordinate(point["point"]?.string) else { continue }
                var time = HistoryFields.timestamp(point["time"])
                if time == nil, let start,
                    let minutes = HistoryFields.number(point["durationMinutesOffsetFromStartTime"])
                {
                    time = start.addingTimeInterval(minutes * 60)
                }
                timeline.add(Location(coordinate: coordinate, timestamp: time))
            }
            timeline.endSegment()
        }
        if let activity = segment["activity"] {
            let ends = [activity["start"], activity["end"]].map { node in
                HistoryFields.textCoordinate(node?.string ?? node?["latLng"]?.string)
            }
            if let from = ends[0], let to = ends[1] {
                timeline.add(Location(coordinate: from, timestamp: start))
                timeline.add(Location(coordinate: to, timestamp: end))
                timeline.endSegment()
            }
        }
        if let candidate = segment["visit"]?["topCandidate"] {
            let location = candidate["placeLocation"]
            guard let coordinate = HistoryFields.textCoordinate(location?.string ?? location?["latLng"]?.string)
            else { return }
            if let start, let end, !timeline.window.overlaps(from: start, to: end) {
                placesLeftOut.countLeftOut(at: start)
                return
            }
            let type = candidate["semanticType"]?.string
            let title = type.flatMap { $0.isEmpty || $0.lowercased() == "unknown" ? nil : $0.capitalized } ?? "Visit"
            let span = [start, end].compactMap { $0.map(ISO8601Timestamp.string(from:)) }.joined(separator: " – ")
            places.append(
                Place(
                    id: Int64(places.count + 1), title: title, subtitle: span.isEmpty ? nil : span,
                    coordinate: coordinate))
        }
    }
}
