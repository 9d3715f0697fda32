import Foundation
public import MapDrawing

/// The colour strings of the style spec ("Types: Color"), which are CSS colours: `#rgb`,
/// `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `hsl()`, `hsla()` and named colours.
public enum StyleColor {
    /// The colour `text` names, or `nil` when it is not a colour.
    public static func parse(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("#") { return hex(trimmed.dropFirst()) }
        if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
            let function = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            let arguments = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
                .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            return functional(function, arguments)
        }
        return named[trimmed].map { Color(hex: $0) } ?? (trimmed == "transparent" ? Color(hex: 0, alpha: 0) : nil)
    }

    private static func hex(_ digits: Substring) -> Color? {
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let values = digits.map { Double($0.hexDigitValue!) }
        switch values.count {
        case 3, 4:
            let expanded = values.map { $0 * 17 / 255 }
            return Color(
                red: expanded[0], green: expanded[1], blue: expanded[2], alpha: values.count == 4 ? expanded[3] : 1)
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { (index: Int) -> Double in
                let high: Double = values[index] * 16
                return (high + values[index + 1]) / 255
            }
            return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: values.count == 8 ? bytes[3] : 1)
        default:
            return nil
        }
    }

    private static func functional(_ function: String, _ arguments: [String]) -> Color? {
        guard arguments.count == 3 || arguments.count == 4 else { return nil }
        var alpha = 1.0
        if arguments.count == 4 {
            guard let value = component(arguments[3], scale: 1) else { return nil }
            alpha = value
        }
        switch function {
        case "rgb", "rgba":
            guard let red = component(arguments[0], scale: 255), let green = component(arguments[1], scale: 255),
                let blue = component(arguments[2], scale: 255)
            else { return nil }
            return Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: clamp(alpha))
        case "hsl", "hsla":
            guard let hue = Double(arguments[0].replacingOccurrences(of: "deg", with: "")),
                let saturation = component(arguments[1], scale: 1), let lightness = component(arguments[2], scale: 1)
            else { return nil }
            return fromHSL(hue: hue, saturation: clamp(saturation), lightness: clamp(lightness), alpha: clamp(alpha))
        default:
            return nil
        }
    }

    /// A number, or a percentage of `scale` (`50%` of 255 is 127.5); clamped to [0, scale].
    private static func component(_ text: String, scale: Double) -> Double? {
        if text.hasSuffix("%") {
            return Double(text.dropLast()).map { min(max($0 / 100, 0), 1) * scale }
        }
        return Double(text).map { min(max($0, 0), scale) }
    }

    private static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// CSS Color 3 §4.2.4, "HSL color values".
    private static func fromHSL(hue: Double, saturation: Double, lightness: Double, alpha: Double) -> Color {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let m2 = lightness <= 0.5 ? lightness * (saturation + 1) : lightness + saturation - lightness * saturation
        let m1 = lightness * 2 - m2
        func channel(_ t: Double) -> Double {
            let h = t < 0 ? t + 1 : t > 1 ? t - 1 : t
            if h * 6 < 1 { return m1 + (m2 - m1) * h * 6 }
            if h * 2 < 1 { return m2 }
            if h * 3 < 2 { return m1 + (m2 - m1) * (2.0 / 3 - h) * 6 }
            return m1
        }
        return Color(red: channel(h + 1.0 / 3), green: channel(h), blue: channel(h - 1.0 / 3), alpha: alpha)
    }

    /// The CSS named colours styles use (CSS Color 3 §4.3, a common subset).
    private static let named: [String: UInt32] = [
        "black": 0x000000, "white": 0xFFFFFF, "red": 0xFF0000, "green": 0x008000, "blue": 0x0000FF,
        "yellow": 0xFFFF00, "gray": 0x808080, "grey": 0x808080, "silver": 0xC0C0C0, "maroon": 0x800000,
        "purple": 0x800080, "fuchsia": 0xFF00FF, "magenta": 0xFF00FF, "lime": 0x00FF00, "olive": 0x808000,
        "navy": 0x000080, "teal": 0x008080, "aqua": 0x00FFFF, "cyan": 0x00FFFF, "orange": 0xFFA500,
        "brown": 0xA52A2A, "pink": 0xFFC0CB, "gold": 0xFFD700, "beige": 0xF5F5DC, "tan": 0xD2B48C,
        "khaki": 0xF0E68C, "ivory": 0xFFFFF0, "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3,
        "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9, "dimgray": 0x696969, "dimgrey": 0x696969,
        "gainsboro": 0xDCDCDC, "whitesmoke": 0xF5F5F5, "lightblue": 0xADD8E6, "skyblue": 0x87CEEB,
        "steelblue": 0x4682B4, "darkblue": 0x00008B, "lightgreen": 0x90EE90, "darkgreen": 0x006400,
        "forestgreen": 0x228B22, "seagreen": 0x2E8B57, "darkred": 0x8B0000, "crimson": 0xDC143C,
        "salmon": 0xFA8072, "coral": 0xFF7F50, "tomato": 0xFF6347, "orangered": 0xFF4500, "violet": 0xEE82EE,
        "indigo": 0x4B0082, "lavender": 0xE6E6FA, "wheat": 0xF5DEB3, "linen": 0xFAF0E6, "snow": 0xFFFAFA,
        "honeydew": 0xF0FFF0, "azure": 0xF0FFFF, "aliceblue": 0xF0F8FF,
    ]
}
