public import MapGeometry

extension TilePath {
    /// The tile's id in a PMTiles archive: the number of tiles at all lower zooms plus the
    /// tile's position along the Hilbert curve at its zoom (PMTiles specification v3,
    /// "Tile ID"; the curve as in Hilbert's 1891 construction, rotated so that tile (0, 0)
    /// comes first).
    public var pmtilesID: UInt64 {
        let z = UInt64(self.z)
        // 4^0 + 4^1 + … + 4^(z-1) = (4^z - 1) / 3
        let base: UInt64 = z == 0 ? 0 : ((1 << (2 * z)) - 1) / 3
        let side: UInt64 = 1 << z
        var x = UInt64(self.x), y = UInt64(self.y)
        var distance: UInt64 = 0
        var scale = side / 2
        while scale > 0 {
            let rx: UInt64 = (x & scale) > 0 ? 1 : 0
            let ry: UInt64 = (y & scale) > 0 ? 1 : 0
            distance += scale * scale * ((3 * rx) ^ ry)
            // Rotate the quadrant so the curve continues where the last one ended.
            if ry == 0 {
                if rx == 1 {
                    x = side - 1 - x
                    y = side - 1 - y
                }
                swap(&x, &y)
            }
            scale /= 2
        }
        return base + distance
    }
}
