public import MapGeometry
import Synchronization

/// A PMTiles version 3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
/// its header and root directory read once, leaf directories read when a tile needs them
/// and kept, tiles read one range each. Nothing else of the archive is ever read, so memory
/// and start-up do not grow with the archive's size.
public final class PMTilesArchive: Sendable {
    /// How the archive is read.
    public let reader: any ByteRangeReader
    /// The header.
    public let header: PMTilesHeader
    /// The root directory.
    private let root: PMTilesDirectory
    /// Leaf directories read so far, by their byte range.
    private let leaves = Mutex<[Range<UInt64>: PMTilesDirectory]>([:])

    /// The deepest leaf nesting followed: the spec's writers make at most one leaf level;
    /// a loop in a damaged archive stops here.
    static let maximumDepth = 4

    /// Reads the header and the root directory.
    ///
    /// - Throws: `PMTilesError` for a file that is not PMTiles v3, a broken header or
    ///   root directory, or a compression this build does not read.
    public init(reader: any ByteRangeReader) throws(PMTilesError) {
        self.reader = reader
        let head = try reader.bytes(in: 0..<16_384)
        header = try PMTilesHeader(parsing: head)
        let range = header.rootDirectory
        let rootBytes =
            range.upperBound <= UInt64(head.count)
            ? Array(head[Int(range.lowerBound)..<Int(range.upperBound)]) : try reader.bytes(in: range)
        guard UInt64(rootBytes.count) == range.byteCount else {
            throw PMTilesError("the root directory is cut short")
        }
        root = try PMTilesDirectory(decoding: try Self.decompress(rootBytes, header.internalCompression))
    }

    /// The JSON metadata, uncompressed (an object with `name`, `attribution`,
    /// `vector_layers`…).
    public func metadata() throws(PMTilesError) -> [UInt8] {
        try Self.decompress(reader.bytes(in: header.metadata), header.internalCompression)
    }

    /// The tile's bytes as stored (compressed by `header.tileCompression`), or `nil` when
    /// the archive has no such tile.
    ///
    /// - Throws: `PMTilesError` for a damaged directory or a read that fails.
    public func storedTile(_ tile: TilePath) throws(PMTilesError) -> [UInt8]? {
        guard header.zoomRange.contains(tile.z), tile.x >= 0, tile.y >= 0, tile.x < 1 << tile.z, tile.y < 1 << tile.z
        else { return nil }
        let id = tile.pmtilesID
        var directory = root
        for _ in 0..<Self.maximumDepth {
            guard let entry = directory.entry(for: id) else { return nil }
            if entry.runLength > 0 {
                let bytes = try reader.bytes(in: Self.range(of: entry, in: header.tileData))
                guard bytes.count == Int(entry.length) else { throw PMTilesError("tile \(tile) is cut short") }
                return bytes
            }
            directory = try leaf(at: entry)
        }
        throw PMTilesError("leaf directories nest deeper than \(Self.maximumDepth) levels")
    }

    /// The tile's bytes, decompressed, or `nil` when the archive has no such tile.
    public func tile(_ tile: TilePath) throws(PMTilesError) -> [UInt8]? {
        guard let stored = try storedTile(tile) else { return nil }
        return try Self.decompress(stored, header.tileCompression)
    }

    /// The leaf directory an entry points at, read once.
    private func leaf(at entry: PMTilesDirectory.Entry) throws(PMTilesError) -> PMTilesDirectory {
        let range = try Self.range(of: entry, in: header.leafDirectories)
        if let known = leaves.withLock({ $0[range] }) { return known }
        let bytes = try reader.bytes(in: range)
        guard bytes.count == Int(entry.length) else { throw PMTilesError("a leaf directory is cut short") }
        let directory = try PMTilesDirectory(decoding: try Self.decompress(bytes, header.internalCompression))
        leaves.withLock { $0[range] = directory }
        return directory
    }

    /// The bytes an entry points at in a section: its offset and length from the section's
    /// start.
    ///
    /// - Throws: `PMTilesError` when they reach past the largest byte offset (a damaged
    ///   directory), rather than trapping on the overflow.
    public static func range(
        of entry: PMTilesDirectory.Entry, in section: Range<UInt64>
    ) throws(PMTilesError)
        -> Range<UInt64>
    {
        let (start, startOverflow) = section.lowerBound.addingReportingOverflow(entry.offset)
        let (end, endOverflow) = start.addingReportingOverflow(UInt64(entry.length))
        guard !startOverflow, !endOverflow else {
            throw PMTilesError("a directory entry points past the largest byte offset (offset \(entry.offset))")
        }
        return start..<end
    }

    /// `bytes` decompressed as `compression` says.
    static func decompress(_ bytes: [UInt8], _ compression: PMTilesHeader.Compression) throws(PMTilesError) -> [UInt8] {
        switch compression {
        case .none, .unknown: return bytes
        case .gzip: return try Gzip.decompress(bytes)
        case .brotli, .zstd:
            throw PMTilesError(
                "\(compression == .brotli ? "Brotli" : "Zstandard") compression is not supported;"
                    + " convert the archive with gzip (pmtiles convert --tile-compression=gzip)")
        }
    }
}
