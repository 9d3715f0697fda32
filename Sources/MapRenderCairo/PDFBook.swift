internal import CCairo
public import MapDrawing
public import MapErrors
import MapFormats

/// A PDF of many pages, one display list each, painted one after the other on one Cairo
/// PDF surface and streamed to its file as Cairo writes it: `batch --book`'s atlas. Each
/// page takes its list's size, in points.
///
/// The file is staged beside its destination and moved into place by `finish`, so the
/// destination holds the old file or the whole book. Memory stays that of one page:
/// Cairo writes each page's content when the page is shown (fonts, subset to the glyphs
/// all pages use, are written at the end), and the georeference is appended by reading
/// back only the file's tail and its page objects.
///
/// Not for concurrent use: pages are added from one thread at a time, in page order (the
/// batch adds them as it hands its outcomes over, in manifest order).
public final class PDFBook: @unchecked Sendable {
    private let sink: FileSink
    private var surface: OpaquePointer?
    private var context: OpaquePointer?
    /// How many pages have been added.
    public private(set) var pageCount = 0

    /// Creates an empty book that will be written to `destination`.
    ///
    /// - Throws: `MapError` `.cannotCreate` when its folder is missing or not writable.
    public init(destination: String) throws(MapError) {
        sink = FileSink(file: try StagedFile(streamingTo: destination))
    }

    deinit {
        if let context { cairo_destroy(context) }
        if let surface { cairo_surface_destroy(surface) }
        sink.file.discard()
    }

    /// Paints `list` as the next page, of the list's size in points.
    public func addPage(_ list: DisplayList) throws(MapError) {
        let width = list.size.width, height = list.size.height
        // 14,400 pt (200 in) is the largest page PDF readers must show (ISO 32000-2, Annex C).
        guard width >= 1, height >= 1, width <= 14_400, height <= 14_400 else {
            throw MapError(.invalidRequest, "a page of \(width)×\(height) points is outside PDF's 1–14,400")
        }
        if surface == nil {
            let created = CairoRenderer.pdfSurface(
                writing: writeToFileSink, to: Unmanaged.passUnretained(sink).toOpaque(), width: width, height: height)
            surface = created
            try check(cairo_surface_status(created), "creating the PDF book")
            context = cairo_create(created)
        }
        guard let surface, let context else { return }
        // The size applies to the page being started (Cairo: before any drawing on it).
        cairo_pdf_surface_set_size(surface, width, height)
        cairo_save(context)
        CairoPainter(context: context, keepsSearchableText: true).paint(list)
        cairo_restore(context)
        cairo_show_page(context)
        try check(cairo_status(context), "painting page \(pageCount + 1) of the PDF book")
        if let failure = sink.failure { throw failure }
        pageCount += 1
    }

    /// Ends the book, appends the measures of its pages (by index in page order) as an
    /// incremental update, and moves the file into place; a book without a page is not
    /// written (a PDF needs one).
    ///
    /// - Returns: why the book could not be georeferenced (it is written without), or nil.
    /// - Throws: `MapError` when writing or moving the file fails.
    public func finish(georeferencing measures: [Int: PDFGeospatialMeasure]) throws(MapError) -> MapError? {
        guard let surface else {
            sink.file.discard()
            return nil
        }
        if let context { cairo_destroy(context) }
        context = nil
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        self.surface = nil
        try sink.flush()
        try check(status, "finishing the PDF book")
        var warning: MapError?
        do throws(MapError) {
            let update = try PDFIncrementalUpdate(size: sink.written) { offset, count throws(MapError) in
                try sink.file.read(count: count, at: offset)
            }
            try sink.file.append(try PDFGeospatialMeasure.appendix(to: update, pages: measures))
        } catch  where error.kind == .invalidData {
            warning = error
        }
        try sink.file.commit()
        return warning
    }

    private func check(_ status: cairo_status_t, _ doing: String) throws(MapError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw MapError(
                .internalFailure, "Cairo failed \(doing): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}

/// Collects what Cairo writes in pieces of a mebibyte and appends them to a staged file.
final class FileSink {
    let file: StagedFile
    private var buffer: [UInt8] = []
    /// How many bytes were written in all, buffered ones included.
    private(set) var written = 0
    /// The first writing failure; Cairo is told of it and stops.
    private(set) var failure: MapError?

    init(file: StagedFile) { self.file = file }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard failure == nil else { return false }
        buffer.append(contentsOf: bytes)
        written += bytes.count
        if buffer.count >= 1 << 20 {
            do throws(MapError) { try flush() } catch { return false }
        }
        return true
    }

    func flush() throws(MapError) {
        if let failure { throw failure }
        do throws(MapError) {
            try file.append(buffer)
            buffer.removeAll(keepingCapacity: true)
        } catch {
            failure = error
            throw error
        }
    }
}

/// Cairo's write callback for a `FileSink` passed as the closure pointer.
let writeToFileSink: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<FileSink>.fromOpaque(closure).takeUnretainedValue()
    return sink.append(UnsafeBufferPointer(start: data, count: Int(length)))
        ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}
