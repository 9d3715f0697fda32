import Foundation
import MapGeometry
import MapTestSupport
import Testing

// The cases of the issue "track stats reports 0.00 km": tracks sampled sparsely, with
// unreliable time or with a GPS spike, cleaned with the defaults of `maprender track` and
// measured against the WGS84 geodesic sum of their steps, computed here fix by fix.

/// How far a cleaned track's distance may stray from the geodesic sum of the steps it should
/// count, as a fraction: the bar users hold it to ("within 0.5%", as gpxpy and GPSBabel
/// agree). The implementation agrees to rounding.
private let relativeDistanceTolerance = 0.005
/// How far a time may stray, in seconds: `Date` counts seconds since 2001 in a `Double`, so
/// sums of intervals in 2024 round to a fraction of a microsecond.
private let timeTolerance = 1e-6
/// How far a speed may stray, in m/s.
private let speedTolerance = 1e-6

/// The WGS84 geodesic sum of the steps of each segment, in meters.
func geodesicSum(_ segments: [[Location]]) -> Double {
    segments.reduce(0) { sum, segment in
        sum + zip(segment, segment.dropFirst()).reduce(0) { $0 + $1.0.coordinate.distance(to: $1.1.coordinate) }
    }
}

/// Whether `distance` is within `relativeDistanceTolerance` of `expected`.
func isClose(_ distance: Double, to expected: Double) -> Bool {
    abs(distance - expected) <= relativeDistanceTolerance * expected
}

/// Fixes without accuracy data from `start` along `legs` (bearing in degrees, length in
/// meters), one every `interval` seconds (none when `nil`).
private func path(
    from start: Coordinate = trackOrigin, legs: [(bearing: Double, length: Double)], interval: TimeInterval?
) -> [Location] {
    var coordinates = [start]
    for leg in legs { coordinates.append(coordinates.last!.destination(bearing: leg.bearing, distance: leg.length)) }
    return coordinates.enumerated().map { index, coordinate in
        Location(
            coordinate: coordinate, horizontalAccuracy: 0,
            timestamp: interval.map { trackEpoch.addingTimeInterval($0 * Double(index)) })
    }
}

/// The track cleaned with the defaults, measured, and the cleaning report.
private func measure(_ fixes: [Location]) -> (TrackStatistics, TrackCleaningReport) {
    let (track, report) = Track(locations: fixes).cleaned()
    return (TrackStatistics(track: track), report)
}

@Suite("Distance whatever the sampling (the issue's cases)")
struct TrackSamplingTests {
    @Test("a route planner's export: 6 fixes hours apart over about 11 km")
    func routePlanner() {
        let fixes = path(
            legs: [(300, 2300), (270, 2100), (320, 2400), (280, 2000), (250, 2200)], interval: 2 * 3600)
        let (stats, report) = measure(fixes)
        #expect(isClose(stats.distance, to: geodesicSum([fixes])) && stats.distance > 10_900, "\(stats.distance)")
        #expect(report == TrackCleaningReport(inputFixCount: 6) && stats.segmentCount == 1)
        #expect(abs(stats.duration! - 10 * 3600) < timeTolerance)
    }

    @Test("10 fixes about 20 km apart: 195.8 km")
    func twentyKilometersApart() {
        let bearings: [Double] = [170, 185, 160, 200, 175, 150, 190, 210, 165]
        let fixes = path(legs: bearings.map { ($0, 195_800 / 9) }, interval: 900)
        let (stats, report) = measure(fixes)
        #expect(isClose(stats.distance, to: 195_800), "\(stats.distance)")
        #expect(isClose(stats.distance, to: geodesicSum([fixes])))
        #expect(report.gapCount == 0 && report.droppedCount == 0)
        // 21.8 km every 15 minutes is moving at 87 km/h the whole time.
        #expect(abs(stats.movingTime! - 8 * 900 - 900) < timeTolerance)
        #expect(abs(stats.maximumSpeed! - 195_800 / 9 / 900) < speedTolerance)
    }

    @Test("a 184-fix hike whose timestamps all repeat one instant: the whole distance, no speeds")
    func repeatedTime() {
        var fixes = path(
            legs: (0..<183).map { step in ((step / 12) % 2 == 0 ? 20 : 240, 45) }, interval: nil)
        for index in fixes.indices { fixes[index].timestamp = trackEpoch }
        let (stats, report) = measure(fixes)
        #expect(isClose(stats.distance, to: geodesicSum([fixes])) && stats.distance > 8000, "\(stats.distance)")
        #expect(report == TrackCleaningReport(inputFixCount: 184, repeatedTimeCount: 183))
        #expect(stats.fixCount == 184 && stats.duration == 0)
        #expect(stats.movingTime == nil && stats.maximumSpeed == nil && stats.movingSpeed == nil)
    }

    @Test("a clock stepping back: the fixes count for distance, the step for no speed and no moving time")
    func backwardsTime() {
        // 30 fixes 50 m and 10 s apart; after the 15th the clock steps back 20 s.
        var fixes = path(legs: Array(repeating: (45, 50), count: 29), interval: 10)
        for index in 15..<30 { fixes[index].timestamp = fixes[index].timestamp!.addingTimeInterval(-20) }
        let (stats, report) = measure(fixes)
        #expect(isClose(stats.distance, to: geodesicSum([fixes])))
        #expect(report == TrackCleaningReport(inputFixCount: 30, backwardTimeCount: 1))
        // 28 steps of 10 s; the one going back is neither moving nor a speed.
        #expect(abs(stats.movingTime! - 280) < timeTolerance && stats.duration == 280)
        #expect(abs(stats.maximumSpeed! - 5) < speedTolerance)
    }

    @Test("a spike 1 km out and straight back is dropped: its distance and its speed are gone")
    func spike() {
        // 61 fixes 25 m and 5 s apart (5 m/s); fix 30 thrown 1 km east.
        var fixes = path(legs: Array(repeating: (10, 25), count: 60), interval: 5)
        fixes[30].coordinate = fixes[30].coordinate.destination(bearing: 90, distance: 1000)
        let (stats, report) = measure(fixes)
        var withoutSpike = fixes
        withoutSpike.remove(at: 30)
        #expect(report == TrackCleaningReport(inputFixCount: 61, spikeCount: 1))
        #expect(isClose(stats.distance, to: geodesicSum([withoutSpike])) && stats.distance < 1600, "\(stats.distance)")
        #expect(abs(stats.maximumSpeed! - 5) < 0.01, "\(stats.maximumSpeed!)")
        #expect(stats.segmentCount == 1 && abs(stats.movingTime! - 300) < timeTolerance)
    }

    @Test("a car logging one fix a minute at 100 km/h")
    func carOnceAMinute() {
        let fixes = path(legs: (0..<30).map { (100 + 2 * Double($0), 100_000 / 60) }, interval: 60)
        let (stats, report) = measure(fixes)
        #expect(isClose(stats.distance, to: 50_000) && isClose(stats.distance, to: geodesicSum([fixes])))
        #expect(report == TrackCleaningReport(inputFixCount: 31))
        #expect(abs(stats.movingTime! - 1800) < timeTolerance)
        #expect(abs(stats.maximumSpeed! * 3.6 - 100) < 0.01, "\(stats.maximumSpeed! * 3.6)")
    }

    @Test("a track where only some fixes carry a time has speeds across the untimed ones")
    func partlyTimed() {
        var fixes = path(legs: Array(repeating: (90, 50), count: 20), interval: 10)
        for index in fixes.indices where index % 2 == 1 { fixes[index].timestamp = nil }
        let (stats, report) = measure(fixes)
        #expect(isClose(stats.distance, to: geodesicSum([fixes])) && report.droppedCount == 0)
        #expect(stats.duration == 200 && abs(stats.movingTime! - 200) < timeTolerance)
        #expect(abs(stats.maximumSpeed! - 5) < speedTolerance && abs(stats.movingSpeed! - 5) < speedTolerance)
    }

    @Test("the distance between two recorded segments is not counted; across a gap inside one it is")
    func recordedSegments() {
        let morning = path(legs: Array(repeating: (0, 100), count: 10), interval: 30)
        let evening = path(
            from: morning.last!.coordinate.destination(bearing: 90, distance: 5000),
            legs: Array(repeating: (180, 100), count: 10), interval: 30
        ).map { fix in
            var fix = fix
            fix.timestamp = fix.timestamp!.addingTimeInterval(8 * 3600)
            return fix
        }
        let recorded = TrackStatistics(track: Track(segments: [morning, evening]).cleaned().track)
        #expect(isClose(recorded.distance, to: 2000) && recorded.segmentCount == 2)
        let (oneSegment, report) = Track(locations: morning + evening).cleaned()
        let joined = TrackStatistics(track: oneSegment)
        #expect(report.gapCount == 1 && oneSegment.segments.count == 2 && joined.segmentCount == 1)
        #expect(isClose(joined.distance, to: geodesicSum([morning + evening])))
        #expect(abs(joined.movingTime! - 2 * 10 * 30) < timeTolerance, "the gap is not moving")
        // Nor does its distance speed up the moving speed.
        #expect(isClose(joined.movingDistance!, to: 2000) && isClose(joined.movingSpeed!, to: 100.0 / 30))
    }
}
