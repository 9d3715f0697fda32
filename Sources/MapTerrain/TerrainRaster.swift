import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one relief layer draws per pixel.
public enum ReliefPaint: Sendable {
    /// A `hillshade` layer.
    case hillshade(Hillshade)
    /// A `color-relief` layer.
    case colorRelief(ColorRamp)
}

/// Where a picture's pixels lie on the map: a grid of device pixels, north up, in the
/// world's pixel coordinates of 256-pixel XYZ tiles at `zoom`.
public struct TerrainPixelGrid: Hashable, Sendable {
    /// The world pixel coordinate (at `zoom`) of the grid's top left corner.
    public var originX: Double
    /// The world pixel coordinate (at `zoom`) of the grid's top left corner.
    public var originY: Double
    /// The map zoom, counting 256-pixel tiles (fractional allowed).
    public var zoom: Double
    /// World pixels per device pixel (1 / the output's pixel density).
    public var step: Double
    /// Device pixels across.
    public var width: Int
    /// Device pixels down.
    public var height: Int

    /// Creates a grid.
    public init(originX: Double, originY: Double, zoom: Double, step: Double, width: Int, height: Int) {
        (self.originX, self.originY, self.zoom, self.step, self.width, self.height) =
            (originX, originY, zoom, step, width, height)
    }
}

/// Paints a relief layer (`hillshade`, `color-relief`) into premultiplied ARGB pixels, from
/// the DEM tiles of one zoom, as MapLibre Native draws it: each screen pixel's centre is
/// found in its DEM tile, the prepared slopes (or the elevation) sampled there.
public enum TerrainRaster {
    /// The DEM zoom for a map zoom: `floor(zoom)` for a source of 256-pixel tiles, one less
    /// for 512-pixel ones (MapLibre uses floor here, not round as for raster tiles), clamped
    /// to the source's zooms; over-zoomed past its top zoom.
    public static func demZoom(forMapZoom zoom: Double, tileSize: Int, zoomRange: ClosedRange<Int>) -> Int {
        let ideal = Int((zoom + 1e-9).rounded(.down)) - (tileSize >= 512 ? 1 : 0)
        return min(max(ideal, zoomRange.lowerBound), zoomRange.upperBound)
    }

    /// The tiles (x may run outside the world, y inside it) of zoom `demZoom` the grid covers.
    public static func tiles(covering grid: TerrainPixelGrid, demZoom: Int) -> [(x: Int, y: Int)] {
        let scale = pow(2, Double(demZoom) - grid.zoom) / 256
        let left = Int((grid.originX * scale).rounded(.down))
        let right = Int(((grid.originX + grid.step * Double(grid.width)) * scale).rounded(.down))
        let count = 1 << demZoom
        let top = max(Int((grid.originY * scale).rounded(.down)), 0)
        let bottom = min(Int(((grid.originY + grid.step * Double(grid.height)) * scale).rounded(.down)), count - 1)
        guard top <= bottom else { return [] }
        return (top...bottom).flatMap { y in (left...right).map { (x: $0, y: y) } }
    }

    /// The layer's pixels, `width × height` premultiplied ARGB words (transparent where no
    /// tile is), and whether any tile was drawn.
    ///
    /// - Parameters:
    ///   - tile: the decoded DEM tile at (x, y) of `demZoom`, x wrapped into the world by the
    ///     caller, or `nil` where the source has none.
    ///   - concurrently: whether a large picture is painted in bands on every core (each
    ///     pixel's colour is its own, so the bands give the same pixels).
    ///   - tables: whether the hillshade is shaded through `HillshadeTable`s (within
    ///     `HillshadeTable.tolerance` of the direct maths, several times faster) or every
    ///     pixel by `Hillshade.color` (the reference the tables are tested against).
    public static func paint(
        _ paint: ReliefPaint, grid: TerrainPixelGrid, demZoom: Int, concurrently: Bool = true, tables: Bool = true,
        tile: @Sendable (_ x: Int, _ y: Int) -> ElevationTile?
    ) -> [UInt32] {
        let bands = concurrently && grid.width * grid.height >= 1 << 17 ? 2 : 1
        let tables = tables ? shadingTables(for: paint, grid: grid, concurrently: bands > 1) : [:]
        guard bands > 1 else { return painted(paint, grid: grid, demZoom: demZoom, tables: tables, tile: tile) }
        var pixels = [UInt32](repeating: 0, count: grid.width * grid.height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let target = buffer
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let top = grid.height * band / bands, bottom = grid.height * (band + 1) / bands
                var part = grid
                part.originY = grid.originY + Double(top) * grid.step
                part.height = bottom - top
                let rows = painted(paint, grid: part, demZoom: demZoom, tables: tables, tile: tile)
                for (offset, word) in rows.enumerated() { target[top * grid.width + offset] = word }
            }
        }
        return pixels
    }

    /// The `HillshadeTable`s of a hillshade over `grid`, by key: one for each divisor its
    /// rows' latitudes round to, when the picture has `HillshadeTable.pixelsPerTable` pixels
    /// for each (none otherwise, and none for a colour relief). Built before the picture is
    /// painted in bands, so that the bands share them.
    static func shadingTables(
        for paint: ReliefPaint, grid: TerrainPixelGrid, concurrently: Bool
    ) -> [Int: HillshadeTable] {
        guard case .hillshade(let shading) = paint else { return [:] }
        let count = pow(2, grid.zoom)
        func key(atWorldY y: Double) -> Int {
            let latitude = latitude(ofTileRow: min(max(y / 256, 0), count), count: count)
            return HillshadeTable.key(cosine: cos(min(abs(latitude), 89) * .pi / 180))
        }
        let top = key(atWorldY: grid.originY), bottom = key(atWorldY: grid.originY + grid.step * Double(grid.height))
        // A row whose latitude in its tile (linear there, as in the shader) rounds outside
        // these is shaded directly.
        let keys = min(top, bottom)...max(top, bottom)
        guard keys.count * HillshadeTable.pixelsPerTable <= grid.width * grid.height else { return [:] }
        return Dictionary(
            uniqueKeysWithValues: keys.map { ($0, HillshadeTable(shading, key: $0, concurrently: concurrently)) })
    }

    /// `paint` on the calling thread.
    private static func painted(
        _ paint: ReliefPaint, grid: TerrainPixelGrid, demZoom: Int, tables: [Int: HillshadeTable],
        tile: (_ x: Int, _ y: Int) -> ElevationTile?
    ) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: grid.width * grid.height)
        let scale = pow(2, Double(demZoom) - grid.zoom) / 256
        let count = Double(1 << demZoom)
        for (x, y) in tiles(covering: grid, demZoom: demZoom) {
            guard let center = tile(x, y) else { continue }
            let side = Double(center.side)
            // The device pixels whose centres fall in this tile.
            let firstColumn = max(Int(((Double(x) / scale - grid.originX) / grid.step - 0.5).rounded(.up)), 0)
            let lastColumn = min(
                Int(((Double(x + 1) / scale - grid.originX) / grid.step - 0.5).rounded(.up)) - 1, grid.width - 1)
            let firstRow = max(Int(((Double(y) / scale - grid.originY) / grid.step - 0.5).rounded(.up)), 0)
            let lastRow = min(
                Int(((Double(y + 1) / scale - grid.originY) / grid.step - 0.5).rounded(.up)) - 1, grid.height - 1)
            guard firstColumn <= lastColumn, firstRow <= lastRow else { continue }
            switch paint {
            case .hillshade(let shading):
                let slopes = PreparedSlopes(tile: center, zoom: demZoom) { dx, dy in tile(x + dx, y + dy) }
                // The shader's latitude runs linearly in v between the tile's edges.
                let north = latitude(ofTileRow: Double(y), count: count)
                let south = latitude(ofTileRow: Double(y + 1), count: count)
                let rows = Array(firstRow...lastRow)
                let vs = rows.map { ((grid.originY + (Double($0) + 0.5) * grid.step) * scale - Double(y)) * side }
                let cosines = vs.map { cos((south + (north - south) * (1 - $0 / side)) * .pi / 180) }
                // Rows whose divisor has a table go through it (`HillshadeTable`).
                let keys = cosines.map(HillshadeTable.key(cosine:))
                let us = (firstColumn...lastColumn).map {
                    ((grid.originX + (Double($0) + 0.5) * grid.step) * scale - Double(x)) * side
                }
                let texelColumns = TexelColumns(tables.isEmpty ? [] : us, side: center.side)
                for (index, row) in rows.enumerated() {
                    let start = row * grid.width + firstColumn
                    if let table = tables[keys[index]] {
                        let v = vs[index], cosine = cosines[index]
                        pixels.withUnsafeMutableBufferPointer { buffer in
                            shadeRow(
                                slopes, table: table, v: v, columns: texelColumns, into: buffer.baseAddress! + start
                            ) { offset in
                                let d = slopes.derivative(u: us[offset], v: v)
                                return shading.color(x: d.x / cosine, y: d.y / cosine).argbWord
                            }
                        }
                    } else {
                        let cosine = cosines[index]
                        for (offset, u) in us.enumerated() {
                            let d = slopes.derivative(u: u, v: vs[index])
                            pixels[start + offset] = shading.color(x: d.x / cosine, y: d.y / cosine).argbWord
                        }
                    }
                }
            case .colorRelief(let ramp):
                for row in firstRow...lastRow {
                    let v = ((grid.originY + (Double(row) + 0.5) * grid.step) * scale - Double(y)) * side
                    for column in firstColumn...lastColumn {
                        let u = ((grid.originX + (Double(column) + 0.5) * grid.step) * scale - Double(x)) * side
                        let elevation = bilinear(center, u: u, v: v)
                        pixels[row * grid.width + column] = ramp.color(atElevation: elevation).argbWord
                    }
                }
            }
        }
        return pixels
    }

    /// Where the pixels of one column sample a prepared tile: the byte offsets of the two
    /// texels either side (clamped to the edge, GL's CLAMP_TO_EDGE) and the weight of the
    /// second, the same for every row of the tile.
    struct TexelColumns {
        var first: [Int] = []
        var second: [Int] = []
        var weight: [Float] = []

        /// The columns for texel column coordinates `us` on a tile of `side` texels, two
        /// bytes a texel.
        init(_ us: [Double], side: Int) {
            let last = side - 1
            for u in us {
                let fx = u - 0.5
                let x0 = Int(fx.rounded(.down))
                first.append(2 * min(max(x0, 0), last))
                second.append(2 * min(max(x0 + 1, 0), last))
                weight.append(Float(fx - Double(x0)))
            }
        }
    }

    /// One row of hillshade pixels at texel row coordinate `v`, written from `row` on: the
    /// slope bytes sampled bilinearly (GL's LINEAR filter with CLAMP_TO_EDGE, as
    /// `PreparedSlopes.derivative` samples), shaded through `table`.
    @inline(__always)
    static func shadeRow(
        _ slopes: PreparedSlopes, table: HillshadeTable, v: Double, columns: TexelColumns,
        into row: UnsafeMutablePointer<UInt32>, direct: (_ offset: Int) -> UInt32
    ) {
        let side = slopes.side, last = side - 1
        let fy = v - 0.5
        let y0 = Int(fy.rounded(.down))
        let ay = Float(fy - Double(y0))
        let ya = min(max(y0, 0), last), yb = min(max(y0 + 1, 0), last)
        table.withEntries { entries, cells in
            slopes.texels.withUnsafeBufferPointer { texels in
                columns.first.withUnsafeBufferPointer { first in
                    columns.second.withUnsafeBufferPointer { second in
                        columns.weight.withUnsafeBufferPointer { weight in
                            let t = texels.baseAddress!
                            let upper = t + 2 * ya * side, lower = t + 2 * yb * side
                            for offset in 0..<first.count {
                                let xa = first[offset], xb = second[offset], ax = weight[offset]
                                @inline(__always) func sample(_ k: Int) -> Float {
                                    let top = Float(upper[xa + k]) + (Float(upper[xb + k]) - Float(upper[xa + k])) * ax
                                    let bottom =
                                        Float(lower[xa + k]) + (Float(lower[xb + k]) - Float(lower[xa + k])) * ax
                                    return top + (bottom - top) * ay
                                }
                                row[offset] =
                                    HillshadeTable.argbWord(x: sample(0), y: sample(1), in: entries, cells: cells)
                                    ?? direct(offset)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The elevation at texel coordinates (u, v), interpolated bilinearly between texel
    /// centres, clamped at the tile's edges (what the shader's LINEAR sampling means).
    static func bilinear(_ tile: ElevationTile, u: Double, v: Double) -> Double {
        let fx = u - 0.5, fy = v - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let last = tile.side - 1
        let xa = min(max(x0, 0), last), xb = min(max(x0 + 1, 0), last)
        let ya = min(max(y0, 0), last), yb = min(max(y0 + 1, 0), last)
        let top = Double(tile[xa, ya]) * (1 - ax) + Double(tile[xb, ya]) * ax
        let bottom = Double(tile[xa, yb]) * (1 - ax) + Double(tile[xb, yb]) * ax
        return top * (1 - ay) + bottom * ay
    }

    /// The latitude in degrees of the top edge of tile row `row` of `count` rows.
    static func latitude(ofTileRow row: Double, count: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * row / count))) * 180 / .pi
    }
}
