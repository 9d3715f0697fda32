#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Round tick values for a chart axis: steps of 1, 2 or 5 times a power of ten (Heckbert,
/// "Nice numbers for graph labels", Graphics Gems, 1990), the smallest such step that keeps
/// the count of ticks at or below a maximum.
public struct NiceTicks: Hashable, Sendable {
    /// The distance between ticks, in the axis's units.
    public var step: Double
    /// The tick values, ascending, each a multiple of `step`.
    public var values: [Double]

    /// The multiples of a nice step inside `lower...upper` (both in the axis's units),
    /// at most `maximumCount` of them (at least 2 is sensible).
    public init(covering lower: Double, _ upper: Double, maximumCount: Int) {
        let span = max(upper - lower, 1e-9)
        let count = Double(max(maximumCount, 2))
        var magnitude = pow(10, (log10(span / count)).rounded(.down))
        var step = magnitude
        // The smallest of 1, 2, 5, 10 × 10^k that gives at most `count` ticks in the range.
        search: while true {
            for factor in [1.0, 2, 5] {
                step = factor * magnitude
                if (upper / step).rounded(.down) - (lower / step).rounded(.up) + 1 <= count { break search }
            }
            magnitude *= 10
        }
        self.step = step
        let first = Int((lower / step).rounded(.up)), last = Int((upper / step).rounded(.down))
        values = first <= last ? (first...last).map { Double($0) * step } : []
    }

    /// The decimals a label needs to tell the ticks apart: 0 for whole steps, 1 for 0.5, …
    public var decimals: Int { step >= 1 ? 0 : Int((-log10(step)).rounded(.up)) }
}
