internal import CJPEGScanlines
import MapErrors

/// Writes a baseline JPEG a band of rows at a time through libjpeg's scanline API, for
/// images painted in bands (`BandedPainting`): memory holds one band of RGB rows, libjpeg's
/// few MCU rows of state and the compressed file.
///
/// TurboJPEG, which `JPEGEncoder` uses, takes the whole image in one call. The scanline
/// API is libjpeg's own streaming interface (libjpeg.txt, "Compression details"); the C
/// side (CJPEGScanlines) chooses the parameters TurboJPEG chooses, so both write the same
/// file for the same pixels.
package final class JPEGStreamEncoder {
    /// JPEG's largest side (the frame header's 16-bit width and height, ITU T.81 §B.2.2).
    static let maximumSide = 65_535

    let width: Int
    let height: Int
    private let writer: OpaquePointer
    private var rowsWritten = 0

    /// Starts a JPEG of `width` × `height` pixels at `quality` 1–100 (chroma at full
    /// resolution from 90 up, as `JPEGEncoder`), with a JFIF density when `pixelsPerInch` is given.
    package init(width: Int, height: Int, quality: Int, pixelsPerInch: Double? = nil) throws(MapError) {
        self.width = width
        self.height = height
        var message = [CChar](repeating: 0, count: 256)
        guard
            let writer = cjpeg_writer_start(
                Int32(width), Int32(height), Int32(quality), quality >= 90 ? 1 : 0,
                Int32(pixelsPerInch.map(JPEGEncoder.density) ?? 0), &message, message.count)
        else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw MapError(.internalFailure, "libjpeg could not start the JPEG: \(reason)")
        }
        self.writer = writer
    }

    deinit { cjpeg_writer_free(writer) }

    /// Compresses the next `count` rows of premultiplied ARGB words, `stride` bytes apart,
    /// composited over white as `JPEGEncoder` does.
    package func append(rows: UnsafeRawPointer, count: Int, stride: Int) throws(MapError) {
        precondition(rowsWritten + count <= height, "more rows than the image has")
        let rgb = PixelConversion.rgbOverWhite(rows, width: width, height: count, stride: stride)
        let status = rgb.withUnsafeBufferPointer { cjpeg_writer_write(writer, $0.baseAddress, Int32(count), width * 3) }
        guard status == 0 else { throw failure("encoding") }
        rowsWritten += count
    }

    /// Ends the file after the last row and returns its bytes.
    package func finish() throws(MapError) -> [UInt8] {
        precondition(rowsWritten == height, "the image has rows not written")
        var bytes: UnsafePointer<UInt8>? = nil
        var count = 0
        guard cjpeg_writer_finish(writer, &bytes, &count) == 0, let bytes else { throw failure("finishing") }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    private func failure(_ doing: String) -> MapError {
        MapError(.internalFailure, "libjpeg failed \(doing) the JPEG: \(String(cString: cjpeg_writer_error(writer)))")
    }
}
