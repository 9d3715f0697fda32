internal import CDeflate

/// gzip (RFC 1952) decompression through libdeflate, for PMTiles directories and tiles.
public enum Gzip {
    /// The largest output accepted: a tile or directory that inflates beyond this is
    /// refused, so a hostile archive cannot exhaust memory (a "zip bomb").
    public static let maximumOutput = 64 << 20

    /// The decompressed bytes of a whole gzip member.
    ///
    /// - Throws: `PMTilesError` for data that is not gzip, is damaged, or inflates past
    ///   `maximumOutput`.
    public static func decompress(_ bytes: [UInt8]) throws(PMTilesError) -> [UInt8] {
        guard bytes.starts(with: [0x1F, 0x8B]) else { throw PMTilesError("gzip data expected, found other bytes") }
        guard let decompressor = libdeflate_alloc_decompressor() else { throw PMTilesError("out of memory") }
        defer { libdeflate_free_decompressor(decompressor) }
        // gzip's trailer says the size modulo 2^32; start there (or at 4×) and grow.
        var capacity = max(64, min(maximumOutput, bytes.count * 4))
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            var written = 0
            let result = bytes.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    libdeflate_gzip_decompress(
                        decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &written)
                }
            }
            switch result {
            case LIBDEFLATE_SUCCESS:
                output.removeSubrange(written...)
                return output
            case LIBDEFLATE_INSUFFICIENT_SPACE where capacity < maximumOutput:
                capacity = min(maximumOutput, capacity * 4)
            case LIBDEFLATE_INSUFFICIENT_SPACE:
                throw PMTilesError("compressed data inflates past \(maximumOutput >> 20) MiB")
            default:
                throw PMTilesError("damaged gzip data")
            }
        }
    }
}
