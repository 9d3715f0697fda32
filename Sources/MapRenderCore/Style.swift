/// How a map looks: colours, line widths and sizes, in canvas points.
///
/// A value type with defaults that match MapKit's look; styles in `styles/*.json` override
/// any part of it.
public struct Style: Hashable, Sendable {
    /// The style's name, as given to `--style`.
    public var name: String
    /// The colour under everything (and of the whole map with `--basemap none`).
    public var backgroundColor: Color
    /// The dark needle of a pin.
    public var pinNeedleColor: Color
    /// Fill of geofence and `--circle` circles: the iOS geofence renderer's red at alpha 0.2.
    public var circleFillColor: Color
    /// Outline of circles: red at alpha 0.7.
    public var circleStrokeColor: Color
    /// Outline width of circles, in canvas points.
    public var circleLineWidth: Double
    /// The "going next" arrow marker's colour.
    public var goingNextColor: Color

    /// Creates a style; every part defaults to the `default` style.
    public init(
        name: String = "default",
        backgroundColor: Color = Color(hex: 0xF2EFE9),
        pinNeedleColor: Color = Color(hex: 0x5F6368),
        circleFillColor: Color = Color.red.withAlpha(0.2),
        circleStrokeColor: Color = Color.red.withAlpha(0.7),
        circleLineWidth: Double = 3,
        goingNextColor: Color = Color.blue
    ) {
        self.name = name
        self.backgroundColor = backgroundColor
        self.pinNeedleColor = pinNeedleColor
        self.circleFillColor = circleFillColor
        self.circleStrokeColor = circleStrokeColor
        self.circleLineWidth = circleLineWidth
        self.goingNextColor = goingNextColor
    }

    /// The built-in default style.
    public static let standard = Style()
}
