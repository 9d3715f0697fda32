import MapGeometry
import Testing

@testable import MapProfile

@Suite("Elevation profile")
struct ElevationProfileTests {
    /// Distances along the equator agree with the spherical step to a centimeter per step.
    static let meterTolerance = 0.05

    @Test("distance along the track and ascent are the statistics' own")
    func sameAsStatistics() throws {
        let track = ProfileTestTracks.track([100, 110, 120, 115, 130, 128, 140])
        let profile = ElevationProfile(tracks: [track])
        let statistics = TrackStatistics(track: track)
        let line = try #require(profile.lines.first)
        #expect(abs(line.length - statistics.distance) < Self.meterTolerance)
        #expect(abs(line.length - 6 * ProfileTestTracks.stepMeters) < 6 * Self.meterTolerance)
        // Hysteresis of 3 m: the climb 100 → 120 (20), the descent 120 → 115 (5), the climb
        // 115 → 140 (25), the dip 130 → 128 being under the threshold.
        #expect(profile.ascent == 45)
        #expect(profile.descent == 5)
        #expect(profile.ascent == statistics.elevationGain)
        #expect(profile.ascentMethod == AscentMethod())
        #expect(profile.ascentMethod.threshold == 3)
        let extremes = try #require(profile.extremes)
        #expect(extremes.lowest.sample.elevation == 100 && extremes.lowest.sample.distance == 0)
        #expect(extremes.highest.sample.elevation == 140)
    }

    @Test("segment breaks and fixes without altitude break the line; gaps inside a segment keep the distance")
    func gaps() throws {
        let first = (0..<3).map { ProfileTestTracks.fix(Double($0), 100 + Double($0)) }
        let second = (10..<13).map { ProfileTestTracks.fix(Double($0), 200) }
        // Two recorded segments: nothing is measured between them.
        let recorded = ElevationProfile(tracks: [Track(segments: [first, second])])
        let line = try #require(recorded.lines.first)
        #expect(line.pieces.count == 2)
        #expect(abs(line.length - 4 * ProfileTestTracks.stepMeters) < Self.meterTolerance)
        // A gap cleaning found inside one recorded segment: the distance across it counts.
        let afterGap = ElevationProfile(tracks: [Track(segments: [first, second], segmentsAfterGaps: [1])])
        let gapLine = try #require(afterGap.lines.first)
        #expect(gapLine.pieces.count == 2)
        #expect(abs(gapLine.length - 12 * ProfileTestTracks.stepMeters) < Self.meterTolerance)
        #expect(abs(gapLine.pieces[1][0].distance - 10 * ProfileTestTracks.stepMeters) < Self.meterTolerance)
        // A fix without an altitude.
        let holed = ElevationProfile(tracks: [ProfileTestTracks.track([100, 101, nil, 103, 104])])
        #expect(holed.lines[0].pieces.map(\.count) == [2, 2])
        #expect(holed.lines[0].course.count == 5)
    }

    @Test("no altitude at all: no profile, no flat line")
    func noElevation() {
        let profile = ElevationProfile(tracks: [ProfileTestTracks.track([nil, nil, nil])])
        #expect(!profile.hasElevation)
        #expect(profile.ascent == nil)
        #expect(profile.extremes == nil)
    }

    @Test("the point at a distance along the track, and the distance along it of a point near it")
    func alongTheTrack() throws {
        let line = try #require(ElevationProfile(tracks: [ProfileTestTracks.track([1, 2, 3, 4])]).lines.first)
        let halfway = try #require(line.coordinate(atDistance: 1.5 * ProfileTestTracks.stepMeters))
        #expect(abs(halfway.longitude - 0.0015) < 1e-9)
        #expect(line.coordinate(atDistance: 10 * ProfileTestTracks.stepMeters) == nil)
        // 50 m north of the track at 2.5 steps along.
        let north = Coordinate(latitude: 50 / 110_574.0, longitude: 0.0025)
        let near = try #require(line.nearest(to: north))
        #expect(abs(near.distance - 2.5 * ProfileTestTracks.stepMeters) < 1)
        #expect(abs(near.offset - 50) < 1)
    }
}
