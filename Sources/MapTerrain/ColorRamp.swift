/// The colours of a `color-relief` layer by elevation: `color-relief-color` written as
/// `["interpolate", ["linear"], ["elevation"], …]` or `["step", ["elevation"], …]`, with the
/// stop colours premultiplied and stored in 8 bits as MapLibre's colour ramp texture holds
/// them, times `color-relief-opacity`.
public struct ColorRamp: Hashable, Sendable {
    /// How the colour goes from stop to stop.
    public enum Interpolation: Hashable, Sendable {
        /// Linearly between the two stops around the elevation (clamped at the ends).
        case linear
        /// The colour of the last stop at or below the elevation; `base` below the first.
        case step(base: TerrainColor)
    }

    /// The stops: elevations in metres, ascending, and their premultiplied colours.
    public let stops: [(elevation: Double, color: TerrainColor)]
    /// How the colour goes between them.
    public let interpolation: Interpolation
    /// `color-relief-opacity`, 0...1.
    public let opacity: Double

    /// Creates a ramp; the stops are sorted by elevation and their colours quantised to 8 bits.
    public init(stops: [(elevation: Double, color: TerrainColor)], interpolation: Interpolation, opacity: Double = 1) {
        self.stops = stops.sorted { $0.elevation < $1.elevation }.map { ($0.elevation, $0.color.quantized) }
        self.interpolation =
            switch interpolation {
            case .linear: .linear
            case .step(let base): .step(base: base.quantized)
            }
        self.opacity = min(max(opacity, 0), 1)
    }

    public static func == (a: ColorRamp, b: ColorRamp) -> Bool {
        a.interpolation == b.interpolation && a.opacity == b.opacity && a.stops.count == b.stops.count
            && zip(a.stops, b.stops).allSatisfy { $0.elevation == $1.elevation && $0.color == $1.color }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(opacity)
        for stop in stops {
            hasher.combine(stop.elevation)
            hasher.combine(stop.color)
        }
    }

    /// The premultiplied colour of an elevation in metres.
    public func color(atElevation elevation: Double) -> TerrainColor {
        guard let first = stops.first else { return .clear }
        // The last stop at or below the elevation (a binary search, as the shader's).
        var low = 0, high = stops.count
        while low < high {
            let middle = (low + high) / 2
            if stops[middle].elevation <= elevation { low = middle + 1 } else { high = middle }
        }
        let below = low - 1
        switch interpolation {
        case .step(let base):
            return (below < 0 ? base : stops[below].color) * opacity
        case .linear:
            guard stops.count > 1 else { return first.color * opacity }
            let left = min(max(below, 0), stops.count - 2), right = left + 1
            let span = stops[right].elevation - stops[left].elevation
            let t = abs(span) < 1e-4 ? 0 : min(max((elevation - stops[left].elevation) / span, 0), 1)
            return (stops[left].color * (1 - t) + stops[right].color * t) * opacity
        }
    }
}
