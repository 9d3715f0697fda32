internal import CDeflate

#if canImport(Glibc)
    import Glibc
#endif

/// Raw deflate (RFC 1951) and CRC-32 through libdeflate.
enum ZipInflate {
    /// Why inflating failed.
    enum Problem: Error, CustomStringConvertible {
        case damaged
        case longer(Int)
        case shorter(Int, Int)
        case outOfMemory

        var description: String {
            switch self {
            case .damaged: "is damaged"
            case .longer(let size): "inflates past its declared \(size) bytes"
            case .shorter(let got, let size): "inflates to \(got) bytes, not the \(size) declared"
            case .outOfMemory: "could not be inflated (out of memory)"
            }
        }
    }

    /// `bytes` inflated into a buffer of exactly `size` bytes, the size the archive declares:
    /// data that would inflate past it is refused rather than followed.
    static func inflate(_ bytes: [UInt8], size: Int) -> Result<[UInt8], Problem> {
        guard let decompressor = libdeflate_alloc_decompressor() else { return .failure(.outOfMemory) }
        defer { libdeflate_free_decompressor(decompressor) }
        // One spare byte tells "exactly the declared size" from "longer".
        var output = [UInt8](repeating: 0, count: size + 1)
        var written = 0
        let result = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_deflate_decompress(
                    decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &written)
            }
        }
        switch result {
        case LIBDEFLATE_SUCCESS where written == size:
            output.removeLast()
            return .success(output)
        case LIBDEFLATE_SUCCESS where written > size, LIBDEFLATE_INSUFFICIENT_SPACE: return .failure(.longer(size))
        case LIBDEFLATE_SUCCESS: return .failure(.shorter(written, size))
        default: return .failure(.damaged)
        }
    }

    /// The CRC-32 (ISO 3309, as ZIP uses it) of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
    }
}

/// The system calls `ZipArchive.open(atPath:)` needs, kept apart from the archive's logic.
enum ZipOpen {
    static func open(_ path: String) -> Int32 { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
    static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
    static func lastError() -> String { String(cString: strerror(errno)) }
}
