#if canImport(Glibc)
    import Glibc
#endif

/// Where the command writes: standard output for results, standard error for messages.
public struct Console {
    /// Writes bytes to standard output, all of them, retrying short writes.
    public static func writeOutput(_ bytes: [UInt8]) -> Bool {
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
    public static func print(_ line: String) { _ = writeOutput(Array((line + "\n").utf8)) }

    /// Writes text to standard error as it is, without a newline (progress bars).
    public static func printErrorRaw(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// Writes a line to standard error, its control characters escaped (see
    /// `escapingControlCharacters(_:)`).
    public static func printError(_ line: String) {
        let bytes = Array((escapingControlCharacters(line) + "\n").utf8)
        bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// The text with line breaks written as `\n`/`\r` and other control characters (C0,
    /// DEL, C1) as `\u{1B}`: messages quote text from input files and arguments, and a
    /// quoted line break must not split one `error:` line in two, nor an escape sequence
    /// drive the user's terminal. Tabs are kept.
    public static func escapingControlCharacters(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value != 0x09 && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.append(scalar)
                continue
            }
            let escaped =
                switch scalar.value {
                case 0x0A: "\\n"
                case 0x0D: "\\r"
                default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            result.append(contentsOf: escaped.unicodeScalars)
        }
        return String(result)
    }
}
