/// How much a ZIP archive may make the reader allocate: what refuses a "zip bomb", a small
/// archive whose entries inflate to gigabytes.
///
/// Deflate cannot expand data more than about 1032:1 (a 258-byte match in a few bits), so
/// an honest entry's declared size is bounded by its compressed size; declared sizes are
/// checked before anything is allocated, and inflating never writes past the declared size.
public struct ZipLimits: Hashable, Sendable {
    /// The largest entry read, uncompressed, in bytes.
    public var maximumEntrySize: UInt64
    /// The largest ratio of uncompressed to compressed size accepted for entries larger
    /// than `ratioThreshold`.
    public var maximumRatio: UInt64
    /// The uncompressed size, in bytes, up to which any ratio is accepted (small text files
    /// of repeated lines compress far beyond 1000:1).
    public var ratioThreshold: UInt64
    /// The largest sum of the entries' declared uncompressed sizes, in bytes.
    public var maximumTotalSize: UInt64
    /// The most entries an archive may list.
    public var maximumEntries: Int

    /// Creates limits.
    public init(
        maximumEntrySize: UInt64 = 256 << 20, maximumRatio: UInt64 = 1000, ratioThreshold: UInt64 = 4 << 20,
        maximumTotalSize: UInt64 = 1 << 30, maximumEntries: Int = 65_535
    ) {
        self.maximumEntrySize = maximumEntrySize
        self.maximumRatio = maximumRatio
        self.ratioThreshold = ratioThreshold
        self.maximumTotalSize = maximumTotalSize
        self.maximumEntries = maximumEntries
    }

    /// 256 MiB an entry, 1000:1 past 4 MiB, 1 GiB in all, 65,535 entries.
    public static let standard = ZipLimits()
}
