import MapGeometry
import MapTestSupport
import Testing

@testable import MapAnnotations
@testable import MapDrawing
@testable import MapRenderCore

/// Callouts and number badges keep off the scale bar and the attribution as they keep off
/// other pins: a bubble over the scale bar hides what the reader measures with.
@Suite("Callouts and badges avoid the furniture")
struct FurnitureAvoidanceTests {
    let size = CanvasSize(width: 400, height: 300)
    let center = Coordinate(latitude: 39.74, longitude: -104.99)
    var viewport: Viewport { Viewport(center: center, zoom: 12, size: size) }

    /// A scene of one titled pin whose tip lands at `point`, with an attribution.
    func scene(pinAt point: CanvasPoint, title: String = "Denver Botanic Gardens") -> MapScene {
        MapScene(
            places: [Place(id: 1, title: title, coordinate: viewport.coordinate(for: point))],
            attribution: ["Made with Natural Earth"])
    }

    /// The scale bar's and the attribution's rectangles for `scene`.
    func furniture(of scene: MapScene) -> [CanvasRect] {
        Furniture.layOut(
            scene: scene, trackRange: nil, viewport: viewport, style: Style.standard.furniture,
            measurer: FixedTextMeasurer()
        ).rects
    }

    /// The callout bubbles of a display list, by their fill colour.
    func bubbles(_ list: DisplayList) -> [CanvasRect] {
        list.commands.compactMap { command in
            guard case .fill(let path, let color, _) = command, color == Style.standard.callout.fillColor else {
                return nil
            }
            return path.boundingRect
        }
    }

    @Test("a callout whose first spot covers the scale bar is placed beside it, not over it")
    func calloutOffScaleBar() throws {
        // The pin stands just right of the scale bar, low on the map: MapKit's spot above
        // the pin is free, below is off the canvas, left covers the bar.
        let bar = try #require(furniture(of: scene(pinAt: CanvasPoint(x: 200, y: 150))).first)
        var tested = 0
        for x in stride(from: bar.minX, through: bar.maxX + 80, by: 10) {
            for y in stride(from: bar.minY - 60, through: size.height - 4, by: 6) {
                let scene = scene(pinAt: CanvasPoint(x: x, y: y))
                let result = MapLayout(
                    scene: scene, style: .standard, calloutMode: .auto, measurer: FixedTextMeasurer()
                )
                .layOut(in: viewport)
                let rects = furniture(of: scene)
                for bubble in bubbles(result.displayList) {
                    for rect in rects {
                        #expect(!bubble.intersects(rect), "pin at \(x),\(y): the callout \(bubble) covers \(rect)")
                    }
                }
                tested += 1
            }
        }
        #expect(tested > 50)
    }

    @Test("a pin standing on the scale bar: its callout is placed clear of the bar, or it is numbered")
    func pinBesideScaleBar() throws {
        let scene0 = scene(pinAt: CanvasPoint(x: 200, y: 150))
        let bar = try #require(furniture(of: scene0).first)
        // The tip on the bar's middle, just below its top edge: every spot left of the pin,
        // and below it, covers the bar.
        let point = CanvasPoint(x: (bar.minX + bar.maxX) / 2, y: bar.minY + 4)
        let scene = scene(pinAt: point)
        let result = MapLayout(scene: scene, style: .standard, calloutMode: .auto, measurer: FixedTextMeasurer())
            .layOut(in: viewport)
        let placed = bubbles(result.displayList)
        #expect(result.diagnostics.isEmpty)
        if let bubble = placed.first {
            #expect(!bubble.intersects(bar))
        } else {
            // No room anywhere: then the place is numbered, never silently lost.
            #expect(result.annotations.first?.badge == 1)
        }
    }

    @Test("a number badge over the title moves to the other side of its pin")
    func badgeOffTitle() throws {
        func titled(_ point: CanvasPoint) -> MapScene {
            var scene = scene(pinAt: point)
            scene.title = "Gardens of Denver"
            return scene
        }
        let title = try #require(furniture(of: titled(CanvasPoint(x: 200, y: 150))).last)
        // Pins just left of the title, below it: the badge's usual spot, over the top-right
        // of the head, reaches into the title; the top-left is clear.
        var moved = 0
        for x in stride(from: title.minX - 12, through: title.minX - 4, by: 4) {
            for y in stride(from: title.maxY + 20, through: title.maxY + 50, by: 5) {
                let point = CanvasPoint(x: x, y: y)
                let result = MapLayout(
                    scene: titled(point), style: .standard, calloutMode: .auto, legendMode: .corner,
                    measurer: FixedTextMeasurer()
                ).layOut(in: viewport)
                #expect(result.annotations.first?.badge == 1)
                // The badge beside the pin (the legend's key has one too).
                let badges = badgeRects(result.displayList).filter { badge in
                    abs(badge.minX + 8 - point.x) < 30 && abs(badge.minY + 8 - point.y) < 60
                }
                #expect(badges.count == 1)
                for badge in badges {
                    #expect(!badge.intersects(title), "pin at \(point): the badge \(badge) covers the title \(title)")
                    if (badge.minX + badge.maxX) / 2 < point.x { moved += 1 }
                }
            }
        }
        #expect(moved > 0)
    }

    @Test("a badge's centre: the top-right corner, the top-left only when that alone is clear")
    func badgeCenterRule() {
        let marker = CanvasRect(x: 100, y: 100, width: 20, height: 40)
        let right = CanvasPoint(x: 118, y: 104), left = CanvasPoint(x: 102, y: 104)
        #expect(Badge.numberCenter(on: marker, y: 104, off: []) == right)
        let onRight = CanvasRect(x: 125, y: 90, width: 50, height: 20)
        #expect(Badge.numberCenter(on: marker, y: 104, off: [onRight]) == left)
        let onLeft = CanvasRect(x: 40, y: 90, width: 55, height: 20)
        #expect(Badge.numberCenter(on: marker, y: 104, off: [onRight, onLeft]) == right)
        #expect(Badge.numberCenter(on: marker, y: 104, off: [onLeft]) == right)
    }

    /// Number badges: a white disc under a disc of the default pin colour.
    func badgeRects(_ list: DisplayList) -> [CanvasRect] {
        zip(list.commands, list.commands.dropFirst()).compactMap { first, second in
            guard case .fill(let ring, let white, _) = first, white == Color.white,
                case .fill(_, let color, _) = second, color == Style.standard.marker.defaultPinColor
            else { return nil }
            return ring.boundingRect
        }
    }
}
