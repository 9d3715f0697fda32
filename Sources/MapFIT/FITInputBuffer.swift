import MapErrors

/// The reader's window on its source: one reusable buffer, refilled as bytes are consumed,
/// that grows only as far as the largest message the protocol allows asks.
struct FITInputBuffer<Source: FITByteSource> {
    private var source: Source
    private var storage: [UInt8]
    private var start = 0
    private var end = 0
    // The stream offset of `storage[0]`.
    private var base = 0
    private var sourceEnded = false

    /// The bytes read from the source at a time.
    static var chunkSize: Int { 1 << 16 }

    init(source: Source) {
        self.source = source
        self.storage = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// The stream offset of the next byte not yet consumed.
    var offset: Int { base + start }

    /// Makes at least `count` bytes available after `offset`; `false` when the stream ends
    /// first (the bytes it did have stay available). `count` is at most a header or one
    /// message (2 + 255 × 3 + 255 × 3 bytes of definition, or 255 × 255 × 2 + 1 of data), so
    /// the buffer never grows from anything but the protocol's own limits.
    mutating func require(_ count: Int) throws(MapError) -> Bool {
        if end - start >= count { return true }
        if start > 0 {
            let kept = end - start
            if kept > 0 {
                storage.withUnsafeMutableBytes { raw in
                    guard let pointer = raw.baseAddress else { return }
                    pointer.copyMemory(from: pointer + start, byteCount: kept)
                }
            }
            base += start
            end = kept
            start = 0
        }
        if count > storage.count {
            storage += [UInt8](repeating: 0, count: count - storage.count)
        }
        // The buffer is moved out while the source fills it, so that the two are not
        // accessed through `self` at once (and not copied).
        var buffer = storage
        storage = []
        defer { storage = buffer }
        while end < count, !sourceEnded {
            var failure: MapError?
            let filled = end
            let read = buffer.withUnsafeMutableBytes { raw -> Int in
                do throws(MapError) {
                    return try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { throw failure }
            if read <= 0 { sourceEnded = true } else { end += min(read, buffer.count - end) }
        }
        return end - start >= count
    }

    /// How many bytes are available after `offset`.
    var available: Int { end - start }

    /// The byte at `index` past `offset`; `require` must have made it available.
    subscript(index: Int) -> UInt8 { storage[start + index] }

    /// Calls `body` with the `count` bytes after `offset` (made available by `require`).
    func withBytes<Result>(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        storage.withUnsafeBytes { raw in body(UnsafeRawBufferPointer(rebasing: raw[start..<start + count])) }
    }

    /// Consumes `count` available bytes, adding them to `crc`.
    mutating func consume(_ count: Int, into crc: inout FITCRC) {
        withBytes(count) { crc.add($0) }
        start += count
    }

    /// Consumes `count` available bytes without a CRC.
    mutating func skip(_ count: Int) {
        start += count
    }
}
