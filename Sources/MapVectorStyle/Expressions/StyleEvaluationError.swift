/// A run-time expression error (style spec, "Expressions: Type system"): a value of the
/// wrong type, a number that cannot be read. A property that fails falls back to its
/// default, a filter that fails is false.
public struct StyleEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, e.g. `expected number, found string`.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    static func expected(_ type: String, found value: StyleValue) -> StyleEvaluationError {
        StyleEvaluationError("expected \(type), found \(value.typeName)")
    }
}
