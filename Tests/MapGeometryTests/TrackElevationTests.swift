import MapGeometry
import Testing

@Suite("Terrain heights for tracks (--elevation)")
struct TrackElevationTests {
    /// The ground of these tests: 1,000 m plus 100 m per 0.01° east (whole metres), nothing west of 7°.
    static func ground(_ coordinate: Coordinate) -> Double? {
        coordinate.longitude < 7 ? nil : 1000 + ((coordinate.longitude - 7) * 10_000).rounded()
    }

    func track(_ longitudes: [Double], altitudes: [Double?]? = nil) -> Track {
        Track(
            locations: longitudes.enumerated().map { index, longitude in
                let altitude = altitudes?[index] ?? nil
                return Location(
                    coordinate: Coordinate(latitude: 45, longitude: longitude), altitude: altitude ?? 0,
                    horizontalAccuracy: 5, verticalAccuracy: altitude == nil ? -1 : 3)
            })
    }

    @Test("auto: a track without heights takes the ground's, one with some keeps its own")
    func auto() throws {
        let bare = track([7.00, 7.01, 7.02])
        let recorded = track([7.00, 7.01, 7.02], altitudes: [500, nil, 520])
        let (filled, report) = TrackElevation.filled([bare, recorded], source: .auto, height: Self.ground)
        #expect(filled[0].locations.map(\.altitude) == [1000, 1100, 1200])
        #expect(filled[0].locations.allSatisfy { $0.hasValidAltitude })
        #expect(filled[0].locations[0].verticalAccuracy == TrackElevation.terrainVerticalAccuracy)
        // Its fix without an altitude stays a gap: no step between a GPS and a model height.
        #expect(filled[1] == recorded)
        #expect(report.tracksFromTerrain == 1 && report.tracksFromRecording == 1 && report.fixesFromTerrain == 3)
        #expect(report.source == "mixed")
    }

    @Test("track leaves every track alone; terrain replaces every height; outside the ground is a gap")
    func trackAndTerrain() throws {
        let recorded = track([6.99, 7.00, 7.01], altitudes: [500, 510, 520])
        let (kept, keptReport) = TrackElevation.filled([recorded], source: .track, height: Self.ground)
        #expect(kept == [recorded] && keptReport.source == "track" && keptReport.fixesFromTerrain == 0)
        let (terrain, report) = TrackElevation.filled([recorded], source: .terrain, height: Self.ground)
        #expect(terrain[0].locations.map(\.hasValidAltitude) == [false, true, true])
        #expect(terrain[0].locations.dropFirst().map(\.altitude) == [1000, 1100])
        #expect(report.fixesFromTerrain == 2 && report.fixesOutside == 1 && report.source == "terrain")
        let nowhere = TrackElevation.filled([track([6.5, 6.6])], source: .terrain, height: Self.ground).report
        #expect(nowhere.tracksWithout == 1 && nowhere.source == "none")
    }

    @Test("statistics count terrain heights the one way")
    func statisticsOfTerrainHeights() throws {
        let (filled, _) = TrackElevation.filled(
            [track([7.00, 7.01, 7.02, 7.01])], source: .terrain, height: Self.ground)
        let statistics = TrackStatistics(tracks: filled)
        #expect(statistics.elevationGain == 200)
        #expect(statistics.elevationLoss == 100)
    }
}
