#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A DEM tile "prepared" for hillshading the way MapLibre Native's
/// `hillshade_prepare.fragment.glsl` prepares it: the tile bordered by one pixel from its
/// eight neighbours, the slope of every pixel by a Sobel operator, scaled for the tile's
/// zoom, and stored in two bytes (MapLibre's RG8 texture: the 8-bit storage is what makes
/// two renderers agree to the grey level).
///
/// The zoom factor: `e(z) = (z − 15)·0.3` for `4.5 ≤ z < 15` (0.35 below 4.5, 0.4 below 2,
/// 0 from 15 up) and the derivative `(dx, dy)·D / 2^(e + 28.2562 − z)`, with D the tile's side
/// and z its zoom: the exaggeration MapLibre gives low zooms so that relief still shows.
public struct PreparedSlopes: Sendable {
    /// The tile's side, in pixels.
    public let side: Int
    /// The DEM tile's zoom.
    public let zoom: Int
    /// Two bytes per pixel, row by row: the x and then the y derivative `d` stored as
    /// `round(clamp(d / 8 + 0.5, 0, 1) · 255)`.
    public let texels: [UInt8]

    /// Prepares `tile` of zoom `zoom`; `neighbour(dx, dy)` gives the tile `dx` columns and
    /// `dy` rows away (−1...1), or `nil` where there is none (the tile's own edge pixels are
    /// repeated there, `BorderedElevations`). A neighbour of another side is treated as missing.
    public init(tile: ElevationTile, zoom: Int, neighbour: (_ dx: Int, _ dy: Int) -> ElevationTile?) {
        let side = tile.side
        let width = side + 2
        let bordered = BorderedElevations(tile: tile, neighbour: neighbour).values
        let z = Double(zoom)
        let factor = z < 2 ? 0.4 : z < 4.5 ? 0.35 : 0.3
        let exaggeration = z < 15 ? (z - 15) * factor : 0
        let k = Double(side) / pow(2, exaggeration + 28.2562 - z)
        let texels = [UInt8](unsafeUninitializedCapacity: side * side * 2) { out, initialized in
            bordered.withUnsafeBufferPointer { input in
                let b = input.baseAddress!, o = out.baseAddress!
                for y in 0..<side {
                    for x in 0..<side {
                        // The 3×3 window around bordered pixel (x + 1, y + 1):  a b c / d · f / g h i.
                        let top = y * width + x, middle = top + width, bottom = middle + width
                        let a = Double(b[top]), bb = Double(b[top + 1]), c = Double(b[top + 2])
                        let d = Double(b[middle]), f = Double(b[middle + 2])
                        let g = Double(b[bottom]), h = Double(b[bottom + 1]), i = Double(b[bottom + 2])
                        let derivativeX = ((c + 2 * f + i) - (a + 2 * d + g)) * k
                        let derivativeY = ((g + 2 * h + i) - (a + 2 * bb + c)) * k
                        o[2 * (y * side + x)] = Self.stored(derivativeX)
                        o[2 * (y * side + x) + 1] = Self.stored(derivativeY)
                    }
                }
            }
            initialized = side * side * 2
        }
        self.side = side
        self.zoom = zoom
        self.texels = texels
    }

    @inline(__always)
    private static func stored(_ derivative: Double) -> UInt8 {
        UInt8((min(max(derivative / 8 + 0.5, 0), 1) * 255).rounded())
    }

    /// The derivative at texel coordinates (`u`, `v`) in 0...side (texel centres at i + 0.5),
    /// sampled as GL's LINEAR filter with CLAMP_TO_EDGE does, decoded as the draw shader does:
    /// `rg · 8 − 4`.
    @inline(__always)
    public func derivative(u: Double, v: Double) -> (x: Double, y: Double) {
        let fx = u - 0.5, fy = v - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let last = side - 1
        let xa = min(max(x0, 0), last), xb = min(max(x0 + 1, 0), last)
        let ya = min(max(y0, 0), last), yb = min(max(y0 + 1, 0), last)
        return texels.withUnsafeBufferPointer { t in
            @inline(__always) func value(_ channel: Int) -> Double {
                let p00 = Double(t[2 * (ya * side + xa) + channel]), p10 = Double(t[2 * (ya * side + xb) + channel])
                let p01 = Double(t[2 * (yb * side + xa) + channel]), p11 = Double(t[2 * (yb * side + xb) + channel])
                let top = p00 * (1 - ax) + p10 * ax, bottom = p01 * (1 - ax) + p11 * ax
                return (top * (1 - ay) + bottom * ay) / 255 * 8 - 4
            }
            return (value(0), value(1))
        }
    }
}
