import MapFormats

extension StyleExpressionParser {
    /// The operators of the style spec that are not implemented here: a property value
    /// whose first element is one of these is an expression, reported as unsupported.
    static let unimplementedOperators: Set<String> = [
        "image", "number-format", "collator", "resolved-locale", "within",
        "distance", "heatmap-density", "line-progress", "accumulated", "feature-state", "properties", "at",
        "index-of", "slice", "typeof", "object", "array", "to-color", "to-rgba", "rgb", "rgba", "sqrt",
        "abs", "ceil", "floor", "round", "ln", "log10", "log2", "sin", "cos", "tan", "asin", "acos", "atan", "e",
        "pi", "ln2", "config", "global-state", "elevation",
    ]

    /// The operators implemented here.
    static let implementedOperators: Set<String> = [
        "literal", "get", "has", "zoom", "geometry-type", "id", "==", "!=", "<", "<=", ">", ">=", "all", "any", "!",
        "in", "match", "case", "coalesce", "step", "interpolate", "concat", "to-string", "to-number", "to-boolean",
        "string", "number", "boolean", "+", "-", "*", "/", "%", "^", "min", "max", "upcase", "downcase", "let", "var",
        "format", "is-supported-script", "length",
    ]

    /// A layout or paint property value (style spec, "Layers: layout and paint
    /// properties"): a constant, an expression, or a legacy function object. Strings of
    /// `text-field` and `icon-image` may hold `{token}`s.
    func propertyValue(_ node: JSONNode, property: String, at path: JSONPath) throws(Failure) -> StyleExpression {
        let value = try uncoloredValue(node, property: property, at: path)
        return property.hasSuffix("-color") ? value.resolvingColors() : value
    }

    private func uncoloredValue(
        _ node: JSONNode, property: String, at path: JSONPath
    ) throws(Failure) -> StyleExpression {
        if node.members != nil { return try function(node, property: property, at: path) }
        if let elements = node.elements, let name = elements.first?.string,
            Self.implementedOperators.contains(name) || Self.unimplementedOperators.contains(name)
        {
            return try expression(node, at: path)
        }
        return output(node, property: property)
    }

    /// A constant output, with `{token}`s expanded for the properties that take them.
    private func output(_ node: JSONNode, property: String) -> StyleExpression {
        if let text = node.string, property == "text-field" || property == "icon-image" {
            return Self.tokens(text)
        }
        return .literal(constant(node))
    }

    /// `"{name:latin}\n{name:nonlatin}"` as `concat` of the text and the properties, each
    /// missing one empty (style spec, "Types: Formatted", token strings).
    static func tokens(_ text: String) -> StyleExpression {
        var parts: [StyleExpression] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(.string(String(rest[..<open])))) }
            let key = String(rest[rest.index(after: open)..<close])
            parts.append(.toString(.get(.literal(.string(key)))))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty || parts.isEmpty { parts.append(.literal(.string(String(rest)))) }
        return parts.count == 1 ? parts[0] : .concat(parts)
    }

    /// A legacy function (style spec, "Other: Function (deprecated)"): zoom, property or
    /// zoom-and-property, of type exponential, interval, categorical or identity.
    private func function(_ node: JSONNode, property: String, at path: JSONPath) throws(Failure) -> StyleExpression {
        let key = node["property"]?.string
        let base = node["base"]?.number ?? 1
        let fallback = node["default"].map(constant) ?? .null
        let input: StyleExpression = key.map { .get(.literal(.string($0))) } ?? .zoom
        let stopsNode = node["stops"]
        if node["type"]?.string == "identity" {
            return fallback == .null ? input : .coalesce([input, .literal(fallback)])
        }
        guard let stopNodes = stopsNode?.elements, !stopNodes.isEmpty else {
            throw invalid("a function needs a non-empty \"stops\" array", node, path)
        }
        var stops: [(input: JSONNode, output: JSONNode)] = []
        for (index, stop) in stopNodes.enumerated() {
            guard let pair = stop.elements, pair.count == 2 else {
                throw invalid("a stop is an [input, output] pair", stop, path.appending("stops").appending(index))
            }
            stops.append((pair[0], pair[1]))
        }
        let type =
            node["type"]?.string ?? (isInterpolatable(stops.map(\.output), property) ? "exponential" : "interval")
        // Zoom-and-property: inputs {zoom, value}; one property function per zoom, blended over zoom.
        if key != nil, stops[0].input.members != nil {
            var zooms: [Double] = []
            var groups: [[(input: JSONNode, output: JSONNode)]] = []
            for stop in stops {
                guard let zoom = stop.input["zoom"]?.number, let value = stop.input["value"] else {
                    throw invalid("a stop input needs \"zoom\" and \"value\"", stop.input, path.appending("stops"))
                }
                if zooms.last != zoom {
                    zooms.append(zoom)
                    groups.append([])
                }
                groups[groups.count - 1].append((value, stop.output))
            }
            var outer: [StyleStop] = []
            for (zoom, group) in zip(zooms, groups) {
                let inner = try build(type, input, group, base: base, fallback: fallback, property, path)
                outer.append(StyleStop(input: zoom, output: inner))
            }
            if type == "exponential" { return .interpolate(.exponential(base: base), .zoom, stops: outer) }
            return .step(.zoom, base: outer[0].output, stops: Array(outer.dropFirst()))
        }
        return try build(type, input, stops, base: base, fallback: fallback, property, path)
    }

    private func build(
        _ type: String, _ input: StyleExpression, _ stops: [(input: JSONNode, output: JSONNode)], base: Double,
        fallback: StyleValue, _ property: String, _ path: JSONPath
    ) throws(Failure) -> StyleExpression {
        if type == "categorical" {
            let branches = stops.map {
                StyleMatchBranch(labels: [constant($0.input)], output: output($0.output, property: property))
            }
            return .match(input, branches, fallback: .literal(fallback))
        }
        var numbered: [StyleStop] = []
        for stop in stops {
            guard let value = stop.input.number else {
                throw invalid("a stop input must be a number", stop.input, path.appending("stops"))
            }
            numbered.append(StyleStop(input: value, output: output(stop.output, property: property)))
        }
        switch type {
        case "exponential":
            return .interpolate(.exponential(base: base), input, stops: numbered)
        case "interval":
            return .step(input, base: numbered[0].output, stops: Array(numbered.dropFirst()))
        default:
            throw .unsupported("the function type \"\(type)\"")
        }
    }

    /// Whether a function's outputs blend (numbers, colours, number arrays other than a
    /// dash array), which makes its default type exponential rather than interval.
    private func isInterpolatable(_ outputs: [JSONNode], _ property: String) -> Bool {
        guard property != "line-dasharray" else { return false }
        return outputs.allSatisfy { node in
            node.number != nil || node.string.flatMap(StyleColor.parse) != nil
                || (node.elements?.allSatisfy { $0.number != nil } ?? false)
        }
    }
}
