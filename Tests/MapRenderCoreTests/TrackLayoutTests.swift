import Foundation
import MapGeometry
import Testing

@testable import MapDrawing
@testable import MapRenderCore

@Suite("Track layout")
struct TrackLayoutTests {
    /// A straight eastward ride speeding up from 2 to 12 m/s, one fix a second.
    static let ride: Track = {
        var fixes: [Location] = []
        var longitude = -105.0
        for second in 0..<300 {
            let speed = 2 + 10 * Double(second) / 299
            longitude += speed / (111_320 * cos(39.75 * .pi / 180))
            fixes.append(
                Location(
                    coordinate: Coordinate(latitude: 39.75 + 0.001 * sin(Double(second) / 20), longitude: longitude),
                    altitude: 1600 + Double(second) / 10, horizontalAccuracy: 5, verticalAccuracy: 3,
                    speed: speed, timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(second))))
        }
        return Track(name: "ride", locations: fixes)
    }()

    @Test("a track coloured by speed, with arrows: snapshot")
    func coloured() throws {
        var scene = MapScene(
            tracks: [Self.ride], trackDisplay: TrackDisplay(coloring: .speed, showsArrows: true, showsStatistics: true))
        scene.addTrackMarkers()
        var style = Style.standard
        style.furniture.showsScaleBar = false
        let layout = MapLayout(scene: scene, style: style, calloutMode: .none, measurer: FixedTextMeasurer())
        let result = try layout.layOut(framing: .fit(FitOptions()), size: CanvasSize(width: 400, height: 300))
        try assertSnapshot("viewport \(result.viewport)\n" + result.displayList.dump, named: "track-speed")
        // Slow at the start (red end of the ramp), fast at the end (green).
        let strokes = result.displayList.commands.compactMap { command -> (Color, Double)? in
            guard case .stroke(let path, let stroke) = command, stroke.lineWidth == style.track.lineWidth,
                case .move(let start)? = path.elements.first
            else { return nil }
            return (stroke.color, start.x)
        }.sorted { $0.1 < $1.1 }
        let first = try #require(strokes.first?.0), last = try #require(strokes.last?.0)
        #expect(first.red > first.green && last.green > last.red)
    }

    @Test("a million fixes simplify to a few thousand vertices")
    func simplifies() {
        var fixes: [Location] = []
        fixes.reserveCapacity(1_000_000)
        for index in 0..<1_000_000 {
            let t = Double(index) / 1_000_000
            fixes.append(
                Location(
                    coordinate: Coordinate(latitude: 39.7 + 0.1 * sin(t * 20), longitude: -105 + 0.3 * t),
                    horizontalAccuracy: 5))
        }
        let viewport = Viewport(
            center: Coordinate(latitude: 39.7, longitude: -104.85), zoom: 10, size: CanvasSize(width: 800, height: 600))
        let (commands, _) = TrackLayout.commands(
            for: [Track(locations: fixes)], display: TrackDisplay(), style: Style.standard.track, in: viewport)
        let vertices = commands.reduce(0) { count, command in
            if case .stroke(let path, _) = command { return count + path.elements.count }
            return count
        }
        #expect(vertices > 50 && vertices < 20_000)
    }

    @Test("speed values fall back to distance over time, elevation carries forward")
    func values() {
        let a = Location(coordinate: Coordinate(latitude: 0, longitude: 0), timestamp: Date(timeIntervalSince1970: 0))
        let b = Location(
            coordinate: Coordinate(latitude: 0, longitude: 0.001), timestamp: Date(timeIntervalSince1970: 10))
        let speeds = TrackLayout.values(of: [a, b], coloring: .speed)!
        #expect(abs(speeds[1] - a.coordinate.greatCircleDistance(to: b.coordinate) / 10) < 1e-9)
        let high = Location(coordinate: a.coordinate, altitude: 1000, verticalAccuracy: 5)
        #expect(TrackLayout.values(of: [high, a], coloring: .elevation)! == [1000, 1000])
    }
}
