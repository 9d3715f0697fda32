import Foundation
import MapDrawing

extension StyleExpression {
    /// `interpolate` at `input` (style spec, "Ramps, scales, curves: interpolate"): the
    /// first output below the first stop, the last above the last, and a blend in between.
    /// Numbers, colours (blended in RGB with alpha, not in HCL or Lab) and arrays of numbers
    /// of equal length are blended; other values take the lower stop's output.
    static func interpolate(
        _ interpolation: StyleInterpolation, at input: Double, stops: [StyleStop], in context: StyleEvaluationContext
    ) throws(StyleEvaluationError) -> StyleValue {
        guard let first = stops.first, let last = stops.last else { return .null }
        if input <= first.input { return try first.output.evaluate(in: context) }
        if input >= last.input { return try last.output.evaluate(in: context) }
        let upperIndex = stops.firstIndex { $0.input > input }!
        let lower = stops[upperIndex - 1]
        let upper = stops[upperIndex]
        let t = interpolation.factor(input: input, lower: lower.input, upper: upper.input)
        return blend(try lower.output.evaluate(in: context), try upper.output.evaluate(in: context), t)
    }

    private static func blend(_ a: StyleValue, _ b: StyleValue, _ t: Double) -> StyleValue {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(x + (y - x) * t)
        case (.array(let xs), .array(let ys)) where xs.count == ys.count:
            let blended = zip(xs, ys).map { blend($0, $1, t) }
            return .array(blended)
        default:
            if let x = a.color, let y = b.color, a.number == nil {
                return .color(
                    Color(
                        red: x.red + (y.red - x.red) * t, green: x.green + (y.green - x.green) * t,
                        blue: x.blue + (y.blue - x.blue) * t, alpha: x.alpha + (y.alpha - x.alpha) * t))
            }
            return a
        }
    }
}

extension StyleInterpolation {
    /// How far `input` is from `lower` to `upper`, in [0, 1] (the spec's
    /// `exponentialInterpolation`: `(base^progress - 1) / (base^range - 1)`).
    func factor(input: Double, lower: Double, upper: Double) -> Double {
        let range = upper - lower
        guard range > 0 else { return 0 }
        let progress = input - lower
        switch self {
        case .linear:
            return progress / range
        case .exponential(let base):
            if base == 1 { return progress / range }
            return (pow(base, progress) - 1) / (pow(base, range) - 1)
        }
    }
}
