extension StyleExpression {
    /// Whether the value depends on nothing but the zoom: no feature property, geometry
    /// type or id (style spec, "Expressions": feature-constant expressions). Such an
    /// expression has one value per zoom, worked out once for all the features of a tile.
    public var isFeatureConstant: Bool {
        switch self {
        case .get, .has, .geometryType, .id, .legacyCompare, .legacyIn, .elevation: false
        case .literal, .zoom, .variable: true
        case .compare(_, let a, let b), .contains(let a, let b): a.isFeatureConstant && b.isFeatureConstant
        case .not(let a), .toString(let a), .toBoolean(let a), .changeCase(_, let a), .isSupportedScript(let a),
            .length(let a):
            a.isFeatureConstant
        case .format(let sections):
            sections.allSatisfy { $0.content.isFeatureConstant && $0.options.values.allSatisfy(\.isFeatureConstant) }
        case .all(let parts), .any(let parts), .coalesce(let parts), .concat(let parts), .toNumber(let parts),
            .assert(_, let parts), .arithmetic(_, let parts):
            parts.allSatisfy(\.isFeatureConstant)
        case .match(let input, let branches, let fallback):
            input.isFeatureConstant && fallback.isFeatureConstant && branches.allSatisfy(\.output.isFeatureConstant)
        case .condition(let branches, let fallback):
            fallback.isFeatureConstant
                && branches.allSatisfy { $0.test.isFeatureConstant && $0.output.isFeatureConstant }
        case .step(let input, let base, let stops):
            input.isFeatureConstant && base.isFeatureConstant && stops.allSatisfy(\.output.isFeatureConstant)
        case .interpolate(_, let input, let stops):
            input.isFeatureConstant && stops.allSatisfy(\.output.isFeatureConstant)
        case .binding(let variables, let body):
            body.isFeatureConstant && variables.allSatisfy(\.value.isFeatureConstant)
        }
    }
}

extension VectorStyleLayer {
    /// The layer with every feature-constant property and filter replaced by its value at
    /// `zoom`, so that drawing a tile evaluates per feature only what depends on the
    /// feature. Evaluation errors are kept as they are, to fail per feature as before.
    public func resolved(atZoom zoom: Double) -> VectorStyleLayer {
        let context = StyleEvaluationContext(zoom: zoom)
        func resolve(_ expression: StyleExpression) -> StyleExpression {
            guard expression.isFeatureConstant, case .literal = expression else {
                guard expression.isFeatureConstant, let value = try? expression.evaluate(in: context) else {
                    return expression
                }
                return .literal(value)
            }
            return expression
        }
        var layer = self
        layer.layout = layout.mapValues(resolve)
        layer.paint = paint.mapValues(resolve)
        if let filter, filter.isFeatureConstant { layer.filter = .literal(.bool(filter.matches(context))) }
        return layer
    }
}

extension StyleExpression {
    /// The names of the feature properties the expression reads; `nil` when it reads
    /// something a set of names cannot say (the feature id, a property whose name is
    /// computed). With the geometry type, these values decide the expression's value.
    public var propertyKeys: Set<String>? { propertyReads?.keys }

    /// The names of the feature properties the expression reads for their values, not only
    /// for whether they are there (`has`); `nil` as for `propertyKeys`.
    public var keysReadByValue: Set<String>? { propertyReads?.byValue }

    /// What `propertyKeys` and `keysReadByValue` say, found in one walk.
    private var propertyReads: (keys: Set<String>, byValue: Set<String>)? {
        var keys: Set<String> = []
        var byValue: Set<String> = []
        func visit(_ expression: StyleExpression) -> Bool {
            switch expression {
            case .has(.literal(.string(let key))):
                keys.insert(key)
                return true
            case .get(.literal(.string(let key))), .legacyCompare(_, .get(.literal(.string(let key))), _),
                .legacyIn(.get(.literal(.string(let key))), _):
                keys.insert(key)
                byValue.insert(key)
                return true
            case .legacyCompare(_, let key, _), .legacyIn(let key, _):
                return key.isFeatureConstant || visit(key)
            case .get, .has, .id, .elevation: return false
            case .literal, .zoom, .variable, .geometryType: return true
            case .compare(_, let a, let b), .contains(let a, let b): return visit(a) && visit(b)
            case .not(let a), .toString(let a), .toBoolean(let a), .changeCase(_, let a), .isSupportedScript(let a),
                .length(let a):
                return visit(a)
            case .format(let sections):
                return sections.allSatisfy { visit($0.content) && $0.options.values.allSatisfy(visit) }
            case .all(let parts), .any(let parts), .coalesce(let parts), .concat(let parts), .toNumber(let parts),
                .assert(_, let parts), .arithmetic(_, let parts):
                return parts.allSatisfy(visit)
            case .match(let input, let branches, let fallback):
                return visit(input) && visit(fallback) && branches.allSatisfy { visit($0.output) }
            case .condition(let branches, let fallback):
                return visit(fallback) && branches.allSatisfy { visit($0.test) && visit($0.output) }
            case .step(let input, let base, let stops):
                return visit(input) && visit(base) && stops.allSatisfy { visit($0.output) }
            case .interpolate(_, let input, let stops):
                return visit(input) && stops.allSatisfy { visit($0.output) }
            case .binding(let variables, let body):
                return visit(body) && variables.allSatisfy { visit($0.value) }
            }
        }
        return visit(self) ? (keys, byValue) : nil
    }
}
