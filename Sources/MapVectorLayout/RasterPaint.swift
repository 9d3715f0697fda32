import MapVectorStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The paint of a `raster` layer, applied to each pixel as MapLibre's raster fragment shader
/// does (`raster.fragment.glsl`, with the factors its raster program derives from the paint:
/// `spinWeights`, `saturationFactor`, `contrastFactor`): the colour un-premultiplied, its
/// hue turned, its saturation then contrast changed, its brightness mapped into
/// [`brightness-min`, `brightness-max`], premultiplied again by the alpha times
/// `raster-opacity`. A static map has no fade (`raster-fade-duration` is moot).
public struct RasterPaint: Hashable, Sendable {
    /// How a tile is sampled between its pixels.
    public enum Resampling: String, Hashable, Sendable {
        /// Bilinear: the four nearest pixels weighed (the spec's default).
        case linear
        /// The nearest pixel, for sharp pixels when enlarged.
        case nearest
    }

    /// `raster-opacity`, 0…1.
    public var opacity: Double
    /// `raster-brightness-min` and `raster-brightness-max`, 0…1: where black and white land.
    public var brightnessMin: Double, brightnessMax: Double
    /// `raster-saturation`, −1…1.
    public var saturation: Double
    /// `raster-contrast`, −1…1.
    public var contrast: Double
    /// `raster-hue-rotate`, in degrees.
    public var hueRotate: Double
    /// `raster-resampling`.
    public var resampling: Resampling

    /// A paint; the defaults are the spec's, which leave the pixels as they are.
    public init(
        opacity: Double = 1, brightnessMin: Double = 0, brightnessMax: Double = 1, saturation: Double = 0,
        contrast: Double = 0, hueRotate: Double = 0, resampling: Resampling = .linear
    ) {
        self.opacity = min(max(opacity, 0), 1)
        self.brightnessMin = min(max(brightnessMin, 0), 1)
        self.brightnessMax = min(max(brightnessMax, 0), 1)
        self.saturation = min(max(saturation, -1), 1)
        self.contrast = min(max(contrast, -1), 1)
        self.hueRotate = hueRotate
        self.resampling = resampling
    }

    /// A layer's paint evaluated at the style's zoom, with the spec's defaults.
    public init(of layer: VectorStyleLayer, in context: StyleEvaluationContext) {
        self.init(
            opacity: layer.number("raster-opacity", in: context, default: 1),
            brightnessMin: layer.number("raster-brightness-min", in: context, default: 0),
            brightnessMax: layer.number("raster-brightness-max", in: context, default: 1),
            saturation: layer.number("raster-saturation", in: context, default: 0),
            contrast: layer.number("raster-contrast", in: context, default: 0),
            hueRotate: layer.number("raster-hue-rotate", in: context, default: 0),
            resampling: layer.string("raster-resampling", in: context).flatMap(Resampling.init) ?? .linear)
    }

    /// Whether the colour maths leaves every colour as it is (only opacity may change it).
    public var keepsColors: Bool {
        brightnessMin == 0 && brightnessMax == 1 && saturation == 0 && contrast == 0
            && hueRotate.truncatingRemainder(dividingBy: 360) == 0
    }

    /// The three weights of the hue rotation: a turn of the colour about the grey axis
    /// (the raster program's `spinWeights`).
    var spinWeights: (Double, Double, Double) {
        let angle = hueRotate * .pi / 180
        let s = sin(angle), c = cos(angle)
        return ((2 * c + 1) / 3, (-sqrt(3) * s - c + 1) / 3, (sqrt(3) * s - c + 1) / 3)
    }

    /// How much the colour is pulled to (positive) or pushed from its grey
    /// (`saturationFactor`): `1 − 1 / (1.001 − s)` above 0, `−s` below.
    var saturationFactor: Double { saturation > 0 ? 1 - 1 / (1.001 - saturation) : -saturation }

    /// How far the colour is stretched from mid-grey (`contrastFactor`): `1 / (1 − c)` above
    /// 0, `1 + c` below.
    var contrastFactor: Double { contrast > 0 ? 1 / (1 - contrast) : 1 + contrast }

    /// The factors worked out once for a layer, applied per pixel.
    struct Prepared: Sendable {
        var spin: (Double, Double, Double)
        var saturation: Double
        var contrast: Double
        var low: Double, high: Double
        var opacity: Double

        /// The premultiplied colour (components 0…1, clamped as a framebuffer clamps) of a
        /// premultiplied sample.
        @inline(__always)
        func color(red: Double, green: Double, blue: Double, alpha: Double) -> (Double, Double, Double, Double) {
            guard alpha > 0 else { return (0, 0, 0, 0) }
            let r = red / alpha, g = green / alpha, b = blue / alpha
            let (x, y, z) = spin
            // The shader's dot products with the weights rotated: xyz, zxy, yzx.
            var sr = r * x + g * y + b * z
            var sg = r * z + g * x + b * y
            var sb = r * y + g * z + b * x
            // The shader averages the colour before the turn, not after.
            let average = (r + g + b) / 3
            sr += (average - sr) * saturation
            sg += (average - sg) * saturation
            sb += (average - sb) * saturation
            sr = (sr - 0.5) * contrast + 0.5
            sg = (sg - 0.5) * contrast + 0.5
            sb = (sb - 0.5) * contrast + 0.5
            let a = alpha * opacity
            func out(_ value: Double) -> Double { min(max((low + (high - low) * value) * a, 0), 1) }
            return (out(sr), out(sg), out(sb), min(max(a, 0), 1))
        }
    }

    /// The per-pixel factors of this paint.
    var prepared: Prepared {
        Prepared(
            spin: spinWeights, saturation: saturationFactor, contrast: contrastFactor, low: brightnessMin,
            high: brightnessMax, opacity: opacity)
    }

    /// The premultiplied colour a premultiplied sample is painted in, components 0…1.
    public func color(
        red: Double, green: Double, blue: Double, alpha: Double
    ) -> (
        red: Double, green: Double, blue: Double, alpha: Double
    ) {
        let (r, g, b, a) = prepared.color(red: red, green: green, blue: blue, alpha: alpha)
        return (r, g, b, a)
    }
}
