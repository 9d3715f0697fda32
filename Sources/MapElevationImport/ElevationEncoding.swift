/// How an elevation tile stores heights in its red, green and blue channels, as MapLibre's
/// `raster-dem` source reads them (style specification, "sources", `encoding`).
public enum ElevationEncoding: String, Hashable, Sendable, CaseIterable {
    /// Mapzen's terrarium: `h = R·256 + G + B/256 − 32768` metres, steps of 1/256 m.
    case terrarium
    /// Mapbox Terrain-RGB: `h = −10000 + (R·65536 + G·256 + B)·0.1` metres, steps of 0.1 m.
    case mapbox

    /// The red, green and blue bytes of a height in metres: rounded down to the encoding's
    /// step (terrarium, as Mapzen's tiles are) or to the nearest step (mapbox), clamped to
    /// what the channels hold (terrarium −32768 to 32767.996 m, mapbox −10000 to 1667721.5 m).
    public func channels(_ height: Double) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch self {
        case .terrarium:
            let value = min(max(height + 32768, 0), 65535.996_093_75)
            let red = (value / 256).rounded(.down)
            let green = (value - red * 256).rounded(.down)
            let blue = ((value - value.rounded(.down)) * 256).rounded(.down)
            return (UInt8(red), UInt8(green), UInt8(min(blue, 255)))
        case .mapbox:
            let value = UInt32(min(max(((height + 10000) * 10).rounded(), 0), 16_777_215))
            return (UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
    }

    /// The height in metres that red, green and blue bytes stand for.
    public func height(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        switch self {
        case .terrarium: Double(red) * 256 + Double(green) + Double(blue) / 256 - 32768
        case .mapbox: -10000 + (Double(red) * 65536 + Double(green) * 256 + Double(blue)) * 0.1
        }
    }
}

/// The image format of elevation tiles: both lossless, as heights must be.
public enum ElevationTileFormat: String, Hashable, Sendable, CaseIterable {
    /// PNG, RGB (colour type 2).
    case png
    /// Lossless WebP (VP8L).
    case webp
}
