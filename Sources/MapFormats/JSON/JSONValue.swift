/// A JSON value whose objects keep their key order, for output whose layout people read
/// and tests compare (the sidecar, the `fit` command). Numbers print in Swift's shortest
/// round-tripping form.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; non-finite values print as `null`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object with keys in the given order.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// The value as JSON text; `indent` spaces per level, or one line when 0. `level` is how
    /// deep the value sits in a document written around it (its first line is not padded).
    public func serialized(indent: Int = 0, level: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent, level: level)
        return out
    }

    private func write(to out: inout String, indent: Int, level: Int) {
        let newline = indent > 0 ? "\n" : ""
        let pad = { (level: Int) in String(repeating: " ", count: indent * level) }
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            if !value.isFinite {
                out += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                out += String(Int(value))
            } else {
                out += "\(value)"
            }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            if values.isEmpty {
                out += "[]"
                return
            }
            out += "[" + newline
            for (index, value) in values.enumerated() {
                out += pad(level + 1)
                value.write(to: &out, indent: indent, level: level + 1)
                out += (index < values.count - 1 ? "," : "") + newline
            }
            out += pad(level) + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{" + newline
            for (index, (key, value)) in members.enumerated() {
                out += pad(level + 1)
                JSONValue.writeString(key, to: &out)
                out += indent > 0 ? ": " : ":"
                value.write(to: &out, indent: indent, level: level + 1)
                out += (index < members.count - 1 ? "," : "") + newline
            }
            out += pad(level) + "}"
        }
    }

    /// Writes a JSON string literal, escaping quotes, backslashes and control characters
    /// (RFC 8259 §7).
    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
