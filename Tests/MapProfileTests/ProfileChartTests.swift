import MapDrawing
import MapGeometry
import Testing

@testable import MapProfile

@Suite("Profile chart")
struct ProfileChartTests {
    /// Canvas positions are compared to a thousandth of a point.
    static let canvasTolerance = 0.001
    static let panel = CanvasRect(x: 0, y: 400, width: 800, height: 200)

    /// A 10-step climb from 1500 m to 1650 m and back down to 1580 m.
    static let track = ProfileTestTracks.track([
        1500, 1510, 1530, 1560, 1600, 1650, 1640, 1620, 1600, 1590, 1580,
    ])

    static func texts(_ commands: [DrawCommand]) -> [String] {
        commands.compactMap { if case .text(let run) = $0 { run.string } else { nil } }
    }

    @Test("distance runs left to right from 0 to the track's length; elevation runs up")
    func axes() throws {
        let profile = ElevationProfile(tracks: [Self.track])
        let chart = ProfileChart(profile, in: Self.panel, measurer: FixedTextMeasurer())
        #expect(abs(chart.x(0) - chart.plot.minX) < Self.canvasTolerance)
        #expect(abs(chart.x(profile.length) - chart.plot.maxX) < Self.canvasTolerance)
        #expect(chart.plot.minX > Self.panel.minX && chart.plot.maxX < Self.panel.maxX)
        #expect(chart.plot.minY > Self.panel.minY && chart.plot.maxY < Self.panel.maxY)
        // Elevation ticks: round, ascending, each higher one nearer the top.
        let elevations = chart.elevationTicks.map(\.meters)
        #expect(elevations == elevations.sorted())
        #expect(elevations.first! <= 1500 && elevations.last! >= 1650)
        #expect(zip(chart.elevationTicks, chart.elevationTicks.dropFirst()).allSatisfy { $0.position > $1.position })
        #expect(abs(chart.elevationTicks.first!.position - chart.plot.maxY) < Self.canvasTolerance)
        #expect(abs(chart.elevationTicks.last!.position - chart.plot.minY) < Self.canvasTolerance)
        // The track is 1.11 km: ticks every 0.2 km.
        #expect(chart.distanceTicks.map(\.label) == ["0.0 km", "0.2 km", "0.4 km", "0.6 km", "0.8 km", "1.0 km"])
        for tick in chart.distanceTicks {
            #expect(abs(tick.position - chart.x(tick.meters)) < Self.canvasTolerance)
        }
        let texts = Self.texts(chart.commands)
        for tick in chart.distanceTicks + chart.elevationTicks { #expect(texts.contains(tick.label)) }
        #expect(chart.elevationTicks.allSatisfy { $0.label.hasSuffix(" m") })
    }

    @Test("the lowest and highest points are marked where they are, with their values")
    func extremes() throws {
        let profile = ElevationProfile(tracks: [Self.track])
        let chart = ProfileChart(profile, in: Self.panel, measurer: FixedTextMeasurer())
        let highest = try #require(chart.highest), lowest = try #require(chart.lowest)
        #expect(abs(highest.point.x - chart.x(5 * ProfileTestTracks.stepMeters)) < 0.01)
        #expect(abs(highest.point.y - chart.y(1650)) < Self.canvasTolerance)
        #expect(abs(lowest.point.x - chart.plot.minX) < Self.canvasTolerance)
        #expect(lowest.point.y > highest.point.y)
        #expect(highest.label == "▲ 1650 m" && lowest.label == "▼ 1500 m")
        #expect(chart.headline == "Ascent 150 m  ·  Descent 70 m")
        #expect(Self.texts(chart.commands).contains(chart.headline))
    }

    @Test("a flat track gets an axis of at least 20 m around it, not a mountain range of jitter")
    func flat() throws {
        let chart = ProfileChart(
            ElevationProfile(tracks: [ProfileTestTracks.track([100, 101, 99, 100.5])]), in: Self.panel,
            measurer: FixedTextMeasurer())
        let low = try #require(chart.elevationTicks.first), high = try #require(chart.elevationTicks.last)
        #expect(high.meters - low.meters >= ProfileChart.minimumSpan)
        #expect(low.meters <= 90 && high.meters >= 110)
        // 2 m of jitter take at most a tenth of the plot's height.
        #expect(abs(chart.y(101) - chart.y(99)) <= chart.plot.height / 10)
    }

    @Test("feet and miles with --imperial")
    func imperial() {
        var options = ProfileChart.Options()
        options.units = .imperial
        let chart = ProfileChart(
            ElevationProfile(tracks: [Self.track]), in: Self.panel, options: options, measurer: FixedTextMeasurer())
        #expect(chart.highest?.label == "▲ 5413 ft")
        #expect(chart.distanceTicks.allSatisfy { $0.label.hasSuffix(" mi") })
        #expect(chart.distanceTicks.last.map { abs($0.meters - 0.6 * 1609.344) < 1e-6 } == true)
    }

    @Test("a waypoint near the track is marked at its distance along it; a far one is not")
    func waypoints() throws {
        let profile = ElevationProfile(tracks: [Self.track])
        let near = ProfileChart.Waypoint(
            name: "Hut", coordinate: Coordinate(latitude: 80 / 110_574.0, longitude: 0.0035))
        let far = ProfileChart.Waypoint(name: "Town", coordinate: Coordinate(latitude: 0.01, longitude: 0.005))
        let chart = ProfileChart(profile, waypoints: [near, far], in: Self.panel, measurer: FixedTextMeasurer())
        #expect(chart.waypoints.count == 1)
        let mark = try #require(chart.waypoints.first)
        #expect(abs(mark.distance - 3.5 * ProfileTestTracks.stepMeters) < 1)
        #expect(abs(mark.point.x - chart.x(3.5 * ProfileTestTracks.stepMeters)) < 0.5)
        // Between the fixes at 1560 m and 1600 m.
        #expect(abs(mark.point.y - chart.y(1580)) < 0.5)
        #expect(mark.isNamed && Self.texts(chart.commands).contains("Hut"))
        #expect(!Self.texts(chart.commands).contains("Town"))
    }

    @Test("each piece is its own line: a gap is not bridged")
    func gapsStayGaps() {
        // Zigzags, which simplification keeps point for point.
        let first = zip(0..<4, [100.0, 108, 104, 115]).map { ProfileTestTracks.fix(Double($0), $1) }
        let second = zip(6..<10, [130.0, 122, 131, 124]).map { ProfileTestTracks.fix(Double($0), $1) }
        let profile = ElevationProfile(tracks: [Track(segments: [first, second], segmentsAfterGaps: [1])])
        let chart = ProfileChart(profile, in: Self.panel, measurer: FixedTextMeasurer())
        let lines = chart.commands.compactMap { command -> [CanvasPoint]? in
            guard case .stroke(let path, let style) = command, style.lineWidth == 1.5 else { return nil }
            return path.elements.compactMap {
                if case .move(let p) = $0 { p } else if case .line(let p) = $0 { p } else { nil }
            }
        }
        #expect(lines.count == 2)
        #expect(lines.map(\.count) == [4, 4])
        let gapStart = chart.x(3 * ProfileTestTracks.stepMeters), gapEnd = chart.x(6 * ProfileTestTracks.stepMeters)
        for line in lines {
            #expect(!line.contains { $0.x > gapStart + 0.01 && $0.x < gapEnd - 0.01 })
        }
    }

    @Test("several tracks: one line each in the given colours, distance along each from its own start")
    func severalTracks() throws {
        let long = ProfileTestTracks.track([100, 120, 110, 130, 125, 140])
        let short = Track(
            locations: zip(0..<3, [200.0, 190, 205]).map { ProfileTestTracks.fix(Double($0), $1, latitude: 0.01) })
        let profile = ElevationProfile(tracks: [long, short])
        #expect(profile.lines.count == 2)
        #expect(abs(profile.length - 5 * ProfileTestTracks.stepMeters) < 0.05)
        #expect(abs(profile.lines[1].length - 2 * ProfileTestTracks.stepMeters) < 0.05)
        // The total is the statistics of both tracks together.
        #expect(profile.ascent == TrackStatistics(tracks: [long, short]).elevationGain)
        var options = ProfileChart.Options()
        options.lineColors = [Color(hex: 0xFF0000), Color(hex: 0x00AA00)]
        let chart = ProfileChart(profile, in: Self.panel, options: options, measurer: FixedTextMeasurer())
        let strokes = chart.commands.compactMap { command -> (Color, [CanvasPoint])? in
            guard case .stroke(let path, let style) = command, style.lineWidth == 1.5 else { return nil }
            return (
                style.color,
                path.elements.compactMap {
                    if case .move(let p) = $0 { p } else if case .line(let p) = $0 { p } else { nil }
                }
            )
        }
        #expect(strokes.map(\.0) == [Color(hex: 0xFF0000), Color(hex: 0x00AA00)])
        // The short track starts at the left edge and ends two fifths of the way across.
        let second = try #require(strokes.last?.1)
        #expect(abs(second.first!.x - chart.plot.minX) < Self.canvasTolerance)
        #expect(abs(second.last!.x - chart.x(2 * ProfileTestTracks.stepMeters)) < Self.canvasTolerance)
        #expect(chart.highest?.label == "▲ 205 m" && chart.lowest?.label == "▼ 100 m")
    }

    @Test("a track without elevation says so and draws no line")
    func noElevation() {
        let chart = ProfileChart(
            ElevationProfile(tracks: [ProfileTestTracks.track([nil, nil])]), in: Self.panel,
            measurer: FixedTextMeasurer())
        #expect(chart.headline == "Elevation profile: the track has no elevation")
        #expect(chart.distanceTicks.isEmpty && chart.elevationTicks.isEmpty)
        #expect(!chart.commands.contains { if case .stroke = $0 { true } else { false } })
        #expect(Self.texts(chart.commands) == [chart.headline])
    }

    @Test("by grade: a steady 8 % climb is in the 5–10 % class, over the whole area")
    func grade() throws {
        // 8 % of one step (111.3 m) is 8.9 m per step.
        let climb = ProfileTestTracks.track((0..<8).map { 100 + 0.08 * ProfileTestTracks.stepMeters * Double($0) })
        let percents = ProfileGrade.percents(of: ElevationProfile(tracks: [climb]).lines[0].pieces[0])
        #expect(percents.count == 7)
        #expect(percents.allSatisfy { abs($0 - 8) < 0.01 })
        #expect(ProfileGrade.color(forPercent: 8) == Color(hex: 0xF46D43))
        #expect(ProfileGrade.color(forPercent: -12) == Color(hex: 0x2166AC))
        #expect(ProfileGrade.color(forPercent: 0) == Color(hex: 0x91CF60))
        #expect(ProfileGrade.color(forPercent: 25) == Color(hex: 0xA50026))
        var options = ProfileChart.Options()
        options.coloring = .grade
        let chart = ProfileChart(
            ElevationProfile(tracks: [climb]), in: Self.panel, options: options, measurer: FixedTextMeasurer())
        let areas = chart.commands.compactMap { command -> Color? in
            guard case .fill(let path, let color, _) = command, path.elements.count > 4, color != options.plateColor
            else { return nil }
            return color
        }
        #expect(areas == [Color(hex: 0xF46D43)])
    }
}
