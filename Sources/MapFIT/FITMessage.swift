/// A data message (FIT SDK, "FIT Protocol", section 4.2.2 "Data Message"): a global message
/// type's fields as one definition laid them out, with where it lay in the stream.
///
/// Fields are decoded when asked for (`value(_:)`, `fields`), so a reader that wants three
/// fields of a `record` does not decode the other twenty. Values are raw: the profile's
/// scale and offset (altitude's 5 and 500 m, say) are the caller's to apply.
public struct FITMessage: Sendable {
    /// The global message number, such as 0 `file_id`, 18 `session`, 19 `lap`, 20 `record`.
    public var globalNumber: UInt16 { definition.globalNumber }
    /// The local message type (0–15) its header named.
    public let localType: UInt8
    /// The byte offset of the message's header byte from the start of the stream.
    public let offset: Int
    /// The definition the message was read by.
    public let definition: FITDefinition
    /// The time a compressed-timestamp header gave the message (FIT seconds), already
    /// rolled over against the last full timestamp; `nil` for a normal header.
    public let compressedTimestamp: UInt32?
    // The field bytes (developer fields left out).
    private let bytes: [UInt8]

    /// Creates a message from its field bytes.
    public init(
        localType: UInt8, offset: Int, definition: FITDefinition, fieldBytes: [UInt8],
        compressedTimestamp: UInt32? = nil
    ) {
        self.localType = localType
        self.offset = offset
        self.definition = definition
        self.bytes = fieldBytes
        self.compressedTimestamp = compressedTimestamp
    }

    /// The value of field `number`; `nil` when the message has no such field or the field
    /// holds its base type's invalid value. Field 253 falls back to a compressed timestamp.
    public func value(_ number: UInt8) -> FITValue? {
        guard let field = definition.field(number) else {
            if number == 253, let compressedTimestamp { return .unsigned(UInt64(compressedTimestamp)) }
            return nil
        }
        return bytes.withUnsafeBytes {
            FITFieldDecoding.value(of: field, in: $0, bigEndian: definition.isBigEndian)
        }
    }

    /// Field `number` as a number (see `FITValue.number`).
    public func number(_ number: UInt8) -> Double? {
        guard let field = definition.field(number), let type = field.baseType, field.size == type.size,
            type != .string, type != .byte
        else { return value(number)?.number }
        // The common case, one numeric value, without building a `FITValue` array.
        return bytes.withUnsafeBytes { raw -> Double? in
            guard field.offset + field.size <= raw.count else { return nil }
            return FITFieldDecoding.scalar(type, raw, field.offset, bigEndian: definition.isBigEndian)?.number
        }
    }

    /// Field `number` as a string.
    public func string(_ number: UInt8) -> String? { value(number)?.string }

    /// The `timestamp` (field 253, or the compressed header's time), in FIT seconds.
    public var timestamp: UInt32? {
        guard let seconds = number(253), seconds >= 0, seconds <= Double(UInt32.max) else { return nil }
        return UInt32(seconds)
    }

    /// Every field with a valid value, in definition order.
    public var fields: [(number: UInt8, value: FITValue)] {
        bytes.withUnsafeBytes { raw in
            definition.fields.compactMap { field in
                FITFieldDecoding.value(of: field, in: raw, bigEndian: definition.isBigEndian).map { (field.number, $0) }
            }
        }
    }
}
