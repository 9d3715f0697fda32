internal import CCairo
import MapDrawing
import MapErrors
import MapImageEncoding

extension CairoRenderer {
    /// The image's size in device pixels (canvas size × scale, rounded up), or a usage error
    /// when the format cannot hold it: a side over `maximumPixelSide` for PNG and JPEG, which
    /// are painted in bands; for WebP, which is encoded whole, more than
    /// `maximumOnePiecePixels` or a side over `maximumWebPSide`.
    static func pixelSize(of list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> (Int, Int) {
        // A hair below a whole number is that number: a page trimmed to whole pixels
        // (PageLayout.pixelAligned) comes back through points a few ulps over.
        let width = (list.size.width * scale - 1e-6).rounded(.up),
            height = (list.size.height * scale - 1e-6).rounded(.up)
        guard width >= 1, height >= 1, width <= Double(maximumPixelSide), height <= Double(maximumPixelSide) else {
            throw MapError(
                .invalidRequest, "an image of \(describe(width))×\(describe(height)) pixels is too large to render",
                remedy: "keep each side within \(maximumPixelSide) pixels (canvas size × scale)")
        }
        let (pixelWidth, pixelHeight) = (Int(width), Int(height))
        if format == .webp,
            pixelWidth * pixelHeight > maximumOnePiecePixels || max(pixelWidth, pixelHeight) > maximumWebPSide
        {
            throw MapError(
                .invalidRequest,
                "a WebP of \(pixelWidth)×\(pixelHeight) pixels is too large: WebP is encoded from the whole image at "
                    + "once, at most \(maximumOnePiecePixels) pixels (4096×4096) and \(maximumWebPSide) a side",
                remedy: "write PNG or JPEG, which are made in bands up to \(maximumPixelSide) pixels a side, "
                    + "or make the canvas size × scale smaller")
        }
        return (pixelWidth, pixelHeight)
    }

    /// A pixel count for a message: whole, or "huge" past what an Int holds.
    private static func describe(_ value: Double) -> String {
        value.isFinite && value < 1e15 ? String(Int(max(value, 0))) : "huge"
    }

    /// The quality given, or the default, within 1–100.
    var clampedQuality: Int { min(max(quality ?? ImageFormat.defaultQuality, 1), 100) }

    /// Decodes the list's images (tiles, icons) at once on several cores, when allowed,
    /// before painting needs them one by one.
    func prepareImages(_ list: DisplayList) {
        guard decodesImagesInParallel else { return }
        ImageSurfaceCache.shared.prepare(
            list.commands.ungrouped.flatMap { command -> [EncodedImage] in
                switch command {
                case .image(let image, _), .imagePart(let image, _, _): [image]
                case .tiles(let grid): grid.tiles.map(\.image)
                default: []
                }
            })
    }

    /// A PNG or JPEG painted and encoded a band of rows at a time (`BandedPainting`).
    func renderInBands(
        _ list: DisplayList, scale: Double, format: ImageFormat, width: Int, height: Int
    ) throws(MapError) -> [UInt8] {
        let rows = bandRows ?? BandedPainting.rows(forWidth: width)
        // Recorded in the header each encoder writes first, as the one-piece files record it.
        let resolution = pixelsPerInch ?? 96 * scale
        let encoder: any RowStreamEncoder
        switch format {
        case .png:
            encoder = try PNGStreamEncoder(
                width: width, height: height, opaque: Self.isOpaque(list), pixelsPerInch: resolution)
        case .jpeg:
            encoder = try JPEGStreamEncoder(
                width: width, height: height, quality: clampedQuality, pixelsPerInch: resolution)
        case .webp, .svg, .pdf:
            throw MapError(.internalFailure, "\(format.rawValue.uppercased()) is not written in bands")
        }
        try BandedPainting.paint(
            list, scale: scale, width: width, height: height, bandRows: rows, parallel: decodesImagesInParallel
        ) { pixels, count, stride throws(MapError) in
            try encoder.append(rows: pixels, count: count, stride: stride)
        }
        return try encoder.finish()
    }

    /// Whether every pixel of the list's image is opaque, known before painting: the list
    /// clears the canvas to an opaque colour, and every later command is drawn over it
    /// (Cairo's OVER operator never lowers a pixel's alpha, cairo_operator_t documentation).
    static func isOpaque(_ list: DisplayList) -> Bool {
        list.commands.contains { command in
            if case .clear(let color) = command { color.alpha >= 1 } else { false }
        }
    }
}
