/// How a `raster-dem` tile stores an elevation in a pixel's red, green and blue bytes
/// (MapLibre style spec, "Sources: raster-dem", `encoding`).
public enum DEMEncoding: String, Hashable, Sendable, CaseIterable {
    /// Mapzen's Terrarium: `h = R·256 + G + B/256 − 32768` metres.
    case terrarium
    /// Mapbox Terrain-RGB: `h = −10000 + (R·65536 + G·256 + B)·0.1` metres (the spec's default).
    case mapbox

    /// The elevation in metres one pixel's bytes stand for.
    @inline(__always)
    public func elevation(red: UInt8, green: UInt8, blue: UInt8) -> Float {
        switch self {
        case .terrarium:
            Float(Double(red) * 256 + Double(green) + Double(blue) / 256 - 32768)
        case .mapbox:
            Float(-10000 + (Double(red) * 65536 + Double(green) * 256 + Double(blue)) * 0.1)
        }
    }
}
