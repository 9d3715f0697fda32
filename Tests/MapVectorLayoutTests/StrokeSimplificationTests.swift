import Foundation
import MapDrawing
import MapGeometry
import MapRenderCore
import MapTestSupport
import MapVectorStyle
import MapVectorTiles
import Testing

@testable import MapVectorLayout

@Suite("lines simplified to the device pixel before stroking")
struct StrokeSimplificationTests {
    /// A line along x with a wiggle of `amplitude` points every point, and a bend in the
    /// middle far larger than any tolerance.
    static func wiggly(amplitude: Double, count: Int = 200, bend: Double = 30) -> [CanvasPoint] {
        (0..<count).map { index in
            let x = Double(index)
            let bulge = bend * sin(Double.pi * x / Double(count - 1))
            return CanvasPoint(x: 10 + x, y: 50 + bulge + (index % 2 == 0 ? amplitude : -amplitude))
        }
    }

    /// The distance from a point to a polyline, in canvas points.
    static func distance(_ point: CanvasPoint, to line: [CanvasPoint]) -> Double {
        zip(line, line.dropFirst()).map { a, b in
            let dx = b.x - a.x, dy = b.y - a.y
            let length = dx * dx + dy * dy
            let t = length > 0 ? max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length)) : 0
            return hypot(a.x + t * dx - point.x, a.y + t * dy - point.y)
        }.min() ?? .infinity
    }

    @Test("ends kept, every dropped vertex within the tolerance, far fewer vertices", arguments: [1.0, 2.0, 3.0])
    func withinTolerance(scale: Double) throws {
        let line = Self.wiggly(amplitude: 0.05)
        let simplified = try #require(
            StrokeSimplification(scale: scale).simplified([line]).first)
        #expect(simplified.first == line.first && simplified.last == line.last)
        let tolerance = StrokeSimplification.vertexTolerance / scale
        for point in line {
            #expect(Self.distance(point, to: simplified) <= tolerance + 1e-9, "\(point) lies off the result")
        }
        #expect(simplified.count < line.count / 4, "\(simplified.count) of \(line.count) vertices kept")
        // The bend stays: the result is not the chord.
        #expect(simplified.count > 2)
    }

    @Test("the tolerance is in device pixels: a wiggle dropped at scale 1 is kept at scale 2")
    func scaleAware() throws {
        // ±0.1 points, 0.2 from crest to trough: under a quarter pixel at scale 1, over it
        // (0.4 px) at scale 2.
        let line = Self.wiggly(amplitude: 0.1, count: 40, bend: 0)
        let once = try #require(StrokeSimplification(scale: 1).simplified([line]).first)
        let twice = try #require(StrokeSimplification(scale: 2).simplified([line]).first)
        #expect(once == [line[0], line[39]])
        #expect(twice.count > line.count * 3 / 4, "the wiggle was dropped at scale 2: \(twice.count) vertices")
        for point in line {
            #expect(Self.distance(point, to: twice) <= StrokeSimplification.vertexTolerance / 2 + 1e-9)
        }
    }

    @Test("a part under half a device pixel is dropped, and only below the threshold")
    func smallParts() {
        let threshold = StrokeSimplification.smallestPart
        let short = [CanvasPoint(x: 5, y: 5), CanvasPoint(x: 5 + 0.8 * threshold, y: 5)]
        let long = [CanvasPoint(x: 5, y: 9), CanvasPoint(x: 5 + 1.2 * threshold, y: 9)]
        let atOne = StrokeSimplification(scale: 1)
        #expect(atOne.simplified([short, long]) == [long])
        // At scale 2 the short part is 0.8 device pixels: kept.
        #expect(StrokeSimplification(scale: 2).simplified([short, long]) == [short, long])
        // A dot (one point repeated) is dropped.
        let dot = [CanvasPoint(x: 3, y: 3), CanvasPoint(x: 3, y: 3)]
        #expect(atOne.simplified([dot]).isEmpty)
        // The threshold is on the larger side: a part as tall as the threshold is kept.
        let tall = [CanvasPoint(x: 3, y: 3), CanvasPoint(x: 3.1, y: 3 + threshold)]
        #expect(atOne.simplified([tall]) == [tall])
    }

    @Test("two-point lines and lines without spare vertices come back unchanged")
    func unchanged() {
        let lines = [
            [CanvasPoint(x: 0, y: 0), CanvasPoint(x: 10, y: 0)],
            [CanvasPoint(x: 0, y: 0), CanvasPoint(x: 10, y: 0), CanvasPoint(x: 10, y: 10), CanvasPoint(x: 0, y: 10)],
        ]
        #expect(StrokeSimplification(scale: 1).simplified(lines) == lines)
        #expect(StrokeSimplification.extent(of: lines[1]) == 10)
    }

    @Test("a line layer's strokes are simplified at the drawing's scale: finer at scale 4 than at 1")
    func layoutAtScale() throws {
        // A street zigzagging by one tile unit (1/8 point) every 16 units, and a stub two
        // units (1/4 point) long: both under the tolerances at scale 1, over them at scale 4.
        let zigzag = (0...64).map { Quad.point(3072 + 16 * $0, 3584 + $0 % 2) }
        let stub = [Quad.point(3200, 3800), Quad.point(3202, 3800)]
        let tiles = [
            Quad.west: Quad.layer(
                "roads", [VectorTileFeature(geometry: .lineStrings([zigzag, stub]))])
        ]
        let style = try Quad.style(
            ##"{"id": "r", "type": "line", "source": "s", "source-layer": "roads", "paint": {"line-width": 4}}"##)
        let basemap = VectorTileBasemap(style: style, sources: ["s": SyntheticTiles(tiles)])
        func stroke(scale: Double) throws -> Path {
            let drawing = try basemap.drawing(for: Quad.viewport, scale: scale, measurer: FixedTextMeasurer())
            guard case .stroke(let path, _) = try #require(drawing.commands.first) else {
                Issue.record("not a stroke: \(drawing.commands)")
                return Path()
            }
            return path
        }
        let coarse = try stroke(scale: 1), fine = try stroke(scale: 4)
        // Scale 1: the zigzag's two ends only, and no stub.
        #expect(coarse.elements.count == 2, "\(coarse.elements)")
        // Scale 4: every vertex of the zigzag, and the stub.
        #expect(fine.elements.count == zigzag.count + stub.count, "\(fine.elements.count) elements")
        // The ends are where they were.
        guard case .move(let start) = coarse.elements.first, case .line(let end) = coarse.elements.last else {
            Issue.record("\(coarse.elements)")
            return
        }
        #expect(start == CanvasPoint(x: 128, y: 192))
        #expect(abs(end.x - (128 + 64 * 16 / 8.0)) < 1e-9 && abs(end.y - 192) < 1e-9)
    }
}
