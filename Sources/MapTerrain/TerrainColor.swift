/// A premultiplied RGBA colour, each channel in 0...1, as the relief shaders compute them.
public struct TerrainColor: Hashable, Sendable {
    /// Red times alpha.
    public var red: Double
    /// Green times alpha.
    public var green: Double
    /// Blue times alpha.
    public var blue: Double
    /// Opacity.
    public var alpha: Double

    /// Creates a colour from premultiplied channels.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// The premultiplied colour of straight (CSS) channels.
    public init(straightRed red: Double, green: Double, blue: Double, alpha: Double) {
        self.init(red: red * alpha, green: green * alpha, blue: blue * alpha, alpha: alpha)
    }

    /// Transparent black.
    public static let clear = TerrainColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour with each channel rounded to 8 bits, as a colour stored in an RGBA8
    /// texture (MapLibre's colour ramp) is.
    public var quantized: TerrainColor {
        func q(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded() / 255 }
        return TerrainColor(red: q(red), green: q(green), blue: q(blue), alpha: q(alpha))
    }

    @inline(__always) static func + (a: TerrainColor, b: TerrainColor) -> TerrainColor {
        TerrainColor(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }

    @inline(__always) static func * (a: TerrainColor, k: Double) -> TerrainColor {
        TerrainColor(red: a.red * k, green: a.green * k, blue: a.blue * k, alpha: a.alpha * k)
    }

    /// The native-endian 32-bit premultiplied ARGB word of the colour clamped to 0...1,
    /// rounded to 8 bits a channel (Cairo's ARGB32 layout).
    @inline(__always)
    public var argbWord: UInt32 {
        @inline(__always) func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = byte(alpha)
        // Premultiplied channels never exceed the alpha.
        return a << 24 | min(byte(red), a) << 16 | min(byte(green), a) << 8 | min(byte(blue), a)
    }
}
