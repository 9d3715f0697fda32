import MapDrawing
import MapGeometry
import Testing

@testable import MapPage

/// `--bbox W,S,E,N`: parsing, the antimeridian, the viewport that shows exactly the box,
/// and the page composed around a map.
@Suite("Bounding box and page composition")
struct BoundingBoxTests {
    /// Canvas positions are compared to a thousandth of a point.
    static let canvasTolerance = 0.001

    @Test("a box's corners land on the canvas corners of its viewport")
    func viewportShowsTheBox() throws {
        let box = try BoundingBox(parsing: "24.90,60.15,24.98,60.18")
        let width = 600.0
        let size = CanvasSize(width: width, height: width / box.aspect)
        let viewport = box.viewport(size: size)
        let northWest = viewport.point(for: Coordinate(latitude: 60.18, longitude: 24.90))
        let southEast = viewport.point(for: Coordinate(latitude: 60.15, longitude: 24.98))
        #expect(abs(northWest.x) < Self.canvasTolerance && abs(northWest.y) < Self.canvasTolerance)
        #expect(abs(southEast.x - size.width) < Self.canvasTolerance)
        #expect(abs(southEast.y - size.height) < Self.canvasTolerance)
    }

    @Test("a box across the antimeridian runs east past 180°")
    func antimeridian() throws {
        let box = try BoundingBox(parsing: "170,-20,-170,-10")
        #expect(box.crossesAntimeridian)
        let rect = box.mapRect
        #expect(abs(rect.size.width / MapSize.world.width - 20.0 / 360) < 1e-12)
        let viewport = box.viewport(size: CanvasSize(width: 400, height: 400 / box.aspect))
        #expect(abs(viewport.centerCoordinate.longitude.magnitude - 180) < 1e-9)
        let east = viewport.point(for: Coordinate(latitude: -20, longitude: -170))
        #expect(abs(east.x - 400) < Self.canvasTolerance)
    }

    @Test("bad boxes are refused with the reason")
    func badBoxes() {
        let cases = [
            ("1,2,3", "four numbers"), ("0,10,1,5", "not below north"), ("5,0,5,1", "same meridian"),
            ("-190,0,1,1", "longitude"), ("0,-89,1,1", "85.0511"), ("a,b,c,d", "four numbers"),
        ]
        for (text, reason) in cases {
            #expect(throws: PageValueError.self, "\(text)") { try BoundingBox(parsing: text) }
            do {
                _ = try BoundingBox(parsing: text)
            } catch {
                #expect(error.reason.contains(reason), "\(text): \(error.reason)")
            }
        }
    }

    @Test("the page: paper white, the map grouped into the frame, a neatline outside it")
    func composition() throws {
        let layout = try PageLayout(page: Paper(width: 200, height: 100), margins: EdgeInsets(all: 10), dpi: 72)
        var map = DisplayList(size: CanvasSize(width: 180, height: 80))
        map.append(
            .fill(
                Path.circle(center: CanvasPoint(x: 90, y: 40), radius: 5), Color(red: 1, green: 0, blue: 0),
                evenOdd: false))
        let page = layout.compose(map: map)
        #expect(page.size == CanvasSize(width: 200, height: 100))
        #expect(page.commands.first == .clear(PageLayout.paperColor))
        guard case .group(let group) = page.commands[1] else {
            Issue.record("no group: \(page.dump)")
            return
        }
        #expect(group.offset == CanvasPoint(x: 10, y: 10))
        #expect(group.commands == map.commands)
        #expect(group.clip?.boundingRect == layout.frame)
        guard case .stroke(let neatline, let style) = page.commands[2] else {
            Issue.record("no neatline: \(page.dump)")
            return
        }
        #expect(style.lineWidth == PageLayout.neatline.lineWidth)
        #expect(neatline.boundingRect == CanvasRect(x: 9.75, y: 9.75, width: 180.5, height: 80.5))
        #expect(page.dump.contains("group offset (10.00, 10.00) clip M10,10"))
        #expect(page.dump.contains("\n  fill"))
    }
}

/// The page's own viewport, which places the page's pixels on the ground.
@Suite("Page viewport")
struct PageViewportTests {
    @Test("a coordinate lands on the page at its frame position plus the frame's corner")
    func pageViewport() throws {
        let layout = try PageLayout(page: Paper(width: 300, height: 200), margins: EdgeInsets(all: 20), dpi: 72)
        let map = Viewport(center: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 13, size: layout.frame.size)
        let page = layout.pageViewport(mapViewport: map)
        #expect(page.size == layout.pageSize)
        for coordinate in [Coordinate(latitude: 60.18, longitude: 24.9), Coordinate(latitude: 60.16, longitude: 24.99)]
        {
            let inFrame = map.point(for: coordinate), onPage = page.point(for: coordinate)
            #expect(abs(onPage.x - (inFrame.x + 20)) < 1e-6 && abs(onPage.y - (inFrame.y + 20)) < 1e-6)
        }
    }
}
