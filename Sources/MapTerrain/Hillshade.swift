#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `hillshade-method`s of the MapLibre style spec.
public enum HillshadeMethod: String, Hashable, Sendable, CaseIterable {
    /// MapLibre's original look: accent on steep slopes, shadow and highlight by aspect.
    case standard
    /// The GDAL `gdaldem hillshade` formula: one light's incidence.
    case basic
    /// GDAL's `-combined`: the incidence angle times the slope.
    case combined
    /// Igor Plecitý's method (GDAL `-igor`): slope times aspect against the light, no flat grey.
    case igor
    /// GDAL's `-multidirectional`: up to four lights averaged.
    case multidirectional
}

/// The paint of a `hillshade` layer, evaluated: what `Hillshade.color` needs per pixel.
public struct HillshadeParameters: Hashable, Sendable {
    /// The method.
    public var method: HillshadeMethod
    /// `hillshade-exaggeration`, 0...1.
    public var exaggeration: Double
    /// The lights' directions in degrees clockwise from north (`hillshade-illumination-direction`).
    public var directions: [Double]
    /// The lights' altitudes in degrees above the horizon (`hillshade-illumination-altitude`).
    public var altitudes: [Double]
    /// One shadow colour per light.
    public var shadows: [TerrainColor]
    /// One highlight colour per light.
    public var highlights: [TerrainColor]
    /// The accent colour (`standard` only).
    public var accent: TerrainColor

    /// The MapLibre defaults: standard, exaggeration 0.5, light from 335° at 45°, black
    /// shadow and accent, white highlight.
    public init(
        method: HillshadeMethod = .standard, exaggeration: Double = 0.5, directions: [Double] = [335],
        altitudes: [Double] = [45], shadows: [TerrainColor] = [.black], highlights: [TerrainColor] = [.white],
        accent: TerrainColor = .black
    ) {
        self.method = method
        self.exaggeration = exaggeration
        self.directions = directions.isEmpty ? [335] : directions
        self.altitudes = altitudes.isEmpty ? [45] : altitudes
        self.shadows = shadows.isEmpty ? [.black] : shadows
        self.highlights = highlights.isEmpty ? [.white] : highlights
        self.accent = accent
    }

    /// The number of lights: `multidirectional` lights as many as its longest array (at most
    /// four; shorter arrays repeat their last entry), every other method one.
    public var lightCount: Int {
        guard method == .multidirectional else { return 1 }
        return min(max(directions.count, altitudes.count, shadows.count, highlights.count), 4)
    }

    /// Entry `index` of `values`, the last one past its end.
    @inline(__always)
    static func entry<T>(_ values: [T], _ index: Int) -> T { values[min(index, values.count - 1)] }
}

extension TerrainColor {
    /// Opaque black.
    public static let black = TerrainColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// Opaque white.
    public static let white = TerrainColor(red: 1, green: 1, blue: 1, alpha: 1)
}

/// The shading of one pixel, after MapLibre Native's `hillshade.fragment.glsl` (the methods
/// of maplibre-native PR #3965, which follow GDAL's `gdaldem hillshade`): the derivative
/// `(x, y)` of the prepared tile, divided by the cosine of the pixel's latitude, gives a
/// premultiplied colour to blend over what lies below.
public struct Hillshade: Sendable {
    /// The paint.
    public let parameters: HillshadeParameters
    // Worked out once per layer: the lights' sines and cosines, the standard method's curve.
    private let azimuths: [Double]
    private let altitudes: [Double]
    private let lightCount: Int
    /// The standard method's power curve: `log(base)` and `base^(π/2) − 1`, `nil` at 0.5.
    private let curve: (logBase: Double, denominator: Double)?

    /// Prepares the paint's constants.
    public init(_ parameters: HillshadeParameters) {
        self.parameters = parameters
        lightCount = parameters.lightCount
        azimuths = (0..<4).map { HillshadeParameters.entry(parameters.directions, $0) * .pi / 180 }
        altitudes = (0..<4).map { HillshadeParameters.entry(parameters.altitudes, $0) * .pi / 180 }
        let base = 1.875 - parameters.exaggeration * 1.75
        curve = abs(parameters.exaggeration - 0.5) > 1e-6 ? (log(base), pow(base, 0.5 * .pi) - 1) : nil
    }

    /// The premultiplied colour for derivatives `x`, `y` (already divided by cos latitude).
    public func color(x derivativeX: Double, y derivativeY: Double) -> TerrainColor {
        let p = parameters
        switch p.method {
        case .standard:
            return standard(derivativeX, derivativeY)
        case .basic:
            let (dx, dy) = (derivativeX * p.exaggeration * 2, derivativeY * p.exaggeration * 2)
            let norm = (1 + dx * dx + dy * dy).squareRoot()
            return Self.lit(
                dx, dy, norm, azimuth: azimuths[0] + .pi, altitude: altitudes[0], shadow: p.shadows[0],
                highlight: p.highlights[0], weight: 1)
        case .multidirectional:
            let (dx, dy) = (derivativeX * p.exaggeration * 2, derivativeY * p.exaggeration * 2)
            let norm = (1 + dx * dx + dy * dy).squareRoot()
            var sum = TerrainColor.clear
            let weight = 1 / Double(lightCount)
            for light in 0..<lightCount {
                sum =
                    sum
                    + Self.lit(
                        dx, dy, norm, azimuth: azimuths[light] + .pi, altitude: altitudes[light],
                        shadow: HillshadeParameters.entry(p.shadows, light),
                        highlight: HillshadeParameters.entry(p.highlights, light), weight: weight)
            }
            return sum
        case .combined:
            let (dx, dy) = (derivativeX * p.exaggeration * 2, derivativeY * p.exaggeration * 2)
            let norm = (1 + dx * dx + dy * dy).squareRoot()
            let azimuth = azimuths[0] + .pi, altitude = altitudes[0]
            let incidence = Self.cosIncidence(dx, dy, norm, cos(azimuth), sin(azimuth), altitude)
            let angle = min(max(acos(min(max(incidence, -1), 1)), 0), .pi / 2)
            let slope = atan((dx * dx + dy * dy).squareRoot())
            let shadowWeight = angle * slope * 4 / (.pi * .pi)
            let highlightWeight = (.pi / 2 - angle) * slope * 4 / (.pi * .pi)
            return p.shadows[0] * shadowWeight + p.highlights[0] * highlightWeight
        case .igor:
            let (dx, dy) = (derivativeX * p.exaggeration * 2, derivativeY * p.exaggeration * 2)
            let aspect = Self.aspect(dx, dy)
            let azimuth = azimuths[0] + .pi
            let slope = atan((dx * dx + dy * dy).squareRoot()) * 2 / .pi
            let strength = 1 - abs(Self.modulo((aspect + azimuth) / .pi + 0.5, 2) - 1)
            return p.shadows[0] * (slope * strength) + p.highlights[0] * (slope * (1 - strength))
        }
    }

    /// MapLibre's original method (`standard`).
    private func standard(_ dx: Double, _ dy: Double) -> TerrainColor {
        let p = parameters
        let azimuth = azimuths[0] + .pi
        let slope = atan(0.625 * (dx * dx + dy * dy).squareRoot())
        let aspect = Self.aspect(dx, dy)
        // The exaggeration bends the slope through a power curve; 0.5 keeps it as it is.
        let scaledSlope = curve.map { (exp($0.logBase * slope) - 1) / $0.denominator * (0.5 * .pi) } ?? slope
        let accentWeight = 1 - cos(scaledSlope)
        let clamped = min(max(p.exaggeration * 2, 0), 1)
        let accent = p.accent * (accentWeight * clamped)
        let side = abs(Self.modulo((aspect + azimuth) / .pi + 0.5, 2) - 1)
        let shade = (p.shadows[0] * (1 - side) + p.highlights[0] * side) * (sin(scaledSlope) * clamped)
        return accent * (1 - shade.alpha) + shade
    }

    /// GDAL's shading of one light: the cosine of the incidence, mapped so that 0.5 is no
    /// colour, below it the shadow and above it the highlight.
    @inline(__always)
    private static func lit(
        _ dx: Double, _ dy: Double, _ norm: Double, azimuth: Double, altitude: Double, shadow: TerrainColor,
        highlight: TerrainColor, weight: Double
    ) -> TerrainColor {
        let incidence = cosIncidence(dx, dy, norm, cos(azimuth), sin(azimuth), altitude)
        let s = min(max(incidence, 0), 1)
        return s > 0.5 ? highlight * ((2 * s - 1) * weight) : shadow * ((1 - 2 * s) * weight)
    }

    @inline(__always)
    private static func cosIncidence(
        _ dx: Double, _ dy: Double, _ norm: Double, _ cosAzimuth: Double, _ sinAzimuth: Double, _ altitude: Double
    ) -> Double {
        (sin(altitude) - (dy * cosAzimuth * cos(altitude) - dx * sinAzimuth * cos(altitude))) / norm
    }

    /// The aspect (downhill direction) of a derivative, as the shader's `get_aspect`.
    @inline(__always)
    private static func aspect(_ dx: Double, _ dy: Double) -> Double {
        dx != 0 ? atan2(dy, -dx) : .pi / 2 * (dy > 0 ? 1 : -1)
    }

    /// GLSL's `mod`: `x − y·floor(x / y)`.
    @inline(__always)
    private static func modulo(_ x: Double, _ y: Double) -> Double { x - y * (x / y).rounded(.down) }
}
