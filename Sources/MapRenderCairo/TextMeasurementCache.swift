import MapDrawing
import Synchronization

/// Text measurements kept for the life of the process, shared by every `PangoTextMeasurer`:
/// a vector map measures the same street and place names again and again (once per tile
/// and per candidate position), and a lookup is far cheaper than shaping.
///
/// A cache holds at most `capacity` entries and is emptied when full: names repeat within
/// a map, and a simple reset bounds the memory without bookkeeping on every lookup.
final class TextMeasurementCache<Value: Sendable>: Sendable {
    private let entries = Mutex([TextMeasurementKey: Value]())
    /// The most entries kept.
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The cached value, or `nil`.
    func value(for key: TextMeasurementKey) -> Value? { entries.withLock { $0[key] } }

    /// Keeps a value, emptying the cache first when it is full.
    func insert(_ value: Value, for key: TextMeasurementKey) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }
}

/// What a measurement depends on: the string and the font. Hashed once, when made: a
/// measurement looks its key up and, on a miss, inserts it.
struct TextMeasurementKey: Hashable, Sendable {
    let string: String
    let font: Font
    private let digest: Int

    init(string: String, font: Font) {
        self.string = string
        self.font = font
        var hasher = Hasher()
        hasher.combine(string)
        hasher.combine(font)
        digest = hasher.finalize()
    }

    static func == (a: Self, b: Self) -> Bool { a.digest == b.digest && a.string == b.string && a.font == b.font }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

/// One grapheme cluster's advance, as `TextMeasurer.clusterAdvances` returns it.
struct ClusterAdvance: Sendable {
    var cluster: String
    var advance: Double
}

/// The process's text measurement caches.
enum TextMeasurements {
    /// Whole-line metrics.
    static let metrics = TextMeasurementCache<TextMetrics>(capacity: 16_384)
    /// Advances per grapheme cluster.
    static let advances = TextMeasurementCache<[ClusterAdvance]>(capacity: 4_096)
}
