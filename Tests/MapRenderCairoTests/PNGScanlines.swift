import CZlib

/// The scanlines of a PNG (filter bytes included, not unfiltered), inflated with zlib: for
/// images wider than `RasterImage` decodes, in tests that look at a few rows.
enum PNGScanlines {
    /// The IDAT chunks' data joined, inflated; nil when the stream is not valid zlib.
    static func inflated(_ png: [UInt8]) -> [UInt8]? {
        var data: [UInt8] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "IDAT" { data += png[(offset + 8)..<(offset + 8 + length)] }
            offset += 12 + length
        }
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = Z_OK
        data.withUnsafeMutableBufferPointer { input in
            stream.next_in = input.baseAddress
            stream.avail_in = UInt32(input.count)
            while status == Z_OK {
                buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output += out[0..<(out.count - Int(stream.avail_out))]
                }
            }
        }
        return status == Z_STREAM_END ? output : nil
    }
}
