import MapErrors
import MapFormats

/// Turns the JSON of expressions, filters and property values into `StyleExpression`s.
///
/// A malformed expression is an error at its place in the file; an operator this engine
/// does not implement is `.unsupported`, which the layer turns into a note.
struct StyleExpressionParser {
    /// Why a value could not be parsed.
    enum Failure: Error {
        /// An operator or form this engine does not implement, named.
        case unsupported(String)
        /// A malformed value, positioned.
        case invalid(MapError)
    }

    /// The document, for positioned errors.
    let document: JSONDocument

    func invalid(_ message: String, _ node: JSONNode, _ path: JSONPath) -> Failure {
        .invalid(document.error(message, at: node, path: path))
    }

    /// A JSON value as a constant.
    func constant(_ node: JSONNode) -> StyleValue {
        switch node.value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(constant))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, constant($0.value)) }, uniquingKeysWith: { a, _ in a }))
        }
    }

    /// An expression (style spec, "Expressions"); bare strings, numbers, booleans and null
    /// are constants.
    func expression(_ node: JSONNode, at path: JSONPath) throws(Failure) -> StyleExpression {
        guard let elements = node.elements else {
            if node.members != nil {
                throw invalid("expected an expression, found an object; wrap it in [\"literal\", …]", node, path)
            }
            return .literal(constant(node))
        }
        guard let first = elements.first else {
            throw invalid("expected an expression, found an empty array", node, path)
        }
        guard let name = first.string else {
            throw invalid(
                "expected an operator name, found \(first.kindDescription); wrap an array constant in [\"literal\", …]",
                first, path.appending(0))
        }
        var arguments: [StyleExpression] = []
        func parseArguments() throws(Failure) {
            for index in 1..<elements.count {
                arguments.append(try expression(elements[index], at: path.appending(index)))
            }
        }
        func arity(_ counts: ClosedRange<Int>) throws(Failure) {
            guard counts.contains(elements.count - 1) else {
                let expected =
                    counts.count == 1 ? "\(counts.lowerBound)" : "\(counts.lowerBound) to \(counts.upperBound)"
                throw invalid("\"\(name)\" expects \(expected) arguments, found \(elements.count - 1)", node, path)
            }
        }
        switch name {
        case "literal":
            try arity(1...1)
            return .literal(constant(elements[1]))
        case "get", "has":
            if elements.count == 3 { throw .unsupported("\"\(name)\" with an object argument") }
            try arity(1...1)
            try parseArguments()
            return name == "get" ? .get(arguments[0]) : .has(arguments[0])
        case "zoom", "geometry-type", "id", "elevation":
            try arity(0...0)
            return name == "zoom" ? .zoom : name == "id" ? .id : name == "elevation" ? .elevation : .geometryType
        case "==", "!=", "<", "<=", ">", ">=":
            if elements.count == 4 { throw .unsupported("\"\(name)\" with a collator") }
            try arity(2...2)
            try parseArguments()
            return .compare(StyleComparison(rawValue: name)!, arguments[0], arguments[1])
        case "all", "any", "concat", "coalesce", "to-number", "string", "number", "boolean":
            if name != "all" && name != "any" { try arity(1...Int.max) }
            try parseArguments()
            switch name {
            case "all": return .all(arguments)
            case "any": return .any(arguments)
            case "concat": return .concat(arguments)
            case "coalesce": return .coalesce(arguments)
            case "to-number": return .toNumber(arguments)
            default: return .assert(StyleAssertion(rawValue: name)!, arguments)
            }
        case "!", "to-string", "to-boolean", "upcase", "downcase", "is-supported-script", "length":
            try arity(1...1)
            try parseArguments()
            switch name {
            case "!": return .not(arguments[0])
            case "is-supported-script": return .isSupportedScript(arguments[0])
            case "length": return .length(arguments[0])
            case "to-string": return .toString(arguments[0])
            case "to-boolean": return .toBoolean(arguments[0])
            default: return .changeCase(uppercase: name == "upcase", arguments[0])
            }
        case "in":
            try arity(2...2)
            try parseArguments()
            return .contains(needle: arguments[0], haystack: arguments[1])
        case "+", "*", "min", "max":
            try arity(1...Int.max)
            try parseArguments()
            return .arithmetic(StyleArithmetic(rawValue: name)!, arguments)
        case "-", "/", "%", "^":
            try arity(name == "-" ? 1...2 : 2...2)
            try parseArguments()
            return .arithmetic(StyleArithmetic(rawValue: name)!, arguments)
        case "match":
            return try match(elements, node, path)
        case "format":
            return try format(elements, node, path)
        case "case":
            guard elements.count >= 4, elements.count % 2 == 0 else {
                throw invalid("\"case\" expects condition-output pairs and a fallback", node, path)
            }
            try parseArguments()
            let branches = stride(from: 0, to: arguments.count - 1, by: 2).map {
                StyleConditionBranch(test: arguments[$0], output: arguments[$0 + 1])
            }
            return .condition(branches, fallback: arguments[arguments.count - 1])
        case "step":
            guard elements.count >= 3, elements.count % 2 == 1 else {
                throw invalid("\"step\" expects an input, a base output and stop-output pairs", node, path)
            }
            let input = try expression(elements[1], at: path.appending(1))
            let base = try expression(elements[2], at: path.appending(2))
            return .step(input, base: base, stops: try stops(elements, from: 3, node, path))
        case "interpolate":
            return try interpolate(elements, node, path)
        case "let":
            guard elements.count >= 4, elements.count % 2 == 0 else {
                throw invalid("\"let\" expects name-value pairs and a body", node, path)
            }
            var variables: [StyleVariable] = []
            for index in stride(from: 1, to: elements.count - 1, by: 2) {
                guard let variableName = elements[index].string else {
                    throw invalid("expected a variable name", elements[index], path.appending(index))
                }
                let value = try expression(elements[index + 1], at: path.appending(index + 1))
                variables.append(StyleVariable(name: variableName, value: value))
            }
            let body = try expression(elements[elements.count - 1], at: path.appending(elements.count - 1))
            return .binding(variables, body: body)
        case "var":
            try arity(1...1)
            guard let variableName = elements[1].string else {
                throw invalid("expected a variable name", elements[1], path.appending(1))
            }
            return .variable(variableName)
        default:
            throw .unsupported("the operator \"\(name)\"")
        }
    }

    private func match(_ elements: [JSONNode], _ node: JSONNode, _ path: JSONPath) throws(Failure) -> StyleExpression {
        guard elements.count >= 5, elements.count % 2 == 1 else {
            throw invalid("\"match\" expects an input, label-output pairs and a fallback", node, path)
        }
        let input = try expression(elements[1], at: path.appending(1))
        var branches: [StyleMatchBranch] = []
        for index in stride(from: 2, to: elements.count - 1, by: 2) {
            let labelNode = elements[index]
            let labels = labelNode.elements ?? [labelNode]
            for label in labels where label.string == nil && label.number == nil {
                throw invalid("a \"match\" label must be a string or a number", label, path.appending(index))
            }
            let output = try expression(elements[index + 1], at: path.appending(index + 1))
            branches.append(StyleMatchBranch(labels: labels.map(constant), output: output))
        }
        let fallback = try expression(elements[elements.count - 1], at: path.appending(elements.count - 1))
        return .match(input, branches, fallback: fallback)
    }

    /// `["format", content, {options}, content, {options}, …]`: each content may be followed
    /// by an options object (style spec, "Types: format").
    private func format(_ elements: [JSONNode], _ node: JSONNode, _ path: JSONPath) throws(Failure) -> StyleExpression {
        var sections: [StyleFormatSection] = []
        var index = 1
        while index < elements.count {
            if elements[index].members != nil {
                throw invalid(
                    "\"format\" expects a content before an options object", elements[index], path.appending(index))
            }
            var section = StyleFormatSection(content: try expression(elements[index], at: path.appending(index)))
            index += 1
            if index < elements.count, let members = elements[index].members {
                for member in members {
                    section.options[member.key] = try expression(
                        member.value, at: path.appending(index).appending(member.key))
                }
                index += 1
            }
            sections.append(section)
        }
        guard !sections.isEmpty else { throw invalid("\"format\" expects at least one section", node, path) }
        return .format(sections)
    }

    private func interpolate(
        _ elements: [JSONNode], _ node: JSONNode, _ path: JSONPath
    ) throws(Failure) -> StyleExpression {
        guard elements.count >= 5, elements.count % 2 == 1, let type = elements[1].elements,
            let typeName = type.first?.string
        else {
            throw invalid("\"interpolate\" expects a type, an input and stop-output pairs", node, path)
        }
        let interpolation: StyleInterpolation
        switch typeName {
        case "linear":
            interpolation = .linear
        case "exponential":
            guard type.count == 2, let base = type[1].number else {
                throw invalid("expected [\"exponential\", base]", elements[1], path.appending(1))
            }
            interpolation = .exponential(base: base)
        default:
            throw .unsupported("the interpolation \"\(typeName)\"")
        }
        let input = try expression(elements[2], at: path.appending(2))
        return .interpolate(interpolation, input, stops: try stops(elements, from: 3, node, path))
    }

    /// The stop-output pairs from `start` on; stop inputs are ascending number literals.
    private func stops(
        _ elements: [JSONNode], from start: Int, _ node: JSONNode, _ path: JSONPath
    ) throws(Failure) -> [StyleStop] {
        var stops: [StyleStop] = []
        for index in stride(from: start, to: elements.count, by: 2) {
            guard let input = elements[index].number else {
                throw invalid("a stop input must be a number literal", elements[index], path.appending(index))
            }
            if let previous = stops.last, input <= previous.input {
                throw invalid("stop inputs must be in strictly ascending order", elements[index], path.appending(index))
            }
            stops.append(
                StyleStop(input: input, output: try expression(elements[index + 1], at: path.appending(index + 1))))
        }
        return stops
    }
}
