import Foundation

extension StyleExpression {
    /// The value of the expression in `context` (style spec, "Expressions").
    ///
    /// - Throws: `StyleEvaluationError` for a type error.
    public func evaluate(in context: StyleEvaluationContext) throws(StyleEvaluationError) -> StyleValue {
        switch self {
        case .literal(let value):
            return value
        case .get(.literal(.string(let key))):
            // The common case, a property named by a constant, without evaluating the name.
            return context.property(key)
        case .get(let key):
            return context.property(try key.evaluate(in: context).requireString())
        case .has(let key):
            return .bool(context.properties[try key.evaluate(in: context).requireString()] != nil)
        case .zoom:
            return .number(context.zoom)
        case .geometryType:
            return context.geometryType.map { .string($0.rawValue) } ?? .null
        case .id:
            return context.featureID.map { .number(Double($0)) } ?? .null
        case .elevation:
            return context.elevation.map { .number($0) } ?? .null
        case .compare(let comparison, let left, let right):
            return .bool(try comparison.apply(left.evaluate(in: context), right.evaluate(in: context)))
        case .legacyCompare(let comparison, let left, let right):
            return .bool((try? comparison.apply(left.evaluate(in: context), right)) ?? false)
        case .all(let operands):
            for operand in operands where !(try operand.evaluate(in: context).requireBool()) { return .bool(false) }
            return .bool(true)
        case .any(let operands):
            for operand in operands where try operand.evaluate(in: context).requireBool() { return .bool(true) }
            return .bool(false)
        case .not(let operand):
            return .bool(!(try operand.evaluate(in: context).requireBool()))
        case .contains(let needle, let haystack):
            return .bool(try StyleExpression.contains(needle.evaluate(in: context), haystack.evaluate(in: context)))
        case .legacyIn(.get(.literal(.string(let key))), let values):
            return .bool(values.contains(context.property(key)))
        case .legacyIn(let key, let values):
            return .bool(values.contains(try key.evaluate(in: context)))
        case .match(let input, let branches, let fallback):
            let value = try input.evaluate(in: context)
            for branch in branches where branch.labels.contains(value) {
                return try branch.output.evaluate(in: context)
            }
            return try fallback.evaluate(in: context)
        case .condition(let branches, let fallback):
            for branch in branches where try branch.test.evaluate(in: context).requireBool() {
                return try branch.output.evaluate(in: context)
            }
            return try fallback.evaluate(in: context)
        case .coalesce(let operands):
            for operand in operands {
                let value = try operand.evaluate(in: context)
                if value != .null { return value }
            }
            return .null
        case .step(let input, let base, let stops):
            let value = try input.evaluate(in: context).requireNumber()
            guard let index = stops.lastIndex(where: { $0.input <= value }) else {
                return try base.evaluate(in: context)
            }
            return try stops[index].output.evaluate(in: context)
        case .interpolate(let interpolation, let input, let stops):
            return try StyleExpression.interpolate(
                interpolation, at: input.evaluate(in: context).requireNumber(), stops: stops, in: context)
        case .concat(let operands):
            var text = ""
            for operand in operands { text += try operand.evaluate(in: context).text }
            return .string(text)
        case .toString(let operand):
            return .string(try operand.evaluate(in: context).text)
        case .toNumber(let operands):
            return try StyleExpression.toNumber(operands, in: context)
        case .toBoolean(let operand):
            return .bool(StyleExpression.truthiness(try operand.evaluate(in: context)))
        case .assert(let assertion, let operands):
            return try StyleExpression.assert(assertion, operands, in: context)
        case .arithmetic(let operation, let operands):
            var numbers: [Double] = []
            for operand in operands { numbers.append(try operand.evaluate(in: context).requireNumber()) }
            return .number(operation.apply(numbers))
        case .changeCase(let uppercase, let operand):
            let text = try operand.evaluate(in: context).requireString()
            return .string(uppercase ? text.uppercased() : text.lowercased())
        case .binding(let variables, let body):
            var inner = context
            for variable in variables { inner.variables[variable.name] = try variable.value.evaluate(in: inner) }
            return try body.evaluate(in: inner)
        case .variable(let name):
            guard let value = context.variables[name] else { throw StyleEvaluationError("unknown variable \(name)") }
            return value
        case .format(let sections):
            var text = ""
            for section in sections { text += try section.content.evaluate(in: context).text }
            return .string(text)
        case .isSupportedScript(let operand):
            _ = try operand.evaluate(in: context).requireString()
            return .bool(true)
        case .length(let operand):
            switch try operand.evaluate(in: context) {
            // UTF-16 code units, as MapLibre counts (JavaScript's `String.length`), so that
            // filters written against it select the same features.
            case .string(let text): return .number(Double(text.utf16.count))
            case .array(let values): return .number(Double(values.count))
            case let other: throw .expected("string or array", found: other)
            }
        }
    }

    /// Evaluates a filter: `true` when the feature passes; an error counts as `false`.
    public func matches(_ context: StyleEvaluationContext) -> Bool {
        (try? evaluate(in: context))?.bool ?? false
    }

    private static func contains(_ needle: StyleValue, _ haystack: StyleValue) throws(StyleEvaluationError) -> Bool {
        switch haystack {
        case .array(let values): return values.contains(needle)
        case .string(let text): return text.contains(try needle.requireString())
        case .null: return false
        default: throw .expected("array or string", found: haystack)
        }
    }

    private static func toNumber(
        _ operands: [StyleExpression], in context: StyleEvaluationContext
    ) throws(StyleEvaluationError) -> StyleValue {
        for operand in operands {
            switch try operand.evaluate(in: context) {
            case .null: return .number(0)
            case .bool(let value): return .number(value ? 1 : 0)
            case .number(let value): return .number(value)
            case .string(let text):
                if let value = Double(text.trimmingCharacters(in: .whitespaces)) { return .number(value) }
            default: continue
            }
        }
        throw StyleEvaluationError("could not convert to a number")
    }

    private static func assert(
        _ assertion: StyleAssertion, _ operands: [StyleExpression], in context: StyleEvaluationContext
    ) throws(StyleEvaluationError) -> StyleValue {
        for operand in operands {
            let value = try operand.evaluate(in: context)
            if value.typeName == assertion.rawValue { return value }
        }
        throw StyleEvaluationError("expected \(assertion.rawValue)")
    }

    /// The spec's `to-boolean`: false for null, false, 0, NaN and "".
    private static func truthiness(_ value: StyleValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let text): !text.isEmpty
        default: true
        }
    }
}

extension StyleComparison {
    /// Compares two values. `==` and `!=` take any values and values of different types are
    /// unequal; the order comparisons need two numbers or two strings, else it is a type
    /// error (a legacy filter turns that error into `false`).
    func apply(_ left: StyleValue, _ right: StyleValue) throws(StyleEvaluationError) -> Bool {
        switch self {
        case .equal: return left == right
        case .notEqual: return left != right
        default: break
        }
        let order: Bool
        switch (left, right) {
        case (.number(let a), .number(let b)): order = compare(a, b)
        case (.string(let a), .string(let b)): order = compare(a, b)
        default:
            throw StyleEvaluationError("cannot compare \(left.typeName) and \(right.typeName) with \(rawValue)")
        }
        return order
    }

    private func compare<T: Comparable>(_ a: T, _ b: T) -> Bool {
        switch self {
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        case .equal: a == b
        case .notEqual: a != b
        }
    }
}

extension StyleArithmetic {
    func apply(_ numbers: [Double]) -> Double {
        switch self {
        case .add: return numbers.reduce(0, +)
        case .multiply: return numbers.reduce(1, *)
        case .subtract: return numbers.count == 1 ? -numbers[0] : numbers[0] - numbers[1]
        case .divide: return numbers[0] / numbers[1]
        case .remainder: return numbers[0].truncatingRemainder(dividingBy: numbers[1])
        case .power: return pow(numbers[0], numbers[1])
        case .minimum: return numbers.min() ?? .nan
        case .maximum: return numbers.max() ?? .nan
        }
    }
}

extension StyleValue {
    func requireNumber() throws(StyleEvaluationError) -> Double {
        guard let number else { throw .expected("number", found: self) }
        return number
    }

    func requireString() throws(StyleEvaluationError) -> String {
        guard let string else { throw .expected("string", found: self) }
        return string
    }

    func requireBool() throws(StyleEvaluationError) -> Bool {
        guard let bool else { throw .expected("boolean", found: self) }
        return bool
    }
}
