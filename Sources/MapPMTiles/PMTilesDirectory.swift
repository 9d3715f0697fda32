/// One directory of a PMTiles archive: entries sorted by tile id, each pointing at a run of
/// tiles with the same content or, with a run length of 0, at a leaf directory.
///
/// Encoding: PMTiles specification v3, "Directories": a varint count, then the tile ids as
/// varint deltas, the run lengths, the lengths, and the offsets (0 meaning "right after
/// the previous entry", otherwise offset + 1), each column one varint per entry.
public struct PMTilesDirectory: Hashable, Sendable {
    /// One entry.
    public struct Entry: Hashable, Sendable {
        /// The first tile id of the run.
        public var tileID: UInt64
        /// Where the content starts: in the tile data section, or in the leaf directories
        /// section for a leaf entry.
        public var offset: UInt64
        /// How many bytes it has.
        public var length: UInt32
        /// How many consecutive tile ids share the content; 0 for a leaf directory.
        public var runLength: UInt32
    }

    /// The entries in tile id order.
    public var entries: [Entry]

    /// The most entries a directory may declare: far more than the spec's writers make
    /// (a root holds at most a few thousand), few enough that a hostile count cannot make
    /// a huge allocation.
    static let maximumEntries = 10_000_000

    /// Decodes a directory's uncompressed bytes.
    ///
    /// - Throws: `PMTilesError` for truncated or inconsistent data.
    public init(decoding bytes: [UInt8]) throws(PMTilesError) {
        var reader = VarintReader(bytes: bytes)
        let count = try reader.next()
        guard count <= UInt64(Self.maximumEntries), count <= UInt64(bytes.count) else {
            throw PMTilesError("a directory declares \(count) entries in \(bytes.count) bytes")
        }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var tileID: UInt64 = 0
        for index in entries.indices {
            let (sum, overflow) = tileID.addingReportingOverflow(try reader.next())
            guard !overflow else { throw PMTilesError("a directory's tile ids overflow") }
            tileID = sum
            entries[index].tileID = tileID
        }
        for index in entries.indices { entries[index].runLength = try reader.next32() }
        for index in entries.indices { entries[index].length = try reader.next32() }
        for index in entries.indices {
            let value = try reader.next()
            if value == 0, index > 0 {
                let previous = entries[index - 1]
                let (offset, overflow) = previous.offset.addingReportingOverflow(UInt64(previous.length))
                guard !overflow else { throw PMTilesError("a directory's offsets overflow") }
                entries[index].offset = offset
            } else if value == 0 {
                throw PMTilesError("a directory's first entry has no offset")
            } else {
                entries[index].offset = value - 1
            }
        }
        self.entries = entries
    }

    /// The entry that holds `tileID`: the last entry whose id is at most `tileID`, if its
    /// run covers it or it is a leaf directory (which the caller searches next).
    ///
    /// - Complexity: O(log n).
    public func entry(for tileID: UInt64) -> Entry? {
        var low = 0, high = entries.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if entries[middle].tileID < tileID {
                low = middle + 1
            } else if entries[middle].tileID > tileID {
                high = middle - 1
            } else {
                return entries[middle]
            }
        }
        guard high >= 0 else { return nil }
        let candidate = entries[high]
        if candidate.runLength == 0 { return candidate }
        return tileID - candidate.tileID < UInt64(candidate.runLength) ? candidate : nil
    }
}

/// Reads unsigned LEB128 varints (at most 10 bytes for 64 bits), never past the end.
struct VarintReader {
    let bytes: [UInt8]
    var index = 0

    mutating func next() throws(PMTilesError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < bytes.count else { throw PMTilesError("a directory is cut short") }
            let byte = bytes[index]
            index += 1
            guard shift < 64, shift < 63 || byte <= 1 else {
                throw PMTilesError("a directory holds a varint over 64 bits")
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func next32() throws(PMTilesError) -> UInt32 {
        let value = try next()
        guard value <= UInt64(UInt32.max) else { throw PMTilesError("a directory holds a length over 32 bits") }
        return UInt32(value)
    }
}
