internal import CDeflate
internal import CZlib
import MapErrors

/// Writes a PNG a band of rows at a time, for images painted in bands (`BandedPainting`):
/// memory holds one band of scanlines and the compressed file, never the whole image.
///
/// A PNG's image data is one zlib stream over all scanlines (PNG §10.1), however many IDAT
/// chunks carry it. libdeflate, which `PNGEncoder` uses, compresses a whole buffer in one
/// call and always ends with a final block, bit-aligned; bands compressed separately could
/// only be joined by re-parsing each stream to clear its final-block bit and by computing
/// the Adler-32 apart — fragile, and each band would start with an empty window, losing the
/// matches across band boundaries. zlib's `deflate()` is built to be fed in pieces
/// (zlib.h, "deflate"): it keeps its 32 KB window between calls, so the file is what one
/// call over all rows would give. On the A0 Helsinki poster's scanlines, zlib level 5 wrote
/// the size of `PNGEncoder`'s file (libdeflate level 4), level 6 2.4% smaller in 20% more
/// time, level 4 0.7% larger, level 3 11% larger (Benchmarks/README.md, "Posters").
///
/// Opacity cannot be checked over the whole image before the first row is written, so the
/// caller says whether every pixel is opaque (a map on an opaque paper colour); otherwise
/// RGBA is written, which decodes to the same pixels. The filter (None or Up) is chosen
/// per band, by `PNGEncoder`'s test on a sample of the band's rows; PNG allows a different
/// filter on every row (PNG §9.2).
package final class PNGStreamEncoder {
    /// zlib's compression level.
    static let compressionLevel: Int32 = 5
    /// The most compressed bytes gathered before they are written out as one IDAT chunk.
    static let chunkBytes = 1 << 20

    let width: Int
    let height: Int
    let opaque: Bool
    private let lineBytes: Int
    private var stream: UnsafeMutablePointer<z_stream>
    /// The bytes of the file so far.
    private var png: [UInt8]
    /// Compressed bytes not yet written as a chunk.
    private var pending: [UInt8] = []
    /// The last row written, unfiltered (with its filter byte), for Up across bands.
    private var previousRow: [UInt8]
    private var rowsWritten = 0

    /// Starts a PNG of `width` × `height` pixels, RGB when `opaque` else RGBA, with a pHYs
    /// chunk when `pixelsPerInch` is given.
    package init(width: Int, height: Int, opaque: Bool, pixelsPerInch: Double? = nil) throws(MapError) {
        self.width = width
        self.height = height
        self.opaque = opaque
        lineBytes = width * (opaque ? 3 : 4) + 1
        previousRow = []
        png = PNGEncoder.header(width: width, height: height, opaque: opaque, pixelsPerInch: pixelsPerInch)
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = deflateInit_(stream, Self.compressionLevel, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw MapError(.internalFailure, "cannot start zlib's deflate (status \(status))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Compresses the next `count` rows of premultiplied ARGB words, `stride` bytes apart.
    package func append(rows: UnsafeRawPointer, count: Int, stride: Int) throws(MapError) {
        precondition(rowsWritten + count <= height, "more rows than the image has")
        guard count > 0 else { return }
        var scanlines = [UInt8](unsafeUninitializedCapacity: lineBytes * count) { buffer, initialized in
            let out = buffer.baseAddress!
            for y in 0..<count {
                out[y * lineBytes] = 0
                let row = (rows + y * stride).assumingMemoryBound(to: UInt32.self)
                PNGEncoder.scanline(row, width: width, opaque: opaque, into: out + y * lineBytes + 1)
            }
            initialized = lineBytes * count
        }
        let lastRow = Array(scanlines[((count - 1) * lineBytes)...])
        if usesUp(scanlines, count: count) {
            scanlines.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                // Bottom row first, so each row still sees its prior row unfiltered.
                for y in Swift.stride(from: count - 1, through: 0, by: -1) {
                    let current = base + y * lineBytes
                    current[0] = 2
                    if y > 0 {
                        let prior = current - lineBytes
                        for i in 1..<lineBytes { current[i] = current[i] &- prior[i] }
                    } else if !previousRow.isEmpty {
                        // The band's first row: its prior row is the previous band's last.
                        previousRow.withUnsafeBufferPointer { prior in
                            for i in 1..<lineBytes { current[i] = current[i] &- prior[i] }
                        }
                    }
                }
            }
        }
        previousRow = lastRow
        rowsWritten += count
        if let error = scanlines.withUnsafeMutableBytes({ deflate($0, flush: Z_NO_FLUSH) }) { throw error }
    }

    /// Ends the zlib stream after the last row and returns the whole file.
    package func finish() throws(MapError) -> [UInt8] {
        precondition(rowsWritten == height, "the image has rows not written")
        var empty: [UInt8] = []
        if let error = empty.withUnsafeMutableBytes({ deflate($0, flush: Z_FINISH) }) { throw error }
        writeChunk()
        png.appendChunk("IEND", UnsafeRawBufferPointer(start: nil, count: 0))
        return png
    }

    /// Whether Up compresses a sample of the band's rows smaller than None (`PNGEncoder`'s test).
    private func usesUp(_ scanlines: [UInt8], count: Int) -> Bool {
        let sampleStart = max(0, count / 2 - PNGEncoder.sampleRows / 2)
        let sampleEnd = min(count, sampleStart + PNGEncoder.sampleRows)
        let compressor = libdeflate_alloc_compressor(PNGEncoder.thoroughLevel)!
        defer { libdeflate_free_compressor(compressor) }
        return scanlines.withUnsafeBufferPointer { buffer in
            let sample = UnsafeBufferPointer(rebasing: buffer[(sampleStart * lineBytes)..<(sampleEnd * lineBytes)])
            let unfiltered = PNGEncoder.compressedSize(sample, compressor)
            let up = PNGEncoder.upFiltered(buffer, lineBytes: lineBytes, rows: sampleStart..<sampleEnd)
            return up.withUnsafeBufferPointer { PNGEncoder.compressedSize($0, compressor) } < unfiltered
        }
    }

    /// Feeds `input` to deflate, gathering what comes out, until zlib has taken all of it (and,
    /// with `Z_FINISH`, ended the stream); the error when zlib fails.
    private func deflate(_ input: UnsafeMutableRawBufferPointer, flush: Int32) -> MapError? {
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        defer { output.deallocate() }
        stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = UInt32(input.count)
        while true {
            stream.pointee.next_out = output
            stream.pointee.avail_out = 1 << 16
            let status = CZlib.deflate(stream, flush)
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                return MapError(.internalFailure, "zlib failed compressing the PNG (status \(status))")
            }
            let produced = (1 << 16) - Int(stream.pointee.avail_out)
            pending.append(contentsOf: UnsafeBufferPointer(start: output, count: produced))
            if pending.count >= Self.chunkBytes { writeChunk() }
            if flush == Z_FINISH ? status == Z_STREAM_END : stream.pointee.avail_in == 0 && produced < 1 << 16 {
                return nil
            }
        }
    }

    /// Writes the pending compressed bytes as one IDAT chunk.
    private func writeChunk() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { png.appendChunk("IDAT", $0) }
        pending.removeAll(keepingCapacity: true)
    }
}
