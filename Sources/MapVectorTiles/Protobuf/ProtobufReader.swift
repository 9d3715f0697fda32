public import MapErrors

/// Reads the protocol buffers wire format (https://protobuf.dev/programming-guides/encoding/)
/// field by field, without a schema and without copying: an embedded message is read by a
/// reader over the same bytes, limited to the message's range.
///
/// Every read checks its bounds first. A reader never reads before its start or past its
/// end: a value that would run past the end, a varint longer than 10 bytes or wider than 64
/// bits, or a malformed key throws `MapError(.invalidData, …)` naming the byte offset
/// (counted from the start of the outermost buffer), and never traps.
///
/// ```swift
/// var reader = ProtobufReader(bytes)
/// while let key = try reader.readFieldKey() {
///     switch (key.number, key.wireType) {
///     case (1, .lengthDelimited): name = try reader.readString()
///     case (2, .varint): count = try reader.readVarint()
///     default: try reader.skipValue(of: key)
///     }
/// }
/// ```
public struct ProtobufReader: Sendable {
    /// The whole buffer, shared by the readers of its embedded messages.
    private let bytes: [UInt8]
    /// The offset of the next byte to read.
    public private(set) var offset: Int
    /// The offset one past the last byte this reader may read.
    public let endOffset: Int

    /// A reader over all of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.offset = 0
        self.endOffset = bytes.count
    }

    /// A reader over `range` of `bytes`, which the caller has checked lies within them.
    private init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.offset = range.lowerBound
        self.endOffset = range.upperBound
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= endOffset }

    /// How many bytes are left to read.
    public var remainingByteCount: Int { endOffset - offset }

    // MARK: Keys

    /// The next field's key, or `nil` at the end of the message.
    ///
    /// Throws for a key wider than 32 bits, field number 0 or a wire type other than the six
    /// the format defines (6 and 7 are unused).
    public mutating func readFieldKey() throws(MapError) -> ProtobufFieldKey? {
        guard !isAtEnd else { return nil }
        let start = offset
        let key = try readVarint()
        // Field numbers are at most 2^29 - 1, so a key (number << 3 | wire type) fits in 32 bits.
        guard key <= UInt64(UInt32.max) else {
            throw invalid("field key \(key) at byte \(start) is wider than 32 bits")
        }
        let number = Int(key >> 3)
        guard number > 0 else { throw invalid("field number 0 at byte \(start)") }
        guard let wireType = ProtobufWireType(rawValue: UInt8(key & 7)) else {
            throw invalid("unknown wire type \(key & 7) at byte \(start)")
        }
        return ProtobufFieldKey(number: number, wireType: wireType)
    }

    // MARK: Scalars

    /// A base-128 varint: 7 bits a byte, least significant group first, at most 10 bytes.
    public mutating func readVarint() throws(MapError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < endOffset else { throw invalid("truncated varint at byte \(start)") }
            let byte = bytes[offset]
            offset += 1
            if shift == 63 {
                // The tenth byte holds bit 63 only: more would not fit in 64 bits, and no
                // eleventh byte may follow.
                guard byte & 0x7F <= 1 else { throw invalid("varint at byte \(start) overflows 64 bits") }
                guard byte < 0x80 else { throw invalid("varint at byte \(start) is longer than 10 bytes") }
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A varint that must fit in 32 bits: a `uint32` field.
    public mutating func readUInt32() throws(MapError) -> UInt32 {
        let start = offset
        let value = try readVarint()
        guard let result = UInt32(exactly: value) else {
            throw invalid("value \(value) at byte \(start) does not fit in 32 bits")
        }
        return result
    }

    /// Four little-endian bytes.
    public mutating func readFixed32() throws(MapError) -> UInt32 {
        guard remainingByteCount >= 4 else { throw invalid("truncated 4-byte value at byte \(offset)") }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
        offset += 4
        return value
    }

    /// Eight little-endian bytes.
    public mutating func readFixed64() throws(MapError) -> UInt64 {
        guard remainingByteCount >= 8 else { throw invalid("truncated 8-byte value at byte \(offset)") }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += 8
        return value
    }

    // MARK: Length-delimited values

    /// The range of a length-delimited value's bytes, after which the reader stands.
    private mutating func readLengthDelimitedRange() throws(MapError) -> Range<Int> {
        let start = offset
        let length = try readVarint()
        // Compared as UInt64 first: a huge length must not overflow Int.
        guard length <= UInt64(remainingByteCount) else {
            throw invalid(
                "length \(length) at byte \(start) runs past the end of its message (\(remainingByteCount) bytes left)")
        }
        let range = offset..<(offset + Int(length))
        offset = range.upperBound
        return range
    }

    /// A reader over a length-delimited value: an embedded message or a packed field.
    public mutating func readMessage() throws(MapError) -> ProtobufReader {
        ProtobufReader(bytes: bytes, range: try readLengthDelimitedRange())
    }

    /// A length-delimited value's bytes.
    public mutating func readBytes() throws(MapError) -> ArraySlice<UInt8> {
        bytes[try readLengthDelimitedRange()]
    }

    /// A length-delimited value as UTF-8 text. Invalid UTF-8 becomes U+FFFD rather than an
    /// error: protobuf's proto2 `string` does not promise valid UTF-8, and a name with one
    /// bad byte is still worth showing.
    public mutating func readString() throws(MapError) -> String {
        String(decoding: try readBytes(), as: UTF8.self)
    }

    /// Appends the varints of a packed repeated `uint32` field (a length-delimited run of
    /// varints) to `values`.
    public mutating func readPackedUInt32(into values: inout [UInt32]) throws(MapError) {
        var packed = try readMessage()
        // At least one byte per varint, so this never reserves more than the input justifies.
        values.reserveCapacity(values.count + packed.remainingByteCount)
        while !packed.isAtEnd { values.append(try packed.readUInt32()) }
    }

    // MARK: Errors

    /// The error for malformed input.
    func invalid(_ message: String) -> MapError {
        MapError(.invalidData, "protobuf: \(message)")
    }
}
