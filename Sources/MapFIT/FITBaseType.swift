/// The base types of FIT fields (FIT SDK, "FIT Protocol", section 4.2.1.4.2 "Base Type",
/// Table 7), each with its size in bytes and the value that means "invalid" (no value).
///
/// A field definition's base type byte holds the type's number in bits 0–4 and, in bit 7,
/// whether the type has more than one byte (and so an endianness); only the number is
/// used here, as the SDK's decoder does.
public enum FITBaseType: UInt8, Hashable, Sendable, CaseIterable {
    /// 1 byte; invalid 0xFF.
    case enumeration = 0
    /// 1 byte, two's complement; invalid 0x7F.
    case sint8 = 1
    /// 1 byte; invalid 0xFF.
    case uint8 = 2
    /// 2 bytes, two's complement; invalid 0x7FFF.
    case sint16 = 3
    /// 2 bytes; invalid 0xFFFF.
    case uint16 = 4
    /// 4 bytes, two's complement; invalid 0x7FFFFFFF.
    case sint32 = 5
    /// 4 bytes; invalid 0xFFFFFFFF.
    case uint32 = 6
    /// UTF-8, ended by a NUL byte or the field's end; invalid when empty.
    case string = 7
    /// IEEE 754 single precision; invalid 0xFFFFFFFF.
    case float32 = 8
    /// IEEE 754 double precision; invalid 0xFFFFFFFFFFFFFFFF.
    case float64 = 9
    /// 1 byte; invalid 0x00.
    case uint8z = 10
    /// 2 bytes; invalid 0x0000.
    case uint16z = 11
    /// 4 bytes; invalid 0x00000000.
    case uint32z = 12
    /// Bytes; invalid when every byte is 0xFF.
    case byte = 13
    /// 8 bytes, two's complement; invalid 0x7FFFFFFFFFFFFFFF.
    case sint64 = 14
    /// 8 bytes; invalid 0xFFFFFFFFFFFFFFFF.
    case uint64 = 15
    /// 8 bytes; invalid 0x0000000000000000.
    case uint64z = 16

    /// The type a field definition's base type byte names, or `nil` for a number the
    /// protocol does not define (such a field is read as bytes).
    public init?(definitionByte: UInt8) {
        self.init(rawValue: definitionByte & 0x1F)
    }

    /// The size of one value in bytes (1 for strings and bytes, whose fields hold many).
    public var size: Int {
        switch self {
        case .enumeration, .sint8, .uint8, .string, .uint8z, .byte: 1
        case .sint16, .uint16, .uint16z: 2
        case .sint32, .uint32, .float32, .uint32z: 4
        case .float64, .sint64, .uint64, .uint64z: 8
        }
    }

    /// The raw bits that mean "no value", as an unsigned integer of the type's size; `nil`
    /// for strings and bytes, whose invalidity is not one value.
    public var invalidBits: UInt64? {
        switch self {
        case .enumeration, .uint8: 0xFF
        case .sint8: 0x7F
        case .sint16: 0x7FFF
        case .uint16: 0xFFFF
        case .sint32: 0x7FFF_FFFF
        case .uint32, .float32: 0xFFFF_FFFF
        case .float64, .uint64: 0xFFFF_FFFF_FFFF_FFFF
        case .sint64: 0x7FFF_FFFF_FFFF_FFFF
        case .uint8z, .uint16z, .uint32z, .uint64z: 0
        case .string, .byte: nil
        }
    }
}
