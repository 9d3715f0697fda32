/// The unit contour lines are counted in.
public enum ContourUnit: String, Hashable, Sendable, CaseIterable {
    /// Metres.
    case metres
    /// International feet (0.3048 m).
    case feet

    /// Metres per unit.
    public var metres: Double { self == .feet ? 0.3048 : 1 }
    /// The unit's symbol in labels.
    public var symbol: String { self == .feet ? "ft" : "m" }
}

/// How far apart contour lines are at a map's zoom, and which are index contours (drawn
/// thicker and labelled): every fifth line, as on printed topographic maps.
///
/// | map zoom | metres | feet |
/// |---|---|---|
/// | 12 | 100, index 500 | 200, index 1000 |
/// | 13 | 50, index 250 | 100, index 500 |
/// | 14 | 20, index 100 | 50, index 250 |
/// | 15 and up | 10, index 50 | 40, index 200 |
///
/// Why: from zoom 15 (about 1:17,000 at mid-latitudes on a screen) a map is read like the
/// 1:25,000 sheets of national surveys, which draw 10 m lines with an index every 50 m
/// (swisstopo) or 40 ft lines with an index every 200 ft (USGS 7.5′ quadrangles); each zoom
/// out halves the scale, and the interval grows about as much, so that a 30° slope keeps
/// its lines some 4 pixels apart. Finer intervals than 10 m would trace the noise of the
/// 30 m and 90 m elevation models people have rather than the ground.
public struct ContourInterval: Hashable, Sendable {
    /// The distance between lines, in `unit`.
    public var interval: Double
    /// The distance between index contours, in `unit`: a multiple of `interval`.
    public var index: Double
    /// The unit of both.
    public var unit: ContourUnit

    /// Creates an interval.
    public init(interval: Double, index: Double, unit: ContourUnit) {
        self.interval = interval
        self.index = index
        self.unit = unit
    }

    /// The lowest map zoom contours are drawn at (counting 256-pixel tiles).
    public static let minimumZoom = 12

    /// The interval at map zoom `zoom` (counting 256-pixel tiles, rounded down; below
    /// `minimumZoom` the zoom-12 one).
    public static func at(zoom: Double, unit: ContourUnit) -> ContourInterval {
        let step = min(max(Int((zoom + 1e-9).rounded(.down)), minimumZoom), 15) - minimumZoom
        let table: [(Double, Double)] =
            unit == .feet
            ? [(200, 1000), (100, 500), (50, 250), (40, 200)] : [(100, 500), (50, 250), (20, 100), (10, 50)]
        return ContourInterval(interval: table[step].0, index: table[step].1, unit: unit)
    }

    /// The levels between `low` and `high` metres, as (metres, value in `unit`, whether an
    /// index contour), from the lowest up.
    public func levels(from low: Double, to high: Double) -> [(metres: Double, value: Double, isIndex: Bool)] {
        guard low <= high, interval > 0 else { return [] }
        let first = (low / unit.metres / interval).rounded(.up), last = (high / unit.metres / interval).rounded(.down)
        guard first <= last else { return [] }
        return stride(from: first, through: last, by: 1).map { step in
            let value = step * interval
            let remainder = value.truncatingRemainder(dividingBy: index)
            return (value * unit.metres, value, remainder == 0)
        }
    }
}
