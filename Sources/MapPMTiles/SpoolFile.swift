import Foundation
public import MapErrors
import MapFormats

#if canImport(Glibc)
    import Glibc
#endif

/// A scratch file for bytes too many to hold in memory (the tiles of a region on their way
/// into an archive): created in a given folder and unlinked at once, so it has no name and
/// disappears with the process, however it ends, even by SIGKILL.
public final class SpoolFile: @unchecked Sendable {
    // Appends come from one thread at a time (the owner's); reads use pread, which moves
    // no offset and is safe from any thread.
    private let descriptor: Int32
    /// The file the spool serves, for messages.
    private let owner: String
    /// How many bytes the spool holds.
    public private(set) var size: UInt64 = 0

    /// Creates an empty spool in `folder` (the destination's, so that its disk is the one
    /// that must hold the result); `owner` names the file it is for in messages.
    ///
    /// - Throws: `MapError` `.cannotCreate` when the folder is missing or not writable.
    public init(folder: String, owner: String) throws(MapError) {
        self.owner = owner
        var template = Array("\(folder.isEmpty ? "." : folder)/.maprender-spool.XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw MapError(
                .cannotCreate, "cannot create a scratch file next to it (\(reason))", at: InputLocation(file: owner),
                remedy: "check that the folder exists and is writable")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Appends `bytes` and returns the offset they start at.
    ///
    /// - Throws: `MapError` `.ioFailure` when the disk is full or writing fails.
    @discardableResult
    public func append(_ bytes: [UInt8]) throws(MapError) -> UInt64 {
        let start = size
        let failure = writeAll(bytes, to: descriptor, at: start)
        guard failure == 0 else {
            throw MapError(
                .ioFailure, "writing a scratch file failed (\(String(cString: strerror(failure))))",
                at: InputLocation(file: owner), remedy: "check the free space")
        }
        size += UInt64(bytes.count)
        return start
    }

    /// The bytes in `range`, which must lie within the spool.
    ///
    /// - Throws: `MapError` `.ioFailure` when reading fails or comes short.
    public func bytes(in range: Range<UInt64>) throws(MapError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: Int(range.upperBound - range.lowerBound))
        var done = 0
        var failure: Int32 = 0
        buffer.withUnsafeMutableBytes { out in
            while done < out.count {
                let count = pread(
                    descriptor, out.baseAddress! + done, out.count - done, off_t(range.lowerBound) + off_t(done))
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    failure = count < 0 ? errno : EIO
                    return
                }
                done += count
            }
        }
        guard failure == 0 else {
            throw MapError(
                .ioFailure, "reading a scratch file failed (\(String(cString: strerror(failure))))",
                at: InputLocation(file: owner))
        }
        return buffer
    }
}
