#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How grid labels write a latitude or longitude: `--grid-format`.
public enum GridLabelFormat: String, Hashable, Sendable, CaseIterable {
    /// Degrees, minutes and seconds: `60°10′N`, `24°56′30″E`.
    case dms
    /// Decimal degrees: `60.17°N`, `24.94°E`.
    case decimal
}

/// Writes the labels of one grid: every label of a grid has the same parts, chosen from its
/// interval, so a 30′ grid reads `60°00′N`, `60°30′N` and never mixes `60°N` in.
public struct GridLabelFormatter: Hashable, Sendable {
    /// The notation.
    public var format: GridLabelFormat
    /// The grid's interval.
    public var interval: GridInterval

    /// Creates the formatter of a grid.
    public init(format: GridLabelFormat, interval: GridInterval) {
        self.format = format
        self.interval = interval
    }

    /// The parts a `dms` label shows.
    enum Precision: Equatable {
        /// Whole degrees.
        case degrees
        /// Degrees and whole minutes.
        case minutes
        /// Degrees, minutes and seconds with this many decimals.
        case seconds(decimals: Int)
    }

    /// The fewest parts that tell every line of the grid apart.
    var precision: Precision {
        let seconds = interval.seconds
        if Self.isWhole(seconds / 3600) { return .degrees }
        if Self.isWhole(seconds / 60) { return .minutes }
        for decimals in 0...2 where Self.isWhole(seconds * pow(10, Double(decimals))) {
            return .seconds(decimals: decimals)
        }
        return .seconds(decimals: 2)
    }

    /// Decimals a `decimal` label needs: as many as the interval has, or, for an interval
    /// with no short decimal form (20′ = 0.333…°), one more than its first significant digit.
    var decimalPlaces: Int {
        for places in 0...6 where Self.isWhole(interval.degrees * pow(10, Double(places))) { return places }
        return min(6, max(0, Int((-log10(interval.degrees)).rounded(.up)) + 1))
    }

    static func isWhole(_ value: Double) -> Bool { abs(value - value.rounded()) < 1e-6 }

    /// The label of a parallel: `60°10′N`, `33°52′S`, `0°` on the equator.
    public func latitude(_ latitude: Double) -> String { label(latitude, positive: "N", negative: "S") }

    /// The label of a meridian, its longitude first brought into −180…180 (so lines east of
    /// the antimeridian read W): `24°56′E`, `122°25′W`, `0°`, `180°`.
    public func longitude(_ longitude: Double) -> String {
        var wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if wrapped < 0 { wrapped += 360 }
        wrapped -= 180
        // 180°W and 180°E are one meridian; it reads "180°" either way, as does 0°.
        if abs(abs(wrapped) - 180) < interval.degrees * 1e-6 { return label(180, positive: "", negative: "") }
        return label(wrapped, positive: "E", negative: "W")
    }

    /// The magnitude rounded to the label's last unit first, then split, so that 59.99999°
    /// reads 60°00′ and never 59°59′60″; the hemisphere letter from the rounded value, so
    /// nothing reads "0°S".
    private func label(_ value: Double, positive: String, negative: String) -> String {
        let magnitude = abs(value)
        let text: String
        let isZero: Bool
        switch format {
        case .decimal:
            let places = decimalPlaces
            let scale = pow(10, Double(places))
            let units = (magnitude * scale).rounded()
            isZero = units == 0
            text = Self.fixed(units, places: places) + "°"
        case .dms:
            switch precision {
            case .degrees:
                let degrees = Int(magnitude.rounded())
                isZero = degrees == 0
                text = "\(degrees)°"
            case .minutes:
                let minutes = Int((magnitude * 60).rounded())
                isZero = minutes == 0
                text = "\(minutes / 60)°" + Self.twoDigits(minutes % 60) + "′"
            case .seconds(let decimals):
                let scale = Int(pow(10, Double(decimals)).rounded())
                let units = Int((magnitude * 3600 * Double(scale)).rounded())
                isZero = units == 0
                let perMinute = 60 * scale, perDegree = 3600 * scale
                let degrees = units / perDegree, minutes = (units % perDegree) / perMinute
                let seconds = units % perMinute
                var secondsText = Self.twoDigits(seconds / scale)
                if decimals > 0 {
                    let fraction = String(seconds % scale)
                    secondsText += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
                }
                text = "\(degrees)°" + Self.twoDigits(minutes) + "′" + secondsText + "″"
            }
        }
        if isZero { return text }
        return text + (value > 0 ? positive : negative)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `units` / 10^places written with exactly `places` decimals, from the integer so that no
    /// binary fraction shows.
    private static func fixed(_ units: Double, places: Int) -> String {
        let digits = String(Int(units))
        guard places > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return String(padded.dropLast(places)) + "." + String(padded.suffix(places))
    }
}
