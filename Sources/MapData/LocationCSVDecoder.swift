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
                    .badData, "\(fileName):\(line): \(raw.count) fields, but the header has \(header.fields.count)",
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
                    course: try optional(courseColumn) ?? -1, speed: try optional(speedColumn) ?? -1, timestamp: timestamp))
        }
        guard !locations.isEmpty else {
            throw MapError(.badData, "\(fileName): no location fixes, only a header row", remedy: "add one row per fix")
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
        return MapError(.badData, "\(fileName):\(line): column '\(name)': \(message)", remedy: remedy)
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

/// Plain decimals (`[+-]digits[.digits]`) read without making a String, with the result
/// `Double(String)` (strtod) gives: when the digits form an integer m < 2^53 and there are
/// k ≤ 22 fraction digits, m and 10^k are exact doubles and one IEEE division rounds
/// m / 10^k correctly (Clinger, "How to read floating point numbers accurately", PLDI 1990,
/// the fast path every strtod takes). Anything else returns `nil` for the slow path.
enum PlainDecimal {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }  // exact: every 10^k, k ≤ 22, is a double
        return value
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0, integerDigits = 0
        while index < end, bytes[index] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
            digits += 1
            integerDigits += 1
            index += 1
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, bytes[index] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                digits += 1
                fractionDigits += 1
                index += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        guard index == end, integerDigits > 0, digits <= 15, fractionDigits <= 22, mantissa < (1 << 53) else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }
}

/// The fields of one record as byte ranges into a shared buffer (quotes already undone).
struct CSVRawRecord {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    var count: Int { ends.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    func range(at index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    func string(at index: Int) -> String { String(decoding: bytes[range(at: index)], as: UTF8.self) }

    func withField<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let range = range(at: index)
        return bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[range]))
        }
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
        var raw = CSVRawRecord()
        guard let line = try nextRawRecord(into: &raw) else { return nil }
        return CSVRecord(line: line, fields: (0..<raw.count).map { raw.string(at: $0) })
    }

    /// Reads the next record that is not a blank line into `record`, replacing what it
    /// held; returns the line it starts on, or `nil` at the end.
    mutating func nextRawRecord(into record: inout CSVRawRecord) throws(MapError) -> Int? {
        while index < bytes.count {
            let line = try readRecord(into: &record)
            if record.count == 1 && record.ends[0] == 0 { continue }  // a blank line
            return line
        }
        return nil
    }

    private mutating func readRecord(into record: inout CSVRawRecord) throws(MapError) -> Int {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let startLine = line
        record.removeAll()
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
                            record.bytes.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == lf { line += 1 }
                    record.bytes.append(byte)
                    index += 1
                }
                if index < bytes.count, bytes[index] != comma, bytes[index] != cr, bytes[index] != lf {
                    throw MapError(
                        .badData, "\(fileName):\(line): text after a closing quote",
                        remedy: "quote the whole field, and write a quote inside it as \"\"")
                }
            } else {
                let start = index
                while index < bytes.count, bytes[index] != comma, bytes[index] != cr, bytes[index] != lf { index += 1 }
                record.bytes.append(contentsOf: bytes[start..<index])
            }
            record.ends.append(record.bytes.count)
            // What ends the field.
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            if byte == comma { continue }
            if byte == cr, index < bytes.count, bytes[index] == lf { index += 1 }
            line += 1
            break
        }
        return startLine
    }
}
