import Foundation
public import MapRenderCore
import MapGeometry

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
/// Errors are `MapError` `.badData` naming the file, line and column, e.g.
/// `fixes.csv:7: column 'latitude': '91.5' is out of range [-90, 90]`.
public enum LocationCSVDecoder {
    /// The column names understood, in the documented order.
    public static let columnNames = [
        "latitude", "longitude", "horizontal_accuracy", "altitude", "vertical_accuracy", "course", "speed", "timestamp",
    ]
    private static let aliases = ["lat": "latitude", "lon": "longitude", "lng": "longitude", "time": "timestamp", "elevation": "altitude"]

    /// Reads the CSV file at `path` into a track of one segment; messages name it by `path`.
    public static func read(atPath path: String) throws(MapError) -> Track {
        try decode(InputFile.read(atPath: path, what: "CSV"), fileName: path)
    }

    /// Decodes CSV bytes into a track of one segment; messages name the file `fileName`.
    public static func decode(_ bytes: [UInt8], fileName: String) throws(MapError) -> Track {
        var reader = CSVRecordReader(bytes: bytes, fileName: fileName)
        guard let header = try reader.nextRecord() else {
            throw MapError(.badData, "\(fileName): the file is empty", remedy: "start with a header row: latitude,longitude,…")
        }
        var columns: [String: Int] = [:]
        for (index, field) in header.fields.enumerated() {
            let lowered = field.trimmingCharacters(in: .whitespaces).lowercased()
            guard let name = columnNames.contains(lowered) ? lowered : aliases[lowered] else { continue }
            if columns[name] != nil {
                throw MapError(.badData, "\(fileName):\(header.line): column '\(name)' appears twice in the header")
            }
            columns[name] = index
        }
        guard let latitudeColumn = columns["latitude"], let longitudeColumn = columns["longitude"] else {
            let missing = ["latitude", "longitude"].filter { columns[$0] == nil }.joined(separator: " and ")
            throw MapError(
                .badData, "\(fileName):\(header.line): the header has no \(missing) column (found: \(header.fields.joined(separator: ",")))",
                remedy: "the first row must name the columns: " + columnNames.joined(separator: ","))
        }

        var locations: [Location] = []
        while let record = try reader.nextRecord() {
            guard record.fields.count == header.fields.count else {
                throw MapError(
                    .badData, "\(fileName):\(record.line): \(record.fields.count) fields, but the header has \(header.fields.count)",
                    remedy: "give every row one field per header column (quote fields that contain commas)")
            }
            let row = Row(record: record, header: header.fields, fileName: fileName)
            func optional(_ name: String) throws(MapError) -> Double? {
                guard let column = columns[name] else { return nil }
                return try row.number(at: column, optional: true)
            }
            let latitude = try row.number(at: latitudeColumn, limit: 90)!
            let longitude = try row.number(at: longitudeColumn, limit: 180)!
            let altitude = try optional("altitude")
            // A known altitude without a stated accuracy is taken as valid (accuracy 0,
            // unknown); without an altitude, the vertical accuracy is invalid.
            let verticalAccuracy = altitude == nil ? -1 : try optional("vertical_accuracy") ?? 0
            var timestamp: Date?
            if let column = columns["timestamp"] { timestamp = try row.timestamp(at: column) }
            locations.append(
                Location(
                    coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: altitude ?? 0,
                    horizontalAccuracy: try optional("horizontal_accuracy") ?? 0, verticalAccuracy: verticalAccuracy,
                    course: try optional("course") ?? -1, speed: try optional("speed") ?? -1, timestamp: timestamp))
        }
        guard !locations.isEmpty else {
            throw MapError(.badData, "\(fileName): no location fixes, only a header row", remedy: "add one row per fix")
        }
        return Track(locations: locations)
    }
}

/// One data row, with what its errors need to name.
private struct Row {
    let record: CSVRecord
    let header: [String]
    let fileName: String

    func error(_ column: Int, _ message: String, remedy: String? = nil) -> MapError {
        let name = header[column].trimmingCharacters(in: .whitespaces)
        return MapError(.badData, "\(fileName):\(record.line): column '\(name)': \(message)", remedy: remedy)
    }

    /// The number in a column; `nil` for an empty optional cell. `limit` bounds its magnitude.
    func number(at column: Int, optional: Bool = false, limit: Double? = nil) throws(MapError) -> Double? {
        let text = record.fields[column].trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            if optional { return nil }
            throw error(column, "is empty", remedy: "every row needs a latitude and a longitude")
        }
        guard let value = Double(text) else { throw error(column, "'\(text)' is not a number") }
        guard value.isFinite else { throw error(column, "'\(text)' is not a finite number") }
        if let limit, abs(value) > limit {
            throw error(
                column, "'\(text)' is out of range [-\(Int(limit)), \(Int(limit))]",
                remedy: "latitude must lie in [-90, 90] and longitude in [-180, 180] degrees")
        }
        return value
    }

    /// The instant in a column: ISO 8601, or seconds since 1970; `nil` when empty.
    func timestamp(at column: Int) throws(MapError) -> Date? {
        let text = record.fields[column].trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        if let date = ISO8601Timestamp.date(from: text) { return date }
        if let seconds = Double(text), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
        throw error(column, "'\(text)' is not an ISO 8601 timestamp", remedy: "write times like 2024-05-01T14:30:00Z")
    }
}

/// One CSV record: its fields and the line it starts on.
struct CSVRecord {
    var line: Int
    var fields: [String]
}

/// Splits RFC 4180 text into records.
struct CSVRecordReader {
    let bytes: [UInt8]
    let fileName: String
    private var index = 0
    private var line = 1

    init(bytes: [UInt8], fileName: String) {
        self.bytes = bytes
        self.fileName = fileName
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next record that is not a blank line, or `nil` at the end.
    mutating func nextRecord() throws(MapError) -> CSVRecord? {
        while index < bytes.count {
            let record = try readRecord()
            if record.fields.count == 1 && record.fields[0].isEmpty { continue }  // a blank line
            return record
        }
        return nil
    }

    private mutating func readRecord() throws(MapError) -> CSVRecord {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let startLine = line
        var fields: [String] = []
        var field: [UInt8] = []
        while true {
            // One field.
            if index < bytes.count && bytes[index] == quote {
                let openLine = line
                index += 1
                while true {
                    guard index < bytes.count else {
                        throw MapError(
                            .badData, "\(fileName):\(openLine): a quoted field is not closed",
                            remedy: "end every quoted field with \" (write a quote inside one as \"\")")
                    }
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < bytes.count && bytes[index + 1] == quote {
                            field.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == lf { line += 1 }
                    field.append(byte)
                    index += 1
                }
                if index < bytes.count, ![comma, cr, lf].contains(bytes[index]) {
                    throw MapError(
                        .badData, "\(fileName):\(line): text after a closing quote",
                        remedy: "quote the whole field, and write a quote inside it as \"\"")
                }
            } else {
                while index < bytes.count, ![comma, cr, lf].contains(bytes[index]) {
                    field.append(bytes[index])
                    index += 1
                }
            }
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            // What ends the field.
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            if byte == comma { continue }
            if byte == cr, index < bytes.count, bytes[index] == lf { index += 1 }
            line += 1
            break
        }
        return CSVRecord(line: startLine, fields: fields)
    }
}
