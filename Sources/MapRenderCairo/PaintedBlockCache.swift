import Synchronization

/// Painted basemap blocks (`ReusableBackdrop`) kept for the maps of a process: a batch's
/// workers paint a block once and every later map of the same basemap, zoom, scale and pixel
/// phase that covers it copies its pixels instead of painting its roads again.
///
/// Bounded by bytes of pixels, least recently used dropped first, so memory stays the same
/// however many maps a batch draws. A block is an immutable array shared by reference; the
/// cache itself is behind a mutex, so workers may look up and store at once (two workers
/// missing one block at the same moment both paint it, with the same pixels).
public final class PaintedBlockCache: Sendable {
    /// The default ceiling, in megabytes: 256 blocks of 256 × 256 pixels (a dozen 1024 × 768
    /// maps' worth).
    public static let defaultMegabytes = 64
    /// The process-wide cache, `defaultMegabytes` large until changed.
    public static let shared = PaintedBlockCache(capacity: defaultMegabytes << 20)

    /// A block's place: its backdrop's key and its column and row on the backdrop's grid.
    struct Key: Hashable, Sendable {
        var backdrop: String
        var column: Int
        var row: Int
    }

    /// A block's premultiplied ARGB32 pixels, `side` × `side`, rows top to bottom.
    final class Block: Sendable {
        let pixels: [UInt32]
        init(pixels: [UInt32]) { self.pixels = pixels }
        var bytes: Int { pixels.count * 4 }
    }

    private struct Entry {
        var block: Block
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// The views (backdrop key, origin and size) painted whole once, newest last.
        var seenViews: [String] = []
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    private let state = Mutex(State())
    private let capacityBytes: Atomic<Int>

    /// A cache keeping at most `capacity` bytes of pixels; 0 keeps none (and maps are painted
    /// whole).
    public init(capacity: Int) { capacityBytes = Atomic(max(0, capacity)) }

    /// The most bytes of pixels kept; 0 turns reuse off. Lowering it drops blocks at once.
    public var capacity: Int {
        get { capacityBytes.load(ordering: .relaxed) }
        set {
            capacityBytes.store(max(0, newValue), ordering: .relaxed)
            state.withLock { evict(&$0, downTo: max(0, newValue)) }
        }
    }

    /// Blocks and bytes kept, blocks reused and painted by maps drawn from blocks, and blocks
    /// dropped for room.
    public var statistics: (blocks: Int, bytes: Int, hits: Int, misses: Int, evictions: Int) {
        state.withLock { ($0.entries.count, $0.bytes, $0.hits, $0.misses, $0.evictions) }
    }

    /// How many views are remembered as painted once.
    static let seenViewCapacity = 64

    /// Whether `view` was seen before; remembers it either way (the last `seenViewCapacity`).
    func checkSeen(_ view: String) -> Bool {
        state.withLock { state in
            if let index = state.seenViews.firstIndex(of: view) {
                state.seenViews.remove(at: index)
                state.seenViews.append(view)
                return true
            }
            state.seenViews.append(view)
            if state.seenViews.count > Self.seenViewCapacity { state.seenViews.removeFirst() }
            return false
        }
    }

    /// Drops every block.
    public func removeAll() {
        state.withLock { state in
            state.entries = [:]
            state.seenViews = []
            state.bytes = 0
        }
    }

    func block(for key: Key) -> Block? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.block
        }
    }

    /// Counts what a map drawn from blocks reused and painted.
    func record(reused: Int, painted: Int) {
        state.withLock { state in
            state.hits += reused
            state.misses += painted
        }
    }

    func store(_ block: Block, for key: Key) {
        let capacity = self.capacity
        guard block.bytes <= capacity else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue(Entry(block: block, lastUse: state.clock), forKey: key) {
                state.bytes -= old.block.bytes
            }
            state.bytes += block.bytes
            evict(&state, downTo: capacity)
        }
    }

    /// Drops the least recently used blocks until at most `limit` bytes are kept. A linear
    /// search per block dropped: a cache holds a few hundred blocks.
    private func evict(_ state: inout State, downTo limit: Int) {
        while state.bytes > limit, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            state.entries.removeValue(forKey: oldest.key)
            state.bytes -= oldest.value.block.bytes
            state.evictions += 1
        }
    }
}
