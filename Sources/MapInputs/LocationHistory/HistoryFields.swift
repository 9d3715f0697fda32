import Foundation
import MapErrors
import MapFormats
import MapGeometry

/// Reading the values phone location logs spell in several ways: numbers as JSON numbers or
/// strings (Google's iPhone export writes `"0.85"`), times as ISO 8601 or milliseconds,
/// coordinates as E7 integers, `"48.1234567°, 11.5678901°"` or `"geo:48.1,11.5"`.
enum HistoryFields {
    /// 2^32: E7 coordinates past ±90/±180 are int32 values that wrapped (see `e7Degrees`).
    static let int32Range = 4_294_967_296.0

    /// A number given as a JSON number or as a string holding one; `nil` otherwise or when
    /// not finite.
    static func number(_ node: JSONNode?) -> Double? {
        guard let node else { return nil }
        switch node.value {
        case .number(let value): return value
        case .string(let text):
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
            return value
        default: return nil
        }
    }

    /// An instant given as ISO 8601 text (any offset), or as milliseconds since 1970 (a
    /// number or a string of digits, Google's `timestampMs`).
    static func timestamp(_ node: JSONNode?) -> Date? {
        guard let node else { return nil }
        if let text = node.string, let date = ISO8601Timestamp.date(from: text) { return date }
        guard let milliseconds = number(node) else { return nil }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// Seconds since 1970 as a number or a string (OwnTracks' `tst`).
    static func unixSeconds(_ node: JSONNode?) -> Date? {
        number(node).map { Date(timeIntervalSince1970: $0) }
    }

    /// Degrees from an E7 integer (degrees × 10^7). Values past the limit are the int32
    /// overflow of old Takeout exports (the community notes on Takeout's Records.json:
    /// "if latitudeE7 > 900000000, subtract 2^32"); `wrapped` tells whether that was done.
    static func e7Degrees(_ value: Double, limit: Double) -> (degrees: Double, wrapped: Bool) {
        if value > limit * 1e7 { return ((value - int32Range) / 1e7, true) }
        if value < -limit * 1e7 { return ((value + int32Range) / 1e7, true) }
        return (value / 1e7, false)
    }

    /// The coordinate of an object's E7 members (`latitudeE7`/`longitudeE7` or
    /// `latE7`/`lngE7`), and whether an overflow was undone; `nil` when either is missing
    /// or still out of range.
    static func e7Coordinate(
        _ node: JSONNode?, latitudeKey: String, longitudeKey: String
    ) -> (
        coordinate: Coordinate, wrapped: Bool
    )? {
        guard let node, let latitudeE7 = number(node[latitudeKey]), let longitudeE7 = number(node[longitudeKey]) else {
            return nil
        }
        let latitude = e7Degrees(latitudeE7, limit: 90), longitude = e7Degrees(longitudeE7, limit: 180)
        let coordinate = Coordinate(latitude: latitude.degrees, longitude: longitude.degrees)
        guard coordinate.isValid else { return nil }
        return (coordinate, latitude.wrapped || longitude.wrapped)
    }

    /// A coordinate written as text: `"48.1234567°, 11.5678901°"` (Android's on-device
    /// Timeline export), `"geo:48.1,11.5"` (RFC 5870, the iPhone export) or `"48.1,11.5"`.
    static func textCoordinate(_ text: String?) -> Coordinate? {
        guard var text else { return nil }
        if text.hasPrefix("geo:") { text.removeFirst(4) }
        // RFC 5870 §3.3: parameters such as `;u=35` follow the coordinates.
        if let semicolon = text.firstIndex(of: ";") { text = String(text[..<semicolon]) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        func degrees(_ part: Substring) -> Double? {
            Double(part.replacingOccurrences(of: "°", with: "").trimmingCharacters(in: .whitespaces))
        }
        guard let latitude = degrees(parts[0]), let longitude = degrees(parts[1]) else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }

    /// Throws unless `element` stands in an array under a top-level key: these formats are
    /// objects, and a top-level array (an iPhone Timeline export, say) is not one of them.
    static func requireObjectRoot(
        _ element: JSONArrayStream.Element, in stream: JSONArrayStream, being what: String
    )
        throws(MapError)
    {
        guard element.key == nil else { return }
        throw MapError(
            .invalidData, "the file is a JSON array, not \(what) (a JSON object)",
            at: InputLocation(file: stream.fileName, line: 1))
    }

    /// Reads the file at `path` into a JSON array stream over the top-level arrays `keys`.
    static func stream(atPath path: String, keys: Set<String>, what: String) throws(MapError) -> JSONArrayStream {
        JSONArrayStream(reading: try InputFile.open(atPath: path, what: what), arrayKeys: keys)
    }
}

/// Fixes gathered for one track while reading, with the time window applied to each.
struct WindowedFixes {
    let window: TrackTimeWindow
    var segments: [[Location]] = []
    var current: [Location] = []
    var leftOut = TrackWindowCount()

    init(window: TrackTimeWindow) {
        self.window = window
    }

    /// Adds `fix` to the current segment when the window contains it, else counts it.
    mutating func add(_ fix: Location) {
        if window.contains(fix.timestamp) {
            current.append(fix)
        } else {
            leftOut.countLeftOut(at: fix.timestamp)
        }
    }

    /// Ends the current segment (a recorder stop, the end of a timeline segment).
    mutating func endSegment() {
        if !current.isEmpty { segments.append(current) }
        current = []
    }

    /// The track, or `nil` when no fix was kept.
    mutating func track(named name: String?) -> Track? {
        endSegment()
        return segments.isEmpty ? nil : Track(name: name, segments: segments)
    }
}
