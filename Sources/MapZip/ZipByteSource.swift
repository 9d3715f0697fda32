public import MapErrors

#if canImport(Glibc)
    import Glibc
#endif

/// Where a ZIP archive's bytes come from: any byte range on request, so one entry costs
/// its own bytes and the central directory, never the whole archive.
public struct ZipByteSource: Sendable {
    /// The archive's length, in bytes.
    public let size: UInt64
    private let reader: @Sendable (UInt64, Int) throws(MapError) -> [UInt8]

    /// A source of `size` bytes read by `read(offset, count)`, which returns the `count`
    /// bytes at byte `offset` (fewer only at the end of the archive).
    public init(size: UInt64, read: @escaping @Sendable (_ offset: UInt64, _ count: Int) throws(MapError) -> [UInt8]) {
        self.size = size
        self.reader = read
    }

    /// The archive held in memory.
    public static func bytes(_ bytes: [UInt8]) -> ZipByteSource {
        ZipByteSource(size: UInt64(bytes.count)) { offset, count in
            guard offset < UInt64(bytes.count) else { return [] }
            let start = Int(offset)
            return Array(bytes[start..<min(bytes.count, start + max(0, min(count, bytes.count - start)))])
        }
    }

    /// The archive in the open file `descriptor`, read with `pread` (no file offset moves,
    /// so the descriptor can be shared); the descriptor is duplicated, so the caller keeps
    /// its own to close. `name` is the file's name in messages.
    ///
    /// - Throws: `.missingInput` when the descriptor cannot be duplicated or measured.
    public static func file(descriptor: Int32, name: String) throws(MapError) -> ZipByteSource {
        let file = try ZipFileDescriptor(duplicating: descriptor, name: name)
        return ZipByteSource(size: file.size) { offset, count throws(MapError) in
            try file.read(at: offset, count: count)
        }
    }

    /// The `count` bytes at `offset`, or an error naming `what` and the offset when the
    /// archive ends before them.
    func read(_ count: Int, at offset: UInt64, what: String, archive: String) throws(MapError) -> [UInt8] {
        guard count > 0 else { return [] }
        let bytes = try reader(offset, count)
        guard bytes.count == count else {
            throw MapError(
                .invalidData, "\(what) at byte \(offset) runs past the end of the archive (\(size) bytes)",
                at: InputLocation(file: archive), remedy: "the archive is truncated or damaged; copy it again")
        }
        return bytes
    }
}

/// A duplicated descriptor, closed when the last source using it goes.
private final class ZipFileDescriptor: Sendable {
    let descriptor: Int32
    let size: UInt64
    let name: String

    init(duplicating original: Int32, name: String) throws(MapError) {
        descriptor = fcntl(original, F_DUPFD_CLOEXEC, 0)
        self.name = name
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_size >= 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw MapError(.missingInput, "cannot be read: \(reason)", at: InputLocation(file: name))
        }
        size = UInt64(status.st_size)
    }

    deinit { close(descriptor) }

    func read(at offset: UInt64, count: Int) throws(MapError) -> [UInt8] {
        guard offset < size, offset <= UInt64(off_t.max) else { return [] }
        let wanted = Int(min(UInt64(count), size - offset))
        var buffer = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let got = buffer.withUnsafeMutableBytes { out in
                pread(descriptor, out.baseAddress! + done, wanted - done, off_t(offset) + off_t(done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                throw MapError(
                    .ioFailure, "reading at byte \(offset) failed: \(String(cString: strerror(errno)))",
                    at: InputLocation(file: name))
            }
            if got == 0 { break }
            done += got
        }
        return done == wanted ? buffer : Array(buffer.prefix(done))
    }
}
