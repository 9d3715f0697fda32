import Foundation
public import MapErrors
import MapFormats

/// Writes a clustered PMTiles version 3 archive
/// (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): tiles are added in
/// ascending tile id order, identical contents are stored once and consecutive tiles with
/// the same content become one run; `finish` lays out the header, the root directory (with
/// leaf directories when the entries do not fit in the first 16,384 bytes), the metadata,
/// the leaf directories and the tile data, and moves the file into place.
///
/// The tile data is spooled to a nameless scratch file beside the destination, and the
/// archive is written to a temporary file, header last, that only `finish` renames onto the
/// destination, so a failed or interrupted run leaves nothing there.
public final class PMTilesWriter {
    /// What the archive says about its tiles, beside the directories.
    public struct Description: Sendable {
        /// What the tiles are.
        public var tileType: PMTilesHeader.TileType
        /// How the tiles are compressed (they are stored as given).
        public var tileCompression: PMTilesHeader.Compression
        /// How the directories and the metadata are compressed: gzip or none.
        public var internalCompression: PMTilesHeader.Compression
        /// The JSON metadata, uncompressed.
        public var metadata: [UInt8]
        /// The zooms the archive has tiles for.
        public var zoomRange: ClosedRange<Int>
        /// The area the tiles cover, in degrees.
        public var bounds: (west: Double, south: Double, east: Double, north: Double)
        /// Where a viewer opens the map: a zoom and a coordinate in degrees.
        public var center: (zoom: Int, longitude: Double, latitude: Double)

        /// Describes an archive.
        public init(
            tileType: PMTilesHeader.TileType, tileCompression: PMTilesHeader.Compression,
            internalCompression: PMTilesHeader.Compression = .gzip, metadata: [UInt8], zoomRange: ClosedRange<Int>,
            bounds: (west: Double, south: Double, east: Double, north: Double),
            center: (zoom: Int, longitude: Double, latitude: Double)
        ) {
            self.tileType = tileType
            self.tileCompression = tileCompression
            self.internalCompression = internalCompression
            self.metadata = metadata
            self.zoomRange = zoomRange
            self.bounds = bounds
            self.center = center
        }
    }

    /// What was written.
    public struct Summary: Hashable, Sendable {
        /// Tiles addressed by the directories (runs counted tile by tile).
        public var addressedTiles: UInt64
        /// Directory entries pointing at tiles.
        public var tileEntries: UInt64
        /// Distinct tile contents stored.
        public var tileContents: UInt64
        /// Bytes of tile data.
        public var tileDataBytes: UInt64
        /// How many leaf directories there are (0 when the root holds every entry).
        public var leafDirectories: Int
        /// The archive's size in bytes.
        public var fileBytes: UInt64
    }

    /// Where the archive goes.
    public let destination: String
    private let spool: SpoolFile
    private var entries: [PMTilesDirectory.Entry] = []
    /// Where each distinct content lies in the tile data, by its fingerprint.
    private var contents: [ContentKey: (offset: UInt64, length: UInt32)] = [:]
    private var addressedTiles: UInt64 = 0
    /// The first tile id a next `add` may use.
    private var nextID: UInt64 = 0

    /// The most bytes the header and the root directory may take together (PMTiles v3:
    /// the root directory lies within the first 16,384 bytes, so one read gets both).
    public static let rootLimit = 16_384

    /// Starts an archive for `destination`; nothing is there until `finish`.
    ///
    /// - Throws: `MapError` `.cannotCreate` when the destination's folder is missing or not
    ///   writable.
    public init(destination: String) throws(MapError) {
        self.destination = destination
        let slash = destination.lastIndex(of: "/")
        let folder = slash.map { String(destination[..<$0]) } ?? "."
        spool = try SpoolFile(folder: folder.isEmpty ? "/" : folder, owner: destination)
    }

    /// Adds `runLength` consecutive tiles from `tileID` on, all with `contents` (stored as
    /// given, already compressed as the description's tile compression says).
    ///
    /// - Throws: `MapError` `.internalFailure` when ids do not ascend, `.ioFailure` when
    ///   spooling fails.
    public func add(tileID: UInt64, runLength: UInt32 = 1, contents bytes: [UInt8]) throws(MapError) {
        guard tileID >= nextID, runLength > 0 else {
            throw MapError(.internalFailure, "PMTiles tiles added out of order (tile id \(tileID))")
        }
        guard bytes.count <= Int(UInt32.max) else {
            throw MapError(.internalFailure, "a tile of \(bytes.count) bytes is too large for PMTiles")
        }
        let key = ContentKey(bytes)
        let stored: (offset: UInt64, length: UInt32)
        if let known = contents[key] {
            stored = known
        } else {
            stored = (try spool.append(bytes), UInt32(bytes.count))
            contents[key] = stored
        }
        addressedTiles += UInt64(runLength)
        nextID = tileID + UInt64(runLength)
        // A tile that repeats the one before it lengthens that run (spec: "run_length").
        if let last = entries.last, last.offset == stored.offset, last.length == stored.length,
            last.tileID + UInt64(last.runLength) == tileID, UInt64(last.runLength) + UInt64(runLength) <= UInt32.max
        {
            entries[entries.count - 1].runLength += runLength
            return
        }
        entries.append(
            PMTilesDirectory.Entry(tileID: tileID, runLength: runLength, offset: stored.offset, length: stored.length))
    }

    /// Writes the archive and moves it onto the destination.
    ///
    /// - Throws: `MapError` `.cannotCreate` or `.ioFailure` when writing fails (nothing is
    ///   left at the destination), `.internalFailure` for a compression that cannot be
    ///   written.
    @discardableResult
    public func finish(_ description: Description) throws(MapError) -> Summary {
        let compression = description.internalCompression
        let root: [UInt8], leaves: [UInt8], leafCount: Int, metadata: [UInt8]
        do {
            (root, leaves, leafCount) = try Self.directories(entries, compression: compression)
            metadata = try compression.compress(description.metadata)
        } catch {
            throw MapError(.internalFailure, error.reason, at: InputLocation(file: destination))
        }
        // Layout: header, root directory, metadata, leaf directories, tile data, in the
        // order the specification lists them.
        let rootStart = UInt64(PMTilesHeader.size)
        let metadataStart = rootStart + UInt64(root.count)
        let leavesStart = metadataStart + UInt64(metadata.count)
        let tilesStart = leavesStart + UInt64(leaves.count)
        let summary = Summary(
            addressedTiles: addressedTiles, tileEntries: UInt64(entries.count), tileContents: UInt64(contents.count),
            tileDataBytes: spool.size, leafDirectories: leafCount, fileBytes: tilesStart + spool.size)
        let header = Self.header(
            sections: [
                rootStart..<metadataStart, metadataStart..<leavesStart, leavesStart..<tilesStart,
                tilesStart..<(tilesStart + spool.size),
            ], summary: summary, description: description)
        // The header goes in last, once everything it points at is on disk.
        let file = try StagedFile(streamingTo: destination)
        do {
            try file.write(root + metadata + leaves, at: rootStart)
            var offset: UInt64 = 0
            let chunk: UInt64 = 4 << 20
            while offset < spool.size {
                let end = min(spool.size, offset + chunk)
                try file.write(try spool.bytes(in: offset..<end), at: tilesStart + offset)
                offset = end
            }
            try file.write(header, at: 0)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        return summary
    }

    /// The root directory and the leaf directories of `entries`, compressed: every entry in
    /// the root when it fits beside the header; otherwise runs of entries in leaves, the
    /// root pointing at them, with leaves made twice as large until the root fits.
    static func directories(
        _ entries: [PMTilesDirectory.Entry], compression: PMTilesHeader.Compression
    ) throws(PMTilesError) -> (root: [UInt8], leaves: [UInt8], leafCount: Int) {
        let limit = rootLimit - PMTilesHeader.size
        let whole = try compression.compress(PMTilesDirectory(entries: entries).encoded())
        if whole.count <= limit { return (whole, [], 0) }
        // 4,096 entries a leaf keeps a leaf read (a few kilobytes) small next to its tiles.
        var leafSize = 4096
        while true {
            var leaves: [UInt8] = []
            var pointers: [PMTilesDirectory.Entry] = []
            for start in stride(from: 0, to: entries.count, by: leafSize) {
                let part = Array(entries[start..<min(entries.count, start + leafSize)])
                let bytes = try compression.compress(PMTilesDirectory(entries: part).encoded())
                pointers.append(
                    PMTilesDirectory.Entry(
                        tileID: part[0].tileID, runLength: 0, offset: UInt64(leaves.count), length: UInt32(bytes.count))
                )
                leaves += bytes
            }
            let root = try compression.compress(PMTilesDirectory(entries: pointers).encoded())
            if root.count <= limit { return (root, leaves, pointers.count) }
            leafSize *= 2
        }
    }

    /// The 127 bytes of the header (PMTiles specification v3, "Header"): little-endian
    /// offsets and lengths of the four sections, the counts, clustered = 1, compressions,
    /// tile type, zooms, bounds and center in units of 10^-7 degrees.
    static func header(sections: [Range<UInt64>], summary: Summary, description: Description) -> [UInt8] {
        var bytes = Array("PMTiles".utf8) + [3]
        func uint64(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
        func int32(_ degrees: Double) {
            let value = Int32(clamping: Int64((degrees * 1e7).rounded()))
            for shift in stride(from: 0, to: 32, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: value >> Int32(shift)))
            }
        }
        for section in sections {
            uint64(section.lowerBound)
            uint64(section.upperBound - section.lowerBound)
        }
        uint64(summary.addressedTiles)
        uint64(summary.tileEntries)
        uint64(summary.tileContents)
        bytes.append(1)  // clustered: tile data in tile id order, each content where it first appears
        bytes.append(description.internalCompression.rawValue)
        bytes.append(description.tileCompression.rawValue)
        bytes.append(description.tileType.rawValue)
        bytes.append(UInt8(clamping: description.zoomRange.lowerBound))
        bytes.append(UInt8(clamping: description.zoomRange.upperBound))
        int32(description.bounds.west)
        int32(description.bounds.south)
        int32(description.bounds.east)
        int32(description.bounds.north)
        bytes.append(UInt8(clamping: description.center.zoom))
        int32(description.center.longitude)
        int32(description.center.latitude)
        return bytes
    }
}

/// A tile content's fingerprint for deduplication: its length and two 64-bit FNV-1a hashes
/// with different offset bases (Fowler, Noll, Vo; http://www.isthe.com/chongo/tech/comp/fnv/).
/// Two different tiles sharing all three would need a 128-bit collision: for the millions of
/// tiles of a country, a chance near 10^-26.
struct ContentKey: Hashable {
    let length: Int
    let first: UInt64
    let second: UInt64

    init(_ bytes: [UInt8]) {
        length = bytes.count
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x6C62_272E_07BB_0142
        let prime: UInt64 = 0x0000_0100_0000_01B3
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* prime
            second = (second ^ UInt64(byte ^ 0x5A)) &* prime
        }
        self.first = first
        self.second = second
    }
}
