extension VectorStyle {
    /// The style with its labels asked in `languages`, in order, the way MapLibre's
    /// language plugins rewrite a style (maplibre-gl-language, the Protomaps `lang`
    /// option): every read of a name property in a symbol layer's `text-field` — a
    /// `{name}`, `{name:xx}`, `{name_xx}`, `{name:latin}`, `{name_int}` token, or a `get`
    /// of such a key anywhere in the expression (inside `coalesce`, `format`, `concat`,
    /// `case`…) — becomes `coalesce(get name:L1, get name_L1, …, the original read)`.
    ///
    /// So a feature shows the first of the languages it has a name in, and otherwise what
    /// the style showed before (its Latin or international name, then `name`). Other
    /// properties (`ref`, `housenumber`, `shield_text`), filters and other layout
    /// properties are left as they are. An empty list returns the style unchanged.
    public func localized(to languages: [LabelLanguage]) -> VectorStyle {
        guard !languages.isEmpty else { return self }
        var style = self
        style.layers = layers.map { layer in
            guard layer.kind == .symbol, let field = layer.layout["text-field"] else { return layer }
            var layer = layer
            layer.layout["text-field"] = field.localized(to: languages)
            return layer
        }
        return style
    }
}

extension StyleExpression {
    /// The expression with every `get` of a name key read through `languages` first (see
    /// `VectorStyle.localized(to:)`); `coalesce` lists are flattened and keep each key once.
    public func localized(to languages: [LabelLanguage]) -> StyleExpression {
        let preferred = languages.flatMap(\.nameKeys)
        func read(_ key: String) -> [StyleExpression] {
            (preferred + [key]).map { .get(.literal(.string($0))) }
        }
        func unique(_ operands: [StyleExpression]) -> [StyleExpression] {
            var seen: Set<StyleExpression> = []
            return operands.filter { seen.insert($0).inserted }
        }
        func visit(_ expression: StyleExpression) -> StyleExpression {
            switch expression {
            case .get(.literal(.string(let key))) where Self.isNameKey(key):
                return .coalesce(unique(read(key)))
            case .coalesce(let operands):
                // coalesce(coalesce(a, b), c) is coalesce(a, b, c).
                let flat = operands.map(visit).flatMap { operand -> [StyleExpression] in
                    if case .coalesce(let inner) = operand { return inner }
                    return [operand]
                }
                return .coalesce(unique(flat))
            case .literal, .get, .has, .zoom, .geometryType, .id, .variable, .legacyCompare, .legacyIn, .elevation:
                return expression
            case .compare(let comparison, let a, let b): return .compare(comparison, visit(a), visit(b))
            case .all(let parts): return .all(parts.map(visit))
            case .any(let parts): return .any(parts.map(visit))
            case .not(let a): return .not(visit(a))
            case .contains(let needle, let haystack): return .contains(needle: visit(needle), haystack: visit(haystack))
            case .match(let input, let branches, let fallback):
                return .match(
                    visit(input), branches.map { StyleMatchBranch(labels: $0.labels, output: visit($0.output)) },
                    fallback: visit(fallback))
            case .condition(let branches, let fallback):
                return .condition(
                    branches.map { StyleConditionBranch(test: visit($0.test), output: visit($0.output)) },
                    fallback: visit(fallback))
            case .step(let input, let base, let stops):
                return .step(
                    input, base: visit(base), stops: stops.map { StyleStop(input: $0.input, output: visit($0.output)) })
            case .interpolate(let interpolation, let input, let stops):
                return .interpolate(
                    interpolation, input, stops: stops.map { StyleStop(input: $0.input, output: visit($0.output)) })
            case .concat(let parts): return .concat(parts.map(visit))
            case .toString(let a): return .toString(visit(a))
            case .toNumber(let parts): return .toNumber(parts.map(visit))
            case .toBoolean(let a): return .toBoolean(visit(a))
            case .assert(let assertion, let parts): return .assert(assertion, parts.map(visit))
            case .arithmetic(let operation, let parts): return .arithmetic(operation, parts.map(visit))
            case .changeCase(let uppercase, let a): return .changeCase(uppercase: uppercase, visit(a))
            case .binding(let variables, let body):
                return .binding(
                    variables.map { StyleVariable(name: $0.name, value: visit($0.value)) }, body: visit(body))
            case .format(let sections):
                // The contents only: a section's font or colour is not a name.
                return .format(sections.map { StyleFormatSection(content: visit($0.content), options: $0.options) })
            case .isSupportedScript(let a): return .isSupportedScript(visit(a))
            case .length(let a): return .length(visit(a))
            }
        }
        return visit(self)
    }

    /// Whether a property key holds a name to localise: `name`, `name:xx` / `name_xx` with
    /// an optional script (`name:zh-Hans`), and the schemas' `name:latin`, `name_int`.
    /// Keys such as `name2` (Protomaps' second name), `pgf:name`, `ref` or `housenumber`
    /// are not, nor `name:nonlatin`: OpenMapTiles styles set it as a second line under
    /// `name:latin` (OSM Bright's `{name:latin}\n{name:nonlatin}`), and rewriting both
    /// would print the chosen name twice.
    static func isNameKey(_ key: String) -> Bool {
        guard key.hasPrefix("name") else { return false }
        let rest = key.dropFirst(4)
        if rest.isEmpty { return true }
        guard let separator = rest.first, separator == ":" || separator == "_" else { return false }
        let tag = rest.dropFirst()
        return tag == "latin" || tag == "int" || LabelLanguage(String(tag)) != nil
    }
}
