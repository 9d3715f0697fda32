import Foundation
import MapGeometry
import Testing

@Suite("Fast step distances and the climb alone")
struct StepDistanceTests {
    /// The plane's error on a step of up to 1 km, relative to the geodesic (see `StepDistance`).
    static let relativeTolerance = 5e-7

    /// A seeded generator (SplitMix64), so every run checks the same steps.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("steps up to 1 km agree with the WGS84 geodesic to 5·10⁻⁷ at latitudes up to 85°")
    func againstTheGeodesic() {
        var random = Seeded(state: 27)
        var meter = StepDistance()
        var worst = 0.0
        // A walk of 20,000 steps in every direction, from 10 cm to 1 km, over latitudes from
        // −85° to 85° and across the antimeridian.
        var here = Coordinate(latitude: -85, longitude: 179.9)
        for index in 0..<20_000 {
            if index % 500 == 0 {
                here = Coordinate(
                    latitude: -85 + 170 * Double(index) / 20_000,
                    longitude: Double.random(in: -180..<180, using: &random))
            }
            let length = exp(Double.random(in: log(0.1)...log(990), using: &random))
            let next = here.destination(bearing: Double.random(in: 0..<360, using: &random), distance: length)
            let fast = meter.distance(from: here, to: next)
            let exact = here.distance(to: next)
            worst = max(worst, abs(fast - exact) / exact)
            here = next
        }
        #expect(worst < Self.relativeTolerance, "worst relative error \(worst)")
    }

    @Test("longer steps are geodesics; a track's length is the statistics' to 5·10⁻⁷")
    func longStepsAndTracks() throws {
        var meter = StepDistance()
        let a = Coordinate(latitude: 60, longitude: 24), b = Coordinate(latitude: 60.2, longitude: 24.5)
        #expect(meter.distance(from: a, to: b) == a.distance(to: b))
        let fixes = (0..<2000).map { index in
            Location(
                coordinate: Coordinate(
                    latitude: 39.74 + 0.05 * sin(Double(index) / 300), longitude: -104.99 + 0.00015 * Double(index)),
                horizontalAccuracy: 5)
        }
        var length = 0.0
        for (from, to) in zip(fixes, fixes.dropFirst()) {
            length += meter.distance(from: from.coordinate, to: to.coordinate)
        }
        let statistics = TrackStatistics(track: Track(locations: fixes))
        #expect(abs(length - statistics.distance) / statistics.distance < Self.relativeTolerance)
    }

    @Test("the climb alone is the statistics' climb, across gaps and segments")
    func climbIsTheStatistics() throws {
        func fix(_ index: Int, _ altitude: Double?) -> Location {
            Location(
                coordinate: Coordinate(latitude: 45, longitude: 7 + 0.001 * Double(index)), altitude: altitude ?? 0,
                horizontalAccuracy: 5, verticalAccuracy: altitude == nil ? -1 : 3)
        }
        let heights: [Double?] = [100, 104, 102, 110, nil, 108, 120, 119, 90, 95, 94, 130]
        let fixes = heights.enumerated().map { fix($0.offset, $0.element) }
        let tracks = [
            Track(segments: [Array(fixes[0..<5]), Array(fixes[5..<9]), Array(fixes[9...])], segmentsAfterGaps: [1]),
            Track(locations: Array(fixes.reversed())),
        ]
        for group in [[tracks[0]], [tracks[1]], tracks] {
            let statistics = TrackStatistics(tracks: group)
            let climb = try #require(TrackStatistics.climb(of: group))
            #expect(climb.gain == statistics.elevationGain)
            #expect(climb.loss == statistics.elevationLoss)
            #expect(climb.minimum == statistics.minimumElevation && climb.maximum == statistics.maximumElevation)
        }
        #expect(TrackStatistics.climb(of: [Track(locations: [fix(0, nil), fix(1, nil)])]) == nil)
    }
}
