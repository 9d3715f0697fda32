internal import CCairo
internal import CDeflate
import Foundation
import MapErrors
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapDrawing
@testable import MapRenderCairo

/// The PNG decoder must give the very surfaces Cairo's reader gives — same format, same
/// bytes — and leave to Cairo what it does not handle. The PNGs are built here, with every
/// filter type, from seeded noise.
@Suite("PNG decoder")
struct PNGDecoderTests {
    // MARK: Building PNGs

    /// A chunk: length, type, data, CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = UInt32(typed.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) })
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func zlib(_ raw: [UInt8]) -> [UInt8] {
        let compressor = libdeflate_alloc_compressor(6)!
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, raw.count))
        let count = raw.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer {
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, $0.baseAddress, $0.count)
            }
        }
        return Array(out.prefix(count))
    }

    static func header(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colourType, 0, 0, interlace])
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Filters `rows` (each `bytesPerPixel`-byte pixels) with the filter types `filter(y)`, as
    /// an encoder would (§9.2).
    static func filtered(_ rows: [[UInt8]], bytesPerPixel: Int, filter: (Int) -> UInt8) -> [UInt8] {
        var out: [UInt8] = []
        for (y, row) in rows.enumerated() {
            let prior = y > 0 ? rows[y - 1] : [UInt8](repeating: 0, count: row.count)
            let type = filter(y)
            out.append(type)
            for i in row.indices {
                let a = i >= bytesPerPixel ? Int(row[i - bytesPerPixel]) : 0, b = Int(prior[i])
                let c = i >= bytesPerPixel ? Int(prior[i - bytesPerPixel]) : 0
                let predictor: Int
                switch type {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                default:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                }
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
            }
        }
        return out
    }

    /// Noise rows with runs and repeats, so that every filter meets real neighbours.
    /// With `alpha`, the last byte of each pixel is 0 or 255 half the time, as on real tiles.
    static func noise(
        width: Int, height: Int, bytesPerPixel: Int, seed: UInt64, limit: UInt8 = 255, alpha: Bool = false
    ) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<height).map { _ in
            var row: [UInt8] = []
            for _ in 0..<width {
                var pixel = (0..<bytesPerPixel).map { _ in UInt8.random(in: 0...limit, using: &random) }
                if alpha, Bool.random(using: &random) {
                    pixel[bytesPerPixel - 1] = Bool.random(using: &random) ? 0 : 255
                }
                row += pixel
            }
            return row
        }
    }

    /// A PNG of 8-bit `rows` in `colourType`, filtered as `filter(y)`, with `extra` chunks
    /// (PLTE, tRNS…) before IDAT and the data split into `parts` IDAT chunks.
    static func png(
        width: Int, height: Int, colourType: UInt8, rows: [[UInt8]], extra: [[UInt8]] = [],
        parts: Int = 1, filter: (Int) -> UInt8 = { UInt8($0 % 5) }
    ) -> [UInt8] {
        let bytesPerPixel = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colourType)]!
        let data = zlib(filtered(rows, bytesPerPixel: bytesPerPixel, filter: filter))
        let size = (data.count + parts - 1) / parts
        let idat = stride(from: 0, to: data.count, by: size).flatMap {
            chunk("IDAT", Array(data[$0..<min($0 + size, data.count)]))
        }
        return signature + header(width: width, height: height, bitDepth: 8, colourType: colourType)
            + extra.flatMap { $0 }
            + idat + chunk("IEND", [])
    }

    // MARK: Comparing with Cairo

    /// Cairo's own reading of `bytes`, or `nil` when it fails.
    static func cairoReading(_ bytes: [UInt8]) -> OpaquePointer? {
        let source = ByteSource(bytes: bytes)
        let surface = cairo_image_surface_create_from_png_stream(
            readFromSource, Unmanaged.passUnretained(source).toOpaque())!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }

    /// Whether two image surfaces have the same format, size and pixel bytes (padding aside).
    static func identical(_ left: OpaquePointer, _ right: OpaquePointer) -> Bool {
        let width = Int(cairo_image_surface_get_width(left)), height = Int(cairo_image_surface_get_height(left))
        guard cairo_image_surface_get_format(left) == cairo_image_surface_get_format(right),
            width == Int(cairo_image_surface_get_width(right)), height == Int(cairo_image_surface_get_height(right))
        else { return false }
        cairo_surface_flush(left)
        cairo_surface_flush(right)
        let leftStride = Int(cairo_image_surface_get_stride(left)),
            rightStride = Int(cairo_image_surface_get_stride(right))
        let leftData = cairo_image_surface_get_data(left)!, rightData = cairo_image_surface_get_data(right)!
        return (0..<height).allSatisfy { y in
            UnsafeRawBufferPointer(start: leftData + y * leftStride, count: width * 4)
                .elementsEqual(UnsafeRawBufferPointer(start: rightData + y * rightStride, count: width * 4))
        }
    }

    /// Expects the fast decoder to decode `bytes` exactly as Cairo's reader does.
    static func expectDecodedLikeCairo(
        _ bytes: [UInt8], _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let reference = try #require(cairoReading(bytes), "Cairo reads \(comment)", sourceLocation: sourceLocation)
        defer { cairo_surface_destroy(reference) }
        let decoded = try #require(
            try PNGSurfaceDecoder.decode(bytes), "decoded without Cairo: \(comment)", sourceLocation: sourceLocation)
        defer { cairo_surface_destroy(decoded) }
        #expect(identical(decoded, reference), "\(comment)", sourceLocation: sourceLocation)
    }

    /// Expects `bytes` to be left to Cairo, and the cache's decoding to still equal Cairo's.
    static func expectLeftToCairo(
        _ bytes: [UInt8], _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try PNGSurfaceDecoder.decode(bytes) == nil, "left to Cairo: \(comment)", sourceLocation: sourceLocation)
        let reference = try #require(cairoReading(bytes), "Cairo reads \(comment)", sourceLocation: sourceLocation)
        defer { cairo_surface_destroy(reference) }
        let decoded = try #require(
            ImageSurfaceCache.decode(EncodedImage(data: bytes, pixelWidth: 1, pixelHeight: 1)), "\(comment)",
            sourceLocation: sourceLocation)
        defer { cairo_surface_destroy(decoded) }
        #expect(identical(decoded, reference), "\(comment)", sourceLocation: sourceLocation)
    }

    /// Expects `bytes` to be refused by the fast decoder, by Cairo's reader, and by the cache.
    static func expectRefused(_ bytes: [UInt8], _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: MapError.self, "\(comment)", sourceLocation: sourceLocation) {
            _ = try PNGSurfaceDecoder.decode(bytes)
        }
        if let surface = cairoReading(bytes) {
            cairo_surface_destroy(surface)
            Issue.record(
                "Cairo reads it, so refusing it would change what is drawn: \(comment)", sourceLocation: sourceLocation)
        }
        #expect(
            ImageSurfaceCache.decode(EncodedImage(data: bytes, pixelWidth: 1, pixelHeight: 1)) == nil, "\(comment)",
            sourceLocation: sourceLocation)
    }

    /// A palette of `count` entries and its `tRNS` of `alphas` entries (alphas 0, 255 and between).
    static func palette(count: Int, alphas: Int?, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        let plte = chunk("PLTE", (0..<count * 3).map { _ in UInt8.random(in: 0...255, using: &random) })
        guard let alphas else { return [plte] }
        return [plte, chunk("tRNS", (0..<alphas).map { [0, 255, 1, 128, 254][$0 % 5] &+ UInt8($0 / 5 % 7) })]
    }

    // MARK: Tests

    static let widths = [1, 3, 257]

    @Test(
        "every colour type at bit depth 8, every filter, odd widths: Cairo's bytes", arguments: [0, 2, 4, 6] as [UInt8])
    func colourTypes(colourType: UInt8) throws {
        let bytesPerPixel = [0: 1, 2: 3, 4: 2, 6: 4][Int(colourType)]!
        for width in Self.widths {
            for filter in 0...5 as ClosedRange<UInt8> {
                // 0–4: one filter for the whole image; 5: each row its own (y mod 5).
                let rows = Self.noise(
                    width: width, height: 9, bytesPerPixel: bytesPerPixel, seed: UInt64(width) << 8 | UInt64(filter),
                    alpha: colourType >= 4)
                let bytes = Self.png(
                    width: width, height: 9, colourType: colourType, rows: rows,
                    filter: { filter == 5 ? UInt8($0 % 5) : filter })
                try Self.expectDecodedLikeCairo(bytes, "colour type \(colourType), width \(width), filter \(filter)")
            }
        }
    }

    @Test("indexed images, with and without tRNS, every filter: Cairo's bytes")
    func indexed() throws {
        for width in Self.widths {
            for (count, alphas) in [(256, nil), (256, 256), (200, 77), (1, 1), (17, nil)] as [(Int, Int?)] {
                for filter in 0...5 as ClosedRange<UInt8> {
                    let rows = Self.noise(
                        width: width, height: 7, bytesPerPixel: 1, seed: UInt64(width * 7 + count),
                        limit: UInt8(count - 1))
                    let bytes = Self.png(
                        width: width, height: 7, colourType: 3, rows: rows,
                        extra: Self.palette(count: count, alphas: alphas, seed: UInt64(count)),
                        filter: { filter == 5 ? UInt8($0 % 5) : filter })
                    try Self.expectDecodedLikeCairo(
                        bytes,
                        "\(count) colours, tRNS \(alphas.map(String.init) ?? "none"), width \(width), filter \(filter)")
                }
            }
        }
    }

    @Test("indices past the palette, data split over IDAT chunks, ancillary chunks: Cairo's bytes")
    func irregularButValid() throws {
        let rows = Self.noise(width: 31, height: 5, bytesPerPixel: 1, seed: 5)
        try Self.expectDecodedLikeCairo(
            Self.png(
                width: 31, height: 5, colourType: 3, rows: rows, extra: Self.palette(count: 4, alphas: nil, seed: 1)),
            "indices up to 255 in a 4-colour palette")
        try Self.expectDecodedLikeCairo(
            Self.png(
                width: 31, height: 5, colourType: 3, rows: rows, extra: Self.palette(count: 4, alphas: 3, seed: 1)),
            "indices up to 255 in a 4-colour palette with 3 alphas")
        let rgba = Self.noise(width: 64, height: 16, bytesPerPixel: 4, seed: 9)
        try Self.expectDecodedLikeCairo(
            Self.png(width: 64, height: 16, colourType: 6, rows: rgba, parts: 7), "seven IDAT chunks")
        let ancillary = [Self.chunk("gAMA", Self.bigEndian(45455)), Self.chunk("tEXt", Array("Comment\0tile".utf8))]
        try Self.expectDecodedLikeCairo(
            Self.png(width: 64, height: 16, colourType: 6, rows: rgba, extra: ancillary), "gAMA and tEXt")
        var badText = Self.png(
            width: 64, height: 16, colourType: 6, rows: rgba, extra: [Self.chunk("tEXt", Array("Comment\0tile".utf8))])
        badText[33 + 8 + 2] ^= 0xFF  // inside the tEXt data: libpng only warns
        try Self.expectDecodedLikeCairo(badText, "an ancillary chunk with a bad CRC")
        var trailing = Self.png(width: 64, height: 16, colourType: 6, rows: rgba)
        trailing += [1, 2, 3]
        try Self.expectDecodedLikeCairo(trailing, "bytes after IEND")
    }

    @Test("unsupported PNGs are left to Cairo, and still decode to Cairo's bytes")
    func unsupported() throws {
        // 16-bit truecolour.
        let wide = Self.noise(width: 5, height: 4, bytesPerPixel: 6, seed: 3)
        let sixteen =
            Self.signature + Self.header(width: 5, height: 4, bitDepth: 16, colourType: 2)
            + Self.chunk("IDAT", Self.zlib(Self.filtered(wide, bytesPerPixel: 6) { UInt8($0 % 5) }))
            + Self.chunk("IEND", [])
        try Self.expectLeftToCairo(sixteen, "16-bit truecolour")
        // Bit depths 1, 2 and 4, greyscale and indexed.
        for depth in [1, 2, 4] as [UInt8] {
            for colourType in [0, 3] as [UInt8] {
                let rowBytes = (11 * Int(depth) + 7) / 8
                let rows = Self.noise(width: rowBytes, height: 6, bytesPerPixel: 1, seed: UInt64(depth))
                let plte = colourType == 3 ? Self.palette(count: 1 << depth, alphas: nil, seed: 2)[0] : []
                let bytes =
                    Self.signature + Self.header(width: 11, height: 6, bitDepth: depth, colourType: colourType) + plte
                    + Self.chunk("IDAT", Self.zlib(Self.filtered(rows, bytesPerPixel: 1) { UInt8($0 % 5) }))
                    + Self.chunk("IEND", [])
                try Self.expectLeftToCairo(bytes, "bit depth \(depth), colour type \(colourType)")
            }
        }
        // tRNS on greyscale and truecolour.
        let grey = Self.noise(width: 9, height: 4, bytesPerPixel: 1, seed: 4)
        try Self.expectLeftToCairo(
            Self.png(width: 9, height: 4, colourType: 0, rows: grey, extra: [Self.chunk("tRNS", [0, grey[0][0]])]),
            "greyscale with tRNS")
        let rgb = Self.noise(width: 9, height: 4, bytesPerPixel: 3, seed: 4)
        try Self.expectLeftToCairo(
            Self.png(
                width: 9, height: 4, colourType: 2, rows: rgb,
                extra: [Self.chunk("tRNS", [0, rgb[0][0], 0, rgb[0][1], 0, rgb[0][2]])]),
            "truecolour with tRNS")
        // Adam7 (§8.2): seven reduced images, one after another.
        let width = 10, height = 9
        let full = Self.noise(width: width, height: height, bytesPerPixel: 4, seed: 8)
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in [
            (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
        ] {
            let pass = stride(from: y0, to: height, by: dy).map { y in
                stride(from: x0, to: width, by: dx).flatMap { x in full[y][4 * x..<4 * x + 4] }
            }
            guard let first = pass.first, !first.isEmpty else { continue }
            raw += Self.filtered(pass, bytesPerPixel: 4) { UInt8($0 % 5) }
        }
        let adam7 =
            Self.signature + Self.header(width: width, height: height, bitDepth: 8, colourType: 6, interlace: 1)
            + Self.chunk("IDAT", Self.zlib(raw)) + Self.chunk("IEND", [])
        try Self.expectLeftToCairo(adam7, "Adam7")
        // A tRNS chunk with a bad CRC, which libpng drops with a warning.
        let indices = Self.noise(width: 12, height: 3, bytesPerPixel: 1, seed: 12, limit: 7)
        var badTransparency = Self.png(
            width: 12, height: 3, colourType: 3, rows: indices, extra: Self.palette(count: 8, alphas: 8, seed: 3))
        badTransparency[33 + 12 + 24 + 8] ^= 0xFF
        try Self.expectLeftToCairo(badTransparency, "tRNS with a bad CRC")
        // Image data that inflates to more than the image: libpng only warns.
        let rows = Self.noise(width: 8, height: 4, bytesPerPixel: 3, seed: 6)
        let tooMuch =
            Self.signature + Self.header(width: 8, height: 4, bitDepth: 8, colourType: 2)
            + Self.chunk("IDAT", Self.zlib(Self.filtered(rows + rows, bytesPerPixel: 3) { _ in 1 }))
            + Self.chunk("IEND", [])
        try Self.expectLeftToCairo(tooMuch, "image data inflating to twice the image")
    }

    @Test("corrupt PNGs are refused, as Cairo's reader refuses them")
    func corrupt() {
        let rows = Self.noise(width: 40, height: 30, bytesPerPixel: 3, seed: 11)
        let good = Self.png(width: 40, height: 30, colourType: 2, rows: rows)
        // Truncation: inside the header, a chunk, the image data, before and inside IEND.
        for length in [8, 20, 33, 40, 60, good.count / 2, good.count - 13, good.count - 12, good.count - 1] {
            Self.expectRefused(Array(good.prefix(length)), "cut to \(length) of \(good.count) bytes")
        }
        // Bad CRCs of IHDR and IDAT.
        var badHeaderCRC = good
        badHeaderCRC[29] ^= 1
        Self.expectRefused(badHeaderCRC, "IHDR CRC")
        var badDataCRC = good
        badDataCRC[good.count - 13] ^= 1
        Self.expectRefused(badDataCRC, "IDAT CRC")
        // Image data that inflates to too little.
        let short =
            Self.signature + Self.header(width: 40, height: 30, bitDepth: 8, colourType: 2)
            + Self.chunk("IDAT", Self.zlib(Self.filtered(Array(rows.prefix(29)), bytesPerPixel: 3) { _ in 0 }))
            + Self.chunk("IEND", [])
        Self.expectRefused(short, "image data one row short")
        // No IDAT; IHDR missing or invalid; a filter type past 4.
        Self.expectRefused(
            Self.signature + Self.header(width: 4, height: 4, bitDepth: 8, colourType: 2) + Self.chunk("IEND", []),
            "no IDAT")
        Self.expectRefused(
            Self.signature + Self.chunk("IDAT", Self.zlib([0, 1, 2, 3])) + Self.chunk("IEND", []), "no IHDR")
        for (depth, colourType, width) in [(3, 2, 4), (8, 5, 4), (16, 3, 4), (8, 2, 0)] as [(UInt8, UInt8, Int)] {
            Self.expectRefused(
                Self.signature + Self.header(width: width, height: 4, bitDepth: depth, colourType: colourType)
                    + Self.chunk("IDAT", Self.zlib([UInt8](repeating: 0, count: 64))) + Self.chunk("IEND", []),
                "IHDR: bit depth \(depth), colour type \(colourType), width \(width)")
        }
        let badFilter =
            Self.signature + Self.header(width: 40, height: 30, bitDepth: 8, colourType: 2)
            + Self.chunk("IDAT", Self.zlib(Self.filtered(rows, bytesPerPixel: 3) { $0 == 17 ? 5 : 0 }))
            + Self.chunk("IEND", [])
        Self.expectRefused(badFilter, "filter type 5 on row 17")
    }

    @Test("a bad IHDR is named in the error, as libpng would refuse it")
    func headerMessages() {
        func message(_ ihdr: [UInt8]) -> String? {
            let bytes =
                Self.signature + Self.chunk("IHDR", ihdr) + Self.chunk("IDAT", Self.zlib([0])) + Self.chunk("IEND", [])
            do {
                _ = try PNGSurfaceDecoder.decode(bytes)
                return nil
            } catch {
                return error.message
            }
        }
        let size = Self.bigEndian(4) + Self.bigEndian(3)
        #expect(message(size + [8, 2, 0, 0]) == "not a readable PNG (IHDR of 12 bytes)")
        #expect(message(Self.bigEndian(0) + Self.bigEndian(3) + [8, 2, 0, 0, 0]) == "not a readable PNG (a 0×3 image)")
        #expect(message(size + [8, 7, 0, 0, 0]) == "not a readable PNG (colour type 7)")
        #expect(message(size + [2, 6, 0, 0, 0]) == "not a readable PNG (bit depth 2 for colour type 6)")
        #expect(
            message(size + [8, 2, 0, 0, 2]) == "not a readable PNG (unknown compression, filter or interlace method)")
        #expect(
            message(Self.bigEndian(9000) + Self.bigEndian(3) + [8, 2, 0, 0, 0])
                == "not a readable PNG (a 9000×3 PNG is too large to decode)")
    }

    @Test("a header past maximumDecodedSide is refused before anything is allocated")
    func huge() {
        for (width, height) in [(30_000, 30_000), (RasterImage.maximumDecodedSide + 1, 1), (1, 1 << 30)] {
            // A stream far too short for the image: only the header check can refuse it cheaply.
            let bytes =
                Self.signature + Self.header(width: width, height: height, bitDepth: 8, colourType: 6)
                + Self.chunk("IDAT", Self.zlib([0, 0, 0, 0, 0])) + Self.chunk("IEND", [])
            #expect(throws: MapError.self, "\(width)×\(height)") { _ = try PNGSurfaceDecoder.decode(bytes) }
            #expect(ImageSurfaceCache.decode(EncodedImage(data: bytes, pixelWidth: 1, pixelHeight: 1)) == nil)
        }
    }
}

/// Decoding time against Cairo's reader on real tiles, run only when
/// `MAPRENDER_PNG_TIMING_DIR` names a folder of PNGs (best in a release build:
/// `swift test -c release -Xswiftc -enable-testing --filter PNGDecoderTiming`).
@Suite("PNG decoder timing", .enabled(if: ProcessInfo.processInfo.environment["MAPRENDER_PNG_TIMING_DIR"] != nil))
struct PNGDecoderTiming {
    @Test("ns per tile, Cairo's reader and the decoder, same pixels")
    func timing() throws {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["MAPRENDER_PNG_TIMING_DIR"]!)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }.sorted { $0.path < $1.path }
        let tiles = try files.map { try [UInt8](Data(contentsOf: $0)) }
        try #require(!tiles.isEmpty)
        for tile in tiles { try PNGDecoderTests.expectDecodedLikeCairo(tile, "a tile") }
        let rounds = Int(ProcessInfo.processInfo.environment["MAPRENDER_PNG_TIMING_ROUNDS"] ?? "") ?? 20
        func nanosecondsPerTile(_ decode: ([UInt8]) -> OpaquePointer?) -> Double {
            var times: [Double] = []
            for _ in 0..<rounds {
                let start = DispatchTime.now().uptimeNanoseconds
                for tile in tiles { cairo_surface_destroy(decode(tile)!) }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(tiles.count))
            }
            return times.sorted()[times.count / 2]
        }
        let cairo = nanosecondsPerTile(PNGDecoderTests.cairoReading)
        let decoder = nanosecondsPerTile { try? PNGSurfaceDecoder.decode($0) }
        print(
            String(
                format: "PNG decoding, %d tiles, median of %d rounds: Cairo %.0f ns/tile, decoder %.0f ns/tile (%.2f×)",
                tiles.count, rounds, cairo, decoder, cairo / decoder))
    }
}
