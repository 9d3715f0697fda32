public import MapErrors

// Reading the pixel size of PNG and JPEG files from their headers, and checking that a file
// is complete, without decoding a single pixel: a tile server's answer or an MBTiles blob is
// untrusted, and a hostile 60000×60000 PNG header must be refused before anything inflates
// it.

/// Why some bytes are not a usable image, in a few words ("not a PNG or JPEG image",
/// "truncated PNG image", "WebP tiles are not supported"): short enough for a
/// `TileFailure` reason.
public struct ImageRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, in one short line.
    public var reason: String

    /// Creates a rejection.
    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

/// The size limits an image must keep.
public struct ImageLimits: Hashable, Sendable {
    /// The largest width or height accepted, in pixels.
    public var maximumSide: Int
    /// Whether width and height must be equal.
    public var requiresSquare: Bool

    /// Creates limits.
    public init(maximumSide: Int, requiresSquare: Bool) {
        self.maximumSide = maximumSide
        self.requiresSquare = requiresSquare
    }

    /// Basemap tiles: square, 1…1024 pixels on a side (256, 512, or 1024 for @2x 512 tiles).
    public static let tile = ImageLimits(maximumSide: 1024, requiresSquare: true)
}

/// What the header of a PNG or JPEG file says: its encoding and pixel size.
public struct ImageHeader: Hashable, Sendable {
    /// How the file is encoded.
    public var encoding: ImageEncoding
    /// Width, in pixels.
    public var pixelWidth: Int
    /// Height, in pixels.
    public var pixelHeight: Int

    /// Reads the header of a PNG (the IHDR chunk, ISO/IEC 15948 §11.2.2) or a JPEG (the first
    /// SOF0, SOF1 or SOF2 frame header, ITU-T T.81 §B.2.2), walking JPEG segments by their
    /// lengths and never reading past the end. Only the first bytes are needed.
    ///
    /// - Throws: `ImageRejection` for anything else: WebP, GIF, HTML, gzip data, garbage,
    ///   a header cut short, a JPEG kind no decoder here reads (lossless, arithmetic-coded).
    public init(parsing bytes: [UInt8]) throws(ImageRejection) {
        switch ImageEncoding(sniffing: bytes) {
        case .png: self = try ImageHeader.png(bytes)
        case .jpeg: self = try ImageHeader.jpeg(bytes)
        case nil: throw ImageHeader.unrecognised(bytes)
        }
    }

    /// Creates a header from known values.
    public init(encoding: ImageEncoding, pixelWidth: Int, pixelHeight: Int) {
        self.encoding = encoding
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// PNG: the 8-byte signature, then IHDR (length 13) holding width and height.
    private static func png(_ bytes: [UInt8]) throws(ImageRejection) -> ImageHeader {
        guard bytes.count >= 24 else { throw ImageRejection("truncated PNG image") }
        guard bigEndian32(bytes, 8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageRejection("damaged PNG image (no IHDR chunk first)")
        }
        return ImageHeader(encoding: .png, pixelWidth: bigEndian32(bytes, 16), pixelHeight: bigEndian32(bytes, 20))
    }

    /// JPEG: segments after SOI, each `FF marker [length (2 bytes, including itself)] …`,
    /// up to the frame header. Fill bytes (`FF FF`) and markers without a length (RSTn, TEM)
    /// are skipped.
    private static func jpeg(_ bytes: [UInt8]) throws(ImageRejection) -> ImageHeader {
        var offset = 2
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { throw ImageRejection("damaged JPEG image") }
            var marker = bytes[offset + 1]
            offset += 2
            while marker == 0xFF, offset < bytes.count {
                marker = bytes[offset]
                offset += 1
            }
            switch marker {
            case 0x01, 0xD0...0xD8: continue
            case 0xD9, 0xDA: throw ImageRejection("damaged JPEG image (no frame header)")
            default: break
            }
            guard offset + 2 <= bytes.count else { break }
            let length = bigEndian16(bytes, offset)
            guard length >= 2 else { throw ImageRejection("damaged JPEG image") }
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                // SOF: length, sample precision (1), height (2), width (2), …
                guard offset + 7 <= bytes.count, length >= 8 else { throw ImageRejection("truncated JPEG image") }
                return ImageHeader(
                    encoding: .jpeg, pixelWidth: bigEndian16(bytes, offset + 5), pixelHeight: bigEndian16(bytes, offset + 3))
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw ImageRejection("unsupported JPEG kind (lossless or arithmetic-coded)")
            default:
                offset += length
            }
        }
        throw ImageRejection("truncated JPEG image")
    }

    /// The rejection for bytes that are neither PNG nor JPEG, naming what they look like
    /// when that helps (a tile server answering 200 with an HTML error page, say).
    private static func unrecognised(_ bytes: [UInt8]) -> ImageRejection {
        if bytes.isEmpty { return ImageRejection("empty answer (0 bytes), not a PNG or JPEG image") }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return ImageRejection("WebP tiles are not supported")
        }
        if bytes.starts(with: Array("GIF8".utf8)) { return ImageRejection("a GIF image, not a PNG or JPEG image") }
        if bytes.starts(with: [0x1F, 0x8B]) {
            return ImageRejection("gzip data (a vector tile?), not a PNG or JPEG image")
        }
        let start = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.prefix(1)
        if start.first == UInt8(ascii: "<") { return ImageRejection("an HTML or XML page, not a PNG or JPEG image") }
        return ImageRejection("not a PNG or JPEG image")
    }

    // MARK: Completeness

    /// Whether a whole file is there: a PNG's chunks, walked by their lengths, reach IEND
    /// after at least one IDAT (ISO/IEC 15948 §5.3, §11.2.4–5); a JPEG's EOI marker `FF D9`
    /// follows its first scan (`FF D9` cannot occur inside entropy-coded data, where every
    /// `FF` is followed by `00` or a restart marker; ITU-T T.81 §B.1.1.5).
    package static func isComplete(_ bytes: [UInt8], encoding: ImageEncoding) -> Bool {
        switch encoding {
        case .png:
            var offset = 8, sawData = false
            while offset + 12 <= bytes.count {
                let length = bigEndian32(bytes, offset)
                let type = Array(bytes[offset + 4..<offset + 8])
                guard length <= Int(Int32.max), offset + 12 + length <= bytes.count else { return false }
                if type == Array("IDAT".utf8) { sawData = true }
                if type == Array("IEND".utf8) { return sawData }
                offset += 12 + length
            }
            return false
        case .jpeg:
            guard let scan = firstIndex(of: [0xFF, 0xDA], in: bytes, from: 2) else { return false }
            var end = bytes.count - 1
            while end > scan + 1 {
                if bytes[end - 1] == 0xFF, bytes[end] == 0xD9 { return true }
                end -= 1
            }
            return false
        }
    }

    private static func firstIndex(of pair: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == pair[0], bytes[index + 1] == pair[1] { return index }
            index += 1
        }
        return nil
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    private static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }
}
