import MapErrors
import MapFormats

#if canImport(CDeflate)
    internal import CDeflate
#endif

/// Decodes the PNGs tile servers send straight into rows of 32-bit pixels laid out as a Cairo
/// image surface's (the Cairo backend decodes into a surface, the elevation tiles of relief
/// layers into an array), to the same pixels as `cairo_image_surface_create_from_png_stream`
/// and several times faster (about 7× on 256×256 indexed map tiles).
///
/// Cairo's reader goes through libpng: zlib inflates the image data a few kilobytes at a
/// time, each row is unfiltered and expanded by libpng's generic transforms, then Cairo
/// converts every pixel once more. Here libdeflate inflates all of it in one call, each row
/// is unfiltered in place and converted with one table look-up or a few shifts per pixel.
///
/// Handled: bit depth 8, not interlaced, in every colour type — greyscale, truecolour,
/// indexed (with or without `tRNS`), greyscale with alpha and truecolour with alpha. The
/// surface is what Cairo's reader makes of the same file: `CAIRO_FORMAT_RGB24` when the
/// image has no alpha, `CAIRO_FORMAT_ARGB32` premultiplied with Cairo's rounding otherwise,
/// byte for byte. Keeping RGB24 for opaque images (rather than an ARGB32 surface whose
/// alphas are all 255) also keeps pixman's faster paths for painting opaque sources.
///
/// Three outcomes, so that the caller keeps today's behaviour exactly:
/// - a surface;
/// - `nil` for a PNG left to Cairo's reader: other bit depths, Adam7 interlacing, `tRNS` on
///   greyscale or truecolour, and every irregularity libpng only warns about (an ancillary
///   chunk or `tRNS` with a bad CRC, image data that inflates to too much or carries a bad
///   Adler-32, an unknown critical chunk, an odd `PLTE`), where its leniency decides;
/// - a thrown `MapError` (`.invalidData`) for data libpng rejects too: truncation, a critical
///   chunk with a bad CRC, a bad or oversized header, no image data, image data that
///   inflates to too little, an unknown filter type.
///
/// CRCs (PNG specification §5.3) are checked for the critical chunks, as libpng does:
/// libdeflate's CRC-32 makes that cheap next to inflating, and a corrupt tile is then
/// refused rather than drawn wrong. The zlib stream's Adler-32 is checked by libdeflate.
/// Ancillary chunks other than `tRNS` are skipped unread: Cairo asks libpng for no gamma or
/// colour-space conversion, so they never change its pixels.
///
/// References are to the PNG specification, third edition (https://www.w3.org/TR/png/).
package enum PNGDecoder {
    /// Where the decoded rows go: what `decode` hands back, its first pixel and the bytes
    /// from one row to the next.
    package typealias Canvas<Target> = (target: Target, pixels: UnsafeMutableRawPointer, stride: Int)

    /// Decodes `bytes` into the canvas `making(width, height, hasAlpha)` allocates (`nil` when
    /// it cannot: the PNG is then left to another reader), or returns `nil` when the PNG
    /// should be left to Cairo's reader. A canvas made and then given up on is handed to
    /// `discarding`.
    ///
    /// - Throws: `MapError` `.invalidData` when the data is not a PNG any reader would accept, or
    ///   its header gives a side over `maximumSide` (refused before any allocation).
    package static func decode<Target>(
        _ bytes: [UInt8], maximumSide: Int, making: (_ width: Int, _ height: Int, _ hasAlpha: Bool) -> Canvas<Target>?,
        discarding: (Target) -> Void
    ) throws(MapError) -> Target? {
        #if canImport(CDeflate)
            return try bytes.withUnsafeBufferPointer { buffer throws(MapError) in
                try decode(buffer, maximumSide: maximumSide, making: making, discarding: discarding)
            }
        #else
            return nil
        #endif
    }

    /// Decodes `bytes` into native-endian premultiplied ARGB words, row by row, or `nil` for a
    /// PNG this decoder leaves to Cairo's reader (other bit depths, interlacing).
    ///
    /// - Throws: as `decode(_:maximumSide:making:discarding:)`.
    package static func argbPixels(
        _ bytes: [UInt8], maximumSide: Int
    ) throws(MapError) -> (width: Int, height: Int, pixels: [UInt32])? {
        let decoded = try decode(
            bytes, maximumSide: maximumSide,
            making: { width, height, _ in
                let words = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
                return ((words, width, height), UnsafeMutableRawPointer(words), width * 4)
            },
            discarding: { $0.0.deallocate() })
        guard let (words, width, height) = decoded else { return nil }
        defer { words.deallocate() }
        return (width, height, Array(UnsafeBufferPointer(start: words, count: width * height)))
    }

    /// IHDR (§11.2.1), read by the package's one PNG header reader.
    private typealias Header = ImageHeader.PNGHeader

    /// Chunk types (§5.4) as big-endian 32-bit words.
    private enum ChunkType {
        static let header: UInt32 = 0x4948_4452  // IHDR
        static let palette: UInt32 = 0x504C_5445  // PLTE
        static let transparency: UInt32 = 0x7452_4E53  // tRNS
        static let data: UInt32 = 0x4944_4154  // IDAT
        static let end: UInt32 = 0x4945_4E44  // IEND
    }

    private static func malformed(_ reason: String) -> MapError {
        MapError(.invalidData, "not a readable PNG (\(reason))")
    }

    #if canImport(CDeflate)
        private static func decode<Target>(
            _ file: UnsafeBufferPointer<UInt8>, maximumSide: Int,
            making: (_ width: Int, _ height: Int, _ hasAlpha: Bool) -> Canvas<Target>?,
            discarding: (Target) -> Void
        ) throws(MapError) -> Target? {
            // §5.2: the eight-byte signature.
            guard file.count >= 8, let base = file.baseAddress, file.prefix(8).elementsEqual(Header.signature) else {
                throw malformed("no PNG signature")
            }
            func word(at offset: Int) -> UInt32 {
                UInt32(base[offset]) << 24 | UInt32(base[offset + 1]) << 16 | UInt32(base[offset + 2]) << 8
                    | UInt32(base[offset + 3])
            }

            // §5.3 and §5.6: walk the chunks up to IEND, keeping what the pixels need.
            var header: Header?
            var palette: UnsafeBufferPointer<UInt8>?
            var transparency: UnsafeBufferPointer<UInt8>?
            var imageData: [UnsafeBufferPointer<UInt8>] = []
            var imageDataEnded = false
            var offset = 8
            chunks: while true {
                guard file.count - offset >= 12 else { throw malformed("truncated before IEND") }
                let length = Int(word(at: offset)), type = word(at: offset + 4)
                guard length <= Int(Int32.max), length <= file.count - offset - 12 else {
                    throw malformed("truncated chunk")
                }
                let body = UnsafeBufferPointer(start: base + offset + 8, count: length)
                // Bit 5 of the first type byte clear: critical (§5.4).
                let critical = type & 0x2000_0000 == 0
                if critical || type == ChunkType.transparency {
                    let crc = UInt32(libdeflate_crc32(0, base + offset + 4, length + 4))
                    if crc != word(at: offset + 8 + length) {
                        // libpng drops an ancillary chunk with a bad CRC, with a warning.
                        guard critical else { return nil }
                        throw malformed("bad CRC")
                    }
                }
                offset += 12 + length
                if header == nil && type != ChunkType.header { throw malformed("IHDR is not the first chunk") }
                if type != ChunkType.data && !imageData.isEmpty { imageDataEnded = true }
                switch type {
                case ChunkType.header:
                    guard header == nil else { return nil }
                    guard let decoded = try Self.header(body, maximumSide: maximumSide) else { return nil }
                    header = decoded
                case ChunkType.palette:
                    // §11.2.3: one to 256 three-byte entries, before IDAT, only used here for indexed images.
                    guard header?.colourType == 3, palette == nil, imageData.isEmpty,
                        length % 3 == 0, (3...768).contains(length)
                    else { return nil }
                    palette = body
                case ChunkType.transparency:
                    // §11.3.2.1: for indexed images, one alpha per palette entry at most.
                    guard header?.colourType == 3, let palette, transparency == nil, imageData.isEmpty,
                        (1...palette.count / 3).contains(length)
                    else { return nil }
                    transparency = body
                case ChunkType.data:
                    guard !imageDataEnded else { return nil }  // §5.6: IDAT chunks are consecutive
                    imageData.append(body)
                case ChunkType.end:
                    break chunks
                default:
                    guard !critical else { return nil }
                }
            }
            guard let header else { throw malformed("no IHDR") }
            guard !imageData.isEmpty else { throw malformed("no IDAT") }
            guard header.colourType != 3 || palette != nil else { return nil }

            // §10: the zlib stream, inflated at once into exactly `height` filtered rows of
            // one filter-type byte and `rowBytes` bytes (§7.2).
            let rowBytes = header.pixelWidth * header.channels
            let filteredCount = header.pixelHeight * (rowBytes + 1)
            let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: filteredCount)
            defer { filtered.deallocate() }
            guard try inflate(imageData, into: filtered, count: filteredCount) else { return nil }

            let hasAlpha = header.colourType == 4 || header.colourType == 6 || transparency != nil
            guard let (target, pixels, stride) = making(header.pixelWidth, header.pixelHeight, hasAlpha) else {
                return nil
            }
            let table = header.colourType == 3 ? paletteTable(palette!, transparency) : []

            // A row of zeros stands for the row above the first (§9.2: bytes outside the image are 0).
            let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
            zeros.initialize(repeating: 0, count: rowBytes)
            defer { zeros.deallocate() }
            var prior = UnsafePointer(zeros)
            for y in 0..<header.pixelHeight {
                let line = filtered + y * (rowBytes + 1)
                let row = line + 1
                guard unfilter(row, prior: prior, count: rowBytes, bytesPerPixel: header.channels, type: line[0]) else {
                    discarding(target)
                    throw malformed("unknown filter type \(line[0])")
                }
                let words = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                convert(row, width: header.pixelWidth, colourType: header.colourType, table: table, into: words)
                prior = UnsafePointer(row)
            }
            return target
        }

        /// The header, `nil` when valid but not handled here, or an error when invalid (§11.2.1).
        private static func header(_ body: UnsafeBufferPointer<UInt8>, maximumSide: Int) throws(MapError) -> Header? {
            let header: Header
            do {
                header = try Header(chunkData: body)
                try header.validate()
            } catch {
                throw malformed(error.reason)
            }
            // Refused before anything is allocated: Cairo would allocate whatever a header asks for.
            guard header.pixelWidth <= maximumSide, header.pixelHeight <= maximumSide
            else {
                throw malformed("a \(header.pixelWidth)×\(header.pixelHeight) PNG is too large to decode")
            }
            guard header.bitDepth == 8, !header.isInterlaced else { return nil }
            return header
        }

        /// Inflates the concatenated IDAT data into exactly `count` bytes: `false` when libpng
        /// might still accept the stream (too much data, a bad checksum), an error when it
        /// holds too little.
        private static func inflate(
            _ parts: [UnsafeBufferPointer<UInt8>], into output: UnsafeMutablePointer<UInt8>, count: Int
        ) throws(MapError) -> Bool {
            guard let decompressor = libdeflate_alloc_decompressor() else { return false }
            defer { libdeflate_free_decompressor(decompressor) }
            let result: libdeflate_result
            if parts.count == 1 {
                result = libdeflate_zlib_decompress(
                    decompressor, parts[0].baseAddress, parts[0].count, output, count, nil)
            } else {
                // The stream may be split across IDAT chunks anywhere (§10.1), so join them.
                let joined = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: parts.reduce(0) { $0 + $1.count })
                defer { joined.deallocate() }
                var end = 0
                for part in parts where part.count > 0 {
                    (joined.baseAddress! + end).initialize(from: part.baseAddress!, count: part.count)
                    end += part.count
                }
                result = libdeflate_zlib_decompress(decompressor, joined.baseAddress, end, output, count, nil)
            }
            switch result {
            case LIBDEFLATE_SUCCESS: return true
            case LIBDEFLATE_SHORT_OUTPUT: throw malformed("image data ends early")
            default: return false
            }
        }
    #endif

    /// The 256 pixels an indexed image's bytes stand for. Indices past the palette are opaque
    /// black, as libpng expands them.
    private static func paletteTable(
        _ palette: UnsafeBufferPointer<UInt8>, _ transparency: UnsafeBufferPointer<UInt8>?
    ) -> [UInt32] {
        var table = [UInt32](repeating: 0xFF00_0000, count: 256)
        for index in 0..<palette.count / 3 {
            let alpha = transparency.flatMap { index < $0.count ? $0[index] : nil } ?? 0xFF
            table[index] = premultiplied(palette[3 * index], palette[3 * index + 1], palette[3 * index + 2], alpha)
        }
        return table
    }

    /// Cairo's premultiplied pixel for straight RGBA: each channel `c · a / 255` rounded as
    /// `t = c · a + 0x80; (t + t >> 8) >> 8`, and all zero when `a` is 0.
    @inline(__always)
    private static func premultiplied(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8) -> UInt32 {
        let a = UInt32(alpha)
        if a == 0xFF { return 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
        if a == 0 { return 0 }
        @inline(__always) func scale(_ channel: UInt8) -> UInt32 {
            let t = UInt32(channel) &* a &+ 0x80
            return (t &+ (t >> 8)) >> 8
        }
        return a << 24 | scale(red) << 16 | scale(green) << 8 | scale(blue)
    }

    /// Converts one unfiltered row of 8-bit samples to Cairo's native-endian 32-bit pixels.
    private static func convert(
        _ row: UnsafeMutablePointer<UInt8>, width: Int, colourType: UInt8, table: [UInt32],
        into target: UnsafeMutablePointer<UInt32>
    ) {
        switch colourType {
        case 0:
            for x in 0..<width { target[x] = 0xFF00_0000 | UInt32(row[x]) &* 0x01_0101 }
        case 2:
            for x in 0..<width {
                let p = row + 3 * x
                target[x] = 0xFF00_0000 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
            }
        case 3:
            table.withUnsafeBufferPointer { table in
                let lookUp = table.baseAddress!
                for x in 0..<width { target[x] = lookUp[Int(row[x])] }
            }
        case 4:
            for x in 0..<width {
                let grey = row[2 * x]
                target[x] = premultiplied(grey, grey, grey, row[2 * x + 1])
            }
        default:
            for x in 0..<width {
                let p = row + 4 * x
                target[x] = premultiplied(p[0], p[1], p[2], p[3])
            }
        }
    }

    /// Reverses one row's filter (§9.2) in place; `false` for an unknown filter type.
    ///
    /// `bytesPerPixel` is passed on as a literal so that each loop is compiled for it.
    private static func unfilter(
        _ row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int, type: UInt8
    ) -> Bool {
        switch bytesPerPixel {
        case 1: unfilter(row, prior: prior, count: count, distance: 1, type: type)
        case 2: unfilter(row, prior: prior, count: count, distance: 2, type: type)
        case 3: unfilter(row, prior: prior, count: count, distance: 3, type: type)
        default: unfilter(row, prior: prior, count: count, distance: 4, type: type)
        }
    }

    /// §9.2, Table 14: `a` is the byte `distance` to the left (0 before the row), `b` the
    /// byte above, `c` the byte above `a`; all arithmetic is modulo 256.
    @inline(__always)
    private static func unfilter(
        _ row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, distance: Int, type: UInt8
    ) -> Bool {
        let first = min(distance, count)
        switch type {
        case 0:  // None
            break
        case 1:  // Sub
            var i = distance
            while i < count {
                row[i] = row[i] &+ row[i - distance]
                i += 1
            }
        case 2:  // Up
            for i in 0..<count { row[i] = row[i] &+ prior[i] }
        case 3:  // Average: ⌊(a + b) / 2⌋ without overflow
            for i in 0..<first { row[i] = row[i] &+ prior[i] >> 1 }
            var i = distance
            while i < count {
                row[i] = row[i] &+ UInt8(truncatingIfNeeded: (UInt16(row[i - distance]) &+ UInt16(prior[i])) >> 1)
                i += 1
            }
        case 4:  // Paeth (§9.4): with a = c = 0 the predictor is b
            for i in 0..<first { row[i] = row[i] &+ prior[i] }
            var i = distance
            while i < count {
                let a = Int(row[i - distance]), b = Int(prior[i]), c = Int(prior[i - distance])
                let pa = magnitude(b &- c), pb = magnitude(a &- c), pc = magnitude(a &+ b &- c &- c)
                let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                row[i] = row[i] &+ UInt8(truncatingIfNeeded: predictor)
                i += 1
            }
        default:
            return false
        }
        return true
    }

    @inline(__always)
    private static func magnitude(_ value: Int) -> Int { value < 0 ? 0 &- value : value }
}

extension ImageHeader.PNGHeader {
    /// Bytes per pixel at bit depth 8 (§7.2, Table 8), for the colour types `validate()` allows.
    fileprivate var channels: Int {
        switch colourType {
        case 0, 3: 1
        case 4: 2
        case 2: 3
        default: 4
        }
    }
}
