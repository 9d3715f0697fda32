import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shading of a `hillshade` layer worked out once for every pair of stored slope bytes,
/// so that a pixel costs a bilinear sample of the slopes and of this table instead of the
/// method's trigonometry (`atan`, `atan2`, `exp`, `sin`, `cos` per pixel).
///
/// `PreparedSlopes` stores each derivative in a byte, as MapLibre's RG8 texture does, so at
/// one latitude the colour of a texel is a function of two bytes. Between texels the slopes
/// are interpolated first (what GL's LINEAR filter does to the texture) and the colour is
/// then interpolated bilinearly between the four table entries around the interpolated
/// slope, a grid of 8/255 derivative units: the shading is smooth at that scale except at
/// the flat point, where the error stays below `HillshadeTable.tolerance` (tested against
/// the direct maths for every method).
///
/// The derivative is divided by the cosine of the latitude before shading; a table holds
/// one such divisor, rounded so that `log(1 / cos)` falls on a grid of `divisorStep`; a
/// street map at zoom 12 and up needs one or two.
public struct HillshadeTable: Sendable {
    /// The largest difference, in levels of 255 per channel, between a pixel shaded through
    /// the table and the same pixel shaded by `Hillshade.color` (measured over every method
    /// by `HillshadeTableTests`).
    public static let tolerance = 3
    /// The grid step of `log(1 / cos latitude)` on which tables are built: the slopes are
    /// scaled at most 0.2 % away from their latitude's, a fraction of a grey level.
    public static let divisorStep = 0.004
    /// Tables are built for a picture with at least this many pixels per table it needs:
    /// building one costs 65,536 shadings, so a smaller picture is shaded directly.
    public static let pixelsPerTable = 131_072

    /// The premultiplied colour (red, green, blue, alpha in 0...1, not clamped) of slope
    /// bytes (x, y) at `4 · (y · 256 + x)`.
    private let colors: [Float]

    /// The key of the table for pixels at `cosine` of the latitude.
    static func key(cosine: Double) -> Int { Int((-log(cosine) / divisorStep).rounded()) }

    /// The table of `shading` for the divisor of `key`, its rows worked out in two halves
    /// on two cores when `concurrently` is set.
    init(_ shading: Hillshade, key: Int, concurrently: Bool = false) {
        let divisor = exp(Double(key) * Self.divisorStep)
        let decoded = (0..<256).map { (Double($0) / 255 * 8 - 4) * divisor }
        let parts = concurrently ? 2 : 1
        colors = [Float](unsafeUninitializedCapacity: 4 * 256 * 256) { buffer, initialized in
            nonisolated(unsafe) let out = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                for y in (256 * part / parts)..<(256 * (part + 1) / parts) {
                    for x in 0..<256 {
                        let c = shading.color(x: decoded[x], y: decoded[y])
                        let i = 4 * (y * 256 + x)
                        (out[i], out[i + 1], out[i + 2], out[i + 3]) =
                            (Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
                    }
                }
            }
            initialized = 4 * 256 * 256
        }
    }

    /// Calls `body` with the table's entries, for `argbWord(x:y:in:)`.
    @inline(__always)
    func withEntries<R>(_ body: (UnsafePointer<Float>) -> R) -> R {
        colors.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The ARGB word of the slope bytes (`x`, `y`), fractional, in 0...255, from `entries`.
    @inline(__always)
    static func argbWord(x: Float, y: Float, in entries: UnsafePointer<Float>) -> UInt32 {
        let ix = min(Int(x), 254), iy = min(Int(y), 254)
        let tx = x - Float(ix), ty = y - Float(iy)
        let e00 = entries + 4 * (iy * 256 + ix), e10 = e00 + 4, e01 = e00 + 4 * 256, e11 = e01 + 4
        @inline(__always) func channel(_ k: Int) -> UInt32 {
            let top = e00[k] + (e10[k] - e00[k]) * tx, bottom = e01[k] + (e11[k] - e01[k]) * tx
            let value = min(max(top + (bottom - top) * ty, 0), 1)
            return UInt32(value * 255 + 0.5)
        }
        let a = channel(3)
        // Premultiplied channels never exceed the alpha (as `TerrainColor.argbWord`).
        return a << 24 | min(channel(0), a) << 16 | min(channel(1), a) << 8 | min(channel(2), a)
    }

    /// The ARGB word of the slope bytes (`x`, `y`), fractional, in 0...255.
    func argbWord(x: Float, y: Float) -> UInt32 { withEntries { Self.argbWord(x: x, y: y, in: $0) } }
}
