import MapErrors

/// Plain decimals (`[+-]digits[.digits]`) read without making a String, with the result
/// `Double(String)` (strtod) gives: when the digits form an integer m < 2^53 and there are
/// k ≤ 22 fraction digits, m and 10^k are exact doubles and one IEEE division rounds
/// m / 10^k correctly (Clinger, "How to read floating point numbers accurately", PLDI 1990,
/// the fast path every strtod takes). Anything else returns `nil` for the slow path.
public enum PlainDecimal {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }  // exact: every 10^k, k ≤ 22, is a double
        return value
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
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
        guard index == end, integerDigits > 0, digits <= 15, fractionDigits <= 22, mantissa < (1 << 53) else {
            return nil
        }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }
}

/// The fields of one record as byte ranges into a shared buffer (quotes already undone).
public struct CSVRawRecord {
    /// The fields' bytes, one after another.
    public var bytes: [UInt8] = []
    /// Where each field ends in `bytes`.
    public var ends: [Int] = []

    /// Creates an empty record, to be filled by `CSVRecordReader.nextRawRecord(into:)`.
    public init() {}

    /// The number of fields.
    public var count: Int { ends.count }

    /// Empties the record, keeping its storage.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// The byte range of field `index` in `bytes`.
    public func range(at index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    /// Field `index` as text.
    public func string(at index: Int) -> String { String(decoding: bytes[range(at: index)], as: UTF8.self) }

    /// Calls `body` with the bytes of field `index`.
    public func withField<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let range = range(at: index)
        return bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[range]))
        }
    }
}

/// One CSV record: its fields and the line it starts on.
public struct CSVRecord {
    /// The line the record starts on, from 1.
    public var line: Int
    /// The fields, quotes undone.
    public var fields: [String]
}

/// Splits RFC 4180 text into records.
public struct CSVRecordReader {
    /// The text being read.
    public let bytes: [UInt8]
    /// The file name errors name.
    public let fileName: String
    private var index = 0
    private var line = 1

    /// Starts reading `bytes` (a UTF-8 byte order mark is skipped); errors name `fileName`.
    public init(bytes: [UInt8], fileName: String) {
        self.bytes = bytes
        self.fileName = fileName
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next record that is not a blank line, or `nil` at the end.
    public mutating func nextRecord() throws(MapError) -> CSVRecord? {
        var raw = CSVRawRecord()
        guard let line = try nextRawRecord(into: &raw) else { return nil }
        return CSVRecord(line: line, fields: (0..<raw.count).map { raw.string(at: $0) })
    }

    /// Reads the next record that is not a blank line into `record`, replacing what it
    /// held; returns the line it starts on, or `nil` at the end.
    public mutating func nextRawRecord(into record: inout CSVRawRecord) throws(MapError) -> Int? {
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
                            .invalidData, "a quoted field is not closed",
                            at: InputLocation(file: fileName, line: openLine),
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
                        .invalidData, "text after a closing quote", at: InputLocation(file: fileName, line: line),
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
