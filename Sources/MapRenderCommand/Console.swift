#if canImport(Glibc)
    import Glibc
#endif

/// Where the command writes: standard output for results, standard error for messages.
struct Console {
    /// Writes bytes to standard output, all of them, retrying short writes.
    static func writeOutput(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Writes a line of text to standard output.
    static func print(_ line: String) { _ = writeOutput(Array((line + "\n").utf8)) }

    /// Writes text to standard error as it is, without a newline (progress bars).
    static func printErrorRaw(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }
}
