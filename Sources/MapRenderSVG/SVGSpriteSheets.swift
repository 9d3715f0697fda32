import MapDrawing
import MapFormats
import MapGeometry

/// The images drawn in parts (sprite sheets of icons): each embedded once, in `<defs>`, and
/// every part a nested `<svg>` whose viewBox crops the sheet to the part.
struct SpriteSheets {
    /// The distinct images in order of first use.
    private(set) var images: [EncodedImage] = []
    /// Each image's index in `images`.
    private var indices: [Key: Int] = [:]

    /// The encoded bytes as a dictionary key, hashed in bulk (`EncodedImage`'s synthesized
    /// hash feeds the hasher byte by byte, and a sheet is looked up once per icon).
    private struct Key: Hashable {
        let digest: Int
        let bytes: [UInt8]

        init(_ bytes: [UInt8]) {
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            digest = hasher.finalize()
            self.bytes = bytes
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    /// The sheets of a list's `.imagePart` commands.
    init(_ commands: [DrawCommand]) {
        for case .imagePart(let image, _, _) in commands where Self.isEmbeddable(image) {
            let key = Key(image.data)
            guard indices[key] == nil else { continue }
            indices[key] = images.count
            images.append(image)
        }
    }

    /// As `SVGWriter` writes images: a PNG or JPEG signature that matches the encoding.
    private static func isEmbeddable(_ image: EncodedImage) -> Bool {
        ImageEncoding(sniffing: image.data) == image.encoding
    }

    /// An image's size in pixels: its header's, or the declared one when the header cannot
    /// be read (the painter draws the decoded pixels, whose size is the header's).
    private static func pixelSize(of image: EncodedImage) -> (width: Int, height: Int) {
        if let header = try? ImageHeader(parsing: image.data) { return (header.pixelWidth, header.pixelHeight) }
        return (image.pixelWidth, image.pixelHeight)
    }

    private static func id(_ index: Int) -> String { "sprite-\(index + 1)" }

    /// One `<image>` per sheet, at its pixel size, for the `<defs>`.
    var definitions: String {
        images.enumerated().map { index, image in
            let (width, height) = Self.pixelSize(of: image)
            return "<image id=\"\(Self.id(index))\" width=\"\(width)\" height=\"\(height)\""
                + " xlink:href=\"data:\(image.encoding.mimeType);base64,\(SVGWriter.base64(image.data))\"/>\n"
        }.joined()
    }

    /// The `source` pixels of a sheet scaled into `rect`: a nested `<svg>` the size of the
    /// rect whose viewBox is the part (cut to the sheet, as the painter cuts it), showing
    /// the sheet; the nested viewport clips away the rest.
    func writePart(of image: EncodedImage, source: PixelRect, in rect: CanvasRect, to out: inout String) {
        guard let index = indices[Key(image.data)], rect.width > 0, rect.height > 0 else { return }
        let (width, height) = Self.pixelSize(of: image)
        func end(_ start: Int, _ length: Int) -> Int {
            let (sum, overflow) = start.addingReportingOverflow(length)
            return overflow ? (length > 0 ? Int.max : Int.min) : sum
        }
        let minX = max(source.x, 0), minY = max(source.y, 0)
        let maxX = min(end(source.x, source.width), width), maxY = min(end(source.y, source.height), height)
        guard minX < maxX, minY < maxY else { return }
        let number = { (value: Double) in SVGWriter.number(value) }
        out += "<svg x=\"\(number(rect.minX))\" y=\"\(number(rect.minY))\""
        out += " width=\"\(number(rect.width))\" height=\"\(number(rect.height))\""
        out += " viewBox=\"\(minX) \(minY) \(maxX - minX) \(maxY - minY)\" preserveAspectRatio=\"none\""
        out += " overflow=\"hidden\"><use xlink:href=\"#\(Self.id(index))\"/></svg>\n"
    }
}
