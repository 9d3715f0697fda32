/// One square tile of elevations in metres, rows from north to south: a `raster-dem` tile
/// decoded.
public struct ElevationTile: Hashable, Sendable {
    /// The number of pixels on a side (256 or 512 in practice).
    public let side: Int
    /// `side × side` elevations in metres, row by row from the top left.
    public let elevations: [Float]

    /// Creates a tile from its elevations; `elevations.count` must be `side × side`.
    public init(side: Int, elevations: [Float]) {
        precondition(side > 0 && elevations.count == side * side, "a tile's elevations must fill its square")
        self.side = side
        self.elevations = elevations
    }

    /// Decodes a tile from straight RGBA bytes (four per pixel, alpha ignored).
    public init(rgba: [UInt8], side: Int, encoding: DEMEncoding) {
        precondition(rgba.count == side * side * 4, "RGBA bytes must fill the tile's square")
        let elevations = (0..<side * side).map { index in
            encoding.elevation(red: rgba[4 * index], green: rgba[4 * index + 1], blue: rgba[4 * index + 2])
        }
        self.init(side: side, elevations: elevations)
    }

    /// Decodes a tile from native-endian 32-bit ARGB words (Cairo's layout; a DEM tile is
    /// opaque, so premultiplication changes nothing).
    public init(argb: [UInt32], side: Int, encoding: DEMEncoding) {
        precondition(argb.count == side * side, "pixels must fill the tile's square")
        let elevations = argb.map { word in
            encoding.elevation(
                red: UInt8(truncatingIfNeeded: word >> 16), green: UInt8(truncatingIfNeeded: word >> 8),
                blue: UInt8(truncatingIfNeeded: word))
        }
        self.init(side: side, elevations: elevations)
    }

    /// The elevation at column `x`, row `y`.
    @inline(__always)
    public subscript(x: Int, y: Int) -> Float { elevations[y * side + x] }
}
