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
/// slope, a grid of 8/255 derivative units. The shading is smooth at that scale except
/// where it bends (between shadow and highlight, where the aspect turns past the light,
/// round the flat point): cells whose centre strays from the mean of their corners by
/// more than half a level are marked when the table is built and their pixels shaded
/// directly. What is left stays within `tolerance` (tested against the direct maths for
/// every method).
///
/// The derivative is divided by the cosine of the latitude before shading; a table holds
/// one such divisor, rounded so that `log(1 / cos)` falls on a grid of `divisorStep`; a
/// street map at zoom 12 and up needs one or two.
public struct HillshadeTable: Sendable {
    /// The largest difference, in levels of 255 per channel, between a pixel shaded through
    /// the table and the same pixel shaded by `Hillshade.color` (measured over every method
    /// by `HillshadeTableTests`).
    public static let tolerance = 2
    /// The largest mean difference over a picture's channels, in levels of 255, between the
    /// two (the tests measure 0.02–0.07 over the eleven paints).
    public static let meanTolerance = 0.1
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
        // Cells the bilinear sample does not follow: the shading bends there (the boundary
        // between shadow and highlight, the aspect's turns), seen as the cell's centre
        // differing from the mean of its corners by more than half a level.
        let colors = self.colors
        cells = [Bool](unsafeUninitializedCapacity: 256 * 256) { buffer, initialized in
            nonisolated(unsafe) let out = buffer.baseAddress!
            colors.withUnsafeBufferPointer { table in
                nonisolated(unsafe) let entries = table.baseAddress!
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    for y in (256 * part / parts)..<(256 * (part + 1) / parts) {
                        for x in 0..<256 {
                            guard x < 255, y < 255 else {
                                out[y * 256 + x] = false
                                continue
                            }
                            let c = shading.color(
                                x: (decoded[x] + decoded[x + 1]) / 2, y: (decoded[y] + decoded[y + 1]) / 2)
                            let centre = [c.red, c.green, c.blue, c.alpha]
                            let e = entries + 4 * (y * 256 + x)
                            var bends = false
                            for k in 0..<4 {
                                let mean =
                                    (Double(e[k]) + Double(e[4 + k]) + Double(e[1024 + k]) + Double(e[1028 + k])) / 4
                                bends = bends || abs(mean - centre[k]) > 0.5 / 255
                            }
                            out[y * 256 + x] = bends
                        }
                    }
                }
            }
            initialized = 256 * 256
        }
    }

    /// Whether the cell from bytes (x, y) to (x + 1, y + 1), at `y · 256 + x`, is shaded
    /// directly rather than sampled from the table.
    private let cells: [Bool]

    /// Calls `body` with the table's entries and cells, for `argbWord(x:y:in:cells:)`.
    @inline(__always)
    func withEntries<R>(_ body: (UnsafePointer<Float>, UnsafePointer<Bool>) -> R) -> R {
        colors.withUnsafeBufferPointer { entries in
            cells.withUnsafeBufferPointer { body(entries.baseAddress!, $0.baseAddress!) }
        }
    }

    /// The ARGB word of the slope bytes (`x`, `y`), fractional, in 0...255, from `entries`;
    /// `nil` inside a cell the table does not follow (shade it directly).
    @inline(__always)
    static func argbWord(x: Float, y: Float, in entries: UnsafePointer<Float>, cells: UnsafePointer<Bool>) -> UInt32? {
        let ix = min(Int(x), 254), iy = min(Int(y), 254)
        let tx = x - Float(ix), ty = y - Float(iy)
        // On a table entry itself (flat ground: every texel 128) the colour is exact.
        if cells[iy * 256 + ix], tx != 0 || ty != 0 { return nil }
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

    /// The ARGB word of the slope bytes (`x`, `y`), fractional, in 0...255; `nil` where
    /// the pixel is to be shaded directly.
    func argbWord(x: Float, y: Float) -> UInt32? { withEntries { Self.argbWord(x: x, y: y, in: $0, cells: $1) } }
}
