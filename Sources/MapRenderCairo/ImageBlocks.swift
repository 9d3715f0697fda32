internal import CCairo
import MapGeometry

/// Resampled images drawn a fixed block of device pixels at a time, so a band of a poster
/// gets exactly the pixels the one-piece painting gets.
///
/// Cairo hands pixman an image pattern's matrix with its translation taken relative to the
/// middle of the operation's extents (`_cairo_matrix_to_pixman_matrix_offset`, which keeps
/// the 16.16 fixed-point numbers small), and those extents are cut by the clip. So the same
/// scaled tile or icon drawn under two different clips (a band and the whole image) is
/// sampled at positions a 65,536th of a pixel apart, and a few pixels come out one level
/// different. Drawing each resampled image once per block of `side` × `side` device pixels,
/// on a grid fixed in the image, clipped to the block, makes the extents, and with them the
/// pixels, independent of the band; bands start and end on block boundaries
/// (`BandedPainting`).
enum ImageBlocks {
    /// The side of a block, in device pixels: a band's rows are a multiple of it.
    static let side = 32

    /// Calls `draw`, which draws an image scaled into `rect` (user space), once per block
    /// of device pixels the rect and the clip share, clipped to the block; on a vector
    /// surface, once.
    static func draw(_ rect: CanvasRect, on context: OpaquePointer, _ draw: () -> Void) {
        let target = cairo_get_target(context)
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return draw() }
        var scaleX = 1.0, scaleY = 1.0
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        // The rect's corners and the clip's extents in image pixels (device space without
        // the surface's offset, which is the same for every piece of one image).
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            var (dx, dy) = (x, y)
            cairo_user_to_device(context, &dx, &dy)
            xs.append(dx * scaleX)
            ys.append(dy * scaleY)
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_identity_matrix(context)
        var clipX1 = 0.0, clipY1 = 0.0, clipX2 = 0.0, clipY2 = 0.0
        cairo_clip_extents(context, &clipX1, &clipY1, &clipX2, &clipY2)
        cairo_set_matrix(context, &matrix)
        // One pixel more on each side: the resampling filter reaches beyond the rect's edge.
        let left = max(xs.min()!.rounded(.down) - 1, clipX1 * scaleX)
        let right = min(xs.max()!.rounded(.up) + 1, clipX2 * scaleX)
        let top = max(ys.min()!.rounded(.down) - 1, clipY1 * scaleY)
        let bottom = min(ys.max()!.rounded(.up) + 1, clipY2 * scaleY)
        guard left < right, top < bottom, left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else { return }
        let side = Double(Self.side)
        let firstColumn = Int((left / side).rounded(.down)), lastColumn = Int(((right - 1) / side).rounded(.down))
        let firstRow = Int((top / side).rounded(.down)), lastRow = Int(((bottom - 1) / side).rounded(.down))
        for row in firstRow...max(firstRow, lastRow) {
            for column in firstColumn...max(firstColumn, lastColumn) {
                cairo_save(context)
                // The block in image pixels, set with user space scaled back to pixels.
                cairo_identity_matrix(context)
                cairo_scale(context, 1 / scaleX, 1 / scaleY)
                cairo_rectangle(context, Double(column) * side, Double(row) * side, side, side)
                cairo_clip(context)
                cairo_set_matrix(context, &matrix)
                draw()
                cairo_restore(context)
            }
        }
    }
}
