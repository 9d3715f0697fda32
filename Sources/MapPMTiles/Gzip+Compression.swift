internal import CDeflate

extension Gzip {
    /// The bytes as one gzip member (RFC 1952), at libdeflate's level 9: directories and
    /// metadata are written once and read many times, so the smallest output is worth the
    /// time.
    ///
    /// - Throws: `PMTilesError` when libdeflate cannot allocate its compressor.
    public static func compress(_ bytes: [UInt8]) throws(PMTilesError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(9) else { throw PMTilesError("out of memory") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_gzip_compress_bound(compressor, bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_gzip_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        // libdeflate returns 0 only when the output does not fit, which its own bound rules out.
        guard written > 0 else { throw PMTilesError("gzip compression failed") }
        output.removeSubrange(written...)
        return output
    }
}

extension PMTilesHeader.Compression {
    /// `bytes` (a directory or the metadata) uncompressed.
    ///
    /// - Throws: `PMTilesError` for damaged data, or Brotli and Zstandard, which this build
    ///   does not read.
    public func decompress(_ bytes: [UInt8]) throws(PMTilesError) -> [UInt8] {
        try PMTilesArchive.decompress(bytes, self)
    }

    /// `bytes` compressed this way: gzip, or stored as they are for none.
    ///
    /// - Throws: `PMTilesError` for Brotli and Zstandard, which this build does not write.
    public func compress(_ bytes: [UInt8]) throws(PMTilesError) -> [UInt8] {
        switch self {
        case .none, .unknown: return bytes
        case .gzip: return try Gzip.compress(bytes)
        case .brotli, .zstd: throw PMTilesError("\(self) compression cannot be written; use gzip")
        }
    }
}
