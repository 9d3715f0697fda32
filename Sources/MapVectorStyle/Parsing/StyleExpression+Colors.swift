extension StyleExpression {
    /// The expression with the string constants it may output parsed into colours once, for
    /// a colour property (style spec, "Types: Color": strings are coerced to colours).
    ///
    /// Outputs are followed through the ramps and decisions (`interpolate`, `step`,
    /// `match`, `case`, `coalesce`, `let`); strings that are not colours stay strings, and
    /// the property takes its default at evaluation.
    func resolvingColors() -> StyleExpression {
        switch self {
        case .literal(.string(let text)):
            return StyleColor.parse(text).map { .literal(.color($0)) } ?? self
        case .interpolate(let interpolation, let input, let stops):
            return .interpolate(interpolation, input, stops: stops.map(\.resolvingColors))
        case .step(let input, let base, let stops):
            return .step(input, base: base.resolvingColors(), stops: stops.map(\.resolvingColors))
        case .match(let input, let branches, let fallback):
            let resolved = branches.map { StyleMatchBranch(labels: $0.labels, output: $0.output.resolvingColors()) }
            return .match(input, resolved, fallback: fallback.resolvingColors())
        case .condition(let branches, let fallback):
            let resolved = branches.map { StyleConditionBranch(test: $0.test, output: $0.output.resolvingColors()) }
            return .condition(resolved, fallback: fallback.resolvingColors())
        case .coalesce(let operands):
            return .coalesce(operands.map { $0.resolvingColors() })
        case .binding(let variables, let body):
            return .binding(variables, body: body.resolvingColors())
        default:
            return self
        }
    }
}

extension StyleStop {
    fileprivate var resolvingColors: StyleStop {
        StyleStop(input: input, output: output.resolvingColors())
    }
}
