import Foundation

/// The zooms an elevation model is tiled at, from its resolution.
public enum ElevationZooms {
    /// Half the equator's length in Web Mercator metres (EPSG:3857's half circumference).
    static let halfCircumference = 20_037_508.342_789_244

    /// How many zooms below the deepest the default range starts.
    public static let defaultDepth = 5

    /// The size of a pixel on the ground, metres, of a `tileSize`-pixel tile of `zoom` at
    /// `latitude` degrees: the Web Mercator pixel shrunk by the cosine of the latitude.
    public static func pixelSize(zoom: Int, latitude: Double, tileSize: Int = 256) -> Double {
        2 * halfCircumference / (Double(tileSize) * pow(2, Double(zoom))) * cos(latitude * .pi / 180)
    }

    /// The deepest zoom worth tiling a model of `cellSize` metres at `latitude`: the first
    /// whose 256-pixel tile's pixel is no larger than the cell (so no detail of the model is
    /// lost and no zoom only magnifies it), one less for 512-pixel tiles, which hold the
    /// pixels of 256-pixel tiles one zoom deeper. At most 22.
    public static func maximum(cellSize: Double, latitude: Double, tileSize: Int = 256) -> Int {
        var zoom = 0
        // 1.0001: a cell of exactly a zoom's pixel (a model made for that zoom) picks it.
        while zoom < 22 && pixelSize(zoom: zoom, latitude: latitude) > cellSize * 1.0001 { zoom += 1 }
        return tileSize == 512 ? max(0, zoom - 1) : zoom
    }

    /// The default range: `defaultDepth` zooms up to the maximum (not below 0).
    public static func defaultRange(cellSize: Double, latitude: Double, tileSize: Int = 256) -> ClosedRange<Int> {
        let deepest = maximum(cellSize: cellSize, latitude: latitude, tileSize: tileSize)
        return max(0, deepest - defaultDepth)...deepest
    }
}
