public import MapDrawing

extension VectorStyleLayer {
    /// The value of property `name` in `context`, `nil` when the style leaves it out or its
    /// evaluation fails (style spec: a failing expression takes the property default).
    public func value(of name: String, in context: StyleEvaluationContext) -> StyleValue? {
        guard let expression = property(name), let value = try? expression.evaluate(in: context), value != .null
        else { return nil }
        return value
    }

    /// A number property, `fallback` when absent or not a number.
    public func number(_ name: String, in context: StyleEvaluationContext, default fallback: Double) -> Double {
        value(of: name, in: context)?.number ?? fallback
    }

    /// A colour property; strings are parsed as CSS colours.
    public func color(_ name: String, in context: StyleEvaluationContext, default fallback: Color) -> Color {
        value(of: name, in: context)?.color ?? fallback
    }

    /// A colour property that has no constant default.
    public func optionalColor(_ name: String, in context: StyleEvaluationContext) -> Color? {
        value(of: name, in: context)?.color
    }

    /// A string property; numbers and booleans are written as `to-string` does.
    public func string(_ name: String, in context: StyleEvaluationContext) -> String? {
        guard let value = value(of: name, in: context) else { return nil }
        if case .array = value { return nil }
        return value.text
    }

    /// An array-of-numbers property, `nil` when absent or not all numbers.
    public func numbers(_ name: String, in context: StyleEvaluationContext) -> [Double]? {
        guard let elements = value(of: name, in: context)?.array else { return nil }
        let numbers = elements.compactMap(\.number)
        return numbers.count == elements.count ? numbers : nil
    }

    /// An array-of-strings property.
    public func strings(_ name: String, in context: StyleEvaluationContext) -> [String]? {
        guard let elements = value(of: name, in: context)?.array else { return nil }
        let strings = elements.compactMap(\.string)
        return strings.count == elements.count ? strings : nil
    }

    /// An enumerated property; an unknown value takes `fallback`.
    public func enumeration<Value: RawRepresentable<String>>(
        _ name: String, in context: StyleEvaluationContext, default fallback: Value
    ) -> Value {
        value(of: name, in: context)?.string.flatMap(Value.init(rawValue:)) ?? fallback
    }
}
