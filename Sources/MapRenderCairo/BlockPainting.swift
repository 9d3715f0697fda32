internal import CCairo
import MapDrawing
import MapErrors
import MapGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A display list's backdrop (`ReusableBackdrop`: the background and the basemap below
/// everything else) put on a raster surface from painted blocks: those kept in a
/// `PaintedBlockCache` copied, the others painted now — all the missing ones of a map in one
/// rectangle laid out by the backdrop's source — and kept for the maps after.
///
/// Why the pixels are those of painting the list in one piece: the backdrop is the first
/// thing painted, onto a transparent surface, so copying its pixels in (the `SOURCE`
/// operator) leaves the surface as painting it would; and a block is painted in the same
/// device pixel grid as the map (the grid is fixed to the world's origin, and the pixel
/// phase is in the key), from the same tiles' shapes at the same zoom, only with canvas
/// coordinates counted from another corner. Those differ from the map's by rounding in the
/// last bits of a double, far below Cairo's 1/256 pixel grid. Resampled images (relief,
/// raster layers) are sampled from a picture of another viewport and may differ by a level
/// in a channel; `BlockPaintingTests` and the batch tests measure both.
struct BlockPainting {
    let backdrop: ReusableBackdrop
    let cache: PaintedBlockCache
    let scale: Double

    /// What painting blocks did for one map.
    struct Outcome {
        var reused = 0
        var painted = 0
    }

    /// Puts the backdrop of a map `width` × `height` pixels into `data` (ARGB32 rows
    /// `stride` bytes apart, all zero), and counts the blocks reused and painted; `nil`, with
    /// nothing put, when the map is better painted whole.
    ///
    /// Laying out and painting the rectangle around the missing blocks costs more than
    /// painting the map whole (the rectangle is larger, and its layout is not the map's), so
    /// it pays only when the blocks will be used again: when at least half of the map's
    /// blocks are kept already, or when its view (backdrop, origin and size) was painted
    /// before — a batch repeating a view. Otherwise the map is painted whole and its view
    /// remembered. (Measured: a nightly batch of different tracks was 27 % slower when every
    /// map painted its missing blocks, with half of its blocks found.)
    func paint(into data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws(MapError) -> Outcome? {
        let side = ReusableBackdrop.blockSide
        let (originX, originY) = backdrop.wholeOrigin
        func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        let columns = floorDiv(-originX, side)...floorDiv(width - 1 - originX, side)
        let rows = floorDiv(-originY, side)...floorDiv(height - 1 - originY, side)
        var blocks: [PaintedBlockCache.Key: PaintedBlockCache.Block] = [:]
        var missing: [PaintedBlockCache.Key] = []
        for row in rows {
            for column in columns {
                let key = PaintedBlockCache.Key(backdrop: backdrop.key, column: column, row: row)
                if let block = cache.block(for: key) { blocks[key] = block } else { missing.append(key) }
            }
        }
        let view = "\(backdrop.key) \(originX) \(originY) \(width)x\(height)"
        if !missing.isEmpty, missing.count * 2 > missing.count + blocks.count, !cache.checkSeen(view) { return nil }
        cache.record(reused: blocks.count, painted: missing.count)
        var outcome = Outcome(reused: blocks.count, painted: missing.count)
        if !missing.isEmpty {
            let painted = try paintBlocks(missing, originX: originX, originY: originY, canvasPixels: width * height)
            for (key, block) in painted.blocks {
                blocks[key] = block
                if painted.isComplete { cache.store(block, for: key) }
            }
            outcome.painted = painted.blocks.count
        }
        // Each block's rows that fall on the map, copied over the zeros.
        for (key, block) in blocks {
            let left = key.column * side + originX, top = key.row * side + originY
            let x0 = max(0, left), x1 = min(width, left + side)
            let y0 = max(0, top), y1 = min(height, top + side)
            guard x0 < x1, y0 < y1 else { continue }
            block.pixels.withUnsafeBytes { pixels in
                for y in y0..<y1 {
                    memcpy(
                        data + y * stride + x0 * 4, pixels.baseAddress! + ((y - top) * side + (x0 - left)) * 4,
                        (x1 - x0) * 4)
                }
            }
        }
        return outcome
    }

    /// Paints the rectangle around the `missing` blocks in one piece and cuts it into blocks;
    /// whether they may be kept (their drawing is whole).
    private func paintBlocks(
        _ missing: [PaintedBlockCache.Key], originX: Int, originY: Int, canvasPixels: Int
    ) throws(MapError) -> (blocks: [(PaintedBlockCache.Key, PaintedBlockCache.Block)], isComplete: Bool) {
        let side = ReusableBackdrop.blockSide
        let firstColumn = missing.map(\.column).min()!, lastColumn = missing.map(\.column).max()!
        let firstRow = missing.map(\.row).min()!, lastRow = missing.map(\.row).max()!
        let rect = PixelRect(
            x: firstColumn * side + originX, y: firstRow * side + originY, width: (lastColumn - firstColumn + 1) * side,
            height: (lastRow - firstRow + 1) * side)
        let drawing = try backdrop.source.drawing(for: rect)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rect.width), Int32(rect.height))
        else { throw MapError(.invalidRequest, "Cairo could not create a surface for basemap blocks") }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, scale, scale)
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        let size = CanvasSize(width: Double(rect.width) / scale, height: Double(rect.height) / scale)
        // The tile grid's picture is chosen by the whole map's pixels, as when painted whole.
        CairoPainter(context: context, canvasPixelCount: canvasPixels).paint(
            DisplayList(size: size, commands: drawing.commands))
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw MapError(
                .internalFailure,
                "Cairo failed painting basemap blocks: \(String(cString: cairo_status_to_string(status)))")
        }
        cairo_surface_flush(surface)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let stride = Int(cairo_image_surface_get_stride(surface))
        var blocks: [(PaintedBlockCache.Key, PaintedBlockCache.Block)] = []
        for key in missing {
            let left = (key.column - firstColumn) * side, top = (key.row - firstRow) * side
            let pixels = [UInt32](unsafeUninitializedCapacity: side * side) { buffer, count in
                for y in 0..<side {
                    memcpy(buffer.baseAddress! + y * side, data + (top + y) * stride + left * 4, side * 4)
                }
                count = side * side
            }
            blocks.append((key, PaintedBlockCache.Block(pixels: pixels)))
        }
        return (blocks, drawing.isComplete)
    }
}

extension CairoRenderer {
    /// Puts `list`'s backdrop onto `surface` from painted blocks when it has one and reuse is
    /// on, and returns the commands left to paint over it; `nil`: paint the whole list.
    func paintBackdrop(_ list: DisplayList, on surface: OpaquePointer, scale: Double) throws(MapError) -> DisplayList? {
        guard let backdrop = list.backdrop, blockCache.capacity > 0, list.size == backdrop.canvasSize,
            backdrop.commandCount <= list.commands.count, case .clear = list.commands.first,
            let data = cairo_image_surface_get_data(surface)
        else { return nil }
        cairo_surface_flush(surface)
        let outcome = try BlockPainting(backdrop: backdrop, cache: blockCache, scale: scale).paint(
            into: UnsafeMutableRawPointer(data), width: Int(cairo_image_surface_get_width(surface)),
            height: Int(cairo_image_surface_get_height(surface)), stride: Int(cairo_image_surface_get_stride(surface)))
        guard outcome != nil else { return nil }
        cairo_surface_mark_dirty(surface)
        return DisplayList(size: list.size, commands: Array(list.commands[backdrop.commandCount...]))
    }
}
