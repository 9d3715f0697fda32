import MapErrors

/// The end of central directory record (APPNOTE 6.3, §4.3.16): where the central directory
/// is and how many entries it lists.
struct ZipEndRecord {
    /// The number of entries.
    var entryCount: Int
    /// The central directory's length, in bytes.
    var directorySize: UInt64
    /// Where the central directory starts, in bytes from the start of the archive.
    var directoryOffset: UInt64
    /// Bytes before the archive proper (a self-extractor's program), added to every
    /// offset the archive records.
    var prefixLength: UInt64

    /// The record's fixed part: 22 bytes, then a comment of up to 65,535 bytes.
    static let fixedLength = 22

    /// Finds the record by scanning back from the end over the longest comment possible.
    init(source: ZipByteSource, archive: String) throws(MapError) {
        func failure(
            _ message: String, remedy: String = "the archive is damaged or truncated; copy it again"
        )
            -> MapError
        {
            MapError(.invalidData, message, at: InputLocation(file: archive), remedy: remedy)
        }
        guard source.size >= UInt64(Self.fixedLength) else {
            throw failure("is not a ZIP archive (\(source.size) bytes, too short)", remedy: "give a .zip or .kmz file")
        }
        // The last 4 KiB first (almost every archive has a short comment or none), then the
        // longest comment possible.
        var windows = [min(source.size, UInt64(Self.fixedLength + 4096))]
        if source.size > windows[0] { windows.append(min(source.size, UInt64(Self.fixedLength + 0xFFFF))) }
        var found: (tail: [UInt8], at: Int, start: UInt64)?
        for window in windows where found == nil {
            let start = source.size - window
            let tail = try source.read(Int(window), at: start, what: "the end of the archive", archive: archive)
            if let at = Self.signature(in: tail, lenient: window == windows.last) { found = (tail, at, start) }
        }
        guard let (tail, at, tailStart) = found else {
            throw failure(
                "is not a ZIP archive (no end of central directory record in its last \(windows.last ?? 0) bytes)",
                remedy: "give a .zip or .kmz file; a truncated download has lost its end")
        }
        let record = ZipRecord(tail, at: at)
        let position = tailStart + UInt64(at)
        if at >= 20, ZipRecord(tail, at: at - 20).u32(0) == 0x0706_4B50 {
            throw failure(
                "is a ZIP64 archive (locator at byte \(position - 20)), which is not supported",
                remedy: "give an archive under 4 GiB with fewer than 65,535 entries")
        }
        guard record.u16(4) == 0, record.u16(6) == 0, record.u16(8) == record.u16(10) else {
            throw failure(
                "spans several disks (end record at byte \(position)), which is not supported",
                remedy: "join the parts into one archive")
        }
        if record.u16(10) == 0xFFFF || record.u32(12) == 0xFFFF_FFFF || record.u32(16) == 0xFFFF_FFFF {
            throw failure(
                "has ZIP64 fields in its end record at byte \(position), which is not supported",
                remedy: "give an archive under 4 GiB with fewer than 65,535 entries")
        }
        entryCount = Int(record.u16(10))
        directorySize = UInt64(record.u32(12))
        let recorded = UInt64(record.u32(16))
        guard recorded <= position, directorySize <= position - recorded else {
            throw failure(
                "the central directory (\(directorySize) bytes at byte \(recorded)) runs past the end record at byte"
                    + " \(position)")
        }
        prefixLength = position - recorded - directorySize
        directoryOffset = recorded + prefixLength
    }

    /// Where in `tail` the record starts: the last signature whose comment reaches exactly to
    /// the end (a comment may hold the signature's bytes, §4.3.16), else, when `lenient`, the
    /// last whose comment fits (some writers miscount it or append bytes).
    private static func signature(in tail: [UInt8], lenient allowed: Bool) -> Int? {
        var lenient: Int?
        var index = tail.count - fixedLength
        while index >= 0 {
            let record = ZipRecord(tail, at: index)
            if record.u32(0) == 0x0605_4B50 {
                let end = index + fixedLength + Int(record.u16(20))
                if end == tail.count { return index }
                if lenient == nil, end <= tail.count { lenient = index }
            }
            index -= 1
        }
        return allowed ? lenient : nil
    }
}
