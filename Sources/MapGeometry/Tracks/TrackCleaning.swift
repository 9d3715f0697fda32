public import FoundationEssentials

/// Which fixes `Track.cleaned(_:)` keeps: the filters Core Location's guides tell an app to
/// apply to the fixes it receives, applied here to recorded ones. Every rule can be turned
/// off (`nil` or `false`).
///
/// The rules, in the order they are checked for each fix:
///
/// 1. **Invalid** (always on): a fix whose `horizontalAccuracy` is negative, or whose
///    coordinate is not a valid latitude/longitude, is dropped. Core Location: "a negative
///    value indicates that the latitude and longitude are invalid"
///    (`CLLocation.horizontalAccuracy`).
/// 2. **Inaccurate** (`maximumHorizontalAccuracy`): a fix whose radius of uncertainty is
///    larger is dropped, as apps compare `horizontalAccuracy` against the accuracy they need
///    before using a fix ("Getting the user's location", Core Location programming guide).
/// 3. **Stale** (`dropsStaleFixes`): a fix whose timestamp is not later than that of the
///    last kept fix is dropped. Core Location may first deliver a cached fix, and tells apps
///    to check `CLLocation.timestamp` and ignore fixes that are too old; in a recording such
///    a fix shows up as time going backwards or repeating. Fixes without a timestamp are
///    never stale.
/// 4. **Too close** (`distanceFilter`): a fix less than this many meters from the last kept
///    fix of its segment is dropped, as `CLLocationManager.distanceFilter` ("the minimum
///    distance a device must move horizontally before an update event is generated")
///    would never have delivered it. The first fix of a segment is always kept.
/// 5. **Gap** (`gapTime`, `gapDistance`): a kept fix more than `gapTime` seconds after, or
///    more than `gapDistance` meters from, the previous kept fix starts a new segment, so
///    the line is not drawn and distance is not counted across a hole in the recording.
///
/// Input segment boundaries are always kept; segments left empty are removed.
public struct TrackCleaningOptions: Hashable, Sendable {
    /// The largest `horizontalAccuracy` kept, in meters, or `nil` to keep any valid one.
    public var maximumHorizontalAccuracy: Double?
    /// The smallest move from the last kept fix of the segment, in meters, or `nil` to keep
    /// fixes however close (`kCLDistanceFilterNone`).
    public var distanceFilter: Double?
    /// Whether to drop fixes whose timestamp does not advance past the last kept fix's.
    public var dropsStaleFixes: Bool
    /// The longest time between consecutive kept fixes of a segment, in seconds, or `nil`
    /// for no limit; a longer pause starts a new segment.
    public var gapTime: TimeInterval?
    /// The longest distance between consecutive kept fixes of a segment, in meters, or
    /// `nil` for no limit; a longer jump starts a new segment.
    public var gapDistance: Double?

    /// Creates options; the defaults are those of `maprender track`: 100 m accuracy, no
    /// distance filter, stale fixes dropped, gaps of 300 s or 1000 m.
    public init(
        maximumHorizontalAccuracy: Double? = 100, distanceFilter: Double? = nil, dropsStaleFixes: Bool = true,
        gapTime: TimeInterval? = 300, gapDistance: Double? = 1000
    ) {
        self.maximumHorizontalAccuracy = maximumHorizontalAccuracy
        self.distanceFilter = distanceFilter
        self.dropsStaleFixes = dropsStaleFixes
        self.gapTime = gapTime
        self.gapDistance = gapDistance
    }

    /// Only the always-on rule: drop invalid fixes, keep everything else as recorded.
    public static let invalidOnly = TrackCleaningOptions(
        maximumHorizontalAccuracy: nil, distanceFilter: nil, dropsStaleFixes: false, gapTime: nil, gapDistance: nil)
}

/// What cleaning did: how many fixes each rule dropped, and how many segments gaps added.
public struct TrackCleaningReport: Hashable, Sendable {
    /// Fixes before cleaning.
    public var inputFixCount: Int
    /// Fixes dropped for a negative horizontal accuracy or an invalid coordinate.
    public var invalidCount: Int
    /// Fixes dropped for a horizontal accuracy above the maximum.
    public var inaccurateCount: Int
    /// Fixes dropped because their timestamp did not advance.
    public var staleCount: Int
    /// Fixes dropped by the distance filter.
    public var tooCloseCount: Int
    /// Segments added by splitting at time or distance gaps.
    public var gapSplitCount: Int

    /// Creates a report.
    public init(
        inputFixCount: Int = 0, invalidCount: Int = 0, inaccurateCount: Int = 0, staleCount: Int = 0,
        tooCloseCount: Int = 0, gapSplitCount: Int = 0
    ) {
        self.inputFixCount = inputFixCount
        self.invalidCount = invalidCount
        self.inaccurateCount = inaccurateCount
        self.staleCount = staleCount
        self.tooCloseCount = tooCloseCount
        self.gapSplitCount = gapSplitCount
    }

    /// Fixes dropped by all rules together.
    public var droppedCount: Int { invalidCount + inaccurateCount + staleCount + tooCloseCount }

    /// Fixes kept.
    public var keptFixCount: Int { inputFixCount - droppedCount }

    /// The counts of two reports added up (for several tracks or files).
    public static func + (lhs: TrackCleaningReport, rhs: TrackCleaningReport) -> TrackCleaningReport {
        TrackCleaningReport(
            inputFixCount: lhs.inputFixCount + rhs.inputFixCount, invalidCount: lhs.invalidCount + rhs.invalidCount,
            inaccurateCount: lhs.inaccurateCount + rhs.inaccurateCount, staleCount: lhs.staleCount + rhs.staleCount,
            tooCloseCount: lhs.tooCloseCount + rhs.tooCloseCount, gapSplitCount: lhs.gapSplitCount + rhs.gapSplitCount)
    }
}

extension Track {
    /// The track with the fixes `options` rejects removed and segments split at gaps, and a
    /// report of what was dropped. See `TrackCleaningOptions` for the rules and their order.
    public func cleaned(
        _ options: TrackCleaningOptions = TrackCleaningOptions()
    ) -> (track: Track, report: TrackCleaningReport) {
        var report = TrackCleaningReport(inputFixCount: fixCount)
        var kept: [[Location]] = []
        // The last kept fix of the whole track: time must advance across segment boundaries
        // too, so it is not reset per segment.
        var lastKept: Location?
        for input in segments {
            var current: [Location] = []
            for location in input {
                guard location.hasValidCoordinate else {
                    report.invalidCount += 1
                    continue
                }
                if let maximum = options.maximumHorizontalAccuracy, location.horizontalAccuracy > maximum {
                    report.inaccurateCount += 1
                    continue
                }
                if options.dropsStaleFixes, let time = location.timestamp, let lastTime = lastKept?.timestamp,
                    time <= lastTime
                {
                    report.staleCount += 1
                    continue
                }
                // The geodesic distance is only computed when a rule needs it: for a million
                // fixes it costs more than reading them.
                if let previous = current.last,
                    options.distanceFilter != nil || options.gapDistance != nil
                        || options.gapTime != nil
                {
                    let distance =
                        options.distanceFilter != nil || options.gapDistance != nil
                        ? previous.distance(from: location) : 0
                    if let filter = options.distanceFilter, distance < filter {
                        report.tooCloseCount += 1
                        continue
                    }
                    if Track.isGap(from: previous, to: location, distance: distance, options: options) {
                        kept.append(current)
                        current = []
                        report.gapSplitCount += 1
                    }
                }
                current.append(location)
                lastKept = location
            }
            if !current.isEmpty { kept.append(current) }
        }
        return (Track(name: name, segments: kept), report)
    }

    /// Whether the step between two consecutive kept fixes is too long in time or space to
    /// be one stretch of recording.
    private static func isGap(
        from previous: Location, to location: Location, distance: Double, options: TrackCleaningOptions
    ) -> Bool {
        if let gapDistance = options.gapDistance, distance > gapDistance { return true }
        if let gapTime = options.gapTime, let time = location.timestamp, let previousTime = previous.timestamp,
            time.timeIntervalSince(previousTime) > gapTime
        {
            return true
        }
        return false
    }
}
