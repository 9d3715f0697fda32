import MapDrawing
import MapGeometry
import Testing

@testable import MapProfile

@Suite("Profile placement and distance markers")
struct ProfilePlacementTests {
    @Test("under the map, or beside it past 2:1")
    func placement() {
        let under = ProfilePanelPlacement(in: CanvasRect(x: 0, y: 0, width: 800, height: 600))
        #expect(!under.isBeside)
        #expect(under.panel == CanvasRect(x: 0, y: 420, width: 800, height: 180))
        #expect(under.map == CanvasRect(x: 0, y: 0, width: 800, height: 420))
        let beside = ProfilePanelPlacement(in: CanvasRect(x: 0, y: 0, width: 1600, height: 500))
        #expect(beside.isBeside)
        #expect(beside.panel == CanvasRect(x: 1080, y: 0, width: 520, height: 500))
        #expect(beside.map.width == 1080)
        // On a page the frame is shared, with a gap.
        let page = ProfilePanelPlacement(in: CanvasRect(x: 28, y: 28, width: 539, height: 786), gap: 6)
        #expect(page.map.minY == 28 && page.panel.maxY == 28 + 786)
        #expect(abs(page.map.maxY + 6 - page.panel.minY) < 1e-9)
    }

    @Test("markers stand on the track at the profile's distance ticks")
    func markers() throws {
        let profile = ElevationProfile(tracks: [ProfileTestTracks.track((0..<11).map { 100 + Double($0) })])
        let chart = ProfileChart(
            profile, in: CanvasRect(x: 0, y: 0, width: 800, height: 200), measurer: FixedTextMeasurer())
        // A projection that keeps longitude in millidegrees: x = 1000 × longitude.
        let markers = DistanceMarkers.markers(of: profile, ticks: chart.distanceTicks) {
            CanvasPoint(x: $0.longitude * 1000, y: $0.latitude * 1000)
        }
        let inside = chart.distanceTicks.filter { $0.meters > 0 && $0.meters <= profile.length }
        #expect(markers.count == inside.count && !markers.isEmpty)
        for (marker, tick) in zip(markers, inside) {
            #expect(marker.label == tick.label)
            #expect(abs(marker.point.x - tick.meters / ProfileTestTracks.stepMeters) < 1e-6)
        }
        let commands = DistanceMarkers.commands(
            markers, color: Color(hex: 0x007AFF), font: Font(size: 9), textColor: Color(hex: 0x333333),
            measurer: FixedTextMeasurer())
        let labels = commands.compactMap { if case .text(let run) = $0 { run.string } else { nil } }
        #expect(labels.allSatisfy { label in markers.contains { $0.label == label } })
    }

    @Test("a marker under a callout bubble is left out; a label over another marker's dot is too")
    func markersKeepClear() {
        let markers = [
            DistanceMarkers.Marker(point: CanvasPoint(x: 100, y: 100), label: "2 km"),
            DistanceMarkers.Marker(point: CanvasPoint(x: 112, y: 100), label: "8 km"),
            DistanceMarkers.Marker(point: CanvasPoint(x: 300, y: 300), label: "4 km"),
        ]
        let bubble = CanvasRect(x: 280, y: 280, width: 60, height: 40)
        let commands = DistanceMarkers.commands(
            markers, color: Color(hex: 0x007AFF), font: Font(size: 9), textColor: Color(hex: 0x333333),
            avoiding: [bubble], measurer: FixedTextMeasurer())
        let dots = commands.compactMap { command -> CanvasPoint? in
            guard case .fill(let path, _, _) = command,
                case .arc(let center, _, _, _)? = path.elements.first(where: {
                    if case .arc = $0 { true } else { false }
                })
            else { return nil }
            return center
        }
        #expect(dots == [CanvasPoint(x: 100, y: 100), CanvasPoint(x: 112, y: 100)])
        let labels = commands.compactMap { if case .text(let run) = $0 { run.string } else { nil } }
        // "2 km" would run over the dot at x = 112; "8 km" has room.
        #expect(labels == ["8 km"])
    }
}
