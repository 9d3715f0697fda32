/// One file (or folder) an archive's central directory lists (APPNOTE 6.3, §4.3.12).
public struct ZipEntry: Hashable, Sendable {
    /// The path inside the archive, `/`-separated; folders end with `/`.
    public var name: String
    /// The compression method: 0 stored, 8 deflate (§4.4.5); others are refused when read.
    public var method: UInt16
    /// The general purpose bit flags (§4.4.4).
    public var flags: UInt16
    /// The CRC-32 of the uncompressed bytes.
    public var crc32: UInt32
    /// The size as stored in the archive, in bytes.
    public var compressedSize: UInt64
    /// The size once inflated, in bytes.
    public var uncompressedSize: UInt64
    /// Where the entry's local header starts, in bytes from the start of the archive.
    public var localHeaderOffset: UInt64

    /// Creates an entry.
    public init(
        name: String, method: UInt16, flags: UInt16, crc32: UInt32, compressedSize: UInt64, uncompressedSize: UInt64,
        localHeaderOffset: UInt64
    ) {
        self.name = name
        self.method = method
        self.flags = flags
        self.crc32 = crc32
        self.compressedSize = compressedSize
        self.uncompressedSize = uncompressedSize
        self.localHeaderOffset = localHeaderOffset
    }

    /// Whether the entry is a folder rather than a file.
    public var isDirectory: Bool { name.hasSuffix("/") }

    /// Whether the entry is encrypted: traditional PKWARE encryption (bit 0), strong
    /// encryption (bit 6) or WinZip AES (method 99).
    public var isEncrypted: Bool { flags & 0x0001 != 0 || flags & 0x0040 != 0 || method == 99 }

    /// Whether the sizes and CRC follow the data in a data descriptor (bit 3) rather than
    /// stand in the local header; the central directory has them either way (§4.3.9).
    public var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
}
