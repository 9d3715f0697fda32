public import MapErrors
import MapFIT
import MapFormats
import MapGeometry
import MapRenderCore

/// Reads FIT files (Garmin's FIT protocol: activities from watches, bike computers and
/// apps, and courses) into a track and pins.
///
/// The file is streamed through `FITReader` (`MapFIT`) in chunks, never held whole. Each
/// `record` message with a position is a fix: degrees from semicircles, altitude
/// (`enhanced_altitude`, else `altitude`) in meters, speed (`enhanced_speed`, else `speed`)
/// in m/s, `gps_accuracy` in meters as the horizontal accuracy (0, unknown, without it).
/// FIT records carry no heading, so course is unknown (-1). A timed record without a
/// valid position in a file that has positions is kept as an invalid fix
/// (`horizontalAccuracy` -1) for cleaning to count; an indoor activity, with no positions
/// at all, gives no track. Times below 0x10000000 are device uptime, not dates: those fixes
/// keep their order without a time, and a note says so.
///
/// Segments follow `segments`: one per session or one per lap, and always one more where a
/// chained file begins. The track is named after the course, or the sessions' sports.
/// Course files' `course_point`s are pins titled by their name or their type.
///
/// Damage (a truncated file, a bad header or file CRC, bytes after the last file that are
/// not FIT) keeps what was read before it, with a warning naming the byte; it is an error
/// only when nothing came before it.
public enum FITDecoder {
    /// Reads the FIT file at `path`; messages name it by `path`.
    ///
    /// - Parameters:
    ///   - window: the fixes to keep; the others are counted in `leftOutOfWindow`.
    ///   - segments: how fixes are split into segments.
    /// - Throws: `MapError` `.missingInput` when the file cannot be opened, `.invalidData`
    ///   when it is not FIT or is damaged before any message, `.ioFailure` when reading
    ///   fails part-way.
    public static func read(
        atPath path: String, window: TrackTimeWindow = .unbounded, segments: FITSegmentation = .sessions
    ) throws(MapError) -> SceneContent {
        let file = try InputFile.open(atPath: path, what: "FIT")
        var reader = FITReader(source: FITFileSource(file: file))
        return try decode(&reader, fileName: path, window: window, segments: segments)
    }

    /// Decodes FIT bytes; messages name the file `fileName`. See `read(atPath:window:segments:)`.
    public static func decode(
        _ bytes: [UInt8], fileName: String, window: TrackTimeWindow = .unbounded,
        segments: FITSegmentation = .sessions
    ) throws(MapError) -> SceneContent {
        var reader = FITReader(source: FITByteArraySource(bytes))
        return try decode(&reader, fileName: fileName, window: window, segments: segments)
    }

    static func decode<Source: FITByteSource>(
        _ reader: inout FITReader<Source>, fileName: String, window: TrackTimeWindow, segments: FITSegmentation
    ) throws(MapError) -> SceneContent {
        var activity = FITActivity(window: window)
        var diagnostics: [Diagnostic] = []
        var warnedArchitecture = false
        while let event = try reader.next() {
            switch event {
            case .fileHeader:
                activity.file += 1
            case .message(let message):
                activity.add(message)
            case .fileEnd:
                break
            case .damage(let damage):
                if damage.kind == .unknownArchitecture {
                    if !warnedArchitecture {
                        diagnostics.append(Diagnostic(.warning, "\(fileName): \(damage.message)"))
                        warnedArchitecture = true
                    }
                    continue
                }
                guard damage.messagesBefore > 0 else {
                    throw MapError(
                        .invalidData, damage.message, at: InputLocation(file: fileName),
                        remedy: damage.kind == .notFIT
                            ? "give a FIT file (.fit) as a watch, bike computer or app writes it"
                            : "the file is damaged before its first message; export it again from the device")
                }
                let records = activity.records == 1 ? "1 record" : "\(activity.records) records"
                diagnostics.append(
                    Diagnostic(.warning, "\(fileName): \(damage.message); drew the \(records) before it"))
            }
        }
        var content = SceneContent(places: activity.places, diagnostics: diagnostics)
        if let track = activity.track(segments) {
            content.tracks.append(track)
            content.leftOutOfWindow = activity.leftOut + activity.leftOutUnpositioned
        } else {
            content.leftOutOfWindow = activity.leftOut
            // (Fixes with positions that the window left out are no indoor activity.)
            if activity.records > 0 && activity.leftOut.isZero {
                content.diagnostics.append(
                    Diagnostic(
                        .warning,
                        "\(fileName): none of its \(activity.records) records has a position (an indoor activity?); no track drawn"
                    ))
            }
        }
        if activity.uptimeRecords > 0 {
            content.diagnostics.append(
                Diagnostic(
                    .info,
                    "\(fileName): \(activity.uptimeRecords) records are timed by the device's uptime, not a date; kept in order without a time"
                ))
        }
        return content
    }
}
