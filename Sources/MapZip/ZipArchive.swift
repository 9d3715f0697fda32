public import MapErrors

/// A ZIP archive (PKWARE APPNOTE 6.3) read through its central directory: what KMZ files
/// are, and what Office and EPUB files are made of.
///
/// Opening reads the end of central directory record (found by scanning back over the
/// archive comment, §4.3.16) and the central directory (§4.3.12); `contents(of:)` then
/// reads one entry's local header and data (§4.3.7) and nothing else, so an entry costs its
/// own bytes, never the whole archive. Entries are stored (method 0) or deflated (method 8,
/// inflated with libdeflate), and their CRC-32 is checked. Sizes and CRCs come from the
/// central directory, so entries written with a data descriptor (bit 3, by streaming
/// writers) read like any other. Names are UTF-8 when flag bit 11 says so, else code page
/// 437.
///
/// Refused with a `.invalidData` `MapError` naming the archive, the entry and the byte
/// offset: damaged or truncated archives, encrypted entries, other compression methods,
/// archives split over disks, ZIP64 archives (over 4 GiB or 65,535 entries: no KMZ is),
/// and entries past `limits` (zip bombs).
public struct ZipArchive: Sendable {
    /// What the archive is called in messages: its path.
    public let name: String
    /// The entries, in central directory order.
    public let entries: [ZipEntry]
    /// What the archive may make the reader allocate.
    public let limits: ZipLimits
    private let source: ZipByteSource

    /// Reads the central directory of the archive in `source`.
    ///
    /// - Throws: `.invalidData` naming `name` and the byte offset when the archive is not a
    ///   ZIP archive, is damaged or truncated, is ZIP64 or spans disks, or lists more
    ///   entries or a larger total than `limits` allow.
    public init(source: ZipByteSource, name: String, limits: ZipLimits = .standard) throws(MapError) {
        self.source = source
        self.name = name
        self.limits = limits
        let end = try ZipEndRecord(source: source, archive: name)
        guard end.entryCount <= limits.maximumEntries else {
            throw MapError(
                .invalidData, "the archive lists \(end.entryCount) entries, more than \(limits.maximumEntries)",
                at: InputLocation(file: name), remedy: "give an archive with fewer files")
        }
        // A central directory entry is 46 bytes and its three variable fields; 64 MiB holds
        // 65,535 entries with names of hundreds of bytes, so no honest archive needs more.
        guard end.directorySize <= 64 << 20 else {
            throw MapError(
                .invalidData, "the central directory at byte \(end.directoryOffset) is \(end.directorySize) bytes long",
                at: InputLocation(file: name), remedy: "the archive is damaged; copy it again")
        }
        let directory = try source.read(
            Int(end.directorySize), at: end.directoryOffset, what: "the central directory", archive: name)
        var entries: [ZipEntry] = []
        entries.reserveCapacity(end.entryCount)
        var offset = 0
        var total: UInt64 = 0
        for index in 0..<end.entryCount {
            let record = ZipRecord(directory, at: offset)
            let position = end.directoryOffset + UInt64(offset)
            guard record.has(46, at: 0), record.u32(0) == 0x0201_4B50 else {
                throw MapError(
                    .invalidData, "central directory entry \(index + 1) at byte \(position) is damaged (no signature)",
                    at: InputLocation(file: name), remedy: "the archive is damaged; copy it again")
            }
            let nameLength = Int(record.u16(28)), extraLength = Int(record.u16(30)), commentLength = Int(record.u16(32))
            guard record.has(46 + nameLength + extraLength + commentLength, at: 0) else {
                throw MapError(
                    .invalidData, "central directory entry \(index + 1) at byte \(position) runs past the directory",
                    at: InputLocation(file: name), remedy: "the archive is damaged; copy it again")
            }
            let flags = record.u16(8)
            let entryName = ZipText.name(
                directory[(offset + 46)..<(offset + 46 + nameLength)], isUTF8: flags & 0x0800 != 0)
            let entry = ZipEntry(
                name: entryName, method: record.u16(10), flags: flags, crc32: record.u32(16),
                compressedSize: UInt64(record.u32(20)), uncompressedSize: UInt64(record.u32(24)),
                localHeaderOffset: UInt64(record.u32(42)) + end.prefixLength)
            if record.u32(20) == 0xFFFF_FFFF || record.u32(24) == 0xFFFF_FFFF || record.u32(42) == 0xFFFF_FFFF {
                throw MapError(
                    .invalidData, "entry \(entryName) at byte \(position) has ZIP64 sizes, which are not supported",
                    at: InputLocation(file: name), remedy: "give an archive under 4 GiB (no KMZ needs ZIP64)")
            }
            total += entry.uncompressedSize
            guard total <= limits.maximumTotalSize else {
                throw MapError(
                    .invalidData,
                    "the entries would inflate to more than \(limits.maximumTotalSize >> 20) MiB in all (a zip bomb?)",
                    at: InputLocation(file: name), remedy: "give a smaller archive")
            }
            entries.append(entry)
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// Opens and reads the archive at `path`, reading it with `pread` as entries are asked for.
    ///
    /// - Throws: `.missingInput` when the file cannot be opened; as `init(source:name:limits:)`.
    public static func open(atPath path: String, limits: ZipLimits = .standard) throws(MapError) -> ZipArchive {
        let descriptor = ZipOpen.open(path)
        guard descriptor >= 0 else {
            throw MapError(
                .missingInput, "cannot be opened: \(ZipOpen.lastError())", at: InputLocation(file: path),
                remedy: "check the path and the file's permissions")
        }
        defer { ZipOpen.close(descriptor) }
        return try ZipArchive(
            source: ZipByteSource.file(descriptor: descriptor, name: path), name: path, limits: limits)
    }

    /// The first entry named `entryName` exactly, if any.
    public func entry(named entryName: String) -> ZipEntry? {
        entries.first { $0.name == entryName }
    }

    /// The uncompressed bytes of `entry`, their CRC-32 checked.
    ///
    /// - Throws: `.invalidData` naming the archive, the entry and the byte offset of its
    ///   local header: encrypted, an unsupported method, over the limits, damaged data, a
    ///   CRC mismatch, or data past the end of the archive.
    public func contents(of entry: ZipEntry) throws(MapError) -> [UInt8] {
        let at = "entry \(entry.name) (local header at byte \(entry.localHeaderOffset))"
        func failure(_ message: String, remedy: String = "the archive is damaged; copy it again") -> MapError {
            MapError(.invalidData, "\(at): \(message)", at: InputLocation(file: name), remedy: remedy)
        }
        guard !entry.isEncrypted else {
            throw failure("is encrypted, which is not supported", remedy: "give an archive without a password")
        }
        guard entry.method == 0 || entry.method == 8 else {
            throw failure(
                "compression method \(entry.method) is not supported (stored and deflate are)",
                remedy: "re-create the archive with deflate compression")
        }
        guard entry.uncompressedSize <= limits.maximumEntrySize else {
            throw failure(
                "declares \(entry.uncompressedSize) bytes uncompressed, over the \(limits.maximumEntrySize >> 20) MiB"
                    + " limit (a zip bomb?)", remedy: "give a smaller archive")
        }
        // Deflate never makes data more than a few bytes per 16 KiB block larger.
        guard entry.compressedSize <= limits.maximumEntrySize else {
            throw failure(
                "declares \(entry.compressedSize) bytes compressed, over the \(limits.maximumEntrySize >> 20) MiB limit",
                remedy: "give a smaller archive")
        }
        if entry.method == 0, entry.compressedSize != entry.uncompressedSize {
            throw failure("is stored but declares \(entry.compressedSize) bytes stored for \(entry.uncompressedSize)")
        }
        if entry.uncompressedSize > limits.ratioThreshold,
            entry.uncompressedSize / max(1, entry.compressedSize) > limits.maximumRatio
        {
            throw failure(
                "would inflate \(entry.compressedSize) bytes to \(entry.uncompressedSize), over \(limits.maximumRatio):1"
                    + " (a zip bomb?)", remedy: "give an archive whose entries are not compressed that far")
        }
        let header = try source.read(
            30, at: entry.localHeaderOffset, what: "the local header of \(entry.name)", archive: name)
        let record = ZipRecord(header)
        guard record.u32(0) == 0x0403_4B50 else {
            throw failure("no local header signature there (a bad offset)")
        }
        let dataOffset = entry.localHeaderOffset + 30 + UInt64(record.u16(26)) + UInt64(record.u16(28))
        guard dataOffset <= source.size, entry.compressedSize <= source.size - dataOffset else {
            throw failure(
                "its \(entry.compressedSize) bytes of data at byte \(dataOffset) run past the end of the archive")
        }
        let stored = try source.read(
            Int(entry.compressedSize), at: dataOffset, what: "the data of \(entry.name)", archive: name)
        let bytes: [UInt8]
        if entry.method == 0 {
            bytes = stored
        } else {
            switch ZipInflate.inflate(stored, size: Int(entry.uncompressedSize)) {
            case .success(let inflated): bytes = inflated
            case .failure(let problem): throw failure("deflate data at byte \(dataOffset) \(problem.description)")
            }
        }
        let crc = ZipInflate.crc32(bytes)
        guard crc == entry.crc32 else {
            throw failure(
                "CRC-32 mismatch: the data has \(Self.hex(crc)), the directory says \(Self.hex(entry.crc32))")
        }
        return bytes
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
