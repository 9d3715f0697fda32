#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The spacing of a graticule's lines, the same for meridians and parallels, in degrees.
public struct GridInterval: Hashable, Sendable, CustomStringConvertible {
    /// The spacing, in degrees; positive.
    public var degrees: Double

    /// Creates an interval of `degrees` degrees.
    public init(degrees: Double) { self.degrees = degrees }

    /// The spacing, in seconds of arc.
    public var seconds: Double { degrees * 3600 }

    /// The "nice" intervals auto picks from, coarsest first, in seconds of arc: whole
    /// degrees, then minutes, then seconds that divide the next unit up evenly, as
    /// topographic map series grid their sheets.
    public static let ladder: [GridInterval] = {
        let degrees: [Int] = [30, 20, 15, 10, 5, 2, 1]
        let minutes: [Int] = [30, 20, 15, 10, 5, 2, 1]
        let seconds: [Int] = [30, 20, 15, 10, 5, 2, 1]
        let all: [Int] = degrees.map { $0 * 3600 } + minutes.map { $0 * 60 } + seconds
        return all.map { GridInterval(degrees: Double($0) / 3600) }
    }()

    /// The intervals auto picks from for decimal labels, coarsest first, in degrees: 1, 2
    /// and 5 times a power of ten, so that labels end in round decimals (24.95°E, not
    /// 24.9583°E).
    public static let decimalLadder: [GridInterval] = {
        let powers: [Double] = [10, 1, 0.1, 0.01, 0.001, 0.0001]
        let steps: [Double] = powers.flatMap { power in [5, 2, 1].map { $0 * power } }
        return [GridInterval(degrees: 20)] + steps.map { GridInterval(degrees: $0) }
    }()

    /// The fewest and most lines auto aims for across each direction of the frame.
    public static let preferredLineCount = 3...8

    /// The most lines (meridians and parallels together) a grid may draw; a finer explicit
    /// interval is refused rather than drawn as a grey wash.
    public static let maximumLineCount = 200

    /// Reads an interval as `--grid` takes it: decimal degrees (`2`, `0.25`, `0.01`, with or
    /// without `°` or `d`), minutes (`30'`, `30′`, `30m`) or seconds (`15"`, `15″`, `15s`).
    /// `nil` when the text is none of these or not positive.
    public init?(parsing text: String) {
        let units: [(suffixes: [String], seconds: Double)] = [
            (["°", "d"], 3600), (["'", "′", "m"], 60), (["\"", "″", "s"], 1),
        ]
        var number = text
        var perUnit = 3600.0
        for unit in units {
            if let suffix = unit.suffixes.first(where: { text.hasSuffix($0) }) {
                number = String(text.dropLast(suffix.count))
                perUnit = unit.seconds
                break
            }
        }
        // Digits and one point only: no signs, exponents, "inf" or "nan".
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value > 0, value.isFinite
        else { return nil }
        self.init(degrees: value * perUnit / 3600)
    }

    /// "10°", "30′", "15″" or "0.01°": the interval as a reader writes it.
    public var description: String {
        let seconds = self.seconds
        func whole(_ value: Double) -> Bool { abs(value - value.rounded()) < 1e-9 * max(1, abs(value)) }
        if whole(seconds / 3600) { return "\(Int((seconds / 3600).rounded()))°" }
        if whole(seconds / 60) && seconds < 3600 { return "\(Int((seconds / 60).rounded()))′" }
        if whole(seconds) && seconds < 60 { return "\(Int(seconds.rounded()))″" }
        return "\(degrees)°"
    }

    /// The multiples of the interval from `low` through `high` (degrees, `low` ≤ `high`),
    /// each computed as index × interval so that no rounding error accumulates.
    public func multiples(from low: Double, through high: Double) -> [Double] {
        guard low <= high, degrees > 0 else { return [] }
        // A line within a millionth of the interval outside the range still counts: it lies on
        // the frame's edge.
        let slack = degrees * 1e-6
        let first = ((low - slack) / degrees).rounded(.up), last = ((high + slack) / degrees).rounded(.down)
        guard first <= last else { return [] }
        // Guard against absurd counts before building the array.
        guard last - first < 1_000_000 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * degrees }
    }

    /// The number of multiples from `low` through `high`, without building them.
    public func count(from low: Double, through high: Double) -> Int {
        guard low <= high, degrees > 0 else { return 0 }
        let slack = degrees * 1e-6
        let first = ((low - slack) / degrees).rounded(.up), last = ((high + slack) / degrees).rounded(.down)
        guard first <= last else { return 0 }
        return Int(min(last - first + 1, Double(Int.max / 2)))
    }

    /// The auto intervals for a frame spanning `longitudes` and `latitudes` (degrees): the
    /// step of `ladder` giving both directions 3…8 lines (`preferredLineCount`), the coarsest
    /// that does; where no one step does, each direction's own.
    ///
    /// One step serves both wherever it can, so the grid's cells are "square" in degrees.
    /// From about 60° a frame spans over twice the degrees of longitude it spans of
    /// latitude, and no single step gives both enough lines; the parallels then step finer
    /// than the meridians, as high-latitude map series do (sheets twice as wide in
    /// longitude as tall in latitude).
    public static func automatic(
        longitudes: ClosedRange<Double>, latitudes: ClosedRange<Double>, ladder: [GridInterval] = ladder
    ) -> (longitude: GridInterval, latitude: GridInterval) {
        func counts(_ step: GridInterval) -> (Int, Int) {
            (
                step.count(from: longitudes.lowerBound, through: longitudes.upperBound),
                step.count(from: latitudes.lowerBound, through: latitudes.upperBound)
            )
        }
        if let shared = ladder.first(where: {
            let (meridians, parallels) = counts($0)
            return preferredLineCount.contains(meridians) && preferredLineCount.contains(parallels)
        }) {
            return (shared, shared)
        }
        return (
            best(in: ladder) { counts($0).0 }, best(in: ladder) { counts($0).1 }
        )
    }

    /// The step of `ladder` whose line count lies nearest `preferredLineCount`: the fewest
    /// lines missing below 3 (weighted triple: a grid of one line reads as no grid) or over
    /// 8; the coarser on a tie.
    static func best(in ladder: [GridInterval], count: (GridInterval) -> Int) -> GridInterval {
        var best = ladder[0], bestPenalty = Int.max
        for step in ladder {
            let lines = count(step)
            let penalty =
                lines < preferredLineCount.lowerBound
                ? 3 * (preferredLineCount.lowerBound - lines) : max(0, lines - preferredLineCount.upperBound)
            if penalty < bestPenalty {
                best = step
                bestPenalty = penalty
            }
        }
        return best
    }
}
