/// A colour with straight (not premultiplied) alpha, each component in [0, 1].
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, in [0, 1].
    public var red: Double
    /// Green, in [0, 1].
    public var green: Double
    /// Blue, in [0, 1].
    public var blue: Double
    /// Opacity, in [0, 1].
    public var alpha: Double

    /// Creates a colour from components in [0, 1].
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// MapKit's red pin (`MKPinAnnotationColorRed`).
    public static let red = Color(hex: 0xFF3B30)
    /// MapKit's green pin.
    public static let green = Color(hex: 0x34C759)
    /// MapKit's purple pin.
    public static let purple = Color(hex: 0xAF52DE)
    /// The system blue of the user-location dot.
    public static let blue = Color(hex: 0x007AFF)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)

    /// Creates an opaque colour from a 24-bit 0xRRGGBB value.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// Parses a pin colour as the favorites database and GeoJSON store it: a name
    /// (`red`, `green`, `purple`, `blue`, `white`, `black`), `#rgb`, `#rrggbb` or
    /// `#rrggbbaa`. Returns `nil` for anything else.
    public init?(parsing text: String) {
        let lowered = text.trimmingWhitespace().lowercased()
        switch lowered {
        case "red": self = .red
        case "green": self = .green
        case "purple": self = .purple
        case "blue": self = .blue
        case "white": self = .white
        case "black": self = .black
        default:
            guard lowered.hasPrefix("#") else { return nil }
            var digits = String(lowered.dropFirst())
            if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
            guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16)
            else { return nil }
            if digits.count == 6 {
                self.init(hex: value)
            } else {
                self.init(hex: value >> 8, alpha: Double(value & 0xFF) / 255)
            }
        }
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        func byte(_ value: Double) -> String {
            let hex = String(Int((min(max(value, 0), 1) * 255).rounded()), radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        let rgb = "#" + byte(red) + byte(green) + byte(blue)
        return alpha >= 1 ? rgb : rgb + byte(alpha)
    }
}
