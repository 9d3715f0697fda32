import Foundation
import MapErrors
import MapFormats
import MapGeometry
import MapRenderCore
import MapXML

/// Turns the events of a TCX document into tracks and course points as it streams by (see
/// `TCXDecoder`). Text is collected only for the leaf elements read.
struct TCXParserHandler {
    let fileName: String
    let window: TrackTimeWindow
    private(set) var content = SceneContent()
    /// Trackpoints skipped for having no position.
    private(set) var positionlessCount = 0
    /// Points skipped for a position that is not a pair of numbers in range, and the line
    /// of the first.
    private(set) var unreadable: (count: Int, firstLine: Int) = (0, 0)

    /// The local names of the open elements, root first.
    private var openElements: [String] = []
    /// An activity or course being read.
    private struct Journey {
        var depth: Int
        var sport: String?
        var identifier: String?
        var name: String?
        var segments: [[Location]] = []
    }
    private var journey: Journey?
    private var segment: [Location] = []
    /// A trackpoint or course point being read, by the values of its children.
    private struct Point {
        var depth: Int
        var line: Int
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var time: Date?
        var speed: Double?
        var name: String?
        var pointType: String?
        var notes: String?
        /// Whether a latitude or longitude was not a number.
        var hasUnreadablePosition = false
    }
    private var point: Point?
    private var collecting = false
    private var text = ""
    private var position = XMLPosition(line: 1, column: 1)

    init(fileName: String, window: TrackTimeWindow) {
        self.fileName = fileName
        self.window = window
    }

    /// The elements that hold an activity's or course's track (v2 `Activity` and `Course`,
    /// v1 `Run`).
    private static let journeys: Set<String> = ["Activity", "Course", "Run"]
    /// The children of a point, and of a journey, whose text is read.
    private static let pointFields: Set<String> = [
        "LatitudeDegrees", "LongitudeDegrees", "AltitudeMeters", "Time", "Speed", "Name", "PointType", "Notes",
    ]

    mutating func handle(_ event: XMLEvent, at position: XMLPosition) throws(MapError) {
        self.position = position
        switch event {
        case .startElement(let name, let attributes): try startElement(XMLFileReading.localName(name), attributes)
        case .endElement: try endElement()
        case .text(let string): if collecting { text += string }
        case .processingInstruction: break
        }
    }

    private mutating func startElement(_ name: String, _ attributes: [XMLAttribute]) throws(MapError) {
        if openElements.isEmpty, name != "TrainingCenterDatabase" {
            throw failure(
                "the root element is <\(name)>, not <TrainingCenterDatabase>",
                remedy: "give a TCX file (Garmin Training Center XML)")
        }
        openElements.append(name)
        collecting = false
        if point != nil {
            // Position's children and the extension's Speed are deeper than the point's own.
            collecting = Self.pointFields.contains(name)
        } else if name == "Trackpoint" || name == "CoursePoint", journey != nil {
            point = Point(depth: openElements.count, line: position.line)
        } else if Self.journeys.contains(name), journey == nil {
            journey = Journey(depth: openElements.count, sport: attributes.value(of: "Sport"))
        } else if name == "Track", journey != nil {
            segment = []
        } else if let journey, openElements.count == journey.depth + 1, name == "Id" || name == "Name" {
            collecting = true
        }
        if collecting { text = "" }
    }

    private mutating func endElement() throws(MapError) {
        guard let name = openElements.popLast() else { return }
        if collecting {
            collecting = false
            try store(name, value: GPXParserHandler.trimmed(text))
            return
        }
        switch name {
        case "Trackpoint" where point?.depth == openElements.count + 1:
            if let fix = location(of: point!) {
                if window.contains(fix.timestamp) {
                    segment.append(fix)
                } else {
                    content.leftOutOfWindow.countLeftOut(at: fix.timestamp)
                }
            }
            point = nil
        case "CoursePoint" where point?.depth == openElements.count + 1:
            let coursePoint = point!
            point = nil
            guard let fix = location(of: coursePoint) else { break }
            // A course point with a time outside the window is not about this window.
            guard coursePoint.time == nil || window.contains(coursePoint.time) else { break }
            content.places.append(
                Place(
                    id: Int64(content.places.count + 1),
                    title: coursePoint.name ?? coursePoint.pointType ?? "Course point",
                    subtitle: coursePoint.notes ?? (coursePoint.name == nil ? nil : coursePoint.pointType),
                    coordinate: fix.coordinate, marker: .pin(nil)))
        case "Track" where journey != nil && point == nil:
            if !segment.isEmpty { journey!.segments.append(segment) }
            segment = []
        default:
            if let finished = journey, finished.depth == openElements.count + 1, Self.journeys.contains(name) {
                journey = nil
                guard !finished.segments.isEmpty else { break }
                let title =
                    finished.name
                    ?? [finished.sport, finished.identifier].compactMap { $0 }.joined(separator: " ")
                content.tracks.append(Track(name: title.isEmpty ? nil : title, segments: finished.segments))
            }
        }
    }

    /// Stores the text of a leaf element in the point or journey being read.
    private mutating func store(_ field: String, value: String) throws(MapError) {
        guard point != nil else {
            switch field {
            case "Id": journey?.identifier = value
            case "Name": journey?.name = value
            default: break
            }
            return
        }
        switch field {
        // Values that are not numbers are tolerated: a bad position skips its point (with a
        // warning), a bad altitude leaves it unknown.
        case "LatitudeDegrees", "LongitudeDegrees":
            guard let number = Double(value), number.isFinite else {
                point!.hasUnreadablePosition = true
                return
            }
            if field == "LatitudeDegrees" { point!.latitude = number } else { point!.longitude = number }
        case "AltitudeMeters": point!.altitude = Double(value).flatMap { $0.isFinite ? $0 : nil }
        case "Speed":
            // The activity extension's speed is tolerated rather than checked, as GPX's is.
            if let speed = Double(value), speed.isFinite, speed >= 0 { point!.speed = speed }
        case "Time":
            guard !value.isEmpty else { return }
            guard let date = ISO8601Timestamp.date(from: value) else {
                throw failure(
                    "Time '\(value)' is not an ISO 8601 timestamp", remedy: "write times like 2024-05-01T14:30:00Z")
            }
            point!.time = date
        case "Name": point!.name = value.isEmpty ? nil : value
        case "PointType": point!.pointType = value.isEmpty ? nil : value
        case "Notes": point!.notes = value.isEmpty ? nil : value
        default: break
        }
    }

    /// The fix of a point, or `nil` (counted) when it has no position or one that cannot be
    /// read.
    private mutating func location(of point: Point) -> Location? {
        if point.hasUnreadablePosition || point.latitude.map({ abs($0) > 90 }) == true
            || point.longitude.map({ abs($0) > 180 }) == true
        {
            if unreadable.count == 0 { unreadable.firstLine = point.line }
            unreadable.count += 1
            return nil
        }
        guard let latitude = point.latitude, let longitude = point.longitude else {
            positionlessCount += 1
            return nil
        }
        return Location(
            coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: point.altitude ?? 0,
            horizontalAccuracy: 0, verticalAccuracy: point.altitude == nil ? -1 : 0, speed: point.speed ?? -1,
            timestamp: point.time)
    }

    private func failure(_ message: String, remedy: String? = nil) -> MapError {
        MapError(
            .invalidData, message, at: InputLocation(file: fileName, line: position.line, column: position.column),
            remedy: remedy)
    }
}
