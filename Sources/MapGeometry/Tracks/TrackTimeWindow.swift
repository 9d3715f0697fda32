public import FoundationEssentials

/// The span of time whose fixes a map or a measurement is about: `--since`, `--until` and
/// `--day` with `--timezone`.
///
/// Readers apply it while they read (`contains(_:)` for each fix), so that a month of
/// OwnTracks fixes or years of location history never have to be held in memory for one
/// night's map; what falls outside is counted, not kept. A fix without a time cannot be
/// placed in any window: when the window is bounded it is left out and counted as
/// untimed. The unbounded window (the default) keeps every fix, timed or not.
public struct TrackTimeWindow: Hashable, Sendable {
    /// The first instant inside the window, or `nil` for no lower bound.
    public var start: Date?
    /// The first instant after the window (exclusive), or `nil` for no upper bound.
    public var end: Date?

    /// Creates a window from `start` (inclusive) to `end` (exclusive); `nil` leaves that
    /// side open.
    public init(start: Date? = nil, end: Date? = nil) {
        self.start = start
        self.end = end
    }

    /// The window that keeps every fix.
    public static let unbounded = TrackTimeWindow()

    /// Whether the window has neither bound.
    public var isUnbounded: Bool { start == nil && end == nil }

    /// Whether the window is empty: its end is not after its start.
    public var isEmpty: Bool {
        guard let start, let end else { return false }
        return end <= start
    }

    /// Whether a fix taken at `timestamp` belongs in the window. An untimed fix belongs only
    /// in the unbounded window.
    public func contains(_ timestamp: Date?) -> Bool {
        guard let timestamp else { return isUnbounded }
        if let start, timestamp < start { return false }
        if let end, timestamp >= end { return false }
        return true
    }

    /// Whether anything from `first` to `last` (inclusive) can fall in the window: a reader
    /// that knows a file's (or a month's) time span skips it when not.
    public func overlaps(from first: Date, to last: Date) -> Bool {
        if let start, last < start { return false }
        if let end, first >= end { return false }
        return true
    }
}

/// What a reader left out because of the time window.
public struct TrackWindowCount: Hashable, Sendable {
    /// Timed fixes before the window's start or at or after its end.
    public var outside: Int
    /// Fixes without a time, left out of a bounded window.
    public var untimed: Int

    /// Creates counts.
    public init(outside: Int = 0, untimed: Int = 0) {
        self.outside = outside
        self.untimed = untimed
    }

    /// Whether nothing was left out.
    public var isZero: Bool { outside == 0 && untimed == 0 }

    /// Counts one fix left out of a window, taken at `timestamp` (or untimed).
    public mutating func countLeftOut(at timestamp: Date?) {
        if timestamp == nil { untimed += 1 } else { outside += 1 }
    }

    /// The counts of both.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(outside: lhs.outside + rhs.outside, untimed: lhs.untimed + rhs.untimed)
    }
}

extension Track {
    /// The track with only the fixes `window` contains, and how many it left out. Segments
    /// left empty are removed; a segment whose middle is cut out stays one segment.
    public func restricted(to window: TrackTimeWindow) -> (track: Track, leftOut: TrackWindowCount) {
        guard !window.isUnbounded else { return (self, TrackWindowCount()) }
        var count = TrackWindowCount()
        var result = Track(name: name)
        for (index, segment) in segments.enumerated() {
            let kept = segment.filter { fix in
                if window.contains(fix.timestamp) { return true }
                count.countLeftOut(at: fix.timestamp)
                return false
            }
            guard !kept.isEmpty else { continue }
            if segmentsAfterGaps.contains(index), !result.segments.isEmpty {
                result.segmentsAfterGaps.insert(result.segments.count)
            }
            result.segments.append(kept)
        }
        return (result, count)
    }
}
