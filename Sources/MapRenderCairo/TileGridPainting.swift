internal import CCairo
import MapDrawing
import MapGeometry

/// Tile grids drawn as one picture, so that resampled tiles join without seams.
///
/// Cairo resamples a surface pattern on its own: at a tile's edge the bilinear filter blends
/// the edge pixels with what lies beyond them, transparency, and where two enlarged tiles
/// meet the background shows through in a light line. The tiles are therefore first put
/// side by side into one intermediate surface, at their own resolution (at the canvas's when
/// they are shrunk), each filling a whole number of pixels; that surface is then scaled onto
/// the canvas in one paint, and at a boundary the filter samples the neighbouring tile,
/// exactly as it would inside one big image.
extension CairoPainter {
    /// The most pixels the intermediate picture may have (64 MB of ARGB), or twice the
    /// canvas's on a larger raster canvas (a grid covers the canvas and a tile around it, at
    /// most at the canvas's resolution): a grid that would need more (thousands of tiles
    /// shrunk far below their size for a PDF) is drawn tile by tile.
    static let maximumGridPixels = 16 << 20

    /// Draws a grid of tiles: directly when every tile lands 1:1 on whole device pixels (no
    /// resampling, so no seam, and no extra copy), else through one intermediate picture.
    func paintTiles(_ grid: TileGrid) {
        let decoded = grid.tiles.compactMap { tile in
            ImageSurfaceCache.shared.surface(for: tile.image).map { (tile: tile, surface: $0) }
        }
        defer { for entry in decoded { cairo_surface_destroy(entry.surface) } }
        guard !decoded.isEmpty, grid.cellSize.width > 0, grid.cellSize.height > 0 else { return }

        // Where the grid lands in device pixels: cairo_user_to_device applies the current
        // transformation only, the surface's device scale and offset (HiDPI) come after it.
        let target = cairo_get_target(context)
        var scaleX = 1.0, scaleY = 1.0, offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        var cellWidth = grid.cellSize.width, cellHeight = grid.cellSize.height
        cairo_user_to_device_distance(context, &cellWidth, &cellHeight)
        (cellWidth, cellHeight) = (cellWidth * scaleX, cellHeight * scaleY)
        var originX = grid.origin.x, originY = grid.origin.y
        cairo_user_to_device(context, &originX, &originY)
        (originX, originY) = (originX * scaleX + offsetX, originY * scaleY + offsetY)
        let isRaster = cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
        let canvasPixels =
            isRaster
            ? canvasPixelCount ?? Int(cairo_image_surface_get_width(target))
                * Int(cairo_image_surface_get_height(target))
            : 0
        let sizes = decoded.map { entry in
            (
                width: Int(cairo_image_surface_get_width(entry.surface)),
                height: Int(cairo_image_surface_get_height(entry.surface))
            )
        }
        func isWhole(_ value: Double) -> Bool { abs(value - value.rounded()) < 1e-6 }
        let isOneToOne =
            isRaster && isWhole(originX) && isWhole(originY)
            && sizes.allSatisfy {
                abs(Double($0.width) - cellWidth) < 1e-6 && abs(Double($0.height) - cellHeight) < 1e-6
            }

        // The intermediate picture keeps the tiles' own pixels, or fewer when they are shrunk on
        // a raster canvas (more would be thrown away); each cell a whole number of pixels so the
        // tiles meet exactly.
        let tileWidth = sizes.map(\.width).max()!, tileHeight = sizes.map(\.height).max()!
        let pixelWidth = isRaster ? max(1, min(tileWidth, Int(abs(cellWidth).rounded(.up)))) : tileWidth
        let pixelHeight = isRaster ? max(1, min(tileHeight, Int(abs(cellHeight).rounded(.up)))) : tileHeight
        let columns = decoded.map(\.tile.column), rows = decoded.map(\.tile.row)
        let (firstColumn, firstRow) = (columns.min()!, rows.min()!)
        let width = (columns.max()! - firstColumn + 1) * pixelWidth
        let height = (rows.max()! - firstRow + 1) * pixelHeight
        guard !isOneToOne, width <= BandedPainting.cairoMaximumSide, height <= BandedPainting.cairoMaximumSide,
            width * height <= max(Self.maximumGridPixels, 2 * canvasPixels),
            let picture = Self.picture(
                of: decoded, firstColumn: firstColumn, firstRow: firstRow, cell: (pixelWidth, pixelHeight),
                size: (width, height))
        else {
            for entry in decoded { paint(entry.surface, in: grid.rect(of: entry.tile)) }
            return
        }
        defer { cairo_surface_destroy(picture) }
        let corner = grid.rect(column: firstColumn, row: firstRow)
        let extent = CanvasRect(
            x: corner.minX, y: corner.minY, width: grid.cellSize.width * Double(width / pixelWidth),
            height: grid.cellSize.height * Double(height / pixelHeight))
        ImageBlocks.draw(extent, on: context) {
            cairo_save(context)
            cairo_translate(context, corner.minX, corner.minY)
            cairo_scale(context, grid.cellSize.width / Double(pixelWidth), grid.cellSize.height / Double(pixelHeight))
            Self.fill(CanvasRect(x: 0, y: 0, width: Double(width), height: Double(height)), with: picture, on: context)
            cairo_restore(context)
        }
    }

    /// The tiles side by side in a new surface, each scaled into a cell of `cell` pixels; the
    /// caller destroys it. `nil` when Cairo cannot make the surface.
    private static func picture(
        of tiles: [(tile: TileGrid.Tile, surface: OpaquePointer)], firstColumn: Int, firstRow: Int,
        cell: (width: Int, height: Int), size: (width: Int, height: Int)
    ) -> OpaquePointer? {
        let picture = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))!
        guard cairo_surface_status(picture) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(picture)
            return nil
        }
        let context = cairo_create(picture)!
        defer { cairo_destroy(context) }
        for (tile, surface) in tiles {
            let width = Double(cairo_image_surface_get_width(surface)),
                height = Double(cairo_image_surface_get_height(surface))
            cairo_save(context)
            cairo_translate(
                context, Double((tile.column - firstColumn) * cell.width), Double((tile.row - firstRow) * cell.height))
            cairo_scale(context, Double(cell.width) / width, Double(cell.height) / height)
            fill(CanvasRect(x: 0, y: 0, width: width, height: height), with: surface, on: context)
            cairo_restore(context)
        }
        return picture
    }

    /// Fills `rect` (user space, the surface's pixels) with a surface placed at the origin,
    /// its edge pixels repeated outward (`CAIRO_EXTEND_PAD`, "pixels outside of the pattern
    /// copy the closest pixel from the source", cairo_pattern_t documentation): the filter
    /// then never blends an edge with transparency, and the rect bounds the drawing to the
    /// surface itself.
    private static func fill(_ rect: CanvasRect, with surface: OpaquePointer, on context: OpaquePointer) {
        cairo_set_source_surface(context, surface, 0, 0)
        let pattern = cairo_get_source(context)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_new_path(context)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(context)
    }
}
