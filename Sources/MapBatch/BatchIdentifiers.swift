/// The ids of a batch seen so far, in a fixed 4 MiB however long the manifest: a Bloom
/// filter (Bloom 1970), 2^25 bits probed 7 times per id. A new id is always recognised as
/// new; an id the filter may have seen is only a candidate, which the caller confirms
/// (by reading the manifest again up to that line). At a million ids about one in 100,000
/// new ids is such a false candidate, so the confirming is rare.
public struct BatchIdentifiers: Sendable {
    private var words: [UInt64]
    private static let bitCount = 1 << 25
    private static let probes = 7

    /// An empty set.
    public init() { words = [] }

    /// Adds `id`; returns `false` when it may have been added before (confirm it), `true`
    /// when it certainly was not.
    public mutating func insert(_ id: String) -> Bool {
        if words.isEmpty { words = Array(repeating: 0, count: Self.bitCount / 64) }
        // Two FNV-1a hashes with different offsets, combined (Kirsch & Mitzenmacher 2006).
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in id.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        second = second ^ (second >> 29) | 1
        var isNew = false
        for probe in 0..<UInt64(Self.probes) {
            let bit = Int((first &+ probe &* second) % UInt64(Self.bitCount))
            let mask: UInt64 = 1 << UInt64(bit % 64)
            if words[bit / 64] & mask == 0 {
                isNew = true
                words[bit / 64] |= mask
            }
        }
        return isNew
    }
}
