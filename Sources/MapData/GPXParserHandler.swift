import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import MapGeometry
import MapRenderCore

/// The SAX callbacks that turn a GPX document into `GPXContent` as it streams by.
///
/// Elements are matched by local name (any namespace prefix stripped), in the context the
/// GPX 1.1 schema gives them: `trkpt` only inside `trkseg` inside `trk`, `name` only as a
/// child of `trk`, `rte` or a point, and so on, so that `metadata/name` or an extension's
/// elements are never mistaken for ours. Text is collected only for the leaf elements
/// read, so the whitespace between a million points is never stored.
final class GPXParserHandler: NSObject, XMLParserDelegate {
    /// The estimated range error of one satellite, in meters, that DOP multiplies (see
    /// `GPXDecoder`).
    static let rangeError = 5.0

    let fileName: String
    private(set) var content = GPXContent()
    /// The first data error (bad coordinate, bad number); parsing stops at it.
    private(set) var failure: MapError?
    /// The first XML syntax error.
    private(set) var xmlError: XMLFailure?
    private(set) var sawRoot = false
    /// The local names of the open elements, root first.
    private(set) var openElements: [String] = []

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
    }

    private var point: Point?
    private var trackName: String?
    private var trackSegments: [[Location]] = []
    private var segment: [Location] = []
    private var routeName: String?
    private var routePoints: [Coordinate] = []
    /// The element whose text is being collected, if any.
    private var collecting: String?
    private var text = ""

    init(fileName: String) { self.fileName = fileName }

    // MARK: - XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        let name = Self.localName(elementName)
        if openElements.isEmpty {
            sawRoot = true
            guard name == "gpx" else {
                fail(parser, "the root element is <\(elementName)>, not <gpx>", remedy: "give a GPX file (GPX 1.0 or 1.1)")
                return
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
            guard let coordinate = coordinate(of: name, attributes, parser) else { return }
            point = Point(coordinate: coordinate, depth: openElements.count)
        case ("name", "trk"), ("name", "rte"):
            collecting = name
        default:
            guard let point else { break }
            if openElements.count == point.depth + 1,
                ["ele", "time", "hdop", "vdop", "fix", "name", "desc", "cmt", "speed", "course"].contains(name)
            {
                collecting = name
            } else if openElements.count > point.depth + 1, name == "speed" || name == "course" {
                // Inside <extensions>: Garmin's TrackPointExtension and similar.
                collecting = "extension-" + name
            }
        }
        if collecting != nil { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if collecting != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil, let name = openElements.popLast() else { return }
        if let field = collecting {
            collecting = nil
            store(field, parser)
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
            point = nil
        case "trkseg" where openElements.last == "trk":
            if !segment.isEmpty { trackSegments.append(segment) }
            segment = []
        case "trk" where openElements.last == "gpx":
            if !trackSegments.isEmpty { content.tracks.append(Track(name: trackName, segments: trackSegments)) }
            trackSegments = []
        case "rte" where openElements.last == "gpx":
            if !routePoints.isEmpty { content.routes.append(PolylineOverlay(coordinates: routePoints, title: routeName)) }
            routePoints = []
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        if xmlError == nil {
            xmlError = XMLFailure(error: parseError, line: parser.lineNumber, column: parser.columnNumber)
        } else if (parseError as NSError).code == 5 {
            xmlError?.endedEarly = true
        }
    }

    // MARK: - Values

    /// A prefixed name without its prefix: `gpxtpx:speed` → `speed`.
    private static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private func coordinate(of element: String, _ attributes: [String: String], _ parser: XMLParser) -> Coordinate? {
        guard let latitude = degrees("lat", of: element, attributes, limit: 90, parser),
            let longitude = degrees("lon", of: element, attributes, limit: 180, parser)
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private func degrees(
        _ attribute: String, of element: String, _ attributes: [String: String], limit: Double, _ parser: XMLParser
    ) -> Double? {
        let what = attribute == "lat" ? "latitude" : "longitude"
        guard let text = attributes[attribute] else {
            fail(parser, "<\(element)> has no \(attribute) attribute", remedy: "every \(element) needs lat and lon in degrees")
            return nil
        }
        guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            fail(parser, "\(element): \(what) '\(text)' is not a number", remedy: "write \(attribute) as decimal degrees")
            return nil
        }
        guard value.isFinite, abs(value) <= limit else {
            fail(
                parser, "\(element): \(what) \(text) is out of range [-\(Int(limit)), \(Int(limit))]",
                remedy: "lat must lie in [-90, 90] and lon in [-180, 180] degrees")
            return nil
        }
        return value
    }

    /// Stores the text collected for `field` in the current point or track/route.
    private func store(_ field: String, _ parser: XMLParser) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if point == nil {
            switch openElements.last {
            case "trk": trackName = value
            case "rte": routeName = value
            default: break
            }
            return
        }
        switch field {
        case "ele": point!.elevation = number(value, field, parser)
        case "hdop": point!.hdop = number(value, field, parser, nonNegative: true)
        case "vdop": point!.vdop = number(value, field, parser, nonNegative: true)
        case "time":
            guard !value.isEmpty else { return }
            guard let date = ISO8601Timestamp.date(from: value) else {
                fail(parser, "time '\(value)' is not an ISO 8601 timestamp", remedy: "write times like 2024-05-01T14:30:00Z")
                return
            }
            point!.time = date
        case "fix": point!.hasNoFix = value == "none"
        case "name": point!.name = value
        case "desc": point!.description = value
        case "cmt": point!.comment = value
        // Speed and course are tolerated rather than checked: a bad value leaves them unknown.
        case "speed", "extension-speed":
            if let speed = Double(value), speed.isFinite, speed >= 0 { point!.speed = speed }
        case "course", "extension-course":
            if let course = Double(value), course.isFinite, course >= 0 { point!.course = course.truncatingRemainder(dividingBy: 360) }
        default: break
        }
    }

    private func number(_ text: String, _ field: String, _ parser: XMLParser, nonNegative: Bool = false) -> Double? {
        guard !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite, !nonNegative || value >= 0 else {
            fail(parser, "\(field) '\(text)' is not a \(nonNegative ? "non-negative " : "")number", remedy: "fix or remove the <\(field)>")
            return nil
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

    private func fail(_ parser: XMLParser, _ message: String, remedy: String? = nil) {
        guard failure == nil else { return }
        failure = MapError(.badData, "\(fileName):\(parser.lineNumber):\(parser.columnNumber): \(message)", remedy: remedy)
        parser.abortParsing()
    }
}
