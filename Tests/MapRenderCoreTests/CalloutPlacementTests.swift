import MapGeometry
import MapPage
import MapTestSupport
import Testing

@testable import MapAnnotations
@testable import MapDrawing
@testable import MapRenderCore

@Suite("Callout placement")
struct CalloutPlacementTests {
    @Test(
        "placed callouts never overlap each other, never leave the canvas, never cover another pin",
        arguments: [1, 2, 3, 4, 5])
    func neverOverlap(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let center = Coordinate(latitude: 39.74, longitude: -104.99)
        let places = (0..<40).map { index in
            Place(
                id: Int64(index), title: "Place \(index) " + String(repeating: "x", count: Int(generator.next() % 12)),
                subtitle: generator.next() % 2 == 0 ? "Street \(index)" : nil,
                coordinate: Coordinate(
                    latitude: center.latitude + Double(generator.next() % 2000) / 1e4 - 0.1,
                    longitude: center.longitude + Double(generator.next() % 3000) / 1e4 - 0.15))
        }
        let size = CanvasSize(width: 800, height: 600)
        let layout = MapLayout(scene: MapScene(places: places), style: .standard, measurer: FixedTextMeasurer())
        let viewport = Viewport(center: center, zoom: 11.5, size: size)
        let result = layout.layOut(in: viewport)
        let bubbles = result.displayList.commands.compactMap { command -> CanvasRect? in
            guard case .fill(let path, let color, _) = command, color == Style.standard.callout.fillColor else {
                return nil
            }
            return path.boundingRect
        }
        #expect(bubbles.count + result.diagnostics.count == places.count)
        for (i, a) in bubbles.enumerated() {
            #expect(a.minX >= 0 && a.minY >= 0 && a.maxX <= 800 && a.maxY <= 600)
            for b in bubbles[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
        }
    }

    @Test("long text is shortened with an ellipsis to the maximum width")
    func ellipsis() {
        let measurer = FixedTextMeasurer()
        let font = Font(size: 10)
        let (text, metrics) = CalloutContent.fitted(
            String(repeating: "word ", count: 40), font: font, width: 100, measurer: measurer)
        #expect(text.hasSuffix("…"))
        #expect(metrics.width <= 100)
        #expect(CalloutContent.fitted("short", font: font, width: 100, measurer: measurer).0 == "short")
    }
}

@Suite("Furniture")
struct FurnitureTests {
    @Test("round distances are 1, 2 or 5 times a power of ten")
    func roundDistances() {
        #expect(RoundNumbers.distance(notExceeding: 740) == 500)
        #expect(RoundNumbers.distance(notExceeding: 199) == 100)
        #expect(RoundNumbers.distance(notExceeding: 2.3) == 2)
        #expect(RoundNumbers.distance(notExceeding: 0.07) == 0.05)
    }

    @Test("the attribution always fits: shrinks, then wraps")
    func attributionFits() {
        let viewport = Viewport(
            center: Coordinate(latitude: 0, longitude: 0), zoom: 3, size: CanvasSize(width: 200, height: 150))
        let credits = [
            "© OpenStreetMap contributors", "Made with Natural Earth", "Tiles courtesy of an example provider",
        ]
        let commands = Furniture.attribution(
            credits, viewport: viewport, reserved: 0, style: FurnitureStyle(), measurer: FixedTextMeasurer())
        let texts = commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
        #expect(texts.count > 1)
        for run in texts {
            let width = FixedTextMeasurer().measure(run.string, font: run.font).width
            #expect(run.origin.x >= 0 && run.origin.x + width <= 200)
            #expect(run.font.size >= 7)
        }
    }
}
