import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// Reads Google Takeout's Semantic Location History, one file a month
/// (`Semantic Location History/2026/2026_DECEMBER.json`): `{"timelineObjects": [ … ]}`.
///
/// - A `placeVisit` becomes a `Place`: titled `location.name` (else its address, else
///   "Visit"), subtitled with the address, at `location.latitudeE7`/`longitudeE7`. A visit
///   whose `duration` lies wholly outside the window is left out (and counted); one
///   without a duration is kept.
/// - An `activitySegment` becomes one segment of the track: the points of
///   `simplifiedRawPath.points` (`latE7`/`lngE7`, `timestamp` or `timestampMs`, each
///   checked against the window); else `waypointPath.waypoints`, which carry no times, so
///   the first takes the segment's start time and the last its end time and the segment
///   is kept whole when its duration overlaps the window; else `startLocation` and
///   `endLocation` with the duration's times.
///
/// Times are ISO 8601 (`duration.startTimestamp`) or milliseconds
/// (`duration.startTimestampMs`, exports before 2022). Streamed; E7 overflow unwrapped.
public enum GoogleSemanticHistoryDecoder {
    /// Reads the file at `path`; messages name it by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for an unreadable file, `.invalidData` for a
    ///   syntax error or a file without `timelineObjects`.
    public static func read(
        atPath path: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError)
        -> SceneContent
    {
        var stream = try HistoryFields.stream(atPath: path, keys: ["timelineObjects"], what: "location history")
        return try decode(&stream, window: window)
    }

    /// Decodes a month's bytes; messages name the file `fileName`.
    public static func decode(
        _ bytes: [UInt8], fileName: String, window: TrackTimeWindow = .unbounded
    )
        throws(MapError) -> SceneContent
    {
        var stream = JSONArrayStream(bytes: bytes, fileName: fileName, arrayKeys: ["timelineObjects"], chunkSize: 4096)
        return try decode(&stream, window: window)
    }

    static func decode(
        _ stream: inout JSONArrayStream, window: TrackTimeWindow
    ) throws(MapError) -> SceneContent {
        var fixes = WindowedFixes(window: window)
        var content = SceneContent()
        var placesLeftOut = TrackWindowCount(), skipped = 0
        while let element = try stream.next() {
            try HistoryFields.requireObjectRoot(element, in: stream, being: "a Semantic Location History month")
            let object = element.node
            if let visit = object["placeVisit"] {
                let (start, end) = duration(visit["duration"])
                if let start, let end, !window.overlaps(from: start, to: end) {
                    placesLeftOut.countLeftOut(at: start)
                    continue
                }
                guard let place = place(visit, id: Int64(content.places.count + 1)) else {
                    skipped += 1
                    continue
                }
                content.places.append(place)
            } else if let activity = object["activitySegment"] {
                if !addActivity(activity, to: &fixes) { skipped += 1 }
            } else {
                skipped += 1
            }
        }
        guard stream.topLevelKeys.contains("timelineObjects") else {
            throw MapError(
                .invalidData, "no \"timelineObjects\" array: not a Semantic Location History month",
                at: InputLocation(file: stream.fileName),
                remedy: "give a file such as Semantic Location History/2026/2026_DECEMBER.json")
        }
        if let track = fixes.track(named: "Semantic Location History") { content.tracks = [track] }
        content.leftOutOfWindow = fixes.leftOut + placesLeftOut
        content.diagnostics = stream.warnings.map { Diagnostic(.warning, $0) }
        if skipped > 0 {
            content.diagnostics.append(
                Diagnostic(.info, "\(stream.fileName): \(skipped) timeline objects without a usable position skipped"))
        }
        return content
    }

    /// The start and end of a `duration` object.
    static func duration(_ node: JSONNode?) -> (start: Date?, end: Date?) {
        (
            HistoryFields.timestamp(node?["startTimestamp"] ?? node?["startTimestampMs"]),
            HistoryFields.timestamp(node?["endTimestamp"] ?? node?["endTimestampMs"])
        )
    }

    private static func place(_ visit: JSONNode, id: Int64) -> Place? {
        let location = visit["location"]
        guard
            let (coordinate, _) = HistoryFields.e7Coordinate(
                location, latitudeKey: "latitudeE7", longitudeKey: "longitudeE7")
                ?? HistoryFields.e7Coordinate(visit, latitudeKey: "centerLatE7", longitudeKey: "centerLngE7")
        else { return nil }
        let name = location?["name"]?.string, address = location?["address"]?.string
        return Place(
            id: id, title: name ?? address?.split(separator: "\n").first.map(String.init) ?? "Visit",
            subtitle: name == nil ? nil : address?.replacingOccurrences(of: "\n", with: ", "), coordinate: coordinate)
    }

    /// Adds an activity's path as one segment; `false` when it has no position at all.
    private static func addActivity(_ activity: JSONNode, to fixes: inout WindowedFixes) -> Bool {
        let (start, end) = duration(activity["duration"])
        defer { fixes.endSegment() }
        if let points = activity["simplifiedRawPath"]?["points"]?.elements, !points.isEmpty {
            for point in points {
                guard
                    let (coordinate, _) = HistoryFields.e7Coordinate(point, latitudeKey: "latE7", longitudeKey: "lngE7")
                else { continue }
                let time = HistoryFields.timestamp(point["timestamp"] ?? point["timestampMs"])
                fixes.add(
                    Location(
                        coordinate: coordinate, horizontalAccuracy: HistoryFields.number(point["accuracyMeters"]) ?? 0,
                        timestamp: time))
            }
            return true
        }
        var path: [Coordinate] = []
        if let waypoints = activity["waypointPath"]?["waypoints"]?.elements {
            path = waypoints.compactMap {
                HistoryFields.e7Coordinate($0, latitudeKey: "latE7", longitudeKey: "lngE7")?.coordinate
            }
        }
        if path.count < 2 {
            let ends = [activity["startLocation"], activity["endLocation"]].compactMap {
                HistoryFields.e7Coordinate($0, latitudeKey: "latitudeE7", longitudeKey: "longitudeE7")?.coordinate
            }
            if ends.count == 2 { path = ends }
        }
        guard !path.isEmpty else { return false }
        // Waypoints carry no times: the segment is in or out of the window as a whole.
        if !fixes.window.isUnbounded {
            guard let start, let end, fixes.window.overlaps(from: start, to: end) else {
                for index in path.indices { fixes.leftOut.countLeftOut(at: index == 0 ? start : end) }
                return true
            }
        }
        for (index, coordinate) in path.enumerated() {
            let time = index == 0 ? start : index == path.count - 1 ? end : nil
            fixes.current.append(Location(coordinate: coordinate, timestamp: time))
        }
        return true
    }
}
