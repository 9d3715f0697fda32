import Foundation
public import MapErrors

/// Reads byte ranges of an archive without reading all of it: a local file now, an HTTP
/// range request later. A planet-sized archive costs only the ranges asked for.
public protocol ByteRangeReader: Sendable {
    /// What the archive is called in messages: its path or URL.
    var name: String { get }
    /// The bytes in `range`; fewer at the end of the archive.
    func bytes(in range: Range<UInt64>) throws(PMTilesError) -> [UInt8]
}

extension Range<UInt64> {
    /// How many bytes the range holds. Not `count`, which is an `Int` and traps for a range
    /// of 2^63 bytes or more, as a damaged archive's header or directory may ask for.
    public var byteCount: UInt64 { upperBound - lowerBound }
}

/// Byte ranges of a local file, read with `pread` so threads can share one descriptor.
public final class FileByteRangeReader: ByteRangeReader, @unchecked Sendable {
    // The descriptor is only read with pread, which is thread-safe and moves no offset.
    private let handle: FileHandle
    public let name: String

    /// Opens the file at `path`, or returns `nil` when it cannot be opened.
    public init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        self.handle = handle
        name = path
    }

    /// Reads the file open as `handle`, named `name` in messages.
    public init(handle: FileHandle, name: String) {
        self.handle = handle
        self.name = name
    }

    deinit { try? handle.close() }

    /// The reader of a PMTiles archive named on the command line or in a style.
    ///
    /// - Throws: `MapError` `.missingInput` naming the path when it is missing, a folder or
    ///   unreadable.
    public static func archive(at path: String) throws(MapError) -> FileByteRangeReader {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let reader = FileByteRangeReader(path: path)
        else {
            throw MapError(
                .missingInput, isDirectory.boolValue ? "is a folder, not a PMTiles archive" : "no such file",
                at: InputLocation(file: path), remedy: "check the path of the PMTiles archive")
        }
        return reader
    }

    public func bytes(in range: Range<UInt64>) throws(PMTilesError) -> [UInt8] {
        guard range.byteCount > 0 else { return [] }
        guard range.byteCount <= UInt64(Gzip.maximumOutput) else {
            throw PMTilesError("a section of \(range.byteCount) bytes is too large")
        }
        // No file reaches past the largest offset pread takes.
        guard range.upperBound <= UInt64(off_t.max) else { return [] }
        var buffer = [UInt8](repeating: 0, count: Int(range.byteCount))
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeMutableBytes { out in
                pread(
                    handle.fileDescriptor, out.baseAddress! + done, out.count - done,
                    off_t(range.lowerBound) + off_t(done))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw PMTilesError("reading failed (errno \(errno))")
            }
            if count == 0 { break }
            done += count
        }
        return Array(buffer.prefix(done))
    }
}
