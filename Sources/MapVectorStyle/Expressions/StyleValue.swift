public import MapDrawing

/// A value an expression produces or consumes (style spec, "Types"): null, a boolean, a
/// number, a string, a colour, an array or an object.
public enum StyleValue: Hashable, Sendable {
    /// `null`: a missing property, or no value.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; the style spec has one number type, a double.
    case number(Double)
    /// A string.
    case string(String)
    /// A colour, with straight alpha.
    case color(Color)
    /// An array of values.
    case array([StyleValue])
    /// An object, such as a `literal` object.
    case object([String: StyleValue])

    /// The number, or `nil` for other kinds.
    public var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The string, or `nil` for other kinds.
    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The boolean, or `nil` for other kinds.
    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// A colour: a `.color`, or a string in any form `StyleColor.parse` accepts (the spec's
    /// implicit string-to-colour coercion of colour properties).
    public var color: Color? {
        switch self {
        case .color(let color): color
        case .string(let text): StyleColor.parse(text)
        default: nil
        }
    }

    /// The elements of an array, or `nil` for other kinds.
    public var array: [StyleValue]? {
        if case .array(let values) = self { values } else { nil }
    }

    /// The name of the value's type in messages, as the spec names it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .color: "color"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The text of `to-string` (style spec, "Types: to-string"): `""` for null, `true` or
    /// `false`, numbers without a trailing `.0`, colours as `rgba(r,g,b,a)`, arrays and
    /// objects as JSON.
    public var text: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return StyleValue.format(value)
        case .string(let value): return value
        case .color(let color):
            let components = [color.red, color.green, color.blue].map { StyleValue.format(($0 * 255).rounded()) }
            return "rgba(\(components.joined(separator: ",")),\(StyleValue.format(color.alpha)))"
        case .array(let values):
            return "[" + values.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { "\"\($0)\":\(members[$0]!.jsonText)" }.joined(separator: ",") + "}"
        }
    }

    private var jsonText: String {
        if case .string(let value) = self { return "\"\(value)\"" }
        if case .null = self { return "null" }
        return text
    }

    /// A number as JavaScript prints it for the usual cases: integers without a fraction.
    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
