import Foundation
import MapErrors
import MapFormats
import MapGeometry
import MapRenderCore
import MapXML

/// Turns the events of a GPX document into `GPXContent` as it streams by.
///
/// Elements are matched by local name (any namespace prefix stripped), in the context the
/// GPX 1.1 schema gives them: `trkpt` only inside `trkseg` inside `trk`, `name` only as a
/// child of `trk`, `rte` or a point, and so on, so that `metadata/name` or an extension's
/// elements are never mistaken for ours. The elements inside a waypoint's `extensions`
/// are kept with the namespace their prefix is bound to (an `XMLNamespaceScope` follows
/// the declarations), since there the local name alone says nothing about whose it is.
/// Text is collected only for the leaf elements read, so the whitespace between a million
/// points is never stored.
package struct GPXParserHandler {
    /// The estimated range error of one satellite, in meters, that DOP multiplies (see
    /// `GPXDecoder`).
    static let rangeError = 5.0

    let fileName: String
    private(set) var content = GPXContent()
    /// The local names of the open elements, root first.
    private(set) var openElements: [String] = []
    /// The namespace declarations in scope, for the elements of waypoint extensions.
    private var namespaces = XMLNamespaceScope()

    /// A point being read: a `trkpt`, `rtept` or `wpt`.
    private struct Point {
        var coordinate: Coordinate
        var depth: Int
        var elevation: Double?
        var time: Date?
        var hdop: Double?
        var vdop: Double?
        var hasNoFix = false
        var speed: Double?
        var course: Double?
        var name: String?
        var description: String?
        var comment: String?
        /// Whether this is a `wpt`, whose extensions are kept.
        var isWaypoint = false
        /// Where the point's start tag is.
        var line = 0
        /// A waypoint's extension elements so far.
        var extensions: [GPXWaypointDetails.ExtensionElement] = []
    }

    private var point: Point?
    private var trackName: String?
    private var trackSegments: [[Location]] = []
    private var segment: [Location] = []
    private var routeName: String?
    private var routePoints: [Coordinate] = []
    /// The element whose text is being collected, if any.
    private var collecting: String?
    /// The namespace and local name of the waypoint extension element being collected.
    private var extensionElement: (namespace: String?, localName: Substring)?
    private var text = ""
    /// Where the event being handled starts (its tag's `<`), for messages.
    private var position = XMLPosition(line: 1, column: 1)

    init(fileName: String) { self.fileName = fileName }

    // MARK: - Events

    /// Takes one event; `position` is where it starts.
    ///
    /// - Throws: `.invalidData` for a data error (bad coordinate, bad number): reading stops.
    mutating func handle(_ event: XMLEvent, at position: XMLPosition) throws(MapError) {
        self.position = position
        switch event {
        case .startElement(let name, let attributes): try startElement(name, attributes)
        case .endElement: try endElement()
        case .text(let string): if collecting != nil { text += string }
        case .processingInstruction: break
        }
    }

    private mutating func startElement(_ elementName: String, _ attributes: [XMLAttribute]) throws(MapError) {
        namespaces.push(attributes)
        let name = XMLFileReading.localName(elementName)
        if openElements.isEmpty {
            guard name == "gpx" else {
                throw failure(
                    "the root element is <\(elementName)>, not <gpx>", remedy: "give a GPX file (GPX 1.0 or 1.1)")
            }
        }
        let parent = openElements.last ?? ""
        openElements.append(name)
        collecting = nil
        switch (name, parent) {
        case ("trk", "gpx"):
            trackName = nil
            trackSegments = []
        case ("trkseg", "trk"):
            segment = []
        case ("rte", "gpx"):
            routeName = nil
            routePoints = []
        case ("trkpt", "trkseg"), ("rtept", "rte"), ("wpt", "gpx"):
            let coordinate = try coordinate(of: name, attributes)
            point = Point(
                coordinate: coordinate, depth: openElements.count, isWaypoint: name == "wpt", line: position.line)
        case ("name", "trk"), ("name", "rte"):
            collecting = name
        default:
            guard let point else { break }
            if openElements.count == point.depth + 1,
                Self.pointFields.contains(name)
            {
                collecting = name
            } else if point.isWaypoint, openElements.count > point.depth + 1, openElements[point.depth] == "extensions"
            {
                // Every element of a waypoint's extensions; one with children stops being
                // collected when its first child starts, so only leaves are kept.
                collecting = "waypoint-extension"
                extensionElement = namespaces.resolve(elementName)
            } else if openElements.count > point.depth + 1, name == "speed" || name == "course" {
                // Inside <extensions>: Garmin's TrackPointExtension and similar.
                collecting = "extension-" + name
            }
        }
        if collecting != nil { text = "" }
    }

    private mutating func endElement() throws(MapError) {
        namespaces.pop()
        guard let name = openElements.popLast() else { return }
        if let field = collecting {
            collecting = nil
            try store(field)
            return
        }
        switch name {
        case "trkpt" where point != nil && openElements.last == "trkseg":
            segment.append(location(of: point!))
            point = nil
        case "rtept" where point != nil && openElements.last == "rte":
            routePoints.append(point!.coordinate)
            point = nil
        case "wpt" where point != nil && openElements.last == "gpx":
            let waypoint = point!
            content.waypoints.append(
                Place(
                    id: Int64(content.waypoints.count + 1), title: waypoint.name ?? "",
                    subtitle: waypoint.description ?? waypoint.comment, coordinate: waypoint.coordinate))
            content.waypointDetails.append(GPXWaypointDetails(line: waypoint.line, extensions: waypoint.extensions))
            point = nil
        case "trkseg" where openElements.last == "trk":
            if !segment.isEmpty { trackSegments.append(segment) }
            segment = []
        case "trk" where openElements.last == "gpx":
            if !trackSegments.isEmpty { content.tracks.append(Track(name: trackName, segments: trackSegments)) }
            trackSegments = []
        case "rte" where openElements.last == "gpx":
            if !routePoints.isEmpty {
                content.routes.append(PolylineOverlay(coordinates: routePoints, title: routeName))
            }
            routePoints = []
        default:
            break
        }
    }

    // MARK: - Values

    /// The children of a point whose text is read.
    private static let pointFields: Set<String> = [
        "ele", "time", "hdop", "vdop", "fix", "name", "desc", "cmt", "speed", "course",
    ]

    /// `text` without leading and trailing white space, as `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` gives it. XML white space (the usual case: indentation) is
    /// trimmed on the UTF-8 bytes, which is much faster; other white space, such as a
    /// no-break space, is left to Foundation.
    package static func trimmed(_ text: String) -> String {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !XMLCharacters.isWhitespace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !XMLCharacters.isWhitespace($0) })!
        guard bytes[first] < 0x80 && bytes[last] < 0x80 else {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return first == bytes.startIndex && last == bytes.index(before: bytes.endIndex)
            ? text : String(text[first...last])
    }

    private func coordinate(of element: String, _ attributes: [XMLAttribute]) throws(MapError) -> Coordinate {
        Coordinate(
            latitude: try degrees("lat", of: element, attributes, limit: 90),
            longitude: try degrees("lon", of: element, attributes, limit: 180))
    }

    private func degrees(
        _ attribute: String, of element: String, _ attributes: [XMLAttribute], limit: Double
    ) throws(MapError)
        -> Double
    {
        let what = attribute == "lat" ? "latitude" : "longitude"
        guard let text = attributes.value(of: attribute) else {
            throw failure(
                "<\(element)> has no \(attribute) attribute", remedy: "every \(element) needs lat and lon in degrees")
        }
        guard let value = Double(Self.trimmed(text)) else {
            throw failure(
                "\(element): \(what) '\(text)' is not a number", remedy: "write \(attribute) as decimal degrees")
        }
        guard value.isFinite, abs(value) <= limit else {
            throw failure(
                "\(element): \(what) \(text) is out of range [-\(Int(limit)), \(Int(limit))]",
                remedy: "lat must lie in [-90, 90] and lon in [-180, 180] degrees")
        }
        return value
    }

    /// Stores the text collected for `field` in the current point or track/route.
    private mutating func store(_ field: String) throws(MapError) {
        let value = Self.trimmed(text)
        if point == nil {
            switch openElements.last {
            case "trk": trackName = value
            case "rte": routeName = value
            default: break
            }
            return
        }
        switch field {
        case "ele": point!.elevation = try number(value, field)
        case "hdop": point!.hdop = try number(value, field, nonNegative: true)
        case "vdop": point!.vdop = try number(value, field, nonNegative: true)
        case "time":
            guard !value.isEmpty else { return }
            guard let date = ISO8601Timestamp.date(from: value) else {
                throw failure(
                    "time '\(value)' is not an ISO 8601 timestamp", remedy: "write times like 2024-05-01T14:30:00Z")
            }
            point!.time = date
        case "fix": point!.hasNoFix = value == "none"
        case "name": point!.name = value
        case "desc": point!.description = value
        case "cmt": point!.comment = value
        case "waypoint-extension":
            guard let element = extensionElement else { return }
            point!.extensions.append(.init(namespace: element.namespace, name: String(element.localName), value: value))
        // Speed and course are tolerated rather than checked: a bad value leaves them unknown.
        case "speed", "extension-speed":
            if let speed = Double(value), speed.isFinite, speed >= 0 { point!.speed = speed }
        case "course", "extension-course":
            if let course = Double(value), course.isFinite, course >= 0 {
                point!.course = course.truncatingRemainder(dividingBy: 360)
            }
        default: break
        }
    }

    private func number(_ text: String, _ field: String, nonNegative: Bool = false) throws(MapError) -> Double? {
        guard !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite, !nonNegative || value >= 0 else {
            throw failure(
                "\(field) '\(text)' is not a \(nonNegative ? "non-negative " : "")number",
                remedy: "fix or remove the <\(field)>")
        }
        return value
    }

    private func location(of point: Point) -> Location {
        let horizontal = point.hasNoFix ? -1 : (point.hdop.map { $0 * Self.rangeError } ?? 0)
        let vertical = point.elevation == nil ? -1 : (point.vdop.map { $0 * Self.rangeError } ?? 0)
        return Location(
            coordinate: point.coordinate, altitude: point.elevation ?? 0, horizontalAccuracy: horizontal,
            verticalAccuracy: vertical, course: point.course ?? -1, speed: point.speed ?? -1, timestamp: point.time)
    }

    /// A data error at the current position.
    private func failure(_ message: String, remedy: String? = nil) -> MapError {
        MapError(
            .invalidData, message, at: InputLocation(file: fileName, line: position.line, column: position.column),
            remedy: remedy)
    }
}
