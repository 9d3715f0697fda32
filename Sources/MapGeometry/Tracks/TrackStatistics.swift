public import FoundationEssentials

/// Distance, times, speeds and climbing of one or more tracks, usually cleaned first
/// (`Track.cleaned(_:)`).
///
/// Nothing is measured across the gap between two segments or two tracks: distance,
/// moving time, speeds and elevation are sums over consecutive fixes of the same segment.
/// Quantities that need timestamps or altitudes are `nil` when the fixes have none.
public struct TrackStatistics: Hashable, Sendable {
    /// The thresholds the statistics use.
    public struct Options: Hashable, Sendable {
        /// The slowest speed that counts as moving, in meters per second (0.5 m/s = 1.8 km/h,
        /// slower than a walk, faster than GPS drift while standing still).
        public var movingSpeedThreshold: Double
        /// The longest interval between two fixes that counts as moving, in seconds: a
        /// longer silence is a pause (loggers stop recording while standing still).
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
    /// The number of segments, in all tracks.
    public var segmentCount: Int
    /// The number of fixes, in all tracks.
    public var fixCount: Int
    /// Distance traveled, in meters: the sum of the WGS84 geodesic distances between
    /// consecutive fixes of each segment, altitude ignored (as `CLLocation.distance(from:)`).
    public var distance: Double
    /// Elapsed time, in seconds: for each track the time from its earliest to its latest
    /// timestamp (pauses and gaps included), summed over tracks; `nil` without timestamps.
    public var duration: TimeInterval?
    /// Time spent moving, in seconds: the sum of intervals between consecutive timed fixes
    /// of a segment whose average speed is at least `movingSpeedThreshold` and which are not
    /// longer than `pauseLimit`; `nil` without timestamps.
    public var movingTime: TimeInterval?
    /// The earliest timestamp of any fix, or `nil`.
    public var startTime: Date?
    /// The latest timestamp of any fix, or `nil`.
    public var endTime: Date?
    /// The highest speed held over three consecutive intervals, in meters per second, or
    /// `nil` without two timed fixes.
    ///
    /// Speeds come from the fixes' positions and times (distance / time of each interval),
    /// not from their `speed` fields, which many files lack. One wild fix (a GPS "spike")
    /// makes the two intervals touching it fast; requiring a speed to last three intervals
    /// (the largest over all windows of the smallest of three consecutive interval speeds)
    /// ignores it. A run of fewer than three timed intervals contributes its slowest one.
    public var maximumSpeed: Double?
    /// Total climb, in meters, counted with a hysteresis of `elevationThreshold`; `nil`
    /// when no fix has a valid altitude (`Location.hasValidAltitude`).
    ///
    /// Raw GPS altitude jitters by meters from fix to fix, and summing every rise would
    /// count that noise as climbing. Instead the altitude must turn by at least the
    /// threshold before a climb or descent ends: each rise from a low point to the next
    /// high point that is followed by a drop of at least the threshold (or by the end of
    /// the segment) counts in full, and wobbles smaller than the threshold count nothing.
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

    /// Average speed while moving, in meters per second: `distance / movingTime`; `nil` when
    /// the moving time is unknown or zero.
    public var movingSpeed: Double? {
        guard let movingTime, movingTime > 0 else { return nil }
        return distance / movingTime
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
        var elevation = ElevationCounter(threshold: options.elevationThreshold)
        var maximumSpeed: Double?
        for track in tracks {
            var earliest: Date?, latest: Date?
            for segment in track.segments where !segment.isEmpty {
                segmentCount += 1
                fixCount += segment.count
                var speeds = SustainedSpeed()
                elevation.startSegment()
                for (index, location) in segment.enumerated() {
                    if let time = location.timestamp {
                        earliest = min(earliest ?? time, time)
                        latest = max(latest ?? time, time)
                    }
                    if location.hasValidAltitude { elevation.add(location.altitude) }
                    guard index > 0 else { continue }
                    let previous = segment[index - 1]
                    let step = previous.distance(from: location)
                    if step.isFinite { distance += step }
                    guard let time = location.timestamp, let previousTime = previous.timestamp else {
                        speeds.breakRun()
                        continue
                    }
                    let interval = time.timeIntervalSince(previousTime)
                    guard interval > 0, step.isFinite else {
                        speeds.breakRun()
                        continue
                    }
                    let speed = step / interval
                    if speed >= options.movingSpeedThreshold && interval <= options.pauseLimit {
                        movingTime = (movingTime ?? 0) + interval
                    } else {
                        movingTime = movingTime ?? 0
                    }
                    speeds.add(speed)
                }
                if let fastest = speeds.finish() { maximumSpeed = max(maximumSpeed ?? fastest, fastest) }
                elevation.finishSegment()
            }
            if let earliest, let latest {
                duration = (duration ?? 0) + latest.timeIntervalSince(earliest)
                startTime = min(startTime ?? earliest, earliest)
                endTime = max(endTime ?? latest, latest)
                movingTime = movingTime ?? 0
            }
        }
        self.duration = duration
        self.movingTime = movingTime
        self.maximumSpeed = maximumSpeed
        if elevation.hasAltitude {
            elevationGain = elevation.gain
            elevationLoss = elevation.loss
            minimumElevation = elevation.minimum
            maximumElevation = elevation.maximum
        }
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

    mutating func startSegment() {
        anchor = nil
        direction = .unknown
    }

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

    /// Counts the swing in progress at the end of a segment.
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
