import Testing

@testable import MapVectorLayout

/// The bookkeeping of the batch's caches: weights add up, a use makes a value the most
/// recent, eviction drops the least recently used first down to the target.
@Suite("Least recently used")
struct LeastRecentlyUsedTests {
    @Test("eviction drops the least recently used first, down to the target weight")
    func eviction() {
        var kept = LeastRecentlyUsed<String, Int>()
        kept.insert(1, weight: 10, for: "a")
        kept.insert(2, weight: 20, for: "b")
        kept.insert(3, weight: 30, for: "c")
        #expect(kept.totalWeight == 60)
        #expect(kept.value(for: "a") == 1)  // "a" is now the most recent
        kept.evict(downTo: 40)
        #expect(kept.value(for: "b") == nil)
        #expect(kept.value(for: "a") == 1 && kept.value(for: "c") == 3)
        #expect(kept.totalWeight == 40)
        kept.evict(downTo: 30)  // "c" was read after "a": "a" goes
        #expect(kept.count == 1 && kept.value(for: "c") == 3)
    }

    @Test("a value put in place of another replaces its weight; removal and clearing count down")
    func replacement() {
        var kept = LeastRecentlyUsed<String, Int>()
        kept.insert(1, weight: 10, for: "a")
        kept.insert(9, weight: 4, for: "a")
        #expect(kept.count == 1 && kept.totalWeight == 4 && kept.value(for: "a") == 9)
        kept.insert(2, for: "b")
        kept.removeValue(for: "a")
        #expect(kept.totalWeight == 1 && kept.value(for: "a") == nil)
        kept.removeAll()
        #expect(kept.count == 0 && kept.totalWeight == 0)
    }
}
