import FoundationEssentials

/// The steps between consecutive fixes of one recorded segment, and what is typical
/// around each: the yardstick that tells a GPS spike or a gap from the track's own rhythm
/// (see `TrackCleaningOptions`).
///
/// Step `i` goes from `fixes[i - 1]` to `fixes[i]`; there is no step 0.
struct TrackSteps {
    /// How many steps on each side make the neighbourhood of a step or a fix.
    static let reach = 4
    /// How many steps of the neighbourhood must have a value for a typical one to exist.
    static let minimumNeighbours = 2

    /// The fixes, in order.
    let fixes: [Location]
    /// `lengths[i]`: the geodesic length of step `i`, in meters (`lengths[0]` is 0).
    let lengths: [Double]

    /// The steps of `fixes`, measured.
    init(_ fixes: [Location]) {
        var lengths = [Double](repeating: 0, count: fixes.count)
        for index in fixes.indices.dropFirst() {
            lengths[index] = fixes[index - 1].distance(from: fixes[index])
        }
        self.init(fixes, lengths: lengths)
    }

    /// The steps of `fixes`, whose lengths are known (`lengths[i]` for step `i`).
    init(_ fixes: [Location], lengths: [Double]) {
        self.fixes = fixes
        self.lengths = lengths
    }

    /// The time step `index` took, in seconds (0 or negative when the time does not
    /// advance), or `nil` when either fix has no timestamp.
    func interval(_ index: Int) -> TimeInterval? {
        guard let end = fixes[index].timestamp, let start = fixes[index - 1].timestamp else { return nil }
        return end.timeIntervalSince(start)
    }

    /// The speed of step `index`, in meters per second, or `nil` unless its time advances.
    func speed(_ index: Int) -> Double? {
        guard let interval = interval(index), interval > 0 else { return nil }
        return lengths[index] / interval
    }

    /// The median of `value` over the steps within `reach` of the steps `steps` (those
    /// left out), ignoring steps without a value; `nil` when fewer than
    /// `minimumNeighbours` have one.
    func typical(around steps: ClosedRange<Int>, _ value: (Int) -> Double?) -> Double? {
        Self.typical(around: steps, in: 1..<fixes.count, value)
    }

    /// The median of `value` over the elements of `all` within `reach` of `elements` (those
    /// left out), ignoring elements without a finite value; `nil` when fewer than
    /// `minimumNeighbours` have one.
    static func typical(around elements: ClosedRange<Int>, in all: Range<Int>, _ value: (Int) -> Double?) -> Double? {
        let before = max(all.lowerBound, elements.lowerBound - reach)..<max(all.lowerBound, elements.lowerBound)
        let after = min(all.upperBound, elements.upperBound + 1)..<min(all.upperBound, elements.upperBound + 1 + reach)
        // At most 2 × reach values: a buffer on the stack and an insertion sort, as this runs
        // for every fix of tracks a million fixes long.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * reach) { buffer in
            var count = 0
            func insert(_ index: Int) {
                guard let element = value(index), element.isFinite else { return }
                var slot = count
                while slot > 0 && buffer[slot - 1] > element {
                    buffer[slot] = buffer[slot - 1]
                    slot -= 1
                }
                buffer[slot] = element
                count += 1
            }
            for index in before { insert(index) }
            for index in after { insert(index) }
            guard count >= minimumNeighbours else { return nil }
            return count % 2 == 1 ? buffer[count / 2] : (buffer[count / 2 - 1] + buffer[count / 2]) / 2
        }
    }

    /// Whether `fixes[index]` is a spike: see `TrackCleaningOptions`, rule 4.
    func isSpike(_ index: Int) -> Bool {
        guard index > 0, index < fixes.count - 1 else { return false }
        let away = lengths[index], back = lengths[index + 1]
        // C can only be back within half a leg of A if the legs are alike: by the triangle
        // inequality |away − back| ≤ A–C. This rejects most fixes before any median.
        guard abs(away - back) < 0.5 * min(away, back) else { return false }
        let ratio = TrackCleaningOptions.outlierRatio
        if let awaySpeed = speed(index), let backSpeed = speed(index + 1),
            let typical = typical(around: index...(index + 1), speed)
        {
            guard min(awaySpeed, backSpeed) > ratio * typical else { return false }
        } else {
            guard let typical = typical(around: index...(index + 1), { lengths[$0] }),
                min(away, back) > ratio * typical
            else { return false }
        }
        return fixes[index - 1].distance(from: fixes[index + 1]) < 0.5 * min(away, back)
    }

    /// Whether step `index` is a gap: see `TrackCleaningOptions`, "Gaps".
    func isGap(_ index: Int, gapTime: TimeInterval?, gapDistance: Double?) -> Bool {
        let ratio = TrackCleaningOptions.outlierRatio
        if let gapDistance, lengths[index] > gapDistance,
            let typical = typical(around: index...index, { lengths[$0] }), lengths[index] > ratio * typical
        {
            return true
        }
        if let gapTime, let interval = interval(index), interval > gapTime,
            let typical = typical(around: index...index, { self.interval($0).flatMap { $0 > 0 ? $0 : nil } }),
            interval > ratio * typical
        {
            return true
        }
        return false
    }
}
