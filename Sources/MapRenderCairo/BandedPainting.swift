internal import CCairo
import Dispatch
import MapDrawing
import MapErrors
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Paints a display list a horizontal band of rows at a time, so a poster needs the memory
/// of one band, not of the whole image.
///
/// The image lives in address space reserved for all of it (an anonymous mapping without
/// swap reservation), but only the pages of the band being painted are ever touched, so only
/// they take memory; once a band is encoded its pages are given back (`MADV_DONTNEED`, which
/// leaves them reading as zeros, madvise(2)). Each band is painted with the whole list through
/// a Cairo image surface over the *whole* image, clipped to the band's rows: every pixel is
/// computed in the same device coordinates as in a one-piece painting. Moving a band-sized
/// surface by a device offset instead is not enough: Cairo folds the offset into the image
/// patterns' matrices, and pixman's 16.16 fixed-point sampling then rounds a scaled tile or
/// icon differently on a few rows (±1 in a channel). Pixel-aligned rectangular clips are
/// regions in Cairo, which change which pixels are drawn, never their values.
///
/// Cairo's surfaces stop at 32,767 pixels a side (`MAX_IMAGE_SIZE`, cairo-image-surface.c):
/// an image wider than that is painted in columns, and one taller through windows of 16,384
/// rows onward, moved by a device offset (no one-piece painting exists to match there).
/// Bands, halves and columns start on the grid of `ImageBlocks`, whose resampled images are
/// drawn block by block for the same reason as the clip. With `parallel`, each band is painted in two halves on two threads, each with its own surface
/// and context over the same memory (nothing shared but the read-only caches).
enum BandedPainting {
    /// About how many bytes a band takes: 32 MB, with the encoder's copy of the band well
    /// under the 400 MB an A0 poster at 300 dpi may use.
    static let bandBytes = 32 << 20
    /// Cairo's largest image surface side.
    static let cairoMaximumSide = 32_767
    /// The widest column painted on one surface: within Cairo's side, a whole number of
    /// `ImageBlocks`.
    static let columnWidth = cairoMaximumSide / ImageBlocks.side * ImageBlocks.side
    /// Where windows over a taller image start: every this many rows.
    static let windowStep = 16_384

    /// Rows per band for an image `width` pixels wide: `bandBytes` worth, 32–1024 rows.
    static func rows(forWidth width: Int) -> Int {
        aligned(max(32, min(1024, bandBytes / max(1, width * 4))))
    }

    /// `rows` rounded up to a whole number of `ImageBlocks`, where bands must start and end.
    static func aligned(_ rows: Int) -> Int {
        max(1, (rows + ImageBlocks.side - 1) / ImageBlocks.side) * ImageBlocks.side
    }

    /// Paints `list` into an image of `width` × `height` pixels at `scale` pixels a point, and
    /// hands each band to `consume` top to bottom: premultiplied ARGB32 rows (Cairo's layout),
    /// with the number of rows and the stride in bytes. The rows are valid during the call.
    ///
    /// - Throws: `MapError` `.invalidRequest` when the address space cannot be reserved, or
    ///   Cairo fails; what `consume` throws.
    static func paint(
        _ list: DisplayList, scale: Double, width: Int, height: Int, bandRows: Int, parallel: Bool,
        consume: (_ rows: UnsafeRawPointer, _ count: Int, _ stride: Int) throws(MapError) -> Void
    ) throws(MapError) {
        // Whole rows of 32-bit words: a multiple of Cairo's stride alignment (4 bytes), and the
        // stride of every piece, however many columns the image is painted in.
        let stride = width * 4
        let length = stride * height
        guard
            let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
            mapping != MAP_FAILED
        else {
            throw MapError(
                .invalidRequest,
                "cannot reserve \(length / 1_048_576) MB of address space for a \(width)×\(height) image")
        }
        defer { munmap(mapping, length) }
        let page = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
        let rows = aligned(bandRows)
        // The tile grid makes a picture of up to twice the image's pixels (TileGridPainting):
        // for a poster that would be the whole image again, once per band and thread, so
        // past one-piece sizes it gets the fixed budget alone. The same for every band.
        let canvasPixels = width * height <= CairoRenderer.maximumOnePiecePixels ? width * height : 0
        var released = 0
        var top = 0
        while top < height {
            let count = min(rows, height - top)
            let windowTop = height <= cairoMaximumSide ? 0 : top - top % windowStep
            let window = windowTop..<min(height, windowTop + cairoMaximumSide)
            try paint(
                list, scale: scale, into: mapping + windowTop * stride, width: width, window: window,
                rows: top..<(top + count), stride: stride, canvasPixels: canvasPixels, parallel: parallel)
            try consume(UnsafeRawPointer(mapping + top * stride), count, stride)
            // Give back the whole pages of what is encoded; a page shared with the next band's
            // rows (still zero, not yet painted) goes with the next band.
            let end = (top + count) * stride
            let pageEnd = top + count == height ? end : end - end % page
            if pageEnd > released {
                madvise(mapping + released, pageEnd - released, MADV_DONTNEED)
                released = pageEnd
            }
            top += count
        }
    }

    /// Paints `list` into the rows `rows` of an image `width` pixels wide and `canvasPixels`
    /// pixels in all, through surfaces over its rows `window` (which start at `data`, `stride`
    /// bytes apart) clipped to `rows`: in columns of at most Cairo's side, and with `parallel`
    /// the rows split in two for two threads. The pixels of `rows` must be zero, or hold what
    /// is painted under the list.
    static func paint(
        _ list: DisplayList, scale: Double, into data: UnsafeMutableRawPointer, width: Int, window: Range<Int>,
        rows: Range<Int>, stride: Int, canvasPixels: Int, parallel: Bool
    ) throws(MapError) {
        // The halves meet on a block boundary, as bands do.
        let middle = rows.lowerBound + aligned(rows.count / 2)
        let halves =
            parallel && middle < rows.upperBound ? [rows.lowerBound..<middle, middle..<rows.upperBound] : [rows]
        let pieces = halves.flatMap { half in
            Swift.stride(from: 0, to: width, by: columnWidth).map { left in
                (x: left..<min(width, left + columnWidth), y: half)
            }
        }
        // The rows' address crosses to the threads as a number; each piece writes its own pixels.
        let address = Int(bitPattern: data)
        let failure = FirstFailure()
        let paintPiece: @Sendable (Int) -> Void = { index in
            let (columns, pieceRows) = pieces[index]
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer<UInt8>(bitPattern: address + columns.lowerBound * 4)!, CAIRO_FORMAT_ARGB32,
                Int32(columns.count), Int32(window.count), Int32(stride))!
            defer { cairo_surface_destroy(surface) }
            cairo_surface_set_device_scale(surface, scale, scale)
            cairo_surface_set_device_offset(surface, -Double(columns.lowerBound), -Double(window.lowerBound))
            let context = cairo_create(surface)!
            defer { cairo_destroy(context) }
            // The clip in image pixels: user space scaled back to device pixels for a moment.
            cairo_scale(context, 1 / scale, 1 / scale)
            cairo_rectangle(
                context, Double(columns.lowerBound), Double(pieceRows.lowerBound), Double(columns.count),
                Double(pieceRows.count))
            cairo_clip(context)
            cairo_identity_matrix(context)
            CairoPainter(context: context, canvasPixelCount: canvasPixels).paint(list)
            cairo_surface_flush(surface)
            let status = cairo_status(context)
            if status != CAIRO_STATUS_SUCCESS { failure.status.withLock { $0 = $0 ?? status.rawValue } }
        }
        if pieces.count > 1, parallel {
            DispatchQueue.concurrentPerform(iterations: pieces.count, execute: paintPiece)
        } else {
            for index in pieces.indices { paintPiece(index) }
        }
        if let raw = failure.status.withLock({ $0 }) {
            let status = cairo_status_t(rawValue: raw)
            let reason = String(cString: cairo_status_to_string(status))
            let kind: MapError.Kind = status == CAIRO_STATUS_NO_MEMORY ? .invalidRequest : .internalFailure
            throw MapError(kind, "Cairo failed drawing: \(reason)")
        }
    }
}

/// The first Cairo status other than success among the pieces painted at once.
private final class FirstFailure: Sendable {
    let status = Mutex<UInt32?>(nil)
}
