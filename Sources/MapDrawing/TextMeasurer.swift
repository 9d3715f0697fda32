/// The size of a line of text as the backend will draw it, in canvas points.
public struct TextMetrics: Hashable, Sendable {
    /// Advance width of the whole line.
    public var width: Double
    /// Height above the baseline.
    public var ascent: Double
    /// Depth below the baseline.
    public var descent: Double

    /// Creates metrics, in canvas points.
    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// Ascent plus descent.
    public var height: Double { ascent + descent }
}

/// Measures text the way a backend will draw it, so layout can size callouts and labels
/// without drawing.
public protocol TextMeasurer: Sendable {
    /// The metrics of one line of `string` in `font`.
    func measure(_ string: String, font: Font) -> TextMetrics

    /// The grapheme clusters of `string` with the advance of each, in canvas points, as
    /// the backend shapes the whole line (kerning included): what layout needs to set text
    /// along a line cluster by cluster. The advances add up to the line's width.
    func clusterAdvances(_ string: String, font: Font) -> [(cluster: String, advance: Double)]

    /// The family the backend draws instead of `family` when no installed font has that
    /// family name, or `nil` when it has one (or cannot tell).
    func substituteFamily(for family: String) -> String?
}

extension TextMeasurer {
    /// No substitution known: measurers without a font system draw every family as asked.
    public func substituteFamily(for family: String) -> String? { nil }

    /// Advances from the widths of growing prefixes: exact for any measurer, one
    /// measurement per cluster. Backends that shape once override it.
    public func clusterAdvances(_ string: String, font: Font) -> [(cluster: String, advance: Double)] {
        var result: [(cluster: String, advance: Double)] = []
        var previous = 0.0
        var end = string.startIndex
        for cluster in string {
            end = string.index(after: end)
            let width = measure(String(string[..<end]), font: font).width
            result.append((String(cluster), width - previous))
            previous = width
        }
        return result
    }
}

/// A measurer with fixed proportions and no fonts: every character is 0.6 em wide, ascent
/// 0.8 em, descent 0.2 em. Display-list tests use it so their snapshots never depend on the
/// fonts installed.
public struct FixedTextMeasurer: TextMeasurer {
    /// Creates the measurer.
    public init() {}

    public func measure(_ string: String, font: Font) -> TextMetrics {
        TextMetrics(width: Double(string.count) * font.size * 0.6, ascent: font.size * 0.8, descent: font.size * 0.2)
    }
}
