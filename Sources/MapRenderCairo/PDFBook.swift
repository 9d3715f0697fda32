internal import CCairo
public import MapDrawing
public import MapErrors

/// A PDF of many pages, one display list each, painted one after the other on one Cairo
/// PDF surface: `batch --book`'s atlas. Each page takes its list's size, in points.
///
/// Not for concurrent use: pages are added from one thread at a time, in page order (the
/// batch adds them as it hands its outcomes over, in manifest order). Fonts are embedded
/// once for the whole book, subset to the glyphs all its pages use.
public final class PDFBook: @unchecked Sendable {
    private let sink = ByteSink()
    private var surface: OpaquePointer?
    private var context: OpaquePointer?
    /// How many pages have been added.
    public private(set) var pageCount = 0

    /// Creates an empty book.
    public init() {}

    deinit {
        if let context { cairo_destroy(context) }
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Paints `list` as the next page, of the list's size in points.
    public func addPage(_ list: DisplayList) throws(MapError) {
        let width = list.size.width, height = list.size.height
        guard width >= 1, height >= 1, width <= 14_400, height <= 14_400 else {
            // 14,400 pt (200 in) is the largest page PDF readers must show (ISO 32000-2, Annex C).
            throw MapError(.invalidRequest, "a page of \(width)×\(height) points is outside PDF's 1–14,400")
        }
        if surface == nil {
            let created = cairo_pdf_surface_create_for_stream(
                writeToSink, Unmanaged.passUnretained(sink).toOpaque(), width, height)!
            // A fixed creation date keeps the book byte-identical across runs.
            cairo_pdf_surface_set_metadata(created, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(created, CAIRO_PDF_METADATA_CREATOR, "maprender")
            surface = created
            try check(cairo_surface_status(created), "creating the PDF book")
            context = cairo_create(created)
        }
        guard let surface, let context else { return }
        // The size applies from the next drawing on (Cairo: "call before any drawing to the page").
        cairo_pdf_surface_set_size(surface, width, height)
        cairo_save(context)
        CairoPainter(context: context, keepsSearchableText: true).paint(list)
        cairo_restore(context)
        cairo_show_page(context)
        try check(cairo_status(context), "painting page \(pageCount + 1) of the PDF book")
        pageCount += 1
    }

    /// Ends the book and returns its bytes; nil when no page was added (a PDF needs one).
    public func finish() throws(MapError) -> [UInt8]? {
        guard let surface else { return nil }
        if let context { cairo_destroy(context) }
        context = nil
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), "finishing the PDF book")
        cairo_surface_destroy(surface)
        self.surface = nil
        return sink.bytes
    }

    private func check(_ status: cairo_status_t, _ doing: String) throws(MapError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw MapError(
                .internalFailure, "Cairo failed \(doing): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
