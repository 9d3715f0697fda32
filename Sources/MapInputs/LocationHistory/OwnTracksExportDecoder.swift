import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// Reads what the OwnTracks Recorder hands out as JSON: `ocat --format json` writes
/// `{"count": N, "locations": [ … ]}` and the HTTP API's `/api/0/locations` answers
/// `{"count": N, "data": [ … ], "status": 200, "version": "…"}` (ocat.c and http.c of
/// github.com/owntracks/recorder). Each element is a stored location message (`lat`, `lon`,
/// `tst`, `acc`, `alt`, `vac`, `vel` km/h, `cog`, as in `OwnTracksRecDecoder`) with the
/// recorder's additions (`isotst`, `isorcv`, `ghash`, and `username`/`device` when several
/// devices were listed).
///
/// One track per `username`/`device` pair, in order of first appearance; elements of other
/// `_type`s are skipped. Streamed; the window is applied per fix.
public enum OwnTracksExportDecoder {
    /// Reads the export at `path`; messages name it by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for an unreadable file, `.invalidData` for a
    ///   syntax error or a file with neither `locations` nor `data`.
    public static func read(
        atPath path: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError)
        -> SceneContent
    {
        var stream = try HistoryFields.stream(atPath: path, keys: arrayKeys, what: "OwnTracks export")
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

    private static let arrayKeys: Set<String> = ["locations", "data"]

    static func decode(
        _ stream: inout JSONArrayStream, window: TrackTimeWindow
    ) throws(MapError) -> SceneContent {
        var order: [String] = [], tracks: [String: WindowedFixes] = [:], skipped = 0
        while let element = try stream.next() {
            try HistoryFields.requireObjectRoot(element, in: stream, being: "an OwnTracks Recorder export")
            let node = element.node
            if let type = node["_type"]?.string, type != "location" {
                skipped += 1
                continue
            }
            let received = (node["isorcv"]?.string).flatMap { ISO8601Timestamp.date(from: $0) }
            guard let fix = OwnTracksFix.location(node, received: received) else {
                throw MapError(
                    .invalidData, "a location without a valid lat and lon",
                    at: InputLocation(
                        file: stream.fileName, line: node.position.line, column: node.position.column,
                        jsonPath: "\(element.path)"))
            }
            let name = [node["username"]?.string, node["device"]?.string].compactMap { $0 }.joined(separator: "/")
            if tracks[name] == nil {
                order.append(name)
                tracks[name] = WindowedFixes(window: window)
            }
            tracks[name]?.add(fix)
        }
        let keys = stream.topLevelKeys
        guard keys.contains("locations") || keys.contains("data") else {
            throw MapError(
                .invalidData, "neither \"locations\" nor \"data\": not an OwnTracks Recorder export",
                at: InputLocation(file: stream.fileName), remedy: "write it with `ocat --format json`")
        }
        var content = SceneContent()
        for name in order {
            guard var fixes = tracks[name] else { continue }
            content.leftOutOfWindow = content.leftOutOfWindow + fixes.leftOut
            if let track = fixes.track(named: name.isEmpty ? nil : name) { content.tracks.append(track) }
        }
        content.diagnostics = stream.warnings.map { Diagnostic(.warning, $0) }
        if skipped > 0 {
            content.diagnostics.append(
                Diagnostic(.info, "\(stream.fileName): \(skipped) messages other than locations skipped"))
        }
        return content
    }
}
