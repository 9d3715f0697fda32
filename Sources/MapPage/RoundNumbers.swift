import MapGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The round lengths a scale bar shows, and their labels.
public enum RoundNumbers {
    /// The largest "round" distance (1, 2 or 5 × 10^k) not longer than `maximum`, in the
    /// unit `maximum` is in; 0 for a maximum that is not positive and finite.
    public static func distance(notExceeding maximum: Double) -> Double {
        guard maximum > 0, maximum.isFinite else { return 0 }
        let power = pow(10, (log10(maximum)).rounded(.down))
        for step in [5.0, 2.0, 1.0] where step * power <= maximum { return step * power }
        return power
    }

    /// A distance label: "500 m", "2 km", "1000 ft", "0.5 mi".
    public static func label(_ value: Double, unit: String) -> String {
        let text =
            value >= 1 || value == 0 ? String(Int(value.rounded())) : value.decimalString(places: value < 0.1 ? 2 : 1)
        return "\(text) \(unit)"
    }
}
