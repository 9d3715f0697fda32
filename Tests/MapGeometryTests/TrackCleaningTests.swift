import Foundation
import MapGeometry
import MapTestSupport
import Testing

// Track cleaning, rule by rule, with the counts of the report.

@Suite("Track cleaning")
struct TrackCleaningTests {
    @Test("negative horizontal accuracy and invalid coordinates are always dropped")
    func invalid() {
        var fixes = syntheticFixes(count: 5, step: 10)
        fixes[1].horizontalAccuracy = -1
        fixes[3].coordinate = Coordinate(latitude: 95, longitude: 0)
        let (track, report) = Track(name: "t", locations: fixes).cleaned(.invalidOnly)
        #expect(track.name == "t" && track.fixCount == 3)
        #expect(report == TrackCleaningReport(inputFixCount: 5, invalidCount: 2))
        #expect(report.droppedCount == 2 && report.keptFixCount == 3)
    }

    @Test("fixes less accurate than the threshold are dropped; exactly at it they are kept")
    func inaccurate() {
        var fixes = syntheticFixes(count: 4, step: 10)
        fixes[1].horizontalAccuracy = 100
        fixes[2].horizontalAccuracy = 100.5
        let defaults = Track(locations: fixes).cleaned()
        #expect(defaults.report.inaccurateCount == 1 && defaults.track.fixCount == 3)
        let strict = Track(locations: fixes).cleaned(TrackCleaningOptions(maximumHorizontalAccuracy: 10))
        #expect(strict.report.inaccurateCount == 2)
        let off = Track(locations: fixes).cleaned(TrackCleaningOptions(maximumHorizontalAccuracy: nil))
        #expect(off.report.inaccurateCount == 0 && off.track.fixCount == 4)
    }

    @Test("a fix whose time repeats or goes backwards is stale, also across segments")
    func stale() {
        var fixes = syntheticFixes(count: 6, step: 10)
        fixes[2].timestamp = fixes[1].timestamp  // repeats
        fixes[4].timestamp = fixes[0].timestamp  // a cached fix delivered late
        let second = [
            Location(
                coordinate: trackOrigin.destination(bearing: 0, distance: 60),
                timestamp: trackEpoch.addingTimeInterval(2))
        ]
        let track = Track(segments: [fixes, second])
        let (cleaned, report) = track.cleaned()
        #expect(report.staleCount == 3)
        #expect(cleaned.locations.map(\.timestamp) == [0, 1, 3, 5].map { trackEpoch.addingTimeInterval($0) })
        #expect(track.cleaned(TrackCleaningOptions(dropsStaleFixes: false)).report.staleCount == 0)
        // Without times nothing can be stale.
        let untimed = Track(locations: syntheticFixes(count: 3, step: 10, interval: nil))
        #expect(untimed.cleaned().report.staleCount == 0)
    }

    @Test("the distance filter keeps only fixes at least N meters from the last kept one")
    func distanceFilter() {
        // 0, 3, 6, …, 24 m: kept at 0, 12 and 24 m.
        let fixes = syntheticFixes(count: 9, step: 3)
        let (track, report) = Track(locations: fixes).cleaned(TrackCleaningOptions(distanceFilter: 10))
        #expect(track.locations == [fixes[0], fixes[4], fixes[8]])
        #expect(report.tooCloseCount == 6 && report.keptFixCount == 3)
        // The first fix of every segment is kept.
        let split = Track(segments: [Array(fixes[0..<2]), Array(fixes[2..<4])]).cleaned(
            TrackCleaningOptions(distanceFilter: 10))
        #expect(split.track.segments.map(\.count) == [1, 1])
    }

    @Test("a long pause or a long jump starts a new segment")
    func gaps() {
        var fixes = syntheticFixes(count: 6, step: 10, interval: 10)
        for index in 3..<6 { fixes[index].timestamp = fixes[index].timestamp!.addingTimeInterval(600) }
        let (track, report) = Track(locations: fixes).cleaned()
        #expect(track.segments.map(\.count) == [3, 3] && report.gapSplitCount == 1 && report.droppedCount == 0)
        #expect(Track(locations: fixes).cleaned(TrackCleaningOptions(gapTime: nil)).track.segments.count == 1)

        var jump = syntheticFixes(count: 4, step: 10)
        jump[2].coordinate = jump[2].coordinate.destination(bearing: 90, distance: 2000)
        jump[3].coordinate = jump[3].coordinate.destination(bearing: 90, distance: 2000)
        let jumped = Track(locations: jump).cleaned()
        #expect(jumped.track.segments.map(\.count) == [2, 2] && jumped.report.gapSplitCount == 1)
        #expect(Track(locations: jump).cleaned(TrackCleaningOptions(gapDistance: 5000)).track.segments.count == 1)
    }

    @Test("segments left empty disappear; reports add up")
    func emptySegmentsAndSums() {
        var lonely = syntheticFixes(count: 1, step: 0)
        lonely[0].horizontalAccuracy = 500
        let track = Track(segments: [syntheticFixes(count: 3, step: 10), lonely, []])
        let (cleaned, report) = track.cleaned()
        #expect(cleaned.segments.count == 1 && report.inaccurateCount == 1)
        let total = report + report
        #expect(total.inputFixCount == 8 && total.inaccurateCount == 2 && total.keptFixCount == 6)
        #expect(Track().cleaned().track.isEmpty)
    }

    @Test("the rules apply in order: invalid, inaccurate, stale, too close")
    func order() {
        var fixes = syntheticFixes(count: 3, step: 1)
        fixes[1].horizontalAccuracy = 200  // inaccurate and too close: counted as inaccurate
        fixes[2].timestamp = fixes[0].timestamp  // stale and too close: counted as stale
        let report = Track(locations: fixes).cleaned(TrackCleaningOptions(distanceFilter: 10)).report
        #expect(report == TrackCleaningReport(inputFixCount: 3, inaccurateCount: 1, staleCount: 1))
    }
}
