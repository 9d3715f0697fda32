import Foundation
public import MapErrors
import MapFormats
import MapGeometry
public import MapRenderCore
import MapXML

/// What a GPX file holds: tracks, routes and waypoints, in file order.
public struct GPXContent: Hashable, Sendable {
    /// One track per `trk` with at least one point; empty `trkseg`s are left out.
    public var tracks: [Track]
    /// One polyline per `rte` with at least one `rtept`, titled with the route's `name`.
    public var routes: [PolylineOverlay]
    /// One place per `wpt`: title from `name` (empty when there is none), subtitle from
    /// `desc` or else `cmt`; ids 1, 2, 3… in file order.
    public var waypoints: [Place]
    /// What each waypoint holds beyond its place (its line, its extensions), in the order of
    /// `waypoints`.
    public var waypointDetails: [GPXWaypointDetails]

    /// Creates content.
    public init(
        tracks: [Track] = [], routes: [PolylineOverlay] = [], waypoints: [Place] = [],
        waypointDetails: [GPXWaypointDetails] = []
    ) {
        self.tracks = tracks
        self.routes = routes
        self.waypoints = waypoints
        self.waypointDetails = waypointDetails
    }

    /// Whether the file had no point at all.
    public var isEmpty: Bool { tracks.isEmpty && routes.isEmpty && waypoints.isEmpty }
}

/// Reads GPX 1.0 and 1.1 files (https://www.topografix.com/GPX/1/1/) for `--gpx` and
/// `maprender track`.
///
/// - `trk`/`trkseg`/`trkpt` become `Track`s, one segment per `trkseg`. Each point becomes a
///   `Location`: `lat`/`lon`; `ele` as the altitude; `time` (ISO 8601, fractional seconds
///   and a zone optional; see `ISO8601Timestamp`); `hdop`/`vdop` as accuracy estimates (see
///   below); `<fix>none</fix>` ("GPS had no fix") makes the horizontal accuracy invalid;
///   speed (m/s) and course (degrees) from GPX 1.0's `speed`/`course` elements or from any
///   extension element of those names, such as Garmin's TrackPointExtension
///   `gpxtpx:speed`/`gpxtpx:course`. Other extensions (heart rate, cadence, temperature)
///   are skipped.
/// - `rte`/`rtept` become `PolylineOverlay`s; `wpt` become `Place`s, and their extension
///   elements, with their namespaces, `GPXWaypointDetails`.
///
/// **Namespaces.** GPX elements are matched by local name, whatever namespace or prefix
/// they come with (GPX 1.0, GPX 1.1, none, a prefix such as `gpx:wpt`): files in the wild
/// use all of them, and where an element stands (`wpt` under `gpx`, `name` under `wpt`)
/// already tells it apart from an extension's. Inside `extensions`, where vendors reuse
/// local names, a waypoint's elements are told apart by the namespace their prefix is
/// bound to. Speed and course are the exception: any extension element of those names is
/// read, as Garmin's and others' track point extensions all mean the same by them.
///
/// **Accuracy.** GPX has no accuracy in meters, only dilution of precision. A fix's
/// horizontal accuracy is estimated as `hdop × 5 m` (`vdop × 5 m` vertically): DOP scales
/// the range error of one satellite, about 5 m for a consumer receiver (the user equivalent
/// range error of the GPS Standard Positioning Service). This is an estimate, good enough to
/// drop bad fixes, not a confidence radius. Without a DOP the accuracy is 0 (unknown, never
/// dropped as inaccurate); without `ele` the vertical accuracy is -1 (no altitude).
///
/// **Parsing.** `XMLStreamParser` streams the file a chunk at a time, so a million-point
/// track needs memory for its `Location`s only, never for an XML tree or the whole file. It
/// reads UTF-8 with or without a byte-order mark, UTF-16, and the declared encodings
/// ISO-8859-1, ISO-8859-15, windows-1252 and US-ASCII. It is strict: the first
/// well-formedness error stops reading. A file that declares entities (`<!ENTITY` in its
/// DOCTYPE) is refused: GPX never needs them, and it rules out entity-expansion attacks
/// ("billion laughs") and external fetches.
///
/// Errors are `MapError`s: `.missingInput` for a missing or unreadable file, `.invalidData`
/// naming the file, line and column, e.g. `ride.gpx:12:41: trkpt: latitude 91 is out of
/// range [-90, 90]`. A file without a single point is an error too.
public enum GPXDecoder {
    /// Reads the GPX file at `path`, streaming it from disk; messages name it by `path`.
    public static func read(atPath path: String) throws(MapError) -> GPXContent {
        try parse(XMLFileReading.parser(atPath: path, format: "GPX"), fileName: path)
    }

    /// Decodes GPX from bytes (any supported encoding); messages name the file `fileName`.
    public static func decode(_ bytes: [UInt8], fileName: String) throws(MapError) -> GPXContent {
        try parse(XMLStreamParser(bytes: bytes), fileName: fileName)
    }

    /// Decodes GPX from bytes like `decode(_:fileName:)`, but a file without a single point
    /// gives empty content rather than an error: for readers that want some points only
    /// (waypoints, say) and say so in their own words when there are none.
    public static func content(of bytes: [UInt8], fileName: String) throws(MapError) -> GPXContent {
        try events(XMLStreamParser(bytes: bytes), fileName: fileName)
    }

    private static func parse(_ parser: XMLStreamParser, fileName: String) throws(MapError) -> GPXContent {
        let content = try events(parser, fileName: fileName)
        guard !content.isEmpty else {
            throw MapError(
                .invalidData, "no usable point: the file has no trkpt, rtept or wpt", at: InputLocation(file: fileName),
                remedy: "give a GPX file with a track, a route or waypoints")
        }
        return content
    }

    /// Runs the handler over every event of the document.
    private static func events(_ parser: XMLStreamParser, fileName: String) throws(MapError) -> GPXContent {
        var parser = parser
        var handler = GPXParserHandler(fileName: fileName)
        while let event = try nextEvent(&parser, fileName: fileName) {
            try handler.handle(event, at: parser.eventPosition)
        }
        return handler.content
    }

    /// The parser's next event, its errors turned into `MapError`s naming `fileName`.
    package static func nextEvent(_ parser: inout XMLStreamParser, fileName: String) throws(MapError) -> XMLEvent? {
        try XMLFileReading.nextEvent(&parser, fileName: fileName, format: "GPX")
    }
}
