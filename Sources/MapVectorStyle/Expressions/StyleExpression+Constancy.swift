extension StyleExpression {
    /// Whether the value depends on nothing but the zoom: no feature property, geometry
    /// type or id (style spec, "Expressions": feature-constant expressions). Such an
    /// expression has one value per zoom, worked out once for all the features of a tile.
    public var isFeatureConstant: Bool {
        switch self {
        case .get, .has, .geometryType, .id, .legacyCompare, .legacyIn: false
        case .literal, .zoom, .variable: true
        case .compare(_, let a, let b), .contains(let a, let b): a.isFeatureConstant && b.isFeatureConstant
        case .not(let a), .toString(let a), .toBoolean(let a), .changeCase(_, let a): a.isFeatureConstant
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
