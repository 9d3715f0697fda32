public import MapDrawing

/// How marginalia look: colours and fonts of the grid, its labels, the north arrow and the
/// title block. The defaults match the map furniture of the default look (the title in bold
/// DejaVu Sans 18 pt, dark grey on a white plate).
public struct MarginaliaStyle: Hashable, Sendable {
    /// Text of labels, the title block and the arrow's "N".
    public var textColor: Color = Color(hex: 0x333333)
    /// Text and lines set outside the frame, on the page's paper white, whatever the map's
    /// look: labels and ticks in the margin, the neatline, a title block in the top margin.
    public var paperTextColor: Color = Color(hex: 0x333333)
    /// The plate behind the title block when it is on the map.
    public var plateColor: Color = Color.white.withAlpha(0.75)
    /// The halo around grid labels set inside the frame.
    public var haloColor: Color = Color.white.withAlpha(0.85)
    /// The font family.
    public var fontFamily: String = "DejaVu Sans"
    /// The graticule's lines.
    public var gridColor: Color = Color(hex: 0x333333, alpha: 0.55)
    /// The graticule's line width, in canvas points.
    public var gridLineWidth: Double = 0.5
    /// The neatline drawn around the frame with a grid, in canvas points (0 for none).
    public var neatlineWidth: Double = 0.75
    /// Grid label size, in canvas points.
    public var labelSize: Double = 9
    /// Title size, in canvas points.
    public var titleSize: Double = 18
    /// Subtitle size, in canvas points.
    public var subtitleSize: Double = 12
    /// Date line size, in canvas points.
    public var dateSize: Double = 10
    /// The north arrow's dark half and outline.
    public var arrowColor: Color = Color(hex: 0x333333)
    /// The north arrow's light half.
    public var arrowLightColor: Color = Color.white

    /// Creates a style with the defaults (the default look).
    public init() {}

    /// The default look: dark grey on white plates.
    public static let standard = MarginaliaStyle()

    /// The dark look: light text and lines on dark plates.
    public static let dark: MarginaliaStyle = {
        var style = MarginaliaStyle()
        style.textColor = Color(hex: 0xE5E5EA)
        style.plateColor = Color(hex: 0x1C1C1E, alpha: 0.75)
        style.haloColor = Color(hex: 0x1C1C1E, alpha: 0.85)
        style.gridColor = Color(hex: 0xE5E5EA, alpha: 0.5)
        style.arrowColor = Color(hex: 0xE5E5EA)
        style.arrowLightColor = Color(hex: 0x1C1C1E)
        return style
    }()

    /// The print look: black on white, lines a little firmer for paper.
    public static let print: MarginaliaStyle = {
        var style = MarginaliaStyle()
        style.textColor = Color.black
        style.paperTextColor = Color.black
        style.plateColor = Color.white.withAlpha(0.9)
        style.haloColor = Color.white
        style.gridColor = Color(hex: 0x000000, alpha: 0.6)
        style.arrowColor = Color.black
        return style
    }()

    /// The look a built-in `--style` name picks (`default`, `dark`, `print`); the default
    /// look for any other name.
    public static func named(_ name: String) -> MarginaliaStyle {
        switch name {
        case "dark": .dark
        case "print": .print
        default: .standard
        }
    }
}
