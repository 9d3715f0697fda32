/// A property value, with the kind the tile encodes it as (MVT 2.1 §4.1, the `Value`
/// message): exactly one of seven.
///
/// The kinds are kept apart, even the three integer ones, so that nothing is lost; use
/// `numberValue` to read any number as a `Double`.
public enum VectorTileValue: Hashable, Sendable {
    /// `string_value`.
    case string(String)
    /// `float_value`: a 32-bit float.
    case float(Float)
    /// `double_value`.
    case double(Double)
    /// `int_value`: a signed integer, encoded as a plain varint.
    case int(Int64)
    /// `uint_value`: an unsigned integer.
    case uint(UInt64)
    /// `sint_value`: a signed integer, zigzag encoded (small negative numbers take fewer
    /// bytes than as `int`).
    case sint(Int64)
    /// `bool_value`.
    case bool(Bool)

    /// The text of a `.string` value; `nil` for the other kinds.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// Any numeric kind as a `Double` (integers beyond 2^53 rounded); `nil` for strings and
    /// booleans.
    public var numberValue: Double? {
        switch self {
        case .float(let value): Double(value)
        case .double(let value): value
        case .int(let value), .sint(let value): Double(value)
        case .uint(let value): Double(value)
        case .string, .bool: nil
        }
    }

    /// The truth value of a `.bool`; `nil` for the other kinds.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }
}
