/// Values kept by key up to a total weight (a count, or estimated bytes), the least recently
/// used dropped first: the bookkeeping of the caches a batch shares (decoded tiles, resolved
/// basemaps, view layouts). Not synchronized; keep it behind the cache's lock.
package struct LeastRecentlyUsed<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, weight: Int, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// The sum of the kept values' weights.
    package private(set) var totalWeight = 0

    package init() {}

    /// How many values are kept.
    package var count: Int { entries.count }

    /// The value kept for `key`, now the most recently used; `nil` when none is.
    package mutating func value(for key: Key) -> Value? {
        clock += 1
        guard var entry = entries[key] else { return nil }
        entry.lastUse = clock
        entries[key] = entry
        return entry.value
    }

    /// Keeps `value` for `key` as the most recently used, in place of any value before it.
    package mutating func insert(_ value: Value, weight: Int = 1, for key: Key) {
        clock += 1
        removeValue(for: key)
        entries[key] = (value, weight, clock)
        totalWeight += weight
    }

    /// Drops the value kept for `key`, if any.
    package mutating func removeValue(for key: Key) {
        if let old = entries.removeValue(forKey: key) { totalWeight -= old.weight }
    }

    /// Drops every value.
    package mutating func removeAll() {
        entries = [:]
        totalWeight = 0
    }

    /// Drops the least recently used values until their weights add up to at most `target`.
    /// One sort serves however many are dropped, so a cache may drop well below its limit at
    /// once rather than one value per insertion.
    package mutating func evict(downTo target: Int) {
        guard totalWeight > target else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard totalWeight > target else { break }
            entries[key] = nil
            totalWeight -= entry.weight
        }
    }
}
