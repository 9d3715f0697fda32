public import FoundationEssentials

/// Distance, times, speeds and climbing of one or more tracks, usually cleaned first
/// (`Track.cleaned(_:)`).
///
/// Distance is measured within each recorded segment, across every step, whatever the
/// sampling rate: nothing is measured between two recorded segments or two tracks (the
/// recorder stopped there), but across a gap that cleaning found inside a recorded segment
/// (`Track.segmentsAfterGaps`) the distance counts. Speeds and moving time use the
/// intervals from each timed fix to the next timed fix of the same segment (fixes without a
/// timestamp in between are bridged, their distance included) whose time advances: an
/// interval whose timestamp repeats or goes backwards, or that crosses a gap, counts for
/// distance only. Quantities that need timestamps or altitudes are `nil` when the fixes
/// have none.
public struct TrackStatistics: Hashable, Sendable {
    /// The thresholds the statistics use.
    public struct Options: Hashable, Sendable {
        /// The slowest speed that counts as moving, in meters per second (0.5 m/s = 1.8 km/h,
        /// slower than a walk, faster than GPS drift while standing still).
        public var movingSpeedThreshold: Double
        /// The longest interval between two fixes that surely counts as moving, in seconds.
        /// A longer one that is also more than `TrackCleaningOptions.outlierRatio` times the
        /// intervals around it (see `TrackCleaningOptions`, "Gaps") is a silence of the
        /// recorder, a pause (loggers stop recording while standing still); a track
        /// sampled steadily once a minute or an hour is not paused between its fixes.
        public var pauseLimit: TimeInterval
        /// The smallest change of altitude counted as a climb or a descent, in meters (see
        /// `elevationGain`).
        public var elevationThreshold: Double

        /// Creates options: moving at 0.5 m/s or more, pauses over 120 s, 3 m elevation
        /// hysteresis.
        public init(movingSpeedThreshold: Double = 0.5, pauseLimit: TimeInterval = 120, elevationThreshold: Double = 3)
        {
            self.movingSpeedThreshold = movingSpeedThreshold
            self.pauseLimit = pauseLimit
            self.elevationThreshold = elevationThreshold
        }
    }

    /// The number of tracks measured.
    public var trackCount: Int
    /// The number of recorded segments, in all tracks (the pieces of a segment broken at
    /// gaps count as one).
    public var segmentCount: Int
    /// The number of fixes, in all tracks.
    public var fixCount: Int
    /// Distance traveled, in meters: the sum of the WGS84 geodesic distances between
    /// consecutive fixes of each recorded segment (across gaps too), altitude ignored (as
    /// `CLLocation.distance(from:)`).
    public var distance: Double
    /// Elapsed time, in seconds: for each track the sum of the forward steps from one
    /// timestamp to the next in the order of its fixes (pauses, gaps and the time between
    /// its segments included), summed over tracks; `nil` without timestamps. When time only
    /// goes forward this is the time from the earliest to the latest timestamp; a step back
    /// in time is left out, so moving time is never longer.
    public var duration: TimeInterval?
    /// Time spent moving, in seconds: the sum of the intervals from one timed fix to the
    /// next within a segment whose time advances, whose average speed is at least
    /// `movingSpeedThreshold` and which are not pauses (see `Options.pauseLimit`); `nil`
    /// when no interval has a time that advances (no timestamps, or all the same).
    public var movingTime: TimeInterval?
    /// Distance covered while moving, in meters: the distance of the intervals counted in
    /// `movingTime` (gpxpy's `moving_distance`); `nil` when `movingTime` is. Gaps, pauses
    /// and steps without a usable time count in `distance` but not here.
    public var movingDistance: Double?
    /// The earliest timestamp of any fix, or `nil`.
    public var startTime: Date?
    /// The latest timestamp of any fix, or `nil`.
    public var endTime: Date?
    /// The highest speed held over three consecutive intervals, in meters per second, or
    /// `nil` without two timed fixes.
    ///
    /// Speeds come from the fixes' positions and times (distance / time of each interval
    /// whose time advances), not from their `speed` fields, which many files lack. One wild
    /// fix (a GPS "spike") makes the two intervals touching it fast; cleaning drops such
    /// fixes, and requiring a speed to last three intervals (the largest over all windows
    /// of the smallest of three consecutive interval speeds) ignores the ones left, in
    /// tracks that were not cleaned. A run of fewer than three timed intervals contributes
    /// its slowest one.
    public var maximumSpeed: Double?
    /// Total climb, in meters, counted with a hysteresis of `elevationThreshold`; `nil`
    /// when no fix has a valid altitude (`Location.hasValidAltitude`).
    ///
    /// Raw GPS altitude jitters by meters from fix to fix, and summing every rise would
    /// count that noise as climbing. Instead the altitude must turn by at least the
    /// threshold before a climb or descent ends: each rise from a low point to the next
    /// high point that is followed by a drop of at least the threshold (or by the end of
    /// the recorded segment) counts in full, and wobbles smaller than the threshold count
    /// nothing.
    public var elevationGain: Double?
    /// Total descent, in meters, counted like `elevationGain`.
    public var elevationLoss: Double?
    /// The lowest valid altitude, in meters, or `nil`.
    public var minimumElevation: Double?
    /// The highest valid altitude, in meters, or `nil`.
    public var maximumElevation: Double?

    /// Average speed over the elapsed time, in meters per second: `distance / duration`;
    /// `nil` when the duration is unknown or zero.
    public var averageSpeed: Double? {
        guard let duration, duration > 0 else { return nil }
        return distance / duration
    }

    /// Average speed while moving, in meters per second: `movingDistance / movingTime`, so
    /// that distance covered during a gap or without a usable time does not speed it up;
    /// `nil` when the moving time is unknown or zero.
    public var movingSpeed: Double? {
        guard let movingTime, movingTime > 0, let movingDistance else { return nil }
        return movingDistance / movingTime
    }

    /// Measures one track.
    public init(track: Track, options: Options = Options()) {
        self.init(tracks: [track], options: options)
    }

    /// Measures several tracks together (the days of a week, the files of a folder).
    public init(tracks: [Track], options: Options = Options()) {
        trackCount = tracks.count
        segmentCount = 0
        fixCount = 0
        distance = 0
        var duration: TimeInterval?
        var movingTime: TimeInterval?
        var movingDistance: Double?
        var elevation = ElevationCounter(threshold: options.elevationThreshold)
        var maximumSpeed: Double?
        for track in tracks {
            var earliest: Date?, latest: Date?
            // The time from timestamp to timestamp in the order of the fixes, forward steps only.
            var elapsed: TimeInterval = 0
            var previousTime: Date?
            // The last fix of the segment before, when the next one continues it after a gap.
            var previousSegmentLast: Location?
            for (segmentIndex, segment) in track.segments.enumerated() where !segment.isEmpty {
                fixCount += segment.count
                if let last = previousSegmentLast, track.segmentsAfterGaps.contains(segmentIndex) {
                    // A gap inside a recorded segment: the recorder went on, so the distance
                    // counts; the time is a pause (or a jump), neither moving nor a speed.
                    let step = last.distance(from: segment[0])
                    if step.isFinite { distance += step }
                } else {
                    segmentCount += 1
                    elevation.finishSegment()
                }
                previousSegmentLast = segment.last
                var timing = SegmentTiming()
                for (index, location) in segment.enumerated() {
                    if let time = location.timestamp {
                        earliest = min(earliest ?? time, time)
                        latest = max(latest ?? time, time)
                        // Elapsed time goes forward only: a step back in time is left out.
                        if let previous = previousTime, time > previous { elapsed += time.timeIntervalSince(previous) }
                        previousTime = time
                    }
                    if location.hasValidAltitude { elevation.add(location.altitude) }
                    let step = index > 0 ? segment[index - 1].distance(from: location) : 0
                    if step.isFinite { distance += step }
                    timing.add(location, step: step)
                }
                var speeds = SustainedSpeed()
                for index in timing.intervals.indices {
                    let (seconds, meters) = timing.intervals[index]
                    // A step whose time repeats or goes backwards has no usable time: its
                    // positions count for distance, its time for neither speed nor moving time.
                    guard seconds > 0, meters.isFinite else {
                        speeds.breakRun()
                        continue
                    }
                    let speed = meters / seconds
                    let moving =
                        speed >= options.movingSpeedThreshold && !timing.isPause(index, limit: options.pauseLimit)
                    movingTime = (movingTime ?? 0) + (moving ? seconds : 0)
                    movingDistance = (movingDistance ?? 0) + (moving ? meters : 0)
                    speeds.add(speed)
                }
                if let fastest = speeds.finish() { maximumSpeed = max(maximumSpeed ?? fastest, fastest) }
            }
            elevation.finishSegment()
            if let earliest, let latest {
                duration = (duration ?? 0) + elapsed
                startTime = min(startTime ?? earliest, earliest)
                endTime = max(endTime ?? latest, latest)
            }
        }
        self.duration = duration
        self.movingTime = movingTime
        self.movingDistance = movingDistance
        self.maximumSpeed = maximumSpeed
        if elevation.hasAltitude {
            elevationGain = elevation.gain
            elevationLoss = elevation.loss
            minimumElevation = elevation.minimum
            maximumElevation = elevation.maximum
        }
    }
}

extension TrackStatistics {
    /// The climb of `tracks` alone: `elevationGain`, `elevationLoss`, `minimumElevation` and
    /// `maximumElevation` counted exactly as the statistics count them (the same hysteresis,
    /// recorded segments joined across gaps), without measuring distances or times; `nil`
    /// without a valid altitude. The elevation profile uses it, so that a long track is not
    /// measured twice.
    public static func climb(
        of tracks: [Track], options: Options = Options()
    ) -> (gain: Double, loss: Double, minimum: Double, maximum: Double)? {
        var elevation = ElevationCounter(threshold: options.elevationThreshold)
        for track in tracks {
            var started = false
            for (segmentIndex, segment) in track.segments.enumerated() where !segment.isEmpty {
                if !(started && track.segmentsAfterGaps.contains(segmentIndex)) { elevation.finishSegment() }
                started = true
                for location in segment where location.hasValidAltitude { elevation.add(location.altitude) }
            }
            elevation.finishSegment()
        }
        guard let minimum = elevation.minimum, let maximum = elevation.maximum else { return nil }
        return (elevation.gain, elevation.loss, minimum, maximum)
    }
}

/// The timed intervals of one segment: from each fix with a timestamp to the next one, with
/// the distance along the fixes between them. Fixes without a timestamp are bridged, so a
/// track where only some fixes carry a time still has speeds.
private struct SegmentTiming {
    /// Seconds (0 or negative when the time does not advance) and meters of each interval.
    private(set) var intervals: [(seconds: TimeInterval, meters: Double)] = []
    private var lastTime: Date?
    private var meters = 0.0

    /// Adds the next fix, `step` meters from the one before.
    mutating func add(_ location: Location, step: Double) {
        meters += step
        guard let time = location.timestamp else { return }
        if let lastTime { intervals.append((time.timeIntervalSince(lastTime), meters)) }
        lastTime = time
        meters = 0
    }

    /// Whether interval `index` is a pause: longer than `limit` and more than
    /// `TrackCleaningOptions.outlierRatio` times the intervals around it, as a gap is.
    func isPause(_ index: Int, limit: TimeInterval) -> Bool {
        let seconds = intervals[index].seconds
        guard seconds > limit,
            let typical = TrackSteps.typical(
                around: index...index, in: intervals.indices,
                { intervals[$0].seconds > 0 ? intervals[$0].seconds : nil })
        else { return false }
        return seconds > TrackCleaningOptions.outlierRatio * typical
    }
}

/// The largest speed sustained over three consecutive intervals, over runs of intervals.
private struct SustainedSpeed {
    private var window: [Double] = []
    private var runLength = 0
    private(set) var best: Double?

    /// Adds the speed of the next interval of the current run, in m/s.
    mutating func add(_ speed: Double) {
        window.append(speed)
        if window.count > 3 { window.removeFirst() }
        runLength += 1
        if window.count == 3 { record(window.min()!) }
    }

    /// Ends the current run (an interval without a usable time breaks it).
    mutating func breakRun() {
        // A run too short for a full window still says something: its slowest interval.
        if runLength > 0 && runLength < 3 { record(window.min()!) }
        window.removeAll(keepingCapacity: true)
        runLength = 0
    }

    /// Ends the last run and returns the best speed, if any.
    mutating func finish() -> Double? {
        breakRun()
        return best
    }

    private mutating func record(_ speed: Double) { best = max(best ?? speed, speed) }
}

/// Climb and descent with hysteresis: a swing counts once the altitude has turned back by
/// the threshold, or when the segment ends.
private struct ElevationCounter {
    enum Direction { case unknown, up, down }

    let threshold: Double
    private(set) var gain = 0.0
    private(set) var loss = 0.0
    private(set) var minimum: Double?
    private(set) var maximum: Double?
    var hasAltitude: Bool { minimum != nil }

    /// Where the current swing started.
    private var anchor: Double?
    /// The highest (going up) or lowest (going down) altitude of the current swing.
    private var extreme = 0.0
    private var direction = Direction.unknown

    init(threshold: Double) { self.threshold = max(0, threshold) }

    mutating func add(_ altitude: Double) {
        minimum = min(minimum ?? altitude, altitude)
        maximum = max(maximum ?? altitude, altitude)
        guard let start = anchor else {
            anchor = altitude
            extreme = altitude
            return
        }
        switch direction {
        case .unknown:
            if altitude >= start + threshold && altitude > start {
                direction = .up
                extreme = altitude
            } else if altitude <= start - threshold && altitude < start {
                direction = .down
                extreme = altitude
            }
        case .up:
            if altitude > extreme {
                extreme = altitude
            } else if altitude <= extreme - threshold && altitude < extreme {
                gain += extreme - start
                anchor = extreme
                direction = .down
                extreme = altitude
            }
        case .down:
            if altitude < extreme {
                extreme = altitude
            } else if altitude >= extreme + threshold && altitude > extreme {
                loss += start - extreme
                anchor = extreme
                direction = .up
                extreme = altitude
            }
        }
    }

    /// Counts the swing in progress at the end of a recorded segment, and starts afresh.
    mutating func finishSegment() {
        guard let start = anchor else { return }
        switch direction {
        case .up: gain += extreme - start
        case .down: loss += start - extreme
        case .unknown: break
        }
        anchor = nil
        direction = .unknown
    }
}
