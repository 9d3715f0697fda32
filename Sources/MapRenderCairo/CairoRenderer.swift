internal import CCairo
import Dispatch
public import MapDrawing
public import MapErrors

/// Renders display lists through Cairo (and Pango for text) to PNG, JPEG, WebP and PDF; SVG with real
/// text is `SVGRenderer`'s.
///
/// The only place in the package that talks to Cairo. Each call builds its own surface, so
/// one renderer may be shared across threads.
public struct CairoRenderer: MapRenderer {
    /// The largest image side, in device pixels, of PNG and JPEG output: JPEG's limit (its
    /// frame header's 16-bit sides), which PNG is held to as well. An image of more than
    /// `maximumOnePiecePixels` is painted and encoded in bands, so memory stays bounded;
    /// a bigger request is an error instead of hours of work.
    public static let maximumPixelSide = 65_535
    /// The most pixels painted on one surface (64 MB of RGBA, 4,096 × 4,096): larger PNG and
    /// JPEG images are painted and encoded in bands of rows, and it is WebP's limit, whose
    /// encoder takes the whole image at once.
    public static let maximumOnePiecePixels = 16_777_216
    /// libwebp's largest side (`WEBP_MAX_DIMENSION`).
    public static let maximumWebPSide = 16_383

    /// Whether one map uses several cores: its images (tiles) decoded at once before
    /// painting, and a large PNG painted in two bands at once. `batch` turns it off: its
    /// workers are the parallelism, and `--jobs 1` stays on one core.
    public var decodesImagesInParallel: Bool

    /// The quality of JPEG and WebP output, 1–100 (`ImageFormat.qualityRange`); nil is
    /// `ImageFormat.defaultQuality`. For WebP, 100 is lossless. PNG and PDF ignore it.
    public var quality: Int?

    /// The resolution PNG and JPEG files record, in pixels per inch, so they print at size;
    /// `nil`: a screen's, 96 × scale (CSS's reference pixel is 1/96 inch). A page on paper
    /// has 72 × scale (its canvas points are 1/72 inch).
    public var pixelsPerInch: Double?
    /// Rows per band for PNG and JPEG output: nil paints images of up to
    /// `maximumOnePiecePixels` in one piece and larger ones in bands of about 32 MB; a number
    /// paints every PNG and JPEG in bands of that many rows, rounded up to a multiple of 32
    /// (`ImageBlocks.side`), the same pixels.
    public var bandRows: Int?
    /// Where a raster map's backdrop (`DisplayList.backdrop`: a batch's street basemap) is
    /// painted in blocks and reused from; its capacity 0 paints every map whole.
    public var blockCache: PaintedBlockCache = .shared

    /// Creates a renderer.
    public init(decodesImagesInParallel: Bool = true, quality: Int? = nil, bandRows: Int? = nil) {
        self.decodesImagesInParallel = decodesImagesInParallel
        self.quality = quality
        self.bandRows = bandRows.map { max(1, $0) }
    }

    /// Pango measurements, matching what `render` draws.
    public var textMeasurer: any TextMeasurer { PangoTextMeasurer() }

    public func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8] {
        if format.isRaster {
            let (width, height) = try Self.pixelSize(of: list, scale: scale, format: format)
            if format != .webp,
                bandRows != nil || width * height > Self.maximumOnePiecePixels
                    || max(width, height) > BandedPainting.cairoMaximumSide
            {
                prepareImages(list)
                return try renderInBands(list, scale: scale, format: format, width: width, height: height)
            }
        }
        let sink = ByteSink()
        let surface = try makeSurface(for: list, scale: scale, format: format, sink: sink)
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        prepareImages(list)
        var list = list
        if format.isRaster, let rest = try paintBackdrop(list, on: surface, scale: scale) { list = rest }
        if format.isRaster, decodesImagesInParallel, Self.paintsInBands(surface),
            cairo_image_surface_get_data(surface) != nil
        {
            try paintInBands(list, on: surface, scale: scale)
        } else {
            CairoPainter(context: context, keepsSearchableText: format == .pdf).paint(list)
        }
        try check(cairo_status(context), "drawing")
        cairo_surface_flush(surface)
        switch format {
        case .png:
            // Our encoder: the same pixels as Cairo's writer, about 4× faster (MapImageEncoding).
            return try SurfaceEncoding.png(surface, pixelsPerInch: pixelsPerInch ?? 96 * scale)
        case .jpeg:
            return try SurfaceEncoding.jpeg(
                surface, quality: clampedQuality, pixelsPerInch: pixelsPerInch ?? 96 * scale)
        case .webp: return try SurfaceEncoding.webp(surface, quality: clampedQuality)
        case .svg, .pdf:
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), "finishing the \(format.rawValue.uppercased())")
        }
        return sink.bytes
    }

    private func makeSurface(
        for list: DisplayList, scale: Double, format: ImageFormat, sink: ByteSink
    ) throws(MapError) -> OpaquePointer {
        let width = list.size.width, height = list.size.height
        let surface: OpaquePointer
        switch format {
        case .png, .jpeg, .webp:
            // The size was checked by `pixelSize`.
            let pixelWidth = (width * scale - 1e-6).rounded(.up), pixelHeight = (height * scale - 1e-6).rounded(.up)
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
            cairo_surface_set_device_scale(surface, scale, scale)
        case .svg:
            // Cairo's SVG surface turns text into glyph outlines; SVGRenderer keeps real text.
            throw MapError(.invalidRequest, "SVG is written by SVGRenderer, not through a Cairo surface")
        case .pdf:
            surface = Self.pdfSurface(
                writing: writeToSink, to: Unmanaged.passUnretained(sink).toOpaque(), width: width, height: height)
        }
        try check(cairo_surface_status(surface), "creating the \(format.rawValue.uppercased()) surface")
        return surface
    }

    /// A PDF surface writing through `write` with `closure`, its first page `width` ×
    /// `height` points, set up as every PDF of ours is.
    static func pdfSurface(
        writing write: cairo_write_func_t, to closure: UnsafeMutableRawPointer, width: Double, height: Double
    ) -> OpaquePointer {
        let surface = cairo_pdf_surface_create_for_stream(write, closure, width, height)!
        cairo_pdf_surface_restrict_to_version(surface, pdfVersion)
        // A fixed creation date keeps PDF output byte-identical across runs.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "maprender")
        return surface
    }

    /// The PDF version our files are written in: 1.5 where this Cairo writes a classic
    /// cross-reference table for it (before 1.17.6), else 1.4.
    ///
    /// Cairo writes the text of a cluster drawn with several glyphs (a Devanagari reph,
    /// which is shaped after the consonant it comes before; ligatures made of several
    /// characters) as marked content with an `/ActualText` only in PDF 1.5 and later; in 1.4
    /// such a glyph has no text, and `pdftotext` or a viewer's search reads "मार्ग" as
    /// "माग\u{FFFD}". From Cairo 1.17.6 on, a 1.5 file's objects go into compressed object
    /// streams, which the georeference's incremental update (MapDrawing's
    /// `PDFIncrementalUpdate`) does not read, so there the files stay 1.4.
    static let pdfVersion: cairo_pdf_version_t =
        cairo_version() < 1 * 10_000 + 17 * 100 + 6 ? CAIRO_PDF_VERSION_1_5 : CAIRO_PDF_VERSION_1_4

    /// Whether a PNG surface is large enough (a quarter megapixel) to be painted in two
    /// bands on two threads.
    private static func paintsInBands(_ surface: OpaquePointer) -> Bool {
        Int(cairo_image_surface_get_width(surface)) * Int(cairo_image_surface_get_height(surface)) >= 262_144
    }

    /// Paints the list into the top and the bottom half of the image at once, each half a
    /// surface of its own over the image, clipped to its rows (`BandedPainting`): every pixel
    /// is computed by exactly one half, as it would be in one pass, so the bytes are the same.
    private func paintInBands(_ list: DisplayList, on surface: OpaquePointer, scale: Double) throws(MapError) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        try BandedPainting.paint(
            list, scale: scale, into: UnsafeMutableRawPointer(data), width: width, window: 0..<height, rows: 0..<height,
            stride: Int(cairo_image_surface_get_stride(surface)), canvasPixels: width * height, parallel: true)
        cairo_surface_mark_dirty(surface)
    }

    private func check(_ status: cairo_status_t, _ doing: String) throws(MapError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(status))
            let code: MapError.Kind = status == CAIRO_STATUS_NO_MEMORY ? .invalidRequest : .internalFailure
            throw MapError(code, "Cairo failed \(doing): \(reason)")
        }
    }
}

/// Collects the bytes Cairo writes to a stream.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// Cairo's write callback: appends to the `ByteSink` passed as the closure pointer.
let writeToSink: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}
