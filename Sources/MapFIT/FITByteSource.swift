public import MapErrors

/// Where a `FITReader` gets its bytes: anything that hands over the next bytes of a stream
/// in order, so a file of a million records is read through a small buffer and never held
/// whole.
public protocol FITByteSource {
    /// Copies the next bytes of the stream into `buffer`, at most `buffer.count` of them,
    /// and returns how many it copied; 0 means the stream has ended.
    ///
    /// - Throws: `MapError` (`.ioFailure`, say) when reading fails; the reader passes it on.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(MapError) -> Int
}

/// Bytes already in memory as a `FITByteSource`: for tests, fuzzing and small inputs.
public struct FITByteArraySource: FITByteSource {
    private let bytes: [UInt8]
    private var position = 0

    /// A source that hands over `bytes` from the first.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies the next bytes into `buffer`; 0 once all have been handed over. Never throws.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(MapError) -> Int {
        let count = min(buffer.count, bytes.count - position)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<position + count]))
        }
        position += count
        return count
    }
}
