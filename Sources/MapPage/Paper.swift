public import MapGeometry

/// A sheet of paper: its size in points (1/72 inch), portrait unless turned.
///
/// ISO 216 sizes (A and B series) are defined in whole millimetres; the North American sizes
/// in inches (ANSI/ASME Y14.1: letter 8.5 × 11 in, legal 8.5 × 14 in, tabloid 11 × 17 in).
public struct Paper: Hashable, Sendable {
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// Creates a sheet of a size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size as a canvas size, in points.
    public var size: CanvasSize { CanvasSize(width: width, height: height) }

    /// Whether the sheet is wider than tall.
    public var isLandscape: Bool { width > height }

    /// The same sheet turned so that its long side runs across.
    public var landscape: Paper { Paper(width: max(width, height), height: min(width, height)) }

    /// The same sheet turned so that its long side runs down.
    public var portrait: Paper { Paper(width: min(width, height), height: max(width, height)) }

    /// The named sizes, portrait, with their width and height in millimetres.
    public static let named: [(name: String, width: Double, height: Double)] = [
        ("A0", 841, 1189), ("A1", 594, 841), ("A2", 420, 594), ("A3", 297, 420), ("A4", 210, 297),
        ("A5", 148, 210), ("A6", 105, 148),
        ("B0", 1000, 1414), ("B1", 707, 1000), ("B2", 500, 707), ("B3", 353, 500), ("B4", 250, 353),
        ("B5", 176, 250), ("B6", 125, 176),
        ("letter", 215.9, 279.4), ("legal", 215.9, 355.6), ("tabloid", 279.4, 431.8),
    ]

    /// The names `named` accepts, for help and completions.
    public static var names: [String] { named.map(\.name) }

    /// A named sheet, any letter case, with an optional `-landscape` or `-portrait` suffix
    /// (portrait by default): `A4`, `a4-landscape`, `letter-portrait`.
    ///
    /// - Throws: `PageValueError` listing the names when the name is not one of them.
    public init(named text: String) throws(PageValueError) {
        var name = text.trimmingCharacters(in: " ").lowercased()
        var turnsLandscape = false
        if name.hasSuffix("-landscape") {
            name.removeLast("-landscape".count)
            turnsLandscape = true
        } else if name.hasSuffix("-portrait") {
            name.removeLast("-portrait".count)
        }
        guard let entry = Self.named.first(where: { $0.name.lowercased() == name }) else {
            throw PageValueError(
                "'\(text)' is not a paper size",
                allowed: Self.names.joined(separator: ", ") + ", each with -landscape or -portrait")
        }
        let sheet = Paper(
            width: PageLength.points(millimeters: entry.width), height: PageLength.points(millimeters: entry.height))
        self = turnsLandscape ? sheet.landscape : sheet
    }

    /// A sheet of a size written `WIDTHxHEIGHTUNIT` (`210x297mm`, `8.5x11in`), the unit one
    /// of mm, cm, in or pt and given once, or on each side (`8.5inx11in`).
    ///
    /// - Throws: `PageValueError` when the text is not two positive lengths, or a side is
    ///   larger than `maximumSide`.
    public init(size text: String) throws(PageValueError) {
        let allowed = "WIDTHxHEIGHT with a unit (mm, cm, in or pt), e.g. 210x297mm"
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { throw PageValueError("'\(text)' is not a page size", allowed: allowed) }
        let heightText = parts[1].trimmingCharacters(in: " ")
        guard let unit = PageLength.units.first(where: { heightText.hasSuffix($0.name) })?.name else {
            throw PageValueError("'\(text)' is not a page size", allowed: allowed)
        }
        let width = try PageLength.parse(parts[0], defaultUnit: unit)
        let height = try PageLength.parse(heightText)
        guard width > 0, height > 0 else {
            throw PageValueError("'\(text)' is not a page size: both sides must be positive", allowed: allowed)
        }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw PageValueError(
                "'\(text)' is larger than a PDF page may be",
                allowed:
                    "sides up to \(Int(Self.maximumSide)) pt (\(Int(PageLength.millimeters(points: Self.maximumSide))) mm)"
            )
        }
        self.init(width: width, height: height)
    }

    /// The longest side a page may have, in points: 14,400 pt (200 in), the limit of PDF
    /// page sizes in Acrobat (ISO 32000-1, annex C.2).
    public static let maximumSide = 14_400.0
}
