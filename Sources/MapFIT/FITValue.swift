/// A field's decoded value, before the profile's scale, offset and units are applied.
public enum FITValue: Hashable, Sendable {
    /// A signed integer (`sint8` … `sint64`).
    case signed(Int64)
    /// An unsigned integer (`enum`, `uint8` … `uint64z`).
    case unsigned(UInt64)
    /// A floating-point number (`float32`, `float64`).
    case float(Double)
    /// A string, up to its NUL byte.
    case string(String)
    /// Bytes: a `byte` field, an unknown base type, or a field whose size is not a
    /// multiple of its base type's (read leniently, as the FIT SDK does).
    case bytes([UInt8])
    /// An array field (its size a multiple of the base type's): the elements in order,
    /// `nil` for an invalid element.
    case array([FITValue?])

    /// The value as a number: an integer or float, or an array's first valid element;
    /// `nil` for strings and bytes.
    public var number: Double? {
        switch self {
        case .signed(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .float(let value): value
        case .array(let elements): elements.lazy.compactMap { $0?.number }.first
        case .string, .bytes: nil
        }
    }

    /// The value as a string, when it is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
