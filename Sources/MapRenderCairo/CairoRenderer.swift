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
    /// The largest image side, in device pixels, that the renderer accepts; a bigger
    /// request is an error instead of an out-of-memory kill. Cairo's own limit is 32,767.
    public static let maximumPixelSide = 32_767
    /// The largest image area, in device pixels (about 1.1 GB of RGBA at the limit).
    public static let maximumPixelArea = 268_435_456

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

    /// Creates a renderer.
    public init(decodesImagesInParallel: Bool = true, quality: Int? = nil) {
        self.decodesImagesInParallel = decodesImagesInParallel
        self.quality = quality
    }

    /// Pango measurements, matching what `render` draws.
    public var textMeasurer: any TextMeasurer { PangoTextMeasurer() }

    public func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8] {
        let sink = ByteSink()
        let surface = try makeSurface(for: list, scale: scale, format: format, sink: sink)
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        if decodesImagesInParallel {
            ImageSurfaceCache.shared.prepare(
                list.commands.ungrouped.flatMap { command -> [EncodedImage] in
                    switch command {
                    case .image(let image, _), .imagePart(let image, _, _): [image]
                    case .tiles(let grid): grid.tiles.map(\.image)
                    default: []
                    }
                })
        }
        if format.isRaster, decodesImagesInParallel, Self.paintsInBands(surface),
            cairo_image_surface_get_data(surface) != nil
        {
            paintInBands(list, on: surface, scale: scale)
        } else {
            CairoPainter(context: context, keepsSearchableText: format == .pdf).paint(list)
        }
        try check(cairo_status(context), "drawing")
        cairo_surface_flush(surface)
        let quality = min(max(quality ?? ImageFormat.defaultQuality, 1), 100)
        switch format {
        case .png:
            // Our encoder: the same pixels as Cairo's writer, about 4× faster (PNGEncoder.swift).
            return try PNGEncoder.encode(surface, pixelsPerInch: pixelsPerInch ?? 96 * scale)
        case .jpeg: return try JPEGEncoder.encode(surface, quality: quality, pixelsPerInch: pixelsPerInch ?? 96 * scale)
        case .webp: return try WebPEncoder.encode(surface, quality: quality)
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
            // A hair below a whole number is that number: a page trimmed to whole pixels
            // (PageLayout.pixelAligned) comes back through points a few ulps over.
            let pixelWidth = (width * scale - 1e-6).rounded(.up), pixelHeight = (height * scale - 1e-6).rounded(.up)
            guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth <= Double(Self.maximumPixelSide),
                pixelHeight <= Double(Self.maximumPixelSide), pixelWidth * pixelHeight <= Double(Self.maximumPixelArea)
            else {
                throw MapError(
                    .invalidRequest, "an image of \(Int(pixelWidth))×\(Int(pixelHeight)) pixels is too large to render",
                    remedy:
                        "keep each side within \(Self.maximumPixelSide) pixels and the area within \(Self.maximumPixelArea / 1_000_000) megapixels (canvas size × scale)"
                )
            }
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
            cairo_surface_set_device_scale(surface, scale, scale)
        case .svg:
            // Cairo's SVG surface turns text into glyph outlines; SVGRenderer keeps real text.
            throw MapError(.invalidRequest, "SVG is written by SVGRenderer, not through a Cairo surface")
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(
                writeToSink, Unmanaged.passUnretained(sink).toOpaque(), width, height)
            // PDF 1.4 keeps a classic cross-reference table: from 1.17.6 on, Cairo writes a
            // 1.5 file's objects into compressed object streams, which the georeference's
            // incremental update (MapDrawing's PDFIncrementalUpdate) does not read.
            cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_4)
            // A fixed creation date keeps PDF output byte-identical across runs.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "maprender")
        }
        try check(cairo_surface_status(surface), "creating the \(format.rawValue.uppercased()) surface")
        return surface
    }

    /// Whether a PNG surface is large enough (a quarter megapixel) to be painted in two
    /// bands on two threads.
    private static func paintsInBands(_ surface: OpaquePointer) -> Bool {
        Int(cairo_image_surface_get_width(surface)) * Int(cairo_image_surface_get_height(surface)) >= 262_144
    }

    /// Paints the list into the top and the bottom half of the image at once, each half a
    /// surface of its own over the image's rows (so no Cairo object is shared between the
    /// threads), moved by a device offset so that both draw the same canvas. Every pixel is
    /// computed by exactly one band, as it would be in one pass: the same bytes.
    private func paintInBands(_ list: DisplayList, on surface: OpaquePointer, scale: Double) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = cairo_image_surface_get_width(surface), height = Int(cairo_image_surface_get_height(surface))
        let stride = cairo_image_surface_get_stride(surface)
        let middle = height / 2
        let bands = [(0, middle), (middle, height)]
        // The rows' address crosses to the threads as a number; each band writes its own rows.
        let address = Int(bitPattern: data)
        DispatchQueue.concurrentPerform(iterations: bands.count) { index in
            let (top, bottom) = bands[index]
            let rows = UnsafeMutablePointer<UInt8>(bitPattern: address + top * Int(stride))!
            let band = cairo_image_surface_create_for_data(
                rows, CAIRO_FORMAT_ARGB32, width, Int32(bottom - top), stride)!
            cairo_surface_set_device_scale(band, scale, scale)
            cairo_surface_set_device_offset(band, 0, -Double(top))
            let context = cairo_create(band)!
            CairoPainter(context: context).paint(list)
            cairo_destroy(context)
            cairo_surface_flush(band)
            cairo_surface_destroy(band)
        }
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
