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

    @Test("time that repeats or goes backwards keeps its fixes and is counted per step, within a segment")
    func unreliableTime() {
        var fixes = syntheticFixes(count: 6, step: 10)
        fixes[2].timestamp = fixes[1].timestamp  // repeats
        fixes[4].timestamp = fixes[0].timestamp  // goes backwards at 3 → 4, forward again at 4 → 5
        // A later recorded segment whose clock is behind: nothing is compared across segments.
        let second = [
            Location(
                coordinate: trackOrigin.destination(bearing: 0, distance: 60),
                timestamp: trackEpoch.addingTimeInterval(2))
        ]
        let track = Track(segments: [fixes, second])
        let (cleaned, report) = track.cleaned()
        #expect(cleaned == track)
        #expect(report == TrackCleaningReport(inputFixCount: 7, repeatedTimeCount: 1, backwardTimeCount: 1))
        // Without times nothing can repeat.
        let untimed = Track(locations: syntheticFixes(count: 3, step: 10, interval: nil))
        #expect(untimed.cleaned().report == TrackCleaningReport(inputFixCount: 3))
    }

    @Test("an exact duplicate (same place, same time or both without) is dropped; a near one is kept")
    func duplicates() {
        var fixes = syntheticFixes(count: 5, step: 10)
        fixes.insert(fixes[1], at: 2)  // exact duplicate
        var samePlace = fixes[4]
        samePlace.timestamp = samePlace.timestamp!.addingTimeInterval(0.5)
        fixes.insert(samePlace, at: 5)  // same place, later: standing still
        let (track, report) = Track(locations: fixes).cleaned()
        #expect(report.duplicateCount == 1 && report.droppedCount == 1 && track.fixCount == 6)
        #expect(track.locations == fixes.enumerated().filter { $0.offset != 2 }.map(\.element))
        let untimed = syntheticFixes(count: 2, step: 10, interval: nil)
        #expect(Track(locations: untimed + [untimed[1]]).cleaned().report.duplicateCount == 1)
        let kept = Track(locations: fixes).cleaned(TrackCleaningOptions(dropsDuplicates: false))
        #expect(kept.report.duplicateCount == 0 && kept.track.fixCount == 7)
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

    @Test("a long pause or jump breaks the line and keeps its distance; splitting at gaps drops it")
    func gaps() {
        var fixes = syntheticFixes(count: 6, step: 10, interval: 10)
        for index in 3..<6 { fixes[index].timestamp = fixes[index].timestamp!.addingTimeInterval(600) }
        let (track, report) = Track(locations: fixes).cleaned()
        #expect(track.segments.map(\.count) == [3, 3] && track.segmentsAfterGaps == [1])
        #expect(report.gapCount == 1 && report.droppedCount == 0)
        #expect(track.recordedSegments == [fixes])
        #expect(
            abs(TrackStatistics(track: track).distance - 50) < 1e-6 && TrackStatistics(track: track).segmentCount == 1)
        let split = Track(locations: fixes).cleaned(TrackCleaningOptions(splitsAtGaps: true))
        #expect(split.track.segments.map(\.count) == [3, 3] && split.track.segmentsAfterGaps.isEmpty)
        #expect(abs(TrackStatistics(track: split.track).distance - 40) < 1e-6)
        #expect(Track(locations: fixes).cleaned(TrackCleaningOptions(gapTime: nil)).track.segments.count == 1)

        var jump = syntheticFixes(count: 4, step: 10)
        jump[2].coordinate = jump[2].coordinate.destination(bearing: 90, distance: 2000)
        jump[3].coordinate = jump[3].coordinate.destination(bearing: 90, distance: 2000)
        let jumped = Track(locations: jump).cleaned()
        #expect(jumped.track.segments.map(\.count) == [2, 2] && jumped.report.gapCount == 1)
        #expect(Track(locations: jump).cleaned(TrackCleaningOptions(gapDistance: 5000)).track.segments.count == 1)
    }

    @Test("a track sampled sparsely (20 km and an hour between fixes) has no gaps: they are its rhythm")
    func sparseTracksHaveNoGaps() {
        let fixes = syntheticFixes(count: 10, step: 20_000, interval: 3600)
        let (track, report) = Track(locations: fixes).cleaned()
        #expect(track.segments == [fixes] && report == TrackCleaningReport(inputFixCount: 10))
        // One hour missing from a track logged every minute is a gap, though.
        var minutes = syntheticFixes(count: 12, step: 1000, interval: 60)
        for index in 6..<12 { minutes[index].timestamp = minutes[index].timestamp!.addingTimeInterval(3600) }
        #expect(Track(locations: minutes).cleaned().track.segments.map(\.count) == [6, 6])
    }

    @Test("a single fix far out of line and straight back is a spike; an out-and-back at the usual pace is not")
    func spikes() {
        var fixes = syntheticFixes(count: 30, step: 5)
        fixes[10].coordinate = fixes[10].coordinate.destination(bearing: 90, distance: 200)
        let (track, report) = Track(locations: fixes).cleaned()
        #expect(report.spikeCount == 1 && report.droppedCount == 1)
        #expect(track.locations == fixes.enumerated().filter { $0.offset != 10 }.map(\.element))
        // Without times the lengths tell.
        let untimed = fixes.map { fix in
            var fix = fix
            fix.timestamp = nil
            return fix
        }
        #expect(Track(locations: untimed).cleaned().report.spikeCount == 1)
        #expect(Track(locations: fixes).cleaned(TrackCleaningOptions(dropsSpikes: false)).report.spikeCount == 0)

        // The same fix reached at the usual speed (40 s out, 40 s back) is a detour, not a spike.
        var detour = fixes
        for index in 10..<30 { detour[index].timestamp = detour[index].timestamp!.addingTimeInterval(39) }
        for index in 11..<30 { detour[index].timestamp = detour[index].timestamp!.addingTimeInterval(39) }
        #expect(Track(locations: detour).cleaned().report.spikeCount == 0)

        // A hairpin at the usual step length (back within a meter of the fix before the
        // turn), and two fixes out instead of one, are kept.
        let there = syntheticFixes(count: 10, step: 5)
        let back = syntheticFixes(
            count: 10, step: 5, bearing: 180, from: there[9].coordinate.destination(bearing: 170, distance: 5),
            startTime: trackEpoch.addingTimeInterval(10))
        #expect(there[8].coordinate.distance(to: back[0].coordinate) < 1)
        #expect(Track(locations: there + back).cleaned().report.spikeCount == 0)
        var pair = syntheticFixes(count: 30, step: 5)
        for index in 10...11 { pair[index].coordinate = pair[index].coordinate.destination(bearing: 90, distance: 200) }
        #expect(Track(locations: pair).cleaned().report.spikeCount == 0)
    }

    @Test("cleaning a cleaned track changes nothing")
    func idempotent() {
        var fixes = syntheticFixes(count: 40, step: 5, interval: 10)
        fixes[5].coordinate = fixes[5].coordinate.destination(bearing: 90, distance: 500)
        for index in 20..<40 { fixes[index].timestamp = fixes[index].timestamp!.addingTimeInterval(900) }
        let once = Track(locations: fixes).cleaned().track
        #expect(once.segments.count == 2 && once.fixCount == 39)
        #expect(once.cleaned().track == once)
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

    @Test("the rules apply in order: invalid, inaccurate, duplicate, spike, too close")
    func order() {
        var fixes = syntheticFixes(count: 4, step: 1)
        fixes[1].horizontalAccuracy = 200  // inaccurate and too close: counted as inaccurate
        fixes[3] = fixes[2]  // a duplicate and too close: counted as a duplicate
        let report = Track(locations: fixes).cleaned(TrackCleaningOptions(distanceFilter: 10)).report
        #expect(
            report == TrackCleaningReport(inputFixCount: 4, inaccurateCount: 1, duplicateCount: 1, tooCloseCount: 1))
    }

    @Test("without a rule that compares lengths, steps are not measured and time gaps are still found")
    func timeGapsWithoutLengths() {
        // 60 fixes a second apart, then a 10-minute pause, then 60 more.
        let before = syntheticFixes(count: 60, step: 5)
        let after = syntheticFixes(
            count: 60, step: 5, from: before[59].coordinate.destination(bearing: 0, distance: 5),
            startTime: trackEpoch.addingTimeInterval(59 + 600))
        let track = Track(locations: before + after)
        let timeOnly = TrackCleaningOptions(dropsSpikes: false, gapTime: 300, gapDistance: nil)
        let (cleaned, report) = track.cleaned(timeOnly)
        #expect(report.gapCount == 1 && cleaned.segments.map(\.count) == [60, 60])
        // The same pieces as when every step is measured for the other rules.
        let measured = track.cleaned(TrackCleaningOptions(dropsSpikes: true, gapTime: 300, gapDistance: nil)).track
        #expect(measured.segments == cleaned.segments)
    }
}
