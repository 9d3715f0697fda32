internal import CCairo
internal import CPangoCairo
public import MapDrawing

/// Measures text with Pango, shaping and font fallback included, exactly as `CairoRenderer`
/// draws it.
///
/// Cheap enough for the thousands of labels of a vector map: layouts are made on one Pango
/// context per thread (no Cairo surface per call), and results are kept in a small cache
/// shared by every measurer of the process, keyed by string and font.
public struct PangoTextMeasurer: TextMeasurer {
    /// Creates a measurer.
    public init() {}

    public func measure(_ string: String, font: Font) -> TextMetrics {
        let key = TextMeasurementKey(string: string, font: font)
        if let cached = TextMeasurements.metrics.value(for: key) { return cached }
        let layout = PangoText.measuringLayout(string, font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / scale
        let metrics = TextMetrics(
            width: Double(logical.width) / scale, ascent: baseline - Double(logical.y) / scale,
            descent: Double(logical.y + logical.height) / scale - baseline)
        TextMeasurements.metrics.insert(metrics, for: key)
        return metrics
    }

    /// The advance of each grapheme cluster, from one shaping of the whole line: Pango's
    /// clusters (a letter with its combining marks, or a ligature) are walked with a layout
    /// iterator and their widths given to the grapheme clusters they start in. A Pango
    /// cluster that covers several grapheme clusters (a ligature such as "fi") is shared
    /// equally among them, as Pango places carets inside ligatures. The advances, kerning
    /// included, add up to `measure(string, font:).width`.
    public func clusterAdvances(_ string: String, font: Font) -> [(cluster: String, advance: Double)] {
        guard !string.isEmpty else { return [] }
        let key = TextMeasurementKey(string: string, font: font)
        if let cached = TextMeasurements.advances.value(for: key) {
            return cached.map { (cluster: $0.cluster, advance: $0.advance) }
        }
        let clusters = Array(string)
        // The UTF-8 offset where each grapheme cluster starts: Pango indexes bytes.
        var starts: [Int] = []
        starts.reserveCapacity(clusters.count)
        var offset = 0
        for cluster in clusters {
            starts.append(offset)
            offset += cluster.utf8.count
        }
        let widths = Self.pangoClusterWidths(string, font: font)
        var advances = [Int](repeating: 0, count: clusters.count)
        for (index, (start, width)) in widths.enumerated() {
            let end = index + 1 < widths.count ? widths[index + 1].start : offset
            // The grapheme clusters starting inside this Pango cluster share its width; if
            // none does, the one it starts in takes it.
            let first = starts.partitioningIndex { $0 >= start }
            var last = first
            while last < starts.count, starts[last] < end { last += 1 }
            if first == last {
                advances[first < starts.count && starts[first] == start ? first : max(first - 1, 0)] += width
            } else {
                let count = last - first
                for share in 0..<count {
                    // Whole Pango units, the remainder to the first: the sum stays exact.
                    advances[first + share] += width / count + (share == 0 ? width % count : 0)
                }
            }
        }
        let result = zip(clusters, advances).map {
            ClusterAdvance(cluster: String($0), advance: Double($1) / Double(PANGO_SCALE))
        }
        TextMeasurements.advances.insert(result, for: key)
        return result.map { (cluster: $0.cluster, advance: $0.advance) }
    }

    /// Pango's clusters of a one-line layout of `string`: their first byte and logical width
    /// in Pango units, in logical (byte) order.
    private static func pangoClusterWidths(_ string: String, font: Font) -> [(start: Int, width: Int)] {
        let layout = PangoText.measuringLayout(string, font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let byteCount = string.utf8.count
        var widths: [(start: Int, width: Int)] = []
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        repeat {
            let start = Int(pango_layout_iter_get_index(iterator))
            var logical = PangoRectangle()
            pango_layout_iter_get_cluster_extents(iterator, nil, &logical)
            // The iterator ends each line on a position past its last cluster, of no width.
            if start < byteCount || logical.width != 0 { widths.append((start, Int(logical.width))) }
        } while pango_layout_iter_next_cluster(iterator) != 0
        // Right-to-left runs are walked in visual order.
        if !widths.isSorted(by: { $0.start <= $1.start }) { widths.sort { $0.start < $1.start } }
        return widths
    }
}

extension Array {
    /// Whether every pair of neighbours is in order.
    fileprivate func isSorted(by inOrder: (Element, Element) -> Bool) -> Bool {
        indices.dropLast().allSatisfy { inOrder(self[$0], self[$0 + 1]) }
    }

    /// The first index whose element satisfies `belongs`, for a predicate false then true
    /// along the array; `endIndex` when none does.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
