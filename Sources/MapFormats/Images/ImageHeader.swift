import MapErrors

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

    /// Reads the header of a PNG (the IHDR chunk, through `PNGHeader`) or a JPEG (the first
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

    /// PNG: the size from `PNGHeader`.
    private static func png(_ bytes: [UInt8]) throws(ImageRejection) -> ImageHeader {
        let header = try PNGHeader(parsing: bytes)
        return ImageHeader(encoding: .png, pixelWidth: header.pixelWidth, pixelHeight: header.pixelHeight)
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
                    encoding: .jpeg, pixelWidth: bigEndian16(bytes, offset + 5),
                    pixelHeight: bigEndian16(bytes, offset + 3))
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

    // MARK: PNG

    /// Everything a PNG's IHDR chunk says: the pixel size and how the pixels are stored.
    ///
    /// The one reader of PNG headers in the package: `ImageHeader(parsing:)` takes its size
    /// from here, and so do the marker reader, the decoders' size checks and `PNGDecoder`.
    /// IHDR is the first chunk, 13 bytes of data right after the 8-byte signature and the
    /// chunk's length and type: width (4 bytes, big-endian), height (4), bit depth,
    /// colour type, compression method, filter method, interlace method (1 each). PNG
    /// specification §5.2, §11.2.2 of ISO/IEC 15948 (§11.2.1 in the W3C third edition).
    public struct PNGHeader: Hashable, Sendable {
        /// The eight bytes every PNG file starts with (§5.2).
        public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

        /// Width, in pixels: 0 … 2³² − 1 as read (`validate()` allows 1 … 2³¹ − 1).
        public var pixelWidth: Int
        /// Height, in pixels: 0 … 2³² − 1 as read (`validate()` allows 1 … 2³¹ − 1).
        public var pixelHeight: Int
        /// Bits per sample, or per palette index for indexed images: 1, 2, 4, 8 or 16.
        public var bitDepth: UInt8
        /// 0 greyscale, 2 truecolour, 3 indexed, 4 greyscale with alpha, 6 truecolour with alpha.
        public var colourType: UInt8
        /// 0, deflate, is the only one defined.
        public var compressionMethod: UInt8
        /// 0, adaptive filtering with five filter types, is the only one defined.
        public var filterMethod: UInt8
        /// 0 for none, 1 for Adam7.
        public var interlaceMethod: UInt8

        /// Whether the image is stored in Adam7's seven passes rather than row by row.
        public var isInterlaced: Bool { interlaceMethod == 1 }

        /// Creates a header from known values.
        public init(
            pixelWidth: Int, pixelHeight: Int, bitDepth: UInt8, colourType: UInt8,
            compressionMethod: UInt8 = 0, filterMethod: UInt8 = 0, interlaceMethod: UInt8 = 0
        ) {
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.bitDepth = bitDepth
            self.colourType = colourType
            self.compressionMethod = compressionMethod
            self.filterMethod = filterMethod
            self.interlaceMethod = interlaceMethod
        }

        /// Reads the header from the start of a PNG file: the signature, then IHDR as the
        /// first chunk. Only the first 29 bytes are needed; the chunk's CRC is not checked
        /// (a decoder does that), and nothing in the fields is checked (see `validate()`).
        ///
        /// - Throws: `ImageRejection` "not a PNG image" without the signature, "truncated PNG
        ///   image" when the bytes end inside IHDR, "damaged PNG image (no IHDR chunk first)"
        ///   when the first chunk is not a 13-byte IHDR.
        public init(parsing bytes: [UInt8]) throws(ImageRejection) {
            guard bytes.starts(with: Self.signature) else { throw ImageRejection("not a PNG image") }
            // The length and type are looked at as soon as they and the size are there, so a
            // damaged first chunk is named as such rather than as a short file.
            guard bytes.count >= 24 else { throw ImageRejection("truncated PNG image") }
            guard bigEndian32(bytes, 8) == 13, bytes[12..<16].elementsEqual("IHDR".utf8) else {
                throw ImageRejection("damaged PNG image (no IHDR chunk first)")
            }
            guard bytes.count >= 29 else { throw ImageRejection("truncated PNG image") }
            try self.init(chunkData: bytes[16..<29])
        }

        /// Reads the header from the data of an IHDR chunk (without its length, type and CRC),
        /// for a decoder that walks the chunks itself.
        ///
        /// - Throws: `ImageRejection` "IHDR of N bytes" when the data is not 13 bytes long.
        public init(chunkData data: some Collection<UInt8>) throws(ImageRejection) {
            guard data.count == 13 else { throw ImageRejection("IHDR of \(data.count) bytes") }
            let bytes = Array(data)
            self.init(
                pixelWidth: bigEndian32(bytes, 0), pixelHeight: bigEndian32(bytes, 4), bitDepth: bytes[8],
                colourType: bytes[9], compressionMethod: bytes[10], filterMethod: bytes[11], interlaceMethod: bytes[12])
        }

        /// Checks the fields against the rules for IHDR, in the order a decoder meets them:
        /// width and height 1 … 2³¹ − 1, a defined colour type, a bit depth allowed for it
        /// (ISO/IEC 15948 Table 11.1), compression and filter method 0, interlace method 0 or 1.
        /// `ImageHeader(parsing:)` does not call this: a tile is only checked for its size
        /// before decoding, and the decoder refuses the rest.
        ///
        /// - Throws: `ImageRejection` naming the first field that breaks a rule ("a 0×5 image",
        ///   "colour type 5", "bit depth 16 for colour type 3", "unknown compression, filter or
        ///   interlace method").
        public func validate() throws(ImageRejection) {
            let sides = 1...Int(Int32.max)
            guard sides.contains(pixelWidth), sides.contains(pixelHeight) else {
                throw ImageRejection("a \(pixelWidth)×\(pixelHeight) image")
            }
            let allowedDepths: [UInt8]
            switch colourType {
            case 0: allowedDepths = [1, 2, 4, 8, 16]
            case 3: allowedDepths = [1, 2, 4, 8]
            case 2, 4, 6: allowedDepths = [8, 16]
            default: throw ImageRejection("colour type \(colourType)")
            }
            guard allowedDepths.contains(bitDepth) else {
                throw ImageRejection("bit depth \(bitDepth) for colour type \(colourType)")
            }
            guard compressionMethod == 0, filterMethod == 0, interlaceMethod <= 1 else {
                throw ImageRejection("unknown compression, filter or interlace method")
            }
        }
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

    private static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }
}

/// The unsigned big-endian 32-bit number at `offset`, as PNG stores its lengths and sizes
/// (§7.1).
private func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
}
