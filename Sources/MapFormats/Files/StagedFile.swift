public import MapErrors

#if canImport(Glibc)
    import Glibc
#endif

/// A file written next to its destination under a temporary name and moved into place by
/// `commit()`, so the destination holds either the old file or the whole new one, never a
/// part (rename(2) replaces atomically within one file system).
public final class StagedFile {
    /// Where the file goes.
    public let destination: String
    private var temporaryPath: String?
    private var descriptor: Int32 = -1

    /// Writes `bytes` to a temporary file in the destination's folder and flushes them to
    /// disk.
    ///
    /// - Throws: `MapError` `.cannotCreate` when the folder is missing or not writable, or
    ///   the destination exists and is not a regular file; `.ioFailure` when writing fails
    ///   part-way (the temporary file is removed).
    public convenience init(bytes: [UInt8], destination: String) throws(MapError) {
        try self.init(streamingTo: destination)
        try append(bytes)
        try finishWriting()
    }

    /// Creates the temporary file for `append(_:)`, which `commit()` flushes to disk and
    /// moves into place: a file written as it is made (a batch summary) with no more of it
    /// in memory than one piece.
    ///
    /// - Throws: `MapError` `.cannotCreate` as `init(bytes:destination:)`.
    public init(streamingTo destination: String) throws(MapError) {
        self.destination = destination
        let slash = destination.lastIndex(of: "/")
        let folder = slash.map { String(destination[..<$0]) } ?? "."
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        guard !name.isEmpty else {
            throw MapError(
                .cannotCreate, "not a file name", at: InputLocation(file: destination),
                remedy: "name the output file, e.g. map.png")
        }
        // rename(2) replaces whatever is at the destination: run as root, `-o /dev/null`
        // would replace the device with a regular file, and a symbolic link would be
        // replaced rather than followed. Only a regular file (or nothing) is replaced.
        var status = stat()
        if lstat(destination, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            let kind =
                switch status.st_mode & S_IFMT {
                case S_IFDIR: "a folder"
                case S_IFLNK: "a symbolic link"
                default: "a device, pipe or socket"
                }
            throw MapError(
                .cannotCreate, "is \(kind), not a regular file; it is left as it is",
                at: InputLocation(file: destination),
                remedy: "give the path of a regular file (or '-' for standard output where the command allows it)")
        }
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw MapError(
                .cannotCreate, "cannot create the file (\(reason))", at: InputLocation(file: destination),
                remedy: "check that the folder exists and is writable")
        }
        temporaryPath = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        self.descriptor = descriptor
        fchmod(descriptor, 0o644)
    }

    /// Writes more of a file made by `init(streamingTo:)`.
    ///
    /// - Throws: `MapError` `.ioFailure` when writing fails (the temporary file is removed).
    public func append(_ bytes: [UInt8]) throws(MapError) {
        guard descriptor >= 0 else { return }
        var offset = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        try fail(failure)
    }

    /// Writes `bytes` at `offset` of a file made by `init(streamingTo:)`, for files whose parts
    /// are written out of order (a PMTiles archive, its header last: a temporary file left by
    /// a killed run then does not even start with the format's magic).
    ///
    /// - Throws: `MapError` `.ioFailure` when writing fails (the temporary file is removed).
    public func write(_ bytes: [UInt8], at offset: UInt64) throws(MapError) {
        guard descriptor >= 0 else { return }
        try fail(writeAll(bytes, to: descriptor, at: offset))
    }

    /// Reads back up to `count` bytes at `offset` of a file made by `init(streamingTo:)`
    /// (fewer at its end): a file that is updated after it is written (a PDF's incremental
    /// update reads the file's tail and the objects it changes).
    ///
    /// - Throws: `MapError` `.ioFailure` when reading fails.
    public func read(count: Int, at offset: Int) throws(MapError) -> [UInt8] {
        guard descriptor >= 0, count > 0, offset >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }
                done += got
            }
        }
        guard failure == 0 else {
            throw MapError(
                .ioFailure, "reading back failed (\(String(cString: strerror(failure))))",
                at: InputLocation(file: destination))
        }
        return Array(bytes[..<done])
    }

    /// Flushes the temporary file to disk and closes it.
    private func finishWriting() throws(MapError) {
        guard descriptor >= 0 else { return }
        var failure: Int32 = 0
        if fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        descriptor = -1
        try fail(failure)
    }

    private func fail(_ failure: Int32) throws(MapError) {
        guard failure != 0 else { return }
        discard()
        throw MapError(
            .ioFailure, "writing failed (\(String(cString: strerror(failure))))",
            at: InputLocation(file: destination), remedy: "check the free space and permissions")
    }

    /// Moves the file into place, replacing any file at the destination.
    public func commit() throws(MapError) {
        try finishWriting()
        guard let temporaryPath else { return }
        guard rename(temporaryPath, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw MapError(
                .cannotCreate, "cannot move the finished file into place (\(reason))",
                at: InputLocation(file: destination))
        }
        self.temporaryPath = nil
    }

    /// Removes the temporary file; the destination is left as it was.
    public func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporaryPath { unlink(temporaryPath) }
        temporaryPath = nil
    }

    deinit { discard() }
}
