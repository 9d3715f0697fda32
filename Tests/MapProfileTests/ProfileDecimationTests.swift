import Foundation
import MapDrawing
import MapGeometry
import Testing

@testable import MapProfile

@Suite("Profile of a long track, bounded by the panel's resolution")
struct ProfileDecimationTests {
    static let panel = CanvasRect(x: 0, y: 400, width: 800, height: 200)

    /// 100,000 fixes a metre or so apart with a hill, a sharp spike and noise.
    static let long: Track = {
        var state: UInt64 = 5
        func noise() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) - 0.5
        }
        let altitudes = (0..<100_000).map { index -> Double? in
            let t = Double(index) / 100_000
            return index == 61_234 ? 2300 : 1500 + 300 * sin(t * .pi) + 2 * noise()
        }
        return Track(
            locations: altitudes.enumerated().map { ProfileTestTracks.fix(Double($0.offset) / 100, $0.element) })
    }()

    @Test("at most four samples a column of a point; the extremes kept exactly")
    func decimation() throws {
        let profile = ElevationProfile(tracks: [Self.long])
        let piece = try #require(profile.lines.first?.pieces.first)
        #expect(piece.count == 100_000)
        let chart = ProfileChart(profile, in: Self.panel, measurer: FixedTextMeasurer())
        let kept = ProfileChart.decimated(piece, x: chart.x, columnsPerPoint: 1)
        #expect(kept.count <= 4 * Int(chart.plot.width + 1) + 4)
        #expect(kept.count > 2 * Int(chart.plot.width))
        #expect(kept.map(\.elevation).max() == piece.map(\.elevation).max())
        #expect(kept.map(\.elevation).min() == piece.map(\.elevation).min())
        #expect(kept.first == piece.first && kept.last == piece.last)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.distance <= $1.distance })
        // The spike is on the drawn line, at the highest point's mark.
        let highest = try #require(chart.highest)
        #expect(abs(highest.point.x - chart.x(61_234 * ProfileTestTracks.stepMeters / 100)) < 0.01)
        #expect(highest.label == "▲ 2,300 m" || highest.label == "▲ 2300 m")
        // A short track is left as it is.
        let short = ProfileTestTracks.track([100, 120, 110, 130, 90, 95])
        let shortPiece = ElevationProfile(tracks: [short]).lines[0].pieces[0]
        #expect(ProfileChart.decimated(shortPiece, x: chart.x, columnsPerPoint: 1) == shortPiece)
    }

    @Test("the line's path is bounded by the panel, not by the fixes")
    func boundedPath() throws {
        let chart = ProfileChart(ElevationProfile(tracks: [Self.long]), in: Self.panel, measurer: FixedTextMeasurer())
        let strokes = chart.commands.compactMap { command -> Path? in
            if case .stroke(let path, let style) = command, style.lineWidth == 1.5 { path } else { nil }
        }
        let line = try #require(strokes.first)
        #expect(line.elements.count < 4 * Int(Self.panel.width))
    }

    @Test("its length is the statistics' distance to half a millimetre a kilometre")
    func lengthAgainstStatistics() throws {
        let track = Track(
            locations: (0..<5000).map { index in
                Location(
                    coordinate: Coordinate(
                        latitude: -33.37 + 0.0001 * Double(index % 700), longitude: -70.57 + 0.00007 * Double(index)),
                    altitude: 800, horizontalAccuracy: 5, verticalAccuracy: 3)
            })
        let length = ElevationProfile(tracks: [track]).length
        let distance = TrackStatistics(track: track).distance
        #expect(abs(length - distance) <= distance / 1000 * 0.0005, "\(length) against \(distance)")
    }
}
