import Foundation
public import MapErrors
import MapFormats
import MapGeometry
import MapRenderCore

/// Reads location fixes from CSV (DESIGN.md §4) for `--csv` and `maprender track`.
///
/// The first row names the columns, in any order:
/// `latitude,longitude,horizontal_accuracy,altitude,vertical_accuracy,course,speed,timestamp`.
/// Only `latitude` and `longitude` are required (`lat`, `lon`/`lng`, `time` and
/// `elevation` are accepted as aliases); names are case-insensitive, and unknown columns are
/// ignored. Each further row is one fix, with the units and conventions of `CLLocation`:
/// degrees, meters, degrees clockwise from north, meters per second, and a negative accuracy,
/// course or speed meaning "invalid". An empty cell is unknown: an unknown horizontal
/// accuracy is 0 (never dropped as inaccurate), an unknown altitude is invalid. `timestamp`
/// is ISO 8601 (see `ISO8601Timestamp`) or a number of seconds since 1970-01-01T00:00:00Z.
///
/// The syntax is RFC 4180: comma-separated fields; fields may be quoted with `"`, and a
/// quoted field may hold commas, line breaks and doubled quotes (`""`); lines end with CRLF
/// or LF. Every row must have as many fields as the header (RFC 4180 §2.4). The text is
/// UTF-8, a leading byte-order mark skipped; blank lines are skipped.
///
/// Errors are `MapError` `.invalidData` naming the file, line and column, e.g.
/// `fixes.csv:7: column 'latitude': '91.5' is out of range [-90, 90]`.
public enum LocationCSVDecoder {
    /// The column names understood, in the documented order.
    public static let columnNames = [
        "latitude", "longitude", "horizontal_accuracy", "altitude", "vertical_accuracy", "course", "speed", "timestamp",
    ]
    private static let aliases = [
        "lat": "latitude", "lon": "longitude", "lng": "longitude", "time": "timestamp", "elevation": "altitude",
    ]

    /// Reads the CSV file at `path` into a track of one segment; messages name it by `path`.
    public static func read(atPath path: String) throws(MapError) -> Track {
        try decode(InputFile.read(atPath: path, what: "CSV"), fileName: path)
    }

    /// Decodes CSV bytes into a track of one segment; messages name the file `fileName`.
    public static func decode(_ bytes: [UInt8], fileName: String) throws(MapError) -> Track {
        var reader = CSVRecordReader(bytes: bytes, fileName: fileName)
        guard let header = try reader.nextRecord() else {
            throw MapError(
                .invalidData, "the file is empty", at: InputLocation(file: fileName),
                remedy: "start with a header row: latitude,longitude,…")
        }
        var columns: [String: Int] = [:]
        for (index, field) in header.fields.enumerated() {
            let lowered = field.trimmingCharacters(in: .whitespaces).lowercased()
            guard let name = columnNames.contains(lowered) ? lowered : aliases[lowered] else { continue }
            if columns[name] != nil {
                throw MapError(
                    .invalidData, "column '\(name)' appears twice in the header",
                    at: InputLocation(file: fileName, line: header.line))
            }
            columns[name] = index
        }
        guard let latitudeColumn = columns["latitude"], let longitudeColumn = columns["longitude"] else {
            let missing = ["latitude", "longitude"].filter { columns[$0] == nil }.joined(separator: " and ")
            throw MapError(
                .invalidData, "the header has no \(missing) column (found: \(header.fields.joined(separator: ",")))",
                at: InputLocation(file: fileName, line: header.line),
                remedy: "the first row must name the columns: " + columnNames.joined(separator: ","))
        }

        var locations: [Location] = []
        // Rows are read as byte ranges, not Strings: a million fixes would otherwise cost a
        // String (and a Foundation trim) per field. `Row` makes a String only for timestamps,
        // for numbers the fast path does not take, and for messages.
        var raw = CSVRawRecord()
        // Column indices looked up once, not per row.
        let altitudeColumn = columns["altitude"], verticalAccuracyColumn = columns["vertical_accuracy"]
        let horizontalAccuracyColumn = columns["horizontal_accuracy"], courseColumn = columns["course"]
        let speedColumn = columns["speed"], timestampColumn = columns["timestamp"]
        while let line = try reader.nextRawRecord(into: &raw) {
            guard raw.count == header.fields.count else {
                throw MapError(
                    .invalidData, "\(raw.count) fields, but the header has \(header.fields.count)",
                    at: InputLocation(file: fileName, line: line),
                    remedy: "give every row one field per header column (quote fields that contain commas)")
            }
            let row = Row(record: raw, line: line, header: header.fields, fileName: fileName)
            func optional(_ column: Int?) throws(MapError) -> Double? {
                guard let column else { return nil }
                return try row.number(at: column, optional: true)
            }
            let latitude = try row.number(at: latitudeColumn, limit: 90)!
            let longitude = try row.number(at: longitudeColumn, limit: 180)!
            let altitude = try optional(altitudeColumn)
            // A known altitude without a stated accuracy is taken as valid (accuracy 0,
            // unknown); without an altitude, the vertical accuracy is invalid.
            let verticalAccuracy = altitude == nil ? -1 : try optional(verticalAccuracyColumn) ?? 0
            var timestamp: Date?
            if let timestampColumn { timestamp = try row.timestamp(at: timestampColumn) }
            locations.append(
                Location(
                    coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: altitude ?? 0,
                    horizontalAccuracy: try optional(horizontalAccuracyColumn) ?? 0, verticalAccuracy: verticalAccuracy,
                    course: try optional(courseColumn) ?? -1, speed: try optional(speedColumn) ?? -1,
                    timestamp: timestamp))
        }
        guard !locations.isEmpty else {
            throw MapError(
                .invalidData, "no location fixes, only a header row", at: InputLocation(file: fileName),
                remedy: "add one row per fix")
        }
        return Track(locations: locations)
    }
}

/// One data row, with what its errors need to name.
private struct Row {
    let record: CSVRawRecord
    let line: Int
    let header: [String]
    let fileName: String

    init(record: CSVRawRecord, line: Int, header: [String], fileName: String) {
        self.record = record
        self.line = line
        self.header = header
        self.fileName = fileName
    }

    func error(_ column: Int, _ message: String, remedy: String? = nil) -> MapError {
        let name = header[column].trimmingCharacters(in: .whitespaces)
        return MapError(
            .invalidData, "column '\(name)': \(message)", at: InputLocation(file: fileName, line: line), remedy: remedy)
    }

    /// The field's text with Foundation's `.whitespaces` trimmed from both ends.
    func trimmedText(at column: Int) -> String {
        record.string(at: column).trimmingCharacters(in: .whitespaces)
    }

    /// The number in a column; `nil` for an empty optional cell. `limit` bounds its magnitude.
    func number(at column: Int, optional: Bool = false, limit: Double? = nil) throws(MapError) -> Double? {
        // Fast path: a plain ASCII decimal such as `-104.9903`, read exactly as `Double(text)`
        // would; anything else (exponents, non-ASCII spaces, errors) takes the String path.
        let fast: Double?? = record.withField(at: column) { field in
            var start = 0, end = field.count
            // ASCII members of `CharacterSet.whitespaces`: space and tab.
            while start < end, field[start] == 0x20 || field[start] == 0x09 { start += 1 }
            while end > start, field[end - 1] == 0x20 || field[end - 1] == 0x09 { end -= 1 }
            if start == end {
                // Empty, unless a non-ASCII byte is all there was (handled below).
                return field.allSatisfy { $0 < 0x80 } ? .some(nil) : nil
            }
            return PlainDecimal.parse(field, from: start, to: end).map { .some($0) }
        }
        let value: Double
        switch fast {
        case .some(.none):
            if optional { return nil }
            throw error(column, "is empty", remedy: "every row needs a latitude and a longitude")
        case .some(.some(let parsed)):
            value = parsed
        case .none:
            let text = trimmedText(at: column)
            if text.isEmpty {
                if optional { return nil }
                throw error(column, "is empty", remedy: "every row needs a latitude and a longitude")
            }
            guard let parsed = Double(text) else { throw error(column, "'\(text)' is not a number") }
            guard parsed.isFinite else { throw error(column, "'\(text)' is not a finite number") }
            value = parsed
        }
        if let limit, abs(value) > limit {
            throw error(
                column, "'\(trimmedText(at: column))' is out of range [-\(Int(limit)), \(Int(limit))]",
                remedy: "latitude must lie in [-90, 90] and longitude in [-180, 180] degrees")
        }
        return value
    }

    /// The instant in a column: ISO 8601, or seconds since 1970; `nil` when empty.
    func timestamp(at column: Int) throws(MapError) -> Date? {
        let text = trimmedText(at: column)
        if text.isEmpty { return nil }
        if let date = ISO8601Timestamp.date(from: text) { return date }
        if let seconds = Double(text), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
        throw error(column, "'\(text)' is not an ISO 8601 timestamp", remedy: "write times like 2024-05-01T14:30:00Z")
    }
}
