import Foundation
import MapGeometry
import MapTestSupport
import Testing

// A property of cleaning and statistics together: for a track without accuracy data and
// without spikes, whatever its sampling (a meter to tens of kilometers between fixes, a
// second to hours, or no time at all) and however broken its time (repeated, backwards,
// missing), the distance is the geodesic sum of its recorded steps.

/// A random track: 1–3 recorded segments of 2–80 fixes without accuracy data. Steps are
/// 0.5 m to 45 km (with an occasional jump 20 to 100 times longer), turning at most 120°
/// (a spike needs a turn of about 150° or more, so there is none), timed regularly,
/// sparsely, partly, not at all, with repeats and steps back.
private func randomTrack(_ random: inout SplitMix64) -> Track {
    var segments: [[Location]] = []
    var coordinate = Coordinate(latitude: random.uniform(-70, 70), longitude: random.uniform(-180, 180))
    var time = trackEpoch
    for _ in 0..<Int(random.uniform(1, 4)) {
        let count = Int(random.uniform(2, 81))
        let stepScale = pow(10, random.uniform(0, 4.5))
        let interval = pow(10, random.uniform(0, 4))
        let timing = Int(random.uniform(0, 4))  // 0 none, 1 regular, 2 partly, 3 broken
        var bearing = random.uniform(0, 360)
        var segment: [Location] = []
        for index in 0..<count {
            if index > 0 {
                var length = max(0.5, stepScale * random.uniform(0.5, 1.5))
                if random.uniform(0, 1) < 0.05 { length *= random.uniform(20, 100) }
                bearing += random.uniform(-120, 120)
                coordinate = coordinate.destination(bearing: bearing, distance: length)
                time = time.addingTimeInterval(interval * random.uniform(0.5, 1.5))
            }
            var timestamp: Date? = timing == 0 ? nil : time
            if timing == 2 && random.uniform(0, 1) < 0.5 { timestamp = nil }
            if timing == 3, let last = segment.last?.timestamp, random.uniform(0, 1) < 0.3 {
                timestamp = last.addingTimeInterval(random.uniform(0, 1) < 0.5 ? 0 : -interval * random.uniform(0, 3))
            }
            segment.append(Location(coordinate: coordinate, horizontalAccuracy: 0, timestamp: timestamp))
        }
        segments.append(segment)
        coordinate = coordinate.destination(bearing: random.uniform(0, 360), distance: random.uniform(0, 10_000))
        time = time.addingTimeInterval(random.uniform(0, 86_400))
    }
    return Track(segments: segments)
}

@Suite("Track distance, property")
struct TrackDistancePropertyTests {
    @Test("for random tracks without accuracy data, the distance is the geodesic sum of the recorded steps")
    func distanceIsTheGeodesicSum() {
        var random = SplitMix64(seed: 20_241_201)
        var total = TrackCleaningReport()
        for trial in 0..<300 {
            let track = randomTrack(&random)
            let (cleaned, report) = track.cleaned()
            total = total + report
            #expect(report.droppedCount == 0, "trial \(trial): \(report)")
            let distance = TrackStatistics(track: cleaned).distance
            let expected = geodesicSum(track.segments)
            #expect(isClose(distance, to: expected), "trial \(trial): \(distance) m, geodesic sum \(expected) m")
            // Splitting at gaps leaves out exactly the steps across them.
            let split = track.cleaned(TrackCleaningOptions(splitsAtGaps: true)).track
            #expect(split.segments.count == track.segments.count + report.gapCount, "trial \(trial)")
        }
        // The tracks did have gaps and broken time for the property to be about.
        #expect(total.gapCount > 10 && total.repeatedTimeCount > 10 && total.backwardTimeCount > 10, "\(total)")
    }
}
