public import FoundationEssentials

/// Which fixes `Track.cleaned(_:)` keeps, and where it breaks the line.
///
/// Cleaning drops fixes whose *position* cannot be trusted and keeps every other one, so
/// that distance is the sum of the geodesic steps of each recorded segment whatever the
/// sampling rate, as gpxpy (`GPXTrackSegment.length_2d`), GPSBabel and fitness sites
/// measure it. The rules, in the order they are checked within each recorded segment:
///
/// 1. **Invalid** (always on): a fix whose `horizontalAccuracy` is negative, or whose
///    coordinate is not a valid latitude/longitude, is dropped. Core Location: "a negative
///    value indicates that the latitude and longitude are invalid"
///    (`CLLocation.horizontalAccuracy`).
/// 2. **Inaccurate** (`maximumHorizontalAccuracy`): a fix whose radius of uncertainty is
///    larger is dropped, as apps compare `horizontalAccuracy` against the accuracy they need
///    before using a fix ("Getting the user's location", Core Location programming guide).
/// 3. **Duplicate** (`dropsDuplicates`): a fix with the same coordinate and the same
///    timestamp as the fix before it (two fixes without a timestamp have the same one) is
///    dropped: it is a second copy of a fix, and adds nothing.
/// 4. **Spike** (`dropsSpikes`): a single fix that jumps far away and straight back is
///    dropped. Fix B, between fixes A and C, is a spike when both steps A→B and B→C are
///    more than `outlierRatio` times the typical step around them (the median of up to
///    four steps on each side that do not touch B, at least two of them), and C is back
///    near A: A–C is less than half the shorter of the two steps. Steps are compared as
///    speeds when both legs and at least two of the steps around have a time that
///    advances, else as lengths; so a fix far away because the recorder paused there is
///    no spike, and a sparse track (fixes hours or kilometers apart) keeps its
///    out-and-backs. Like gpxpy's `remove_extremes` (`GPXTrackSegment.smooth`), which
///    drops a point whose detour is large against the average step, but local and
///    speed-aware, so a switchback at the usual pace is kept.
/// 5. **Too close** (`distanceFilter`): a fix less than this many meters from the last kept
///    fix of its segment is dropped, as `CLLocationManager.distanceFilter` ("the minimum
///    distance a device must move horizontally before an update event is generated")
///    would never have delivered it. The first fix of a segment is always kept.
///
/// What is kept but reported:
///
/// - **Time that repeats or goes backwards.** A step between two kept fixes whose
///   timestamp does not advance makes the *time* unreliable, not the positions: both fixes
///   stay (for distance and drawing), and `TrackStatistics` leaves the step out of speeds
///   and moving time. (Core Location's advice to ignore fixes whose `timestamp` is old is
///   about a cached fix delivered when updates start, not about recorded files; a
///   recording's segments already say where the recorder stopped.)
/// - **Gaps** (`gapTime`, `gapDistance`): a step longer than `gapTime` seconds, or longer
///   than `gapDistance` meters, and in either case more than `outlierRatio` times the
///   typical step around it (the median of up to four steps on each side, at least two),
///   is a gap: a pause or a jump in the recording. The line is broken there (the segment
///   after it is listed in `Track.segmentsAfterGaps`), and the step is left out of moving
///   time and speeds; its distance still counts unless `splitsAtGaps`. The comparison
///   with the steps around keeps a sparse track (one fix a minute, or an hour) in one
///   piece.
///
/// Segments as recorded are never joined; segments left empty are removed. Every rule but
/// the first can be turned off (`nil` or `false`).
public struct TrackCleaningOptions: Hashable, Sendable {
    /// How many times the typical step around it a step must be to make a spike or a gap.
    public static let outlierRatio: Double = 10

    /// The largest `horizontalAccuracy` kept, in meters, or `nil` to keep any valid one.
    public var maximumHorizontalAccuracy: Double?
    /// Whether to drop a fix equal in coordinate and timestamp to the fix before it.
    public var dropsDuplicates: Bool
    /// Whether to drop single fixes that jump far away and straight back.
    public var dropsSpikes: Bool
    /// The smallest move from the last kept fix of the segment, in meters, or `nil` to keep
    /// fixes however close (`kCLDistanceFilterNone`).
    public var distanceFilter: Double?
    /// The shortest pause between consecutive kept fixes that may be a gap, in seconds, or
    /// `nil` for none.
    public var gapTime: TimeInterval?
    /// The shortest jump between consecutive kept fixes that may be a gap, in meters, or
    /// `nil` for none.
    public var gapDistance: Double?
    /// Whether a gap ends the recorded segment, so that its distance is not counted; by
    /// default it only breaks the line.
    public var splitsAtGaps: Bool

    /// Creates options; the defaults are those of `maprender track`: 100 m accuracy,
    /// duplicates and spikes dropped, no distance filter, gaps from 300 s or 1000 m that
    /// break the line but keep their distance.
    public init(
        maximumHorizontalAccuracy: Double? = 100, dropsDuplicates: Bool = true, dropsSpikes: Bool = true,
        distanceFilter: Double? = nil, gapTime: TimeInterval? = 300, gapDistance: Double? = 1000,
        splitsAtGaps: Bool = false
    ) {
        self.maximumHorizontalAccuracy = maximumHorizontalAccuracy
        self.dropsDuplicates = dropsDuplicates
        self.dropsSpikes = dropsSpikes
        self.distanceFilter = distanceFilter
        self.gapTime = gapTime
        self.gapDistance = gapDistance
        self.splitsAtGaps = splitsAtGaps
    }

    /// Only the always-on rule: drop invalid fixes, keep everything else as recorded.
    public static let invalidOnly = TrackCleaningOptions(
        maximumHorizontalAccuracy: nil, dropsDuplicates: false, dropsSpikes: false, distanceFilter: nil, gapTime: nil,
        gapDistance: nil)
}

/// What cleaning did: how many fixes each rule dropped, and what it kept but found.
public struct TrackCleaningReport: Hashable, Sendable {
    /// Fixes before cleaning.
    public var inputFixCount: Int
    /// Fixes dropped for a negative horizontal accuracy or an invalid coordinate.
    public var invalidCount: Int
    /// Fixes dropped for a horizontal accuracy above the maximum.
    public var inaccurateCount: Int
    /// Fixes dropped as exact duplicates of the fix before them.
    public var duplicateCount: Int
    /// Fixes dropped as spikes.
    public var spikeCount: Int
    /// Fixes dropped by the distance filter.
    public var tooCloseCount: Int
    /// Steps between kept fixes whose timestamp repeats (kept, but left out of speeds and
    /// moving time).
    public var repeatedTimeCount: Int
    /// Steps between kept fixes whose timestamp goes backwards (kept, but left out of
    /// speeds and moving time).
    public var backwardTimeCount: Int
    /// Gaps found: where the line is broken (and, with `splitsAtGaps`, a segment ended).
    public var gapCount: Int

    /// Creates a report.
    public init(
        inputFixCount: Int = 0, invalidCount: Int = 0, inaccurateCount: Int = 0, duplicateCount: Int = 0,
        spikeCount: Int = 0, tooCloseCount: Int = 0, repeatedTimeCount: Int = 0, backwardTimeCount: Int = 0,
        gapCount: Int = 0
    ) {
        self.inputFixCount = inputFixCount
        self.invalidCount = invalidCount
        self.inaccurateCount = inaccurateCount
        self.duplicateCount = duplicateCount
        self.spikeCount = spikeCount
        self.tooCloseCount = tooCloseCount
        self.repeatedTimeCount = repeatedTimeCount
        self.backwardTimeCount = backwardTimeCount
        self.gapCount = gapCount
    }

    /// Fixes dropped by all rules together.
    public var droppedCount: Int { invalidCount + inaccurateCount + duplicateCount + spikeCount + tooCloseCount }

    /// Fixes kept.
    public var keptFixCount: Int { inputFixCount - droppedCount }

    /// The counts of two reports added up (for several tracks or files).
    public static func + (lhs: TrackCleaningReport, rhs: TrackCleaningReport) -> TrackCleaningReport {
        TrackCleaningReport(
            inputFixCount: lhs.inputFixCount + rhs.inputFixCount, invalidCount: lhs.invalidCount + rhs.invalidCount,
            inaccurateCount: lhs.inaccurateCount + rhs.inaccurateCount,
            duplicateCount: lhs.duplicateCount + rhs.duplicateCount, spikeCount: lhs.spikeCount + rhs.spikeCount,
            tooCloseCount: lhs.tooCloseCount + rhs.tooCloseCount,
            repeatedTimeCount: lhs.repeatedTimeCount + rhs.repeatedTimeCount,
            backwardTimeCount: lhs.backwardTimeCount + rhs.backwardTimeCount, gapCount: lhs.gapCount + rhs.gapCount)
    }
}
