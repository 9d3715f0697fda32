/// Lengths on paper, read from text such as `10mm`, `2.5cm`, `1in` or `36pt`, and held in
/// points of 1/72 inch (the PostScript and PDF point, and the canvas point of a page).
public enum PageLength {
    /// Points in one inch: PDF's user space unit is 1/72 inch (ISO 32000-1, 8.3.2.3).
    public static let pointsPerInch = 72.0
    /// Millimetres in one inch, exactly (international inch, 1959).
    public static let millimetersPerInch = 25.4

    /// The units a length may be written in, with their size in points.
    public static let units: [(name: String, points: Double)] = [
        ("mm", pointsPerInch / millimetersPerInch),
        ("cm", 10 * pointsPerInch / millimetersPerInch),
        ("in", pointsPerInch),
        ("pt", 1),
    ]

    /// Points for a number of millimetres.
    public static func points(millimeters: Double) -> Double { millimeters * pointsPerInch / millimetersPerInch }

    /// Millimetres for a number of points.
    public static func millimeters(points: Double) -> Double { points * millimetersPerInch / pointsPerInch }

    /// A length written as a number and a unit (`10mm`, `1.5 in`), in points; a bare number
    /// takes `defaultUnit` when one is given, else it is refused.
    ///
    /// - Throws: `PageValueError` when the text is not a finite number followed by one of
    ///   mm, cm, in or pt.
    public static func parse(_ text: String, defaultUnit: String? = nil) throws(PageValueError) -> Double {
        let trimmed = text.trimmingCharacters(in: " ").lowercased()
        // Nothing needs no unit: `--margin 0` is a full-bleed page.
        if let zero = Double(trimmed), zero == 0 { return 0 }
        for unit in units where trimmed.hasSuffix(unit.name) {
            return points(try number(String(trimmed.dropLast(unit.name.count)), in: text), unit: unit.name)
        }
        if let defaultUnit {
            return points(try number(trimmed, in: text), unit: defaultUnit)
        }
        throw PageValueError("'\(text)' is not a length", allowed: "a number with a unit: mm, cm, in or pt (10mm)")
    }

    /// Points for a value in a unit, through `points(millimeters:)` for metric units so that
    /// 210 mm written any way is the same number of points.
    private static func points(_ value: Double, unit: String) -> Double {
        switch unit {
        case "mm": points(millimeters: value)
        case "cm": points(millimeters: value * 10)
        default: value * (units.first { $0.name == unit }?.points ?? 1)
        }
    }

    private static func number(_ text: String, in whole: String) throws(PageValueError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: " ")), value.isFinite else {
            throw PageValueError("'\(whole)' is not a length", allowed: "a number with a unit: mm, cm, in or pt (10mm)")
        }
        return value
    }
}

/// A page set-up value that cannot be used: what is wrong with it, and what would do.
public struct PageValueError: Error, Hashable, Sendable {
    /// What is wrong, naming the value as given.
    public var reason: String
    /// What is accepted instead, in words.
    public var allowed: String

    /// Creates an error.
    public init(_ reason: String, allowed: String) {
        self.reason = reason
        self.allowed = allowed
    }
}

extension String {
    /// The string without leading and trailing characters of `set` (Foundation-free).
    func trimmingCharacters(in set: Character) -> String {
        var slice = Substring(self)
        while slice.first == set { slice = slice.dropFirst() }
        while slice.last == set { slice = slice.dropLast() }
        return String(slice)
    }
}
