/// The fixed 127-byte header of a PMTiles version 3 archive: where the root directory, the
/// metadata, the leaf directories and the tile data lie, how they are compressed, and what
/// the tiles are.
///
/// Layout: PMTiles specification v3, "Header" (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
/// the magic `PMTiles`, the version byte, then little-endian integers.
public struct PMTilesHeader: Hashable, Sendable {
    /// The header's size in bytes; the root directory must start within the first 16,384
    /// bytes, so one read of that much holds both.
    public static let size = 127

    /// How a section of the archive is compressed.
    public enum Compression: UInt8, Hashable, Sendable {
        /// Not said; treated as none.
        case unknown = 0
        /// Stored as is.
        case none = 1
        /// gzip (RFC 1952).
        case gzip = 2
        /// Brotli (RFC 7932).
        case brotli = 3
        /// Zstandard (RFC 8878).
        case zstd = 4
    }

    /// What the tiles are.
    public enum TileType: UInt8, Hashable, Sendable {
        /// Not said.
        case unknown = 0
        /// Mapbox Vector Tiles.
        case mvt = 1
        /// PNG images.
        case png = 2
        /// JPEG images.
        case jpeg = 3
        /// WebP images.
        case webp = 4
        /// AVIF images.
        case avif = 5
    }

    /// The byte range of the root directory.
    public var rootDirectory: Range<UInt64>
    /// The byte range of the JSON metadata.
    public var metadata: Range<UInt64>
    /// The byte range holding every leaf directory; a leaf entry's offset is relative to
    /// its start.
    public var leafDirectories: Range<UInt64>
    /// The byte range holding every tile; a tile entry's offset is relative to its start.
    public var tileData: Range<UInt64>
    /// How the directories and the metadata are compressed.
    public var internalCompression: Compression
    /// How each tile is compressed.
    public var tileCompression: Compression
    /// What the tiles are.
    public var tileType: TileType
    /// The zooms the archive has tiles for.
    public var zoomRange: ClosedRange<Int>
    /// The area the tiles cover, in degrees: west, south, east, north.
    public var bounds: (west: Double, south: Double, east: Double, north: Double)

    /// Reads a header from the first bytes of an archive.
    ///
    /// - Throws: `PMTilesError` for a file that is not PMTiles, another version, or a
    ///   header whose sections do not fit together.
    public init(parsing bytes: some Collection<UInt8>) throws(PMTilesError) {
        let bytes = Array(bytes.prefix(Self.size))
        guard bytes.count >= 8, bytes.starts(with: Array("PMTiles".utf8)) else {
            throw PMTilesError("not a PMTiles archive (no 'PMTiles' magic at its start)")
        }
        guard bytes[7] == 3 else {
            throw PMTilesError("PMTiles version \(bytes[7]) is not supported (only version 3 is)")
        }
        guard bytes.count == Self.size else {
            throw PMTilesError("the header is cut short (\(bytes.count) of 127 bytes)")
        }
        func uint64(_ offset: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
        func int32(_ offset: Int) -> Int32 {
            Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) })
        }
        func range(_ offset: Int) throws(PMTilesError) -> Range<UInt64> {
            let start = uint64(offset), length = uint64(offset + 8)
            let (end, overflow) = start.addingReportingOverflow(length)
            guard !overflow else { throw PMTilesError("a section's offset and length overflow") }
            return start..<end
        }
        rootDirectory = try range(8)
        metadata = try range(24)
        leafDirectories = try range(40)
        tileData = try range(56)
        guard let internalCompression = Compression(rawValue: bytes[97]),
            let tileCompression = Compression(rawValue: bytes[98])
        else { throw PMTilesError("unknown compression codes \(bytes[97]) and \(bytes[98])") }
        self.internalCompression = internalCompression
        self.tileCompression = tileCompression
        tileType = TileType(rawValue: bytes[99]) ?? .unknown
        let minimumZoom = Int(bytes[100]), maximumZoom = Int(bytes[101])
        guard minimumZoom <= maximumZoom, maximumZoom <= 30 else {
            throw PMTilesError("impossible zoom range \(minimumZoom)–\(maximumZoom)")
        }
        zoomRange = minimumZoom...maximumZoom
        let scale = 1e-7
        bounds = (
            Double(int32(102)) * scale, Double(int32(106)) * scale, Double(int32(110)) * scale,
            Double(int32(114)) * scale
        )
    }

    public static func == (lhs: PMTilesHeader, rhs: PMTilesHeader) -> Bool {
        lhs.rootDirectory == rhs.rootDirectory && lhs.metadata == rhs.metadata
            && lhs.leafDirectories == rhs.leafDirectories && lhs.tileData == rhs.tileData
            && lhs.internalCompression == rhs.internalCompression && lhs.tileCompression == rhs.tileCompression
            && lhs.tileType == rhs.tileType && lhs.zoomRange == rhs.zoomRange
            && lhs.bounds == rhs.bounds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rootDirectory)
        hasher.combine(tileData)
        hasher.combine(tileType)
    }
}

/// Why an archive cannot be read, in one line.
public struct PMTilesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whose fault it is.
    public enum Kind: Hashable, Sendable {
        /// The archive's bytes are wrong: not PMTiles, another version, damaged.
        case invalid
        /// The archive cannot be reached as needed: a server without range requests, an
        /// archive replaced while being read, a network failure.
        case unavailable
    }

    /// The reason.
    public var reason: String
    /// Whose fault it is.
    public var kind: Kind

    /// Creates an error.
    public init(_ reason: String, kind: Kind = .invalid) {
        self.reason = reason
        self.kind = kind
    }

    public var description: String { reason }
}
