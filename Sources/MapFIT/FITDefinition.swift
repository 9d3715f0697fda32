/// One field of a definition message (FIT SDK, "FIT Protocol", section 4.2.1.4 "Field
/// Definition"): its number in the global message's profile, its size in bytes and its
/// base type.
public struct FITFieldDefinition: Hashable, Sendable {
    /// The field's number in its global message (253 is `timestamp` in every message).
    public var number: UInt8
    /// The field's size in the data message, in bytes (0 to 255).
    public var size: Int
    /// The base type byte as written (type number in bits 0–4).
    public var baseTypeByte: UInt8
    /// Where the field starts within the data message's field bytes.
    public var offset: Int

    /// Creates a field definition.
    public init(number: UInt8, size: Int, baseTypeByte: UInt8, offset: Int) {
        self.number = number
        self.size = size
        self.baseTypeByte = baseTypeByte
        self.offset = offset
    }

    /// The base type, or `nil` when the byte names none the protocol defines.
    public var baseType: FITBaseType? { FITBaseType(definitionByte: baseTypeByte) }
}

/// A definition message (FIT SDK, "FIT Protocol", section 4.2.1 "Definition Message"): the
/// layout of the data messages of one local message type until that type is defined again.
public final class FITDefinition: Sendable {
    /// The global message number, such as 20 for `record`.
    public let globalNumber: UInt16
    /// Whether multi-byte fields are big-endian (architecture 1) rather than little-endian (0).
    public let isBigEndian: Bool
    /// The fields, in the order their bytes follow one another.
    public let fields: [FITFieldDefinition]
    /// The bytes of the fields together.
    public let fieldBytes: Int
    /// The bytes of the developer fields, after the fields; skipped (FIT SDK, section
    /// 4.2.1.5 "Developer Field Definition": their meaning lies in other messages).
    public let developerBytes: Int
    /// How many developer fields there are.
    public let developerFieldCount: Int
    // The index into `fields` of each field number, or -1: looked up once per message type
    // instead of searched for in every message.
    private let indexByNumber: [Int16]

    /// Creates a definition; each field's `offset` is recomputed from the sizes before it.
    public init(globalNumber: UInt16, isBigEndian: Bool, fields: [FITFieldDefinition], developerSizes: [Int] = []) {
        self.globalNumber = globalNumber
        self.isBigEndian = isBigEndian
        var placed: [FITFieldDefinition] = []
        placed.reserveCapacity(fields.count)
        var offset = 0
        var index = [Int16](repeating: -1, count: 256)
        for var field in fields {
            field.offset = offset
            offset += field.size
            // A number defined twice: the first wins, as lookups find it first.
            if index[Int(field.number)] < 0 { index[Int(field.number)] = Int16(placed.count) }
            placed.append(field)
        }
        self.fields = placed
        self.fieldBytes = offset
        self.developerBytes = developerSizes.reduce(0, +)
        self.developerFieldCount = developerSizes.count
        self.indexByNumber = index
    }

    /// The definition of field `number`, if the message has it.
    public func field(_ number: UInt8) -> FITFieldDefinition? {
        let index = Int(indexByNumber[Int(number)])
        return index < 0 ? nil : fields[index]
    }

    /// The size of a data message of this type after its header byte, in bytes.
    public var messageSize: Int { fieldBytes + developerBytes }
}
