#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parser's source of text: raw bytes, from memory or a file a chunk at a time, decoded
/// to UTF-8 by an `XMLTextDecoder` once the first bytes have told the encoding.
package struct XMLInput {
    /// How many raw bytes are decoded at a time, which bounds the memory for text.
    package static let defaultChunkSize = 1 << 16

    private enum Source {
        /// All the bytes; `chunkSize` of them are made available at a time.
        case memory(chunkSize: Int)
        case file(XMLFile)
    }

    private let source: Source
    /// Raw bytes; `raw[start..<end]` are read but not yet decoded.
    private var raw: [UInt8]
    private var start = 0
    private var end = 0
    private var sourceEnded = false
    private var decoder: XMLTextDecoder?
    /// What the first bytes said, once read.
    private(set) var detected: XMLEncoding.Detected?

    /// Reads `bytes`, making `chunkSize` of them available at a time (smaller chunks are for
    /// testing chunk boundaries).
    package init(bytes: [UInt8], chunkSize: Int = defaultChunkSize) {
        source = .memory(chunkSize: max(1, chunkSize))
        raw = bytes
    }

    /// Reads the file at `path`.
    package init(contentsOfFile path: String) throws(XMLError) {
        source = .file(try XMLFile(path: path))
        raw = [UInt8](repeating: 0, count: Self.defaultChunkSize)
    }

    /// Reads an open file.
    package init(file: XMLFile) {
        source = .file(file)
        raw = [UInt8](repeating: 0, count: Self.defaultChunkSize)
    }

    /// Replaces `output` with the next piece of decoded text; `false` at the end of the input.
    ///
    /// - Throws: the decoding failure (without a position) once the text before it has been
    ///   returned; `.readFailed` when reading the file fails.
    package mutating func fill(_ output: inout [UInt8]) throws(XMLError) -> Bool {
        output.removeAll(keepingCapacity: true)
        if decoder == nil { try detectEncoding() }
        while true {
            if start < end {
                let stop = min(end, start + Self.defaultChunkSize)
                let used = raw.withUnsafeBufferPointer { bytes in
                    decoder!.decode(UnsafeBufferPointer(rebasing: bytes[start..<stop]), into: &output)
                }
                start += used
                if !output.isEmpty { return true }
                if let failure = decoder!.failure { throw failure }
                continue
            }
            if sourceEnded {
                decoder!.finish()
                if let failure = decoder!.failure { throw failure }
                return false
            }
            try readMore()
        }
    }

    /// Called when the XML declaration has been read (§4.3.3), with the encoding it names if
    /// any: switches to it, or refuses it when it is unknown or contradicts the first bytes.
    package mutating func declarationEnded(encodingName: String?) throws(XMLError) {
        decoder!.stopsAfterDeclaration = false
        guard let encodingName else { return }
        guard let declared = XMLEncoding.declared(encodingName) else {
            throw XMLError(
                .unsupportedEncoding,
                "the declared encoding \(encodingName) is not supported (UTF-8, UTF-16, ISO-8859-1, ISO-8859-15, windows-1252 and US-ASCII are)"
            )
        }
        let current = decoder!.encoding
        switch (detected, declared) {
        case (.byteOrderMark(.utf8, _), .utf8), (.asciiCompatible, .utf8): break
        case (.byteOrderMark, .utf16), (.utf16, .utf16): break
        case (.asciiCompatible, .singleByte(let encoding)): decoder!.switchEncoding(to: encoding)
        default:
            throw XMLError(
                .unsupportedEncoding,
                "the declared encoding \(encodingName) does not match the file, which is \(current.name)")
        }
    }

    /// Reads the first bytes (up to four: Appendix F) and sets up the decoder.
    private mutating func detectEncoding() throws(XMLError) {
        while end - start < 4 && !sourceEnded { try readMore() }
        let head = raw[start..<min(end, start + 4)]
        let found = XMLEncoding.detect(head)
        detected = found
        switch found {
        case .byteOrderMark(let encoding, let length):
            start += length
            decoder = XMLTextDecoder(encoding: encoding)
        case .utf16(let encoding):
            decoder = XMLTextDecoder(encoding: encoding)
        case .asciiCompatible:
            decoder = XMLTextDecoder(encoding: .utf8)
            // `<?xml` and a space: a declaration that may name another encoding (§2.8).
            let declaration: [UInt8] = [0x3C, 0x3F, 0x78, 0x6D, 0x6C]
            while end - start < 6 && !sourceEnded { try readMore() }
            if raw[start..<end].starts(with: declaration), end - start > 5, XMLCharacters.isWhitespace(raw[start + 5]) {
                decoder!.stopsAfterDeclaration = true
            }
        case .unsupported(let name):
            throw XMLError(.unsupportedEncoding, "the file is in \(name), which is not supported")
        }
    }

    /// Makes more raw bytes available, keeping the undecoded ones.
    private mutating func readMore() throws(XMLError) {
        switch source {
        case .memory(let chunkSize):
            end = min(raw.count, end + chunkSize)
            sourceEnded = end == raw.count
        case .file(let file):
            if start > 0 {
                raw.withUnsafeMutableBufferPointer { bytes in
                    for index in start..<end { bytes[index - start] = bytes[index] }
                }
                (start, end) = (0, end - start)
            }
            let count = try raw.withUnsafeMutableBufferPointer { (bytes) throws(XMLError) -> Int in
                try file.read(into: UnsafeMutableBufferPointer(rebasing: bytes[end...]))
            }
            end += count
            sourceEnded = count == 0
        }
    }
}

/// A file open for reading, closed when the last reference goes.
package final class XMLFile {
    private let descriptor: Int32

    package init(path: String) throws(XMLError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw XMLError(.readFailed, "cannot be opened: \(String(cString: strerror(errno)))")
        }
    }

    /// Reads a duplicate of `descriptor`, so the caller's stays its own to close.
    package init(duplicating descriptor: Int32) throws(XMLError) {
        self.descriptor = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard self.descriptor >= 0 else {
            throw XMLError(.readFailed, "cannot be read: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// Reads into `buffer`; 0 at the end of the file.
    package func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(XMLError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            guard errno == EINTR else {
                throw XMLError(.readFailed, "reading failed: \(String(cString: strerror(errno)))")
            }
        }
    }
}
