internal import CCairo
public import MapErrors
import MapFormats

/// A decoded raster image: straight-alpha RGBA, 8 bits a channel, rows top to bottom.
///
/// Used to check rendered PNGs (sizes, pixel colours, golden comparisons) without any
/// image library beyond Cairo.
public struct RasterImage: Hashable, Sendable {
    /// Width, in pixels.
    public var width: Int
    /// Height, in pixels.
    public var height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    /// Creates an image from its RGBA bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA buffer size must match the dimensions")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes a PNG file's bytes.
    ///
    /// - Throws: `MapError` `.invalidData` when the bytes are not a PNG Cairo can read, or its
    ///   header gives a side over `maximumDecodedSide` pixels.
    public init(png bytes: [UInt8]) throws(MapError) {
        try Self.checkDecodedSize(ofPNG: bytes)
        let source = ByteSource(bytes: bytes)
        let surface = cairo_image_surface_create_from_png_stream(
            readFromSource, Unmanaged.passUnretained(source).toOpaque())!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw MapError(
                .invalidData,
                "not a readable PNG (\(String(cString: cairo_status_to_string(cairo_surface_status(surface)))))")
        }
        // Draw onto an ARGB32 surface so every PNG colour type arrives in one layout.
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let canvas = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(canvas) }
        let context = cairo_create(canvas)!
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(canvas)
        let stride = Int(cairo_image_surface_get_stride(canvas))
        let data = cairo_image_surface_get_data(canvas)!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                // Cairo stores native-endian 32-bit premultiplied ARGB.
                let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                    $0.pointee
                }
                let alpha = UInt32((word >> 24) & 0xFF)
                func unpremultiply(_ channel: UInt32) -> UInt8 {
                    alpha == 0 ? 0 : UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
                }
                let offset = (y * width + x) * 4
                pixels[offset] = unpremultiply((word >> 16) & 0xFF)
                pixels[offset + 1] = unpremultiply((word >> 8) & 0xFF)
                pixels[offset + 2] = unpremultiply(word & 0xFF)
                pixels[offset + 3] = UInt8(alpha)
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Refuses a PNG whose header asks for more than `maximumDecodedSide` pixels on a side.
    /// Checked before decoding, as for JPEG: Cairo would allocate whatever a header asks for.
    /// Bytes without a readable header pass, for the decoder to refuse with its own reason.
    ///
    /// - Throws: `MapError` `.invalidData` "a W×H PNG is too large to decode".
    static func checkDecodedSize(ofPNG bytes: [UInt8]) throws(MapError) {
        guard let header = try? ImageHeader.PNGHeader(parsing: bytes) else { return }
        let width = header.pixelWidth, height = header.pixelHeight
        guard width <= maximumDecodedSide, height <= maximumDecodedSide else {
            throw MapError(.invalidData, "a \(width)×\(height) PNG is too large to decode")
        }
    }

    /// The RGBA bytes of one pixel.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// Encodes the image as PNG.
    public func pngData() throws(MapError) -> [UInt8] {
        guard let surface = makeSurface() else {
            throw MapError(.internalFailure, "cannot create a \(width)×\(height) image")
        }
        defer { cairo_surface_destroy(surface) }
        return try SurfaceEncoding.cairoPNG(surface)
    }

    /// A Cairo image surface holding the pixels (premultiplied, as Cairo wants); the caller
    /// destroys it.
    func makeSurface() -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x: x, y: y)
                func premultiply(_ channel: UInt8) -> UInt32 { (UInt32(channel) * UInt32(a) + 127) / 255 }
                let word = UInt32(a) << 24 | premultiply(r) << 16 | premultiply(g) << 8 | premultiply(b)
                data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                    $0.pointee = word
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

/// Feeds bytes to Cairo's PNG reader.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0
    init(bytes: [UInt8]) { self.bytes = bytes }
}

/// Cairo's read callback over a `ByteSource`; fails when asked for more than is left.
let readFromSource: cairo_read_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
    let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
    let count = Int(length)
    guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
    source.bytes.withUnsafeBufferPointer { buffer in
        data.update(from: buffer.baseAddress! + source.offset, count: count)
    }
    source.offset += count
    return CAIRO_STATUS_SUCCESS
}
