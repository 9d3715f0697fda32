import MapFormats

#if canImport(CDeflate)
    internal import CDeflate
#endif

/// Writes rows of premultiplied ARGB pixels (a Cairo image surface's) as PNG, about four
/// times faster than `cairo_surface_write_to_png_stream` and no larger.
///
/// Cairo's writer hands every row to libpng with its defaults: RGBA even when every pixel
/// is opaque, all five filters tried per row (the minimum-sum-of-absolute-differences
/// heuristic), and zlib at level 6. On rendered maps most of a small map's time went there.
/// This encoder writes the same pixels (decoders see identical RGBA) with three changes:
///
/// - an image whose pixels are all opaque is written as RGB (colour type 2), a quarter
///   less to filter and compress;
/// - one filter for the whole image, chosen by compressing a band of rows from the middle
///   with filter 0 (None) and with filter 2 (Up) and keeping the smaller: flat map colours
///   often compress best unfiltered (long LZ77 matches), lines, shading and imagery with a
///   filter; Up costs one subtraction a byte and was within 1% of Paeth on every benchmark
///   map (PNG specification §9, "Filtering");
/// - libdeflate (E. Biggers) instead of zlib at level 6: the same DEFLATE format, written in
///   one call over the whole image, at level 1 when the sample band says the image's colours
///   are flat enough to lose little by it (street maps), else at level 4.
///
/// The output is deterministic: the same pixels always give the same bytes. Premultiplied
/// alpha is undone exactly as Cairo's writer does (`(c · 255 + a / 2) / a`), so translucent
/// images decode to the same RGBA too. Without libdeflate (the `CDeflate` module not built)
/// there is no `encode`, and MapRenderCairo falls back to Cairo's writer.
package enum PNGEncoder {
    /// libdeflate's thorough compression level: 4 gives files the size of zlib level 6 with
    /// the "all filters" heuristic, in a third of the time (measured on the benchmark maps).
    package static let thoroughLevel: Int32 = 4
    /// libdeflate's fast level: its greedy matcher with a small hash table, 42% fewer
    /// instructions than level 4 on a 1024×768 street map (60 M against 104 M) for a file
    /// 2.7% larger; on imagery and shaded tiles it loses 10–20%. Levels 2 and 3 save almost
    /// nothing over 4.
    package static let fastLevel: Int32 = 1
    /// How much larger the sample band may come out at `fastLevel` than at `thoroughLevel`
    /// for the image to be compressed at the fast level: flat map colours (street maps, the
    /// plain canvas) are within it, imagery is not.
    static let fastLevelAllowance = 0.05
    /// Rows compressed with each candidate filter to pick one.
    static let sampleRows = 32

    /// Pixels per metre for a resolution in pixels per inch, as `pHYs` stores it (PNG
    /// §11.3.5.3): 300 dpi is 11,811 px/m.
    static func pixelsPerMeter(pixelsPerInch: Double) -> UInt32 {
        UInt32(min(max((pixelsPerInch / 0.0254).rounded(), 1), Double(UInt32.max)))
    }

    /// The `pHYs` chunk of a resolution in pixels per inch: pixels per metre across and down,
    /// unit 1, the metre (PNG §11.3.5.3).
    static func physicalSizeChunk(pixelsPerInch: Double) -> [UInt8] {
        let perMeter = pixelsPerMeter(pixelsPerInch: pixelsPerInch)
        var data: [UInt8] = []
        data.appendBigEndian(perMeter)
        data.appendBigEndian(perMeter)
        data.append(1)
        var chunk: [UInt8] = []
        data.withUnsafeBytes { chunk.appendChunk("pHYs", $0) }
        return chunk
    }

    /// A PNG written by another encoder (Cairo's) with a `pHYs` chunk inserted after its
    /// `IHDR`, which the standard requires it to follow and to precede `IDAT` (PNG §5.6).
    /// Our own encoders write the chunk in their header instead.
    package static func withPhysicalSize(_ png: [UInt8], pixelsPerInch: Double) -> [UInt8] {
        // The signature (8 bytes) and IHDR (4 length, 4 type, 13 data, 4 CRC).
        let afterHeader = 8 + 25
        guard png.count > afterHeader, Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        return Array(png[..<afterHeader]) + physicalSizeChunk(pixelsPerInch: pixelsPerInch) + png[afterHeader...]
    }

    #if canImport(CDeflate)
        /// The PNG bytes of `height` rows of `width` native-endian 32-bit premultiplied ARGB
        /// words, `stride` bytes apart (Cairo's ARGB32 layout; RGB24 when not `hasAlpha`,
        /// whose top byte is ignored).
        ///
        /// `fast` compresses at `fastLevel` whatever the sample band says: for pictures that
        /// only travel inside the display list and are decoded again (a relief layer), where
        /// time matters more than bytes.
        package static func encode(
            pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, hasAlpha: Bool,
            pixelsPerInch: Double? = nil,
            fast: Bool = false
        ) -> [UInt8] {
            // 1. Is every pixel opaque? Then RGB suffices.
            var opaque = true
            if hasAlpha {
                var all: UInt32 = 0xFF00_0000
                for y in 0..<height {
                    let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { all &= row[x] }
                    if all & 0xFF00_0000 != 0xFF00_0000 { break }
                }
                opaque = all & 0xFF00_0000 == 0xFF00_0000
            }
            let channels = opaque ? 3 : 4
            let rowBytes = width * channels
            let lineBytes = rowBytes + 1

            // 2. Unfiltered scanlines: a filter-type byte (0) before each row.
            // Every byte is written below, so the buffer is not zero-filled first.
            var raw = [UInt8](unsafeUninitializedCapacity: lineBytes * height) { buffer, initialized in
                let out = buffer.baseAddress!
                for y in 0..<height {
                    out[y * lineBytes] = 0
                    let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    scanline(row, width: width, opaque: opaque, into: out + y * lineBytes + 1)
                }
                initialized = lineBytes * height
            }

            // 3. Choose the filter and the level on a band of rows, then filter everything.
            let (usesUp, level) = raw.withUnsafeBufferPointer {
                compressionChoice(scanlines: $0, lineBytes: lineBytes, height: height)
            }
            let compressor = libdeflate_alloc_compressor(fast ? fastLevel : level)!
            defer { libdeflate_free_compressor(compressor) }
            if usesUp {
                // In place, bottom row first, so each row still sees its prior row unfiltered.
                raw.withUnsafeMutableBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    for y in Swift.stride(from: height - 1, through: 0, by: -1) {
                        let current = base + y * lineBytes
                        current[0] = 2
                        guard y > 0 else { continue }  // no prior row: Up leaves the first row as it is
                        let prior = current - lineBytes
                        for i in 1..<lineBytes { current[i] = current[i] &- prior[i] }
                    }
                }
            }

            // 4. One zlib stream for the whole image, in one IDAT chunk.
            let bound = libdeflate_zlib_compress_bound(compressor, raw.count)
            let compressed = UnsafeMutableRawBufferPointer.allocate(byteCount: bound, alignment: 16)
            defer { compressed.deallocate() }
            let count = raw.withUnsafeBytes { input in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, compressed.baseAddress, bound)
            }
            precondition(count > 0, "libdeflate_zlib_compress_bound must bound the output")
            var png: [UInt8] = []
            png.reserveCapacity(8 + 25 + 12 + count + 12)
            png += header(width: width, height: height, opaque: opaque, pixelsPerInch: pixelsPerInch)
            png.appendChunk("IDAT", UnsafeRawBufferPointer(rebasing: compressed[..<count]))
            png.appendChunk("IEND", UnsafeRawBufferPointer(start: nil, count: 0))
            return png
        }

        /// The PNG signature, the IHDR chunk (8 bits a channel, RGB when `opaque` else RGBA,
        /// no interlace) and, given a resolution, its pHYs chunk.
        static func header(width: Int, height: Int, opaque: Bool, pixelsPerInch: Double?) -> [UInt8] {
            var png = ImageHeader.PNGHeader.signature
            var header: [UInt8] = []
            header.appendBigEndian(UInt32(width))
            header.appendBigEndian(UInt32(height))
            header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits a channel, RGB or RGBA, deflate, adaptive, no interlace
            header.withUnsafeBytes { png.appendChunk("IHDR", $0) }
            if let pixelsPerInch { png += physicalSizeChunk(pixelsPerInch: pixelsPerInch) }
            return png
        }

        /// One row of premultiplied ARGB words as PNG samples: RGB when `opaque`, else RGBA
        /// with the premultiplication undone as Cairo's writer does it.
        static func scanline(
            _ row: UnsafePointer<UInt32>, width: Int, opaque: Bool, into output: UnsafeMutablePointer<UInt8>
        ) {
            var o = output
            if opaque {
                for x in 0..<width {
                    let word = row[x]
                    o[0] = UInt8(truncatingIfNeeded: word >> 16)
                    o[1] = UInt8(truncatingIfNeeded: word >> 8)
                    o[2] = UInt8(truncatingIfNeeded: word)
                    o += 3
                }
                return
            }
            for x in 0..<width {
                let word = row[x]
                let alpha = word >> 24
                if alpha == 0 {
                    o[0] = 0
                    o[1] = 0
                    o[2] = 0
                    o[3] = 0
                } else {
                    // Cairo's unpremultiply_data, truncation included.
                    o[0] = UInt8(truncatingIfNeeded: (((word >> 16) & 0xFF) * 255 + alpha / 2) / alpha)
                    o[1] = UInt8(truncatingIfNeeded: (((word >> 8) & 0xFF) * 255 + alpha / 2) / alpha)
                    o[2] = UInt8(truncatingIfNeeded: ((word & 0xFF) * 255 + alpha / 2) / alpha)
                    o[3] = UInt8(truncatingIfNeeded: alpha)
                }
                o += 4
            }
        }

        /// The filter (None or Up) and the compression level for unfiltered `scanlines`
        /// (`height` lines of `lineBytes`, each with its filter byte), chosen on a band of
        /// `sampleRows` rows from the middle: Up when it compresses the band smaller, and
        /// `fastLevel` when that compresses the band within `fastLevelAllowance` of
        /// `thoroughLevel`.
        package static func compressionChoice(
            scanlines: UnsafeBufferPointer<UInt8>, lineBytes: Int, height: Int
        ) -> (usesUp: Bool, level: Int32) {
            let fast = libdeflate_alloc_compressor(fastLevel)!, thorough = libdeflate_alloc_compressor(thoroughLevel)!
            defer {
                libdeflate_free_compressor(fast)
                libdeflate_free_compressor(thorough)
            }
            let bandStart = max(0, height / 2 - sampleRows / 2), bandEnd = min(height, bandStart + sampleRows)
            let band = UnsafeBufferPointer(rebasing: scanlines[(bandStart * lineBytes)..<(bandEnd * lineBytes)])
            let unfiltered = compressedSize(band, fast)
            let up = upFiltered(scanlines, lineBytes: lineBytes, rows: bandStart..<bandEnd)
            let filtered = up.withUnsafeBufferPointer { compressedSize($0, fast) }
            let usesUp = filtered < unfiltered
            let thoroughSize =
                usesUp ? up.withUnsafeBufferPointer { compressedSize($0, thorough) } : compressedSize(band, thorough)
            let fastEnough = Double(min(filtered, unfiltered)) <= Double(thoroughSize) * (1 + fastLevelAllowance)
            return (usesUp, fastEnough ? fastLevel : thoroughLevel)
        }

        /// The compressed size of some bytes, to compare filters.
        static func compressedSize(_ bytes: UnsafeBufferPointer<UInt8>, _ compressor: OpaquePointer) -> Int {
            let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: bound, alignment: 16)
            defer { scratch.deallocate() }
            return libdeflate_zlib_compress(compressor, bytes.baseAddress, bytes.count, scratch, bound)
        }

        /// Scanlines `rows` of unfiltered data with filter 2 (Up) applied, each row led by its
        /// filter-type byte; the first image row has no prior row and stays as it is.
        static func upFiltered(_ raw: UnsafeBufferPointer<UInt8>, lineBytes: Int, rows: Range<Int>) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: lineBytes * rows.count) { output, initialized in
                let base = raw.baseAddress!
                for (index, y) in rows.enumerated() {
                    let current = base + y * lineBytes
                    let out = output.baseAddress! + index * lineBytes
                    out[0] = 2
                    if y == 0 {
                        (out + 1).update(from: current + 1, count: lineBytes - 1)
                        continue
                    }
                    let prior = current - lineBytes
                    for i in 1..<lineBytes { out[i] = current[i] &- prior[i] }
                }
                initialized = lineBytes * rows.count
            }
        }
    #endif
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    #if canImport(CDeflate)
        /// A PNG chunk: length, type, data, and the CRC-32 of type and data (PNG §5.3).
        mutating func appendChunk(_ type: String, _ data: UnsafeRawBufferPointer) {
            appendBigEndian(UInt32(data.count))
            let typeBytes = Array(type.utf8)
            append(contentsOf: typeBytes)
            append(contentsOf: data)
            var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
            if data.count > 0 { crc = libdeflate_crc32(crc, data.baseAddress, data.count) }
            appendBigEndian(crc)
        }
    #endif
}
