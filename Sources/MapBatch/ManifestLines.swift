import Foundation
public import MapErrors
import MapFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a JSON Lines manifest one line at a time, so a manifest of a million jobs costs no
/// more memory than one of a thousand: one buffer of the file and the line being read.
///
/// Standard input (`-`) is first copied to a temporary file (removed when the reader goes),
/// so the manifest can be read again, as `BatchIdentifiers` does to confirm a repeated id.
public final class ManifestLines {
    /// A line: its number (1-based) and its bytes, without the newline and a carriage return
    /// before it.
    public struct Line: Sendable {
        public var number: Int
        public var bytes: [UInt8]

        /// Whether the line holds nothing but spaces and tabs, or starts with `#`: no job.
        public var isBlankOrComment: Bool {
            guard let first = bytes.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
                return true
            }
            return first == UInt8(ascii: "#")
        }
    }

    /// The file read, as messages name it (`-` for standard input).
    public let name: String
    /// A path that reads the same bytes again: the file, or the copy of standard input.
    public let readablePath: String
    private let ownsCopy: Bool
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false
    private var lineNumber = 0

    /// Opens the manifest at `path`, or standard input for `-`.
    ///
    /// - Throws: `MapError` `.missingInput` when the file is missing, a folder or unreadable;
    ///   `.ioFailure` when standard input cannot be copied.
    public init(path: String, what: String = "batch manifest") throws(MapError) {
        name = path
        if path == "-" {
            readablePath = try Self.copyStandardInput()
            ownsCopy = true
        } else {
            try InputFile.checkReadable(path, what: what)
            readablePath = path
            ownsCopy = false
        }
        descriptor = open(readablePath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if ownsCopy { unlink(readablePath) }
            throw MapError(
                .missingInput, "cannot be read", at: InputLocation(file: path), remedy: "check the file's permissions")
        }
    }

    deinit {
        close(descriptor)
        if ownsCopy { unlink(readablePath) }
    }

    /// The next line, or `nil` at the end of the file. A last line without a newline counts.
    ///
    /// - Throws: `MapError` `.ioFailure` when reading fails.
    public func next() throws(MapError) -> Line? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                return take(upTo: newline, skipping: 1)
            }
            if isAtEnd {
                guard start < buffer.count else { return nil }
                return take(upTo: buffer.count, skipping: 0)
            }
            try fill()
        }
    }

    private func take(upTo end: Int, skipping: Int) -> Line {
        var bytes = Array(buffer[start..<end])
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        start = end + skipping
        lineNumber += 1
        return Line(number: lineNumber, bytes: bytes)
    }

    /// Reads the next piece of the file after what is left of the buffer.
    private func fill() throws(MapError) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let chunk = 1 << 16
        let old = buffer.count
        buffer += repeatElement(0, count: chunk)
        var count = -1
        while count < 0 {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, chunk) }
            if count < 0 && errno != EINTR {
                throw MapError(
                    .ioFailure, "reading failed (\(String(cString: strerror(errno))))", at: InputLocation(file: name))
            }
        }
        buffer.removeLast(chunk - count)
        if count == 0 { isAtEnd = true }
    }

    /// Copies standard input to a temporary file and returns its path.
    private static func copyStandardInput() throws(MapError) -> String {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/maprender-manifest.XXXXXX".utf8CString)
        let copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard copy >= 0 else {
            throw MapError(
                .ioFailure, "cannot copy standard input to \(folder) (\(String(cString: strerror(errno))))",
                at: InputLocation(file: "-"), remedy: "give the manifest as a file")
        }
        let path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        defer { close(copy) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { break }
            var written = 0
            while count > 0 && written < count {
                let step = chunk.withUnsafeBytes { write(copy, $0.baseAddress! + written, count - written) }
                if step < 0 && errno == EINTR { continue }
                guard step > 0 else { break }
                written += step
            }
            guard count > 0, written == count else {
                unlink(path)
                throw MapError(
                    .ioFailure, "cannot copy standard input (\(String(cString: strerror(errno))))",
                    at: InputLocation(file: "-"), remedy: "give the manifest as a file")
            }
        }
        return path
    }
}
