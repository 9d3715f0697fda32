import Foundation
import MapErrors

#if canImport(Glibc)
    import Glibc
#endif

/// A file open for reading, closed when the last reference goes: what `InputFile.open` and
/// `PathConfinement.open` hand to readers, so they read the file that was checked and never
/// open its path again.
public final class OpenedFile: Sendable {
    /// The open descriptor; valid while this object lives.
    public let descriptor: Int32
    /// The path the file was opened by, for messages.
    public let path: String

    /// Takes ownership of `descriptor`.
    public init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The kernel's `/proc/self/fd` link to the descriptor, for readers that take a path:
    /// `SQLiteDatabase` recognises it and reads the descriptor itself (SQLite's own file
    /// system would resolve the link back to a path and open that).
    public var descriptorPath: String { "/proc/self/fd/\(descriptor)" }

    /// A `FileHandle` on a duplicate of the descriptor, closed with the handle.
    public func makeFileHandle() -> FileHandle? {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        return copy < 0 ? nil : FileHandle(fileDescriptor: copy, closeOnDealloc: true)
    }

    /// At most `limit` bytes from where the descriptor stands (the start of the file when
    /// freshly opened), all of it by default; read in order, so pipes work too.
    ///
    /// - Throws: `MapError` `.ioFailure` naming `path`.
    public func read(upTo limit: Int = Int.max) throws(MapError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw MapError(
                    .ioFailure, "reading failed: \(String(cString: strerror(errno)))", at: InputLocation(file: path))
            }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
