public import MapErrors
public import MapGeometry
import MapRenderCore
import MapXML

/// Reads Garmin's Training Center XML (TCX v2, https://www8.garmin.com/xmlschemas/
/// TrainingCenterDatabasev2.xsd, and the older v1 `History` files) for `--track`, `track`
/// and `places import`, as Garmin Connect, Fitbit, MapMyRide, Strava and GPSBabel write it.
///
/// - Each activity (`Activities/Activity`, a multisport session's activities, v1's
///   `History/…/Run`) and each course (`Courses/Course`) becomes a `Track`, with one segment
///   per `<Track>` element (Garmin writes one per lap, and a new one where the timer was
///   paused). A course is named by its `Name`; an activity by its sport and `Id` (the start
///   time), so several activities of one file stay apart.
/// - A `Trackpoint` becomes a `Location`: `Position/LatitudeDegrees` and `LongitudeDegrees`,
///   `AltitudeMeters`, `Time` (ISO 8601), and the speed of the activity extension
///   (`TPX/Speed`, m/s). TCX has no accuracy: the horizontal accuracy is 0 (unknown). A
///   trackpoint without a position (the watch had no fix, or an indoor activity) is skipped
///   and counted in a note; one whose position is not a pair of numbers in range is skipped
///   with a warning naming the line of the first (other readers skip such points too); heart
///   rate, cadence and power are not map data.
/// - A course's `CoursePoint`s (a turn, a summit, water) become places: the title is their
///   `Name` (else their `PointType`), the subtitle their `Notes` (else the point type).
///
/// Elements are matched by local name in their context, whatever the namespace or prefix,
/// like `GPXDecoder`, and the file streams through `XMLStreamParser` with its precautions
/// (no entity expansion, declared encodings only). Errors name the file, line and column.
public enum TCXDecoder {
    /// Reads the TCX file at `path`, streaming it; fixes outside `window` are left out.
    ///
    /// - Throws: `.missingInput` when the file cannot be read, `.invalidData` naming the line
    ///   and column of malformed XML or a bad value, or when the file has no trackpoint with a
    ///   position and no course point.
    public static func read(atPath path: String, window: TrackTimeWindow = .unbounded) throws(MapError) -> SceneContent
    {
        try decode(XMLFileReading.parser(atPath: path, format: "TCX"), fileName: path, window: window)
    }

    /// Decodes TCX from bytes; messages name the file `fileName`.
    public static func decode(
        _ bytes: [UInt8], fileName: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError) -> SceneContent {
        try decode(XMLStreamParser(bytes: bytes), fileName: fileName, window: window)
    }

    private static func decode(
        _ parser: XMLStreamParser, fileName: String, window: TrackTimeWindow
    ) throws(MapError) -> SceneContent {
        var parser = parser
        var handler = TCXParserHandler(fileName: fileName, window: window)
        while let event = try XMLFileReading.nextEvent(&parser, fileName: fileName, format: "TCX") {
            try handler.handle(event, at: parser.eventPosition)
        }
        var content = handler.content
        if handler.positionlessCount > 0 {
            let count = handler.positionlessCount
            content.diagnostics.append(
                Diagnostic(
                    .info,
                    "\(fileName): \(count) trackpoint\(count == 1 ? "" : "s") without a position skipped"
                        + " (no GPS fix, or an indoor activity)"))
        }
        if handler.unreadable.count > 0 {
            let (count, line) = handler.unreadable
            content.diagnostics.append(
                Diagnostic(
                    .warning,
                    "\(fileName):\(line): \(count) point\(count == 1 ? "" : "s") skipped whose position is not a"
                        + " latitude and longitude in range (the first here)"))
        }
        guard !content.tracks.isEmpty || !content.places.isEmpty || !content.leftOutOfWindow.isZero else {
            throw MapError(
                .invalidData,
                handler.positionlessCount > 0
                    ? "no trackpoint has a position (\(handler.positionlessCount) without one): an indoor activity?"
                    : "no trackpoint and no course point in the file",
                at: InputLocation(file: fileName), remedy: "give a TCX activity or course recorded with GPS")
        }
        return content
    }
}
