import MapDrawing
import MapGeometry
import Testing

@testable import MapMarginalia

@Suite("Graticule layout: lines where the projection puts them, labels clear of each other")
struct GraticuleLayoutTests {
    let measurer = FixedTextMeasurer()
    let helsinki = Coordinate(latitude: 60.17, longitude: 24.94)

    @Test("lines lie where Viewport.point(for:) puts their coordinates, offset by the frame")
    func positions() throws {
        let frame = makeFrame(center: helsinki, zoom: 11, x: 30, y: 40)
        let grid = try Graticule.layOut(GridRequest(), in: frame, style: .standard, measurer: measurer)
        let lines = try #require(grid.commands.first)
        let (vertical, horizontal) = segments(of: lines)
        #expect(vertical.count == grid.longitudes.count)
        #expect(horizontal.count == grid.latitudes.count)
        for (x, longitude) in zip(vertical, grid.longitudes) {
            let expected =
                frame.viewport.point(for: Coordinate(latitude: helsinki.latitude, longitude: longitude)).x + 30
            #expect(abs(x - expected) < positionTolerance)
            #expect(x >= frame.rect.minX && x <= frame.rect.maxX)
        }
        for (y, latitude) in zip(horizontal, grid.latitudes) {
            let expected =
                frame.viewport.point(for: Coordinate(latitude: latitude, longitude: helsinki.longitude)).y + 40
            #expect(abs(y - expected) < positionTolerance)
        }
        // Every line is a multiple of the interval.
        for (value, interval) in grid.longitudes.map({ ($0, grid.longitudeInterval) })
            + grid.latitudes.map({ ($0, grid.latitudeInterval) })
        {
            let steps = value / interval.degrees
            #expect(abs(steps - steps.rounded()) < 1e-6)
        }
    }

    @Test("an explicit interval is used as given")
    func explicit() throws {
        let frame = makeFrame(center: helsinki, zoom: 11)
        let request = GridRequest(interval: GridInterval(degrees: 0.01), format: .decimal)
        let grid = try Graticule.layOut(request, in: frame, style: .standard, measurer: measurer)
        #expect(grid.longitudeInterval.degrees == 0.01 && grid.latitudeInterval.degrees == 0.01)
        let spacing = zip(grid.longitudes.dropFirst(), grid.longitudes).map { $0 - $1 }
        #expect(spacing.allSatisfy { abs($0 - 0.01) < 1e-9 })
        #expect(texts(grid.commands).contains("24.94°E"))
    }

    @Test("across the antimeridian lines continue and labels read W east of 180°")
    func antimeridian() throws {
        let frame = makeFrame(center: Coordinate(latitude: -17, longitude: 179.5), zoom: 7)
        let grid = try Graticule.layOut(
            GridRequest(interval: GridInterval(degrees: 0.5)), in: frame, style: .standard, measurer: measurer)
        #expect(grid.longitudes.contains { $0 > 180 })
        let labels = grid.labels.filter { $0.edge == .top }.map(\.text)
        // A 30′ grid shows minutes on every label, 180° too, which has no hemisphere.
        #expect(labels.contains("180°00′"))
        #expect(labels.contains { $0.hasSuffix("W") })
        #expect(labels.contains { $0.hasSuffix("E") })
        for label in grid.labels where label.edge == .top {
            #expect(!label.text.hasPrefix("18") || label.text.hasPrefix("180°00′"))
            #expect(!label.text.contains("-"))
        }
    }

    static let overlapFrames: [(Double, Double)] = [(60.17, 10), (0, 4), (-33.9, 12), (47.5, 15.5)]

    @Test(
        "labels never overlap each other or the taken rectangles",
        arguments: overlapFrames)
    func noOverlaps(latitude: Double, zoom: Double) throws {
        let taken = [
            CanvasRect(x: 0, y: 250, width: 120, height: 50), CanvasRect(x: 300, y: 0, width: 100, height: 40),
        ]
        let frame = makeFrame(center: Coordinate(latitude: latitude, longitude: 24.94), zoom: zoom, taken: taken)
        let grid = try Graticule.layOut(GridRequest(), in: frame, style: .standard, measurer: measurer)
        #expect(!grid.labels.isEmpty)
        for (index, label) in grid.labels.enumerated() {
            for other in grid.labels[(index + 1)...] { #expect(!label.rect.intersects(other.rect)) }
            for rect in taken { #expect(!label.rect.intersects(rect), "\(label.text) covers \(rect)") }
        }
    }

    @Test("labels go outside where the margin has room, inside where it has not")
    func outsideAndInside() throws {
        // Top and left margins fit a 9-point label; bottom and right have none.
        let margins = EdgeInsets(top: 20, left: 70, bottom: 0, right: 4)
        let frame = makeFrame(center: helsinki, zoom: 11, x: 70, y: 20, margins: margins)
        let grid = try Graticule.layOut(GridRequest(), in: frame, style: .standard, measurer: measurer)
        for edge in GridLabel.Edge.allCases {
            #expect(grid.labels.contains { $0.edge == edge }, "no label on \(edge)")
        }
        for label in grid.labels {
            switch label.edge {
            case .top:
                #expect(label.isOutside && label.rect.maxY <= frame.rect.minY && label.rect.minY >= 0)
            case .left:
                #expect(label.isOutside && label.rect.maxX <= frame.rect.minX && label.rect.minX >= 0)
            case .bottom:
                #expect(!label.isOutside && frame.rect.contains(label.rect))
            case .right:
                #expect(!label.isOutside && frame.rect.contains(label.rect))
            }
        }
        // Each label in the margin is tied to the neatline by a tick (the last stroke, after the
        // lines and the neatline); inside ones need none.
        let lastStroke = grid.commands.last { if case .stroke = $0 { true } else { false } }
        guard case .stroke(let ticks, _)? = lastStroke else {
            Issue.record("no ticks")
            return
        }
        #expect(ticks.elements.count == 2 * grid.labels.filter(\.isOutside).count)
        if case .move(let start) = ticks.elements[0], case .line(let end) = ticks.elements[1] {
            #expect(start.y == frame.rect.minY && end.y == frame.rect.minY - GridLabelPlacer.gap)
        }
        // Inside labels are drawn on a halo; outside ones on the blank margin are not.
        for case .text(let run) in grid.commands {
            let label = try #require(
                grid.labels.first {
                    $0.text == run.string && $0.rect.minX == run.origin.x && run.origin.y > $0.rect.minY
                        && run.origin.y <= $0.rect.maxY
                })
            #expect((run.haloColor != nil) == !label.isOutside)
        }
    }

    @Test("with no margins every label is inside the frame")
    func canvasFrame() throws {
        let viewport = Viewport(center: helsinki, zoom: 12, size: CanvasSize(width: 600, height: 400))
        let grid = try Graticule.layOut(
            GridRequest(), in: MapFrame(canvas: viewport), style: .standard, measurer: measurer)
        #expect(grid.labels.count >= 4)
        #expect(
            grid.labels.allSatisfy {
                !$0.isOutside && CanvasRect(x: 0, y: 0, width: 600, height: 400).contains($0.rect)
            })
    }

    @Test("a world view stops its meridians at ±85°")
    func world() throws {
        let frame = makeFrame(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, width: 400, height: 400)
        let grid = try Graticule.layOut(GridRequest(), in: frame, style: .standard, measurer: measurer)
        let (vertical, _) = segments(of: try #require(grid.commands.first))
        #expect(!vertical.isEmpty)
        guard case .stroke(let path, _) = grid.commands[0], let bounds = path.boundingRect else {
            Issue.record("no grid lines")
            return
        }
        #expect(bounds.minY >= 72 - 1e-9)
        #expect(bounds.maxY <= 328 + 1e-9)
    }
}
