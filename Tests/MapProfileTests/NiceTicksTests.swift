import Testing

@testable import MapProfile

@Suite("Nice ticks")
struct NiceTicksTests {
    @Test("steps of 1, 2 or 5 × 10^k, as few as fit the count")
    func steps() {
        let kilometers = NiceTicks(covering: 0, 10.3, maximumCount: 6)
        #expect(kilometers.step == 2)
        #expect(kilometers.values == [0, 2, 4, 6, 8, 10])
        #expect(kilometers.decimals == 0)
        let meters = NiceTicks(covering: 1532, 1687, maximumCount: 5)
        #expect(meters.step == 50)
        #expect(meters.values == [1550, 1600, 1650])
        let short = NiceTicks(covering: 0, 2.4, maximumCount: 6)
        #expect(short.step == 0.5)
        #expect(short.values == [0, 0.5, 1, 1.5, 2])
        #expect(short.decimals == 1)
    }

    @Test("never more ticks than asked for")
    func countBound() {
        for upper in stride(from: 0.3, through: 5000, by: 37.1) {
            for count in 2...9 {
                let ticks = NiceTicks(covering: 0, upper, maximumCount: count)
                #expect(ticks.values.count <= count, "0…\(upper) in \(count)")
                #expect(ticks.values.count >= 1)
            }
        }
    }
}
