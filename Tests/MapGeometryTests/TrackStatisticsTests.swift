import Foundation
import MapGeometry
import MapTestSupport
import Testing

// Track statistics against the WGS84 geodesic and hand-computed times.

/// How far a distance may stray from geographiclib's, in meters (Karney's algorithm agrees
/// to nanometers; this leaves room for summation order).
private let distanceTolerance = 1e-6
/// How far a time or speed may stray, in seconds or m/s.
private let timeTolerance = 1e-9

@Suite("Track statistics")
struct TrackStatisticsTests {
    @Test("distance is the sum of WGS84 geodesic distances, cross-checked with geographiclib")
    func geodesicDistance() {
        // geographiclib 2.1, Geodesic.WGS84.Inverse(…)['s12'].
        let a = Coordinate(latitude: 39.7392, longitude: -104.9903)
        let b = Coordinate(latitude: 39.7392, longitude: -104.9803)
        let c = Coordinate(latitude: 39.7492, longitude: -104.9803)
        let stats = TrackStatistics(track: Track(locations: [a, b, c].map { Location(coordinate: $0) }))
        #expect(abs(stats.distance - (857.1783831204375 + 1110.297209145061)) < distanceTolerance)
        let museum = Coordinate(latitude: 39.7475, longitude: -104.9428)
        #expect(
            abs(
                TrackStatistics(track: Track(locations: [a, museum].map { Location(coordinate: $0) })).distance
                    - 4174.345896072392) < distanceTolerance)
        let equator = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1)]
        #expect(
            abs(
                TrackStatistics(track: Track(locations: equator.map { Location(coordinate: $0) })).distance
                    - 111319.49079327357) < distanceTolerance)
    }

    @Test("altitude is ignored, and nothing is counted across segments or tracks")
    func distanceRules() {
        var fixes = syntheticFixes(count: 3, step: 100)
        fixes[1].altitude = 1000
        fixes[1].verticalAccuracy = 1
        #expect(abs(TrackStatistics(track: Track(locations: fixes)).distance - 200) < 1e-6)
        let far = syntheticFixes(count: 2, step: 50, from: Coordinate(latitude: 40, longitude: -105))
        let split = TrackStatistics(track: Track(segments: [fixes, far]))
        #expect(abs(split.distance - 250) < 1e-6 && split.segmentCount == 2 && split.fixCount == 5)
        let apart = TrackStatistics(tracks: [Track(locations: fixes), Track(locations: far)])
        #expect(abs(apart.distance - 250) < 1e-6 && apart.trackCount == 2)
    }

    @Test("duration, moving time and speeds across a pause")
    func movingTime() {
        // 60 s at 5 m/s, 30 s standing still, 60 s at 5 m/s: 600 m.
        let go = syntheticFixes(count: 61, step: 5)
        let stand = (1...30).map { second in
            Location(
                coordinate: go[60].coordinate, horizontalAccuracy: 5,
                timestamp: trackEpoch.addingTimeInterval(60 + Double(second)))
        }
        let back = syntheticFixes(
            count: 60, step: 5, from: go[60].coordinate.destination(bearing: 0, distance: 5),
            startTime: trackEpoch.addingTimeInterval(91))
        let stats = TrackStatistics(track: Track(locations: go + stand + back))
        #expect(abs(stats.distance - 600) < 1e-6)
        #expect(stats.duration == 150 && abs(stats.movingTime! - 120) < timeTolerance)
        #expect(abs(stats.averageSpeed! - 4) < 1e-9 && abs(stats.movingSpeed! - 5) < 1e-9)
        #expect(abs(stats.maximumSpeed! - 5) < 1e-6)
        #expect(stats.startTime == trackEpoch && stats.endTime == trackEpoch.addingTimeInterval(150))
    }

    @Test("a silence longer than the pause limit and the intervals around it is not moving, whatever its speed")
    func pauseLimit() {
        // 10 s at 2.5 m/s, then 500 m in 200 s (2.5 m/s, but a silence 200 times the usual
        // second), then 10 s more.
        let before = syntheticFixes(count: 11, step: 2.5)
        let after = syntheticFixes(
            count: 11, step: 2.5, from: before[10].coordinate.destination(bearing: 0, distance: 500),
            startTime: trackEpoch.addingTimeInterval(210))
        let stats = TrackStatistics(track: Track(locations: before + after))
        #expect(stats.duration == 220 && abs(stats.movingTime! - 20) < timeTolerance)
        let lenient = TrackStatistics(track: Track(locations: before + after), options: .init(pauseLimit: 300))
        #expect(abs(lenient.movingTime! - 220) < timeTolerance)
        // A track logged every 200 s is not paused between its fixes: that is its rhythm
        // (this was "not moving" while the limit alone decided).
        let sparse = TrackStatistics(track: Track(locations: syntheticFixes(count: 6, step: 500, interval: 200)))
        #expect(sparse.movingTime == 1000 && abs(sparse.movingSpeed! - 2.5) < 1e-9)
    }

    @Test("one wild fix does not make the maximum speed; three fast intervals do")
    func maximumSpeedGuard() {
        var fixes = syntheticFixes(count: 30, step: 5)
        fixes[10].coordinate = fixes[10].coordinate.destination(bearing: 90, distance: 200)  // a 200 m spike
        let spiked = TrackStatistics(track: Track(locations: fixes))
        #expect(spiked.maximumSpeed! < 5.01, "\(spiked.maximumSpeed!)")
        // A real sprint: 4 intervals at 12 m/s in the middle of a 5 m/s ride.
        let slow = syntheticFixes(count: 10, step: 5)
        let sprint = syntheticFixes(
            count: 4, step: 12, from: slow[9].coordinate.destination(bearing: 0, distance: 12),
            startTime: trackEpoch.addingTimeInterval(10))
        let after = syntheticFixes(
            count: 10, step: 5, from: sprint[3].coordinate.destination(bearing: 0, distance: 5),
            startTime: trackEpoch.addingTimeInterval(14))
        let sprinted = TrackStatistics(track: Track(locations: slow + sprint + after))
        #expect(abs(sprinted.maximumSpeed! - 12) < 1e-6)
        // Runs shorter than three intervals give their slowest interval.
        let short = syntheticFixes(count: 2, step: 7)
        #expect(abs(TrackStatistics(track: Track(locations: short)).maximumSpeed! - 7) < 1e-6)
    }

    @Test("elevation gain and loss ignore jitter below the 3 m hysteresis and count whole swings")
    func elevation() {
        func track(_ altitudes: [Double]) -> Track {
            Track(
                locations: syntheticFixes(count: altitudes.count, step: 10).enumerated().map { index, fix in
                    var fix = fix
                    fix.altitude = altitudes[index]
                    fix.verticalAccuracy = 3
                    return fix
                })
        }
        let jitter: [Double] = (0..<100).map { (step: Int) -> Double in 1600 + (step % 2 == 0 ? 1.2 : -1.2) }
        let flat = TrackStatistics(track: track(jitter))
        #expect(flat.elevationGain == 0 && flat.elevationLoss == 0)
        #expect(flat.minimumElevation == 1598.8 && flat.maximumElevation == 1601.2)
        let ramp: [Double] = (0...100).map { (step: Int) -> Double in 1600 + Double(step) * 0.5 }
        let climb = TrackStatistics(track: track(ramp))
        #expect(climb.elevationGain == 50 && climb.elevationLoss == 0)
        // Up 50 m with ±1 m noise, then down 30 m.
        let up: [Double] = (0...50).map { (step: Int) -> Double in 1600 + Double(step) + (step % 2 == 0 ? 0.8 : -0.8) }
        let down: [Double] = (1...30).map { (step: Int) -> Double in 1650 - Double(step) }
        let hill = up + down
        let stats = TrackStatistics(track: track(hill))
        #expect(abs(stats.elevationGain! - 50) < 1e-9 && abs(stats.elevationLoss! - 30.8) < 1e-9, "\(stats)")
        // Without any valid altitude there is no elevation at all.
        let none = TrackStatistics(track: Track(locations: syntheticFixes(count: 3, step: 10)))
        #expect(none.elevationGain == nil && none.minimumElevation == nil)
    }

    @Test("without timestamps, times and speeds are unknown; several tracks add their durations")
    func timesAndTracks() {
        let untimed = TrackStatistics(track: Track(locations: syntheticFixes(count: 3, step: 10, interval: nil)))
        #expect(
            untimed.duration == nil && untimed.movingTime == nil && untimed.averageSpeed == nil
                && untimed.maximumSpeed == nil)
        #expect(abs(untimed.distance - 20) < 1e-6)
        let morning = Track(locations: syntheticFixes(count: 11, step: 5))
        let evening = Track(
            locations: syntheticFixes(count: 21, step: 5, startTime: trackEpoch.addingTimeInterval(36_000)))
        let day = TrackStatistics(tracks: [evening, morning])
        #expect(day.duration == 30 && day.movingTime == 30)
        #expect(day.startTime == trackEpoch && day.endTime == trackEpoch.addingTimeInterval(36_020))
        let empty = TrackStatistics(tracks: [])
        #expect(empty.distance == 0 && empty.fixCount == 0 && empty.duration == nil)
    }
}
