import Foundation
import Testing

@testable import MapGeometry

@Suite("Simplification")
struct SimplificationTests {
    @Test("collinear points collapse to the ends; a corner farther than the tolerance stays")
    func basic() {
        let line = (0...100).map { CanvasPoint(x: Double($0), y: 0) }
        #expect(Simplification.douglasPeucker(line, tolerance: 0.1) == [line[0], line[100]])
        let corner = [
            CanvasPoint(x: 0, y: 0), CanvasPoint(x: 5, y: 2.6), CanvasPoint(x: 10, y: 5), CanvasPoint(x: 20, y: 5),
        ]
        let simplified = Simplification.douglasPeucker(corner, tolerance: 0.25)
        #expect(simplified == [corner[0], corner[2], corner[3]])
    }

    @Test("every dropped point lies within the tolerance of the result")
    func withinTolerance() {
        var state: UInt64 = 42
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var points: [CanvasPoint] = []
        var x = 0.0, y = 0.0
        for _ in 0..<5000 {
            x += random()
            y += random() - 0.5
            points.append(CanvasPoint(x: x, y: y))
        }
        let tolerance = 0.5
        let simplified = Simplification.douglasPeucker(points, tolerance: tolerance)
        #expect(simplified.first == points.first && simplified.last == points.last)
        #expect(simplified.count < points.count / 2)
        // Walk the original: each point must be near the simplified segment spanning it.
        var segment = 0
        for point in points {
            while segment < simplified.count - 2 && point.x > simplified[segment + 1].x { segment += 1 }
            let distance = Simplification.squaredDistance(
                point, toSegmentFrom: simplified[segment], to: simplified[segment + 1]
            ).squareRoot()
            #expect(distance <= tolerance + 1e-9)
        }
    }

    @Test("a million points simplify without recursion")
    func large() {
        let points = (0..<1_000_000).map { CanvasPoint(x: Double($0) * 0.001, y: sin(Double($0) * 0.0001) * 100) }
        let simplified = Simplification.douglasPeucker(points, tolerance: 0.25)
        #expect(simplified.count > 10 && simplified.count < 2000)
    }
}

@Suite("Tiles")
struct TileTests {
    @Test("TMS rows flip, quadkeys interleave bits")
    func schemes() {
        #expect(TilePath(z: 3, x: 2, y: 1).tmsRow == 6)
        #expect(TilePath(z: 0, x: 0, y: 0).quadkey == "")
        // Microsoft's example: tile (3, 5) at level 3 is quadkey "213".
        #expect(TilePath(z: 3, x: 3, y: 5).quadkey == "213")
    }

    @Test("tiles covering a rect, wrapping past the antimeridian")
    func covering() {
        let world = MapSize.world.width
        let tiles = TilePath.covering(
            MapRect(minX: world * 0.9, minY: world * 0.4, maxX: world * 1.1, maxY: world * 0.45), zoom: 2)
        #expect(tiles.map(\.x) == [3, 4])
        #expect(tiles.map(\.wrapped.x) == [3, 0])
        #expect(TilePath(z: 1, x: 1, y: 0).mapRect == MapRect(minX: world / 2, minY: 0, maxX: world, maxY: world / 2))
    }
}
