/// Byte ranges of an archive merged into fewer, larger requests: a few bytes read and
/// thrown away between two wanted ranges cost less than a request of their own.
///
/// The gaps between neighbouring ranges are closed smallest first, as long as the bytes
/// they add stay within a budget (`overfetch` × the wanted bytes) and no request grows
/// past `maximumRequest` bytes. The same idea as `pmtiles extract` of the go-pmtiles
/// project ("overfetch"), written from its description.
enum RangeMerging {
    /// The requests covering `ranges`, in ascending order.
    ///
    /// - Parameters:
    ///   - ranges: the wanted byte ranges, in any order; overlapping ones are joined, touching
    ///     ones too up to `maximumRequest`.
    ///   - overfetch: the extra bytes allowed, as a fraction of the wanted bytes (0.1 = 10 %).
    ///   - maximumRequest: the largest merged request, in bytes (a wanted range larger than
    ///     this is kept whole).
    static func merge(_ ranges: [Range<UInt64>], overfetch: Double, maximumRequest: UInt64) -> [Range<UInt64>] {
        var joined: [Range<UInt64>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            // Overlapping ranges are one; touching ones are joined while the request stays
            // within the largest size (a whole-archive extract is one long touching run).
            if let last = joined.last,
                range.lowerBound < last.upperBound
                    || (range.lowerBound == last.upperBound && range.upperBound - last.lowerBound <= maximumRequest)
            {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        guard joined.count > 1 else { return joined }
        let wanted = joined.reduce(UInt64(0)) { $0 + ($1.upperBound - $1.lowerBound) }
        var budget = UInt64(Double(wanted) * max(0, overfetch))
        // Groups of neighbouring ranges, by their first index: where each group ends.
        var groupEnd = Array(0..<joined.count)
        var groupOf = Array(0..<joined.count)
        func root(_ index: Int) -> Int {
            var index = index
            while groupOf[index] != index {
                groupOf[index] = groupOf[groupOf[index]]
                index = groupOf[index]
            }
            return index
        }
        let gaps = (0..<(joined.count - 1)).sorted {
            joined[$0 + 1].lowerBound - joined[$0].upperBound < joined[$1 + 1].lowerBound - joined[$1].upperBound
        }
        for gap in gaps {
            let size = joined[gap + 1].lowerBound - joined[gap].upperBound
            guard size <= budget else { break }  // every later gap is as large or larger
            let left = root(gap), right = root(gap + 1)
            let start = joined[left].lowerBound, end = joined[groupEnd[right]].upperBound
            guard end - start <= maximumRequest else { continue }
            groupOf[right] = left
            groupEnd[left] = groupEnd[right]
            budget -= size
        }
        var requests: [Range<UInt64>] = []
        var index = 0
        while index < joined.count {
            let last = groupEnd[root(index)]
            requests.append(joined[index].lowerBound..<joined[last].upperBound)
            index = last + 1
        }
        return requests
    }
}
