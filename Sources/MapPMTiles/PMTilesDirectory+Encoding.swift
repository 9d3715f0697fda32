extension PMTilesDirectory {
    /// A directory of `entries`, which must be in ascending tile id order.
    public init(entries: [Entry]) { self.entries = entries }

    /// The directory's uncompressed bytes: the encoding `init(decoding:)` reads (PMTiles
    /// specification v3, "Directories"). An offset is written as 0 when the entry's content
    /// starts right where the previous entry's ends, which is what makes a clustered
    /// archive's directories small.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 6 + 10)
        appendVarint(UInt64(entries.count), to: &bytes)
        var previousID: UInt64 = 0
        for entry in entries {
            appendVarint(entry.tileID - previousID, to: &bytes)
            previousID = entry.tileID
        }
        for entry in entries { appendVarint(UInt64(entry.runLength), to: &bytes) }
        for entry in entries { appendVarint(UInt64(entry.length), to: &bytes) }
        for (index, entry) in entries.enumerated() {
            if index > 0, entry.offset == entries[index - 1].offset + UInt64(entries[index - 1].length) {
                appendVarint(0, to: &bytes)
            } else {
                appendVarint(entry.offset + 1, to: &bytes)
            }
        }
        return bytes
    }

    /// Decodes a directory's bytes as stored, compressed by `compression`.
    ///
    /// - Throws: `PMTilesError` for damaged data or a compression this build does not read.
    public init(decoding bytes: [UInt8], compression: PMTilesHeader.Compression) throws(PMTilesError) {
        try self.init(decoding: try compression.decompress(bytes))
    }
}

/// Appends `value` as an unsigned LEB128 varint: 7 bits a byte, low bits first.
func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
        bytes.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
    }
    bytes.append(UInt8(value))
}

extension PMTilesDirectory.Entry {
    /// An entry: `runLength` tiles from `tileID` on sharing `length` bytes at `offset`, or
    /// with a run length of 0 a leaf directory.
    public init(tileID: UInt64, runLength: UInt32, offset: UInt64, length: UInt32) {
        self.tileID = tileID
        self.offset = offset
        self.length = length
        self.runLength = runLength
    }
}
