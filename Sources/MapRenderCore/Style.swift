import MapDrawing

/// How a map looks: colours, line widths, fonts and sizes, in canvas points.
///
/// A value with defaults matching MapKit's look; the styles in `styles/*.json` override any
/// part of it. Immutable during rendering: layout reads it, nothing writes it.
public struct Style: Hashable, Sendable {
    /// The style's name, as given to `--style`.
    public var name: String
    /// The colour under everything: the whole map with `--basemap none` (with the world
    /// basemap the sea takes the basemap's water colour).
    public var backgroundColor: Color
    /// Colours of the embedded world basemap.
    public var basemap: BasemapStyle
    /// Pins and markers.
    public var marker: MarkerStyle
    /// Callout bubbles.
    public var callout: CalloutStyle
    /// Circles: geofences and `--circle`.
    public var circle: ShapeStyle
    /// Default look of polylines (GeoJSON lines, GPX routes).
    public var polyline: ShapeStyle
    /// Default look of polygons.
    public var polygon: ShapeStyle
    /// GPS tracks (the stroke; colouring by speed or elevation replaces its colour).
    public var track: ShapeStyle
    /// The blue dot.
    public var userLocation: UserLocationStyle
    /// Scale bar, attribution and title.
    public var furniture: FurnitureStyle

    /// Creates a style; every part defaults to the `default` style.
    public init(
        name: String = "default", backgroundColor: Color = Color(hex: 0xF2EFE9), basemap: BasemapStyle = BasemapStyle(),
        marker: MarkerStyle = MarkerStyle(), callout: CalloutStyle = CalloutStyle(),
        circle: ShapeStyle = ShapeStyle(
            strokeColor: Color.red.withAlpha(0.7), lineWidth: 3, fillColor: Color.red.withAlpha(0.2)),
        polyline: ShapeStyle = ShapeStyle(
            strokeColor: Color(hex: 0x007AFF), lineWidth: 4, casingColor: Color.white.withAlpha(0.9), casingWidth: 2),
        polygon: ShapeStyle = ShapeStyle(
            strokeColor: Color(hex: 0x007AFF, alpha: 0.8), lineWidth: 2, fillColor: Color(hex: 0x007AFF, alpha: 0.15)),
        track: ShapeStyle = ShapeStyle(
            strokeColor: Color(hex: 0xFF2D55), lineWidth: 4, casingColor: Color.white.withAlpha(0.9), casingWidth: 1.5),
        userLocation: UserLocationStyle = UserLocationStyle(), furniture: FurnitureStyle = FurnitureStyle()
    ) {
        self.track = track
        self.name = name
        self.backgroundColor = backgroundColor
        self.basemap = basemap
        self.marker = marker
        self.callout = callout
        self.circle = circle
        self.polyline = polyline
        self.polygon = polygon
        self.userLocation = userLocation
        self.furniture = furniture
    }

    /// The built-in default style.
    public static let standard = Style()
}

/// Colours of the embedded vector world.
public struct BasemapStyle: Hashable, Sendable {
    /// Land fill.
    public var landColor: Color = Color(hex: 0xF7F5F0)
    /// The sea, lakes and rivers.
    public var waterColor: Color = Color(hex: 0xAAD3DF)
    /// Country borders.
    public var borderColor: Color = Color(hex: 0x9E9AA8)
    /// First-level administrative lines (states, provinces).
    public var adminLineColor: Color = Color(hex: 0xC3BFCB)
    /// Country and place labels.
    public var labelColor: Color = Color(hex: 0x4A4A4A)
    /// The halo behind labels.
    public var labelHaloColor: Color = Color.white.withAlpha(0.8)

    /// Creates basemap colours with the defaults.
    public init() {}
}

/// How pins and markers are drawn.
public struct MarkerStyle: Hashable, Sendable {
    /// The pin colour when a place names none.
    public var defaultPinColor: Color = .red
    /// The dark needle of a pin.
    public var needleColor: Color = Color(hex: 0x5F6368)
    /// The "going next" arrow.
    public var goingNextColor: Color = .blue
    /// Size factor of every marker (1 = MapKit's size).
    public var scale: Double = 1

    /// Creates marker settings with the defaults.
    public init() {}
}

/// How callout bubbles are drawn.
public struct CalloutStyle: Hashable, Sendable {
    /// The bubble fill.
    public var fillColor: Color = Color.white.withAlpha(0.97)
    /// The bubble outline.
    public var strokeColor: Color = Color.black.withAlpha(0.15)
    /// The title text.
    public var titleColor: Color = Color(hex: 0x1C1C1E)
    /// The subtitle text.
    public var subtitleColor: Color = Color(hex: 0x6C6C70)
    /// The font family, a fontconfig list (fallbacks follow).
    public var fontFamily: String = "DejaVu Sans"
    /// Title size, in canvas points.
    public var titleSize: Double = 13
    /// Subtitle size, in canvas points.
    public var subtitleSize: Double = 11
    /// Corner radius, in canvas points.
    public var cornerRadius: Double = 8
    /// Space between the text and the bubble's edge, in canvas points.
    public var padding: Double = 7
    /// The widest a bubble may grow before text is cut with an ellipsis, in canvas points.
    public var maximumWidth: Double = 240

    /// Creates callout settings with the defaults.
    public init() {}
}

/// Stroke and fill of an overlay shape.
public struct ShapeStyle: Hashable, Sendable {
    /// The outline colour, or `nil` for no outline.
    public var strokeColor: Color?
    /// The outline width, in canvas points.
    public var lineWidth: Double
    /// The fill colour, or `nil` for no fill (ignored for polylines).
    public var fillColor: Color?
    /// Dash lengths on and off, in canvas points; empty for solid.
    public var dashPattern: [Double]
    /// How open ends are drawn.
    public var lineCap: LineCap
    /// How corners are drawn.
    public var lineJoin: LineJoin
    /// A wider line under the stroke that sets it off the map, or `nil` for none.
    public var casingColor: Color?
    /// How far the casing reaches beyond the stroke on each side, in canvas points.
    public var casingWidth: Double

    /// Creates a shape style.
    public init(
        strokeColor: Color? = nil, lineWidth: Double = 2, fillColor: Color? = nil, dashPattern: [Double] = [],
        lineCap: LineCap = .round, lineJoin: LineJoin = .round, casingColor: Color? = nil, casingWidth: Double = 0
    ) {
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.fillColor = fillColor
        self.dashPattern = dashPattern
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.casingColor = casingColor
        self.casingWidth = casingWidth
    }

    /// How far the drawing reaches beyond the geometry on each side, in canvas points.
    public var reach: Double {
        (strokeColor == nil ? 0 : lineWidth / 2) + (casingColor == nil ? 0 : casingWidth)
    }
}

/// How the user-location dot is drawn.
public struct UserLocationStyle: Hashable, Sendable {
    /// The dot.
    public var dotColor: Color = .blue
    /// The ring around the dot.
    public var ringColor: Color = .white
    /// Dot radius, in canvas points.
    public var dotRadius: Double = 7
    /// Ring width, in canvas points.
    public var ringWidth: Double = 3
    /// The accuracy halo's fill.
    public var haloFillColor: Color = Color.blue.withAlpha(0.15)
    /// The accuracy halo's outline.
    public var haloStrokeColor: Color = Color.blue.withAlpha(0.35)
    /// The smallest halo radius drawn, in canvas points, so a precise fix still shows one.
    public var minimumHaloRadius: Double = 12
    /// The heading cone's colour.
    public var headingColor: Color = Color.blue.withAlpha(0.3)

    /// Creates user-location settings with the defaults.
    public init() {}
}

/// The scale bar, attribution and title.
public struct FurnitureStyle: Hashable, Sendable {
    /// Text of the scale bar, attribution and title.
    public var textColor: Color = Color(hex: 0x333333)
    /// The plate behind furniture text.
    public var plateColor: Color = Color.white.withAlpha(0.75)
    /// The font family.
    public var fontFamily: String = "DejaVu Sans"
    /// Attribution size, in canvas points (shrunk down to 7 to fit).
    public var attributionSize: Double = 10
    /// Scale-bar label size, in canvas points.
    public var scaleBarSize: Double = 10
    /// Title size, in canvas points.
    public var titleSize: Double = 18
    /// Whether a scale bar is drawn.
    public var showsScaleBar: Bool = true

    /// Creates furniture settings with the defaults.
    public init() {}
}
