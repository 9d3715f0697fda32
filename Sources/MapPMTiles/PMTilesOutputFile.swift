import Foundation
import MapErrors

#if canImport(Glibc)
    import Glibc
#endif

/// The file a `PMTilesWriter` fills: a temporary file beside the destination, written at
/// chosen offsets so that the header can go in last, then flushed and renamed onto the
/// destination. Until the rename nothing is at the destination; a temporary file left by a
/// killed run does not even start with the PMTiles magic, so nothing mistakes it for an
/// archive. (`StagedFile` of MapFormats writes in order only; the rules for the
/// destination are the same.)
final class PMTilesOutputFile {
    let destination: String
    private var temporaryPath: String?
    private var descriptor: Int32 = -1

    /// Creates the temporary file.
    ///
    /// - Throws: `MapError` `.cannotCreate` when the destination is a folder, a link or a
    ///   device, or its folder is missing or not writable.
    init(destination: String) throws(MapError) {
        self.destination = destination
        let location = InputLocation(file: destination)
        let slash = destination.lastIndex(of: "/")
        let folder = slash.map { String(destination[..<$0]) } ?? "."
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        guard !name.isEmpty else {
            throw MapError(
                .cannotCreate, "not a file name", at: location, remedy: "name the archive, e.g. region.pmtiles")
        }
        // rename(2) would replace a device or a link rather than write through it.
        var status = stat()
        if lstat(destination, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            throw MapError(
                .cannotCreate, "is not a regular file; it is left as it is", at: location,
                remedy: "give the path of a regular file")
        }
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw MapError(
                .cannotCreate, "cannot create the file (\(String(cString: strerror(errno))))", at: location,
                remedy: "check that the folder exists and is writable")
        }
        temporaryPath = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        self.descriptor = descriptor
        fchmod(descriptor, 0o644)
    }

    deinit { discard() }

    /// Writes `bytes` at `offset`.
    ///
    /// - Throws: `MapError` `.ioFailure` (the temporary file is removed).
    func write(_ bytes: [UInt8], at offset: UInt64) throws(MapError) {
        try fail(writeAll(bytes, to: descriptor, at: offset))
    }

    /// Flushes the file to disk and renames it onto the destination.
    ///
    /// - Throws: `MapError` `.ioFailure` or `.cannotCreate` (the temporary file is removed).
    func commit() throws(MapError) {
        var failure: Int32 = 0
        if fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        descriptor = -1
        try fail(failure)
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

    /// Removes the temporary file.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporaryPath { unlink(temporaryPath) }
        temporaryPath = nil
    }

    private func fail(_ failure: Int32) throws(MapError) {
        guard failure != 0 else { return }
        discard()
        throw MapError(
            .ioFailure, "writing failed (\(String(cString: strerror(failure))))", at: InputLocation(file: destination),
            remedy: "check the free space and permissions")
    }
}
