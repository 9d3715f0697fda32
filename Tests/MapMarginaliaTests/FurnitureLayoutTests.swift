import MapDrawing
import MapGeometry
import Testing

@testable import MapMarginalia

@Suite("North arrow and title block")
struct FurnitureLayoutTests {
    let measurer = FixedTextMeasurer()
    let helsinki = Coordinate(latitude: 60.17, longitude: 24.94)

    @Test("the north arrow prefers the top right corner and points up")
    func arrowTopRight() throws {
        let frame = makeFrame(center: helsinki, zoom: 12, width: 500, height: 400)
        let arrow = NorthArrow.layOut(in: frame, style: .standard, measurer: measurer)
        #expect(arrow.corner == .topRight)
        #expect(abs(arrow.rect.maxX - (500 - NorthArrow.inset)) < 1e-9)
        #expect(abs(arrow.rect.minY - NorthArrow.inset) < 1e-9)
        // The arrowhead's tip is its topmost point, straight above the middle of its base.
        let heads = arrow.commands.compactMap { command -> Path? in
            if case .fill(let path, _, _) = command, path.elements.count == 4 { path } else { nil }
        }
        let head = try #require(heads.first)
        guard case .move(let tip) = head.elements[0], case .line(let base) = head.elements[1] else {
            Issue.record("unexpected arrow outline")
            return
        }
        #expect(tip.y < base.y)
        #expect(texts(arrow.commands) == ["N"])
    }

    @Test("the looks: dark draws light text, print black; unknown names get the default")
    func looks() throws {
        #expect(MarginaliaStyle.named("dark") == .dark)
        #expect(MarginaliaStyle.named("print") == .print)
        #expect(MarginaliaStyle.named("my-style.json") == .standard)
        let frame = makeFrame(center: helsinki, zoom: 12)
        let grid = try Graticule.layOut(GridRequest(), in: frame, style: .dark, measurer: measurer)
        for case .text(let run) in grid.commands {
            #expect(run.color == MarginaliaStyle.dark.textColor)
            #expect(run.haloColor == MarginaliaStyle.dark.haloColor)
        }
        #expect(MarginaliaStyle.dark.textColor != MarginaliaStyle.standard.textColor)
    }

    @Test("in the dark look, what sits in the margin is dark on the paper, what sits on the map light")
    func darkOnPaper() throws {
        let frame = makeFrame(
            center: helsinki, zoom: 12, width: 500, height: 300, x: 80, y: 120,
            margins: EdgeInsets(top: 120, left: 80, bottom: 80, right: 80))
        let layout = try Marginalia(
            grid: GridRequest(), showsNorthArrow: false, titleBlock: TitleBlockText(title: "Helsinki", subtitle: "Dark")
        ).layOut(in: frame, style: .dark, measurer: measurer)
        #expect(layout.titleBlock?.isInMargin == true)
        #expect(layout.graticule?.labels.allSatisfy(\.isOutside) == true)
        for case .text(let run) in layout.commands {
            #expect(run.color == MarginaliaStyle.dark.paperTextColor, "\(run.string)")
        }
        #expect(MarginaliaStyle.dark.paperTextColor != MarginaliaStyle.dark.textColor)
    }

    @Test("the north arrow avoids a taken corner")
    func arrowAvoids() {
        let taken = [CanvasRect(x: 380, y: 0, width: 120, height: 120)]
        let frame = makeFrame(center: helsinki, zoom: 12, width: 500, height: 400, taken: taken)
        let arrow = NorthArrow.layOut(in: frame, style: .standard, measurer: measurer)
        #expect(arrow.corner == .topLeft)
        #expect(!arrow.rect.intersects(taken[0]))
        let bothTop = makeFrame(
            center: helsinki, zoom: 12, width: 500, height: 400,
            taken: taken + [CanvasRect(x: 0, y: 0, width: 120, height: 120)])
        #expect(NorthArrow.layOut(in: bothTop, style: .standard, measurer: measurer).corner == .bottomRight)
    }

    @Test("the arrow scales with the frame within 24…40 points")
    func arrowSize() {
        #expect(NorthArrow.arrowHeight(for: CanvasRect(x: 0, y: 0, width: 200, height: 150)) == 24)
        #expect(NorthArrow.arrowHeight(for: CanvasRect(x: 0, y: 0, width: 3000, height: 2000)) == 40)
        #expect(NorthArrow.arrowHeight(for: CanvasRect(x: 0, y: 0, width: 800, height: 500)) == 30)
    }

    @Test("the title block goes in the top margin when it is tall enough")
    func titleInMargin() throws {
        let frame = makeFrame(
            center: helsinki, zoom: 12, width: 500, height: 400, x: 40, y: 80,
            margins: EdgeInsets(top: 80, left: 40, bottom: 40, right: 40))
        let text = TitleBlockText(title: "Helsinki", subtitle: "Favourite places", date: "2026-12-01")
        let block = try #require(TitleBlock.layOut(text, in: frame, style: .standard, measurer: measurer))
        #expect(block.isInMargin)
        #expect(block.rect.maxY <= frame.rect.minY)
        #expect(block.rect.minY >= 0)
        #expect(texts(block.commands) == ["Helsinki", "Favourite places", "2026-12-01"])
        // No plate in the margin: the page is the plate.
        #expect(!block.commands.contains { if case .fill = $0 { true } else { false } })
        // Centred over the frame.
        #expect(abs(block.rect.minX + block.rect.width / 2 - (frame.rect.minX + 250)) < 1e-9)
    }

    @Test("the title block goes on the map on a plate when the margin is too short")
    func titleOnMap() throws {
        let frame = makeFrame(
            center: helsinki, zoom: 12, width: 500, height: 400, x: 10, y: 10,
            margins: EdgeInsets(all: 10))
        let text = TitleBlockText(title: "Helsinki", subtitle: "Favourite places")
        let block = try #require(TitleBlock.layOut(text, in: frame, style: .standard, measurer: measurer))
        #expect(!block.isInMargin)
        #expect(frame.rect.contains(block.rect))
        #expect(abs(block.rect.minY - (frame.rect.minY + TitleBlock.inset)) < 1e-9)
        guard case .fill(let plate, let color, _) = block.commands.first else {
            Issue.record("no plate")
            return
        }
        #expect(color == MarginaliaStyle.standard.plateColor)
        let bounds = try #require(plate.boundingRect)
        #expect(abs(bounds.minX - block.rect.minX) < 1e-9 && abs(bounds.maxY - block.rect.maxY) < 1e-9)
        #expect(TitleBlock.layOut(TitleBlockText(title: ""), in: frame, style: .standard, measurer: measurer) == nil)
    }

    @Test("on the map, a title block whose centre is taken moves to the top left, else the top right")
    func titleAvoidsTaken() throws {
        let text = TitleBlockText(title: "Helsinki", subtitle: "Favourite places")
        // A legend panel over the top centre and right of a narrow frame.
        let legend = CanvasRect(x: 150, y: 5, width: 145, height: 200)
        let frame = makeFrame(center: helsinki, zoom: 12, width: 300, height: 500, taken: [legend])
        let block = try #require(TitleBlock.layOut(text, in: frame, style: .standard, measurer: measurer))
        #expect(!block.rect.intersects(legend))
        #expect(abs(block.rect.minX - TitleBlock.inset) < 1e-9, "at the top left: \(block.rect)")
        // Taken on the left: the top right.
        let left = CanvasRect(x: 5, y: 5, width: 140, height: 200)
        let mirrored = makeFrame(center: helsinki, zoom: 12, width: 300, height: 500, taken: [left])
        let moved = try #require(TitleBlock.layOut(text, in: mirrored, style: .standard, measurer: measurer))
        #expect(!moved.rect.intersects(left) && abs(moved.rect.maxX - (300 - TitleBlock.inset)) < 1e-9)
        // Nothing free: centred, as without anything taken.
        let everywhere = makeFrame(
            center: helsinki, zoom: 12, width: 300, height: 500,
            taken: [CanvasRect(x: 0, y: 0, width: 300, height: 100)])
        let centred = try #require(TitleBlock.layOut(text, in: everywhere, style: .standard, measurer: measurer))
        #expect(abs(centred.rect.minX + centred.rect.width / 2 - 150) < 1e-9)
    }

    @Test("with every corner taken the north arrow slides along a side to a free place, inside the frame")
    func arrowSlides() {
        let frame = makeFrame(
            center: helsinki, zoom: 12, width: 500, height: 600,
            taken: [
                CanvasRect(x: 5, y: 5, width: 120, height: 60), CanvasRect(x: 300, y: 5, width: 195, height: 250),
                CanvasRect(x: 5, y: 550, width: 120, height: 45), CanvasRect(x: 280, y: 570, width: 215, height: 25),
            ])
        let arrow = NorthArrow.layOut(in: frame, style: .standard, measurer: measurer)
        #expect(frame.taken.allSatisfy { !$0.intersects(arrow.rect) })
        #expect(frame.rect.contains(arrow.rect))
        // The first corner (top right) slid down below the legend-like panel.
        #expect(arrow.corner == .topRight && arrow.rect.minY >= 255)
    }

    @Test("a long title is shortened with an ellipsis to fit the frame")
    func longTitle() throws {
        let frame = makeFrame(center: helsinki, zoom: 12, width: 200, height: 200)
        let text = TitleBlockText(title: String(repeating: "Helsinki ", count: 20))
        let block = try #require(TitleBlock.layOut(text, in: frame, style: .standard, measurer: measurer))
        #expect(frame.rect.contains(block.rect))
        #expect(texts(block.commands).first?.hasSuffix("…") == true)
    }

    @Test("together: the arrow clears the title, the labels clear both and the taken rects")
    func together() throws {
        let taken = [CanvasRect(x: 0, y: 340, width: 150, height: 60)]
        let frame = makeFrame(center: helsinki, zoom: 12, width: 500, height: 400, taken: taken)
        let marginalia = Marginalia(
            grid: GridRequest(), showsNorthArrow: true,
            titleBlock: TitleBlockText(title: String(repeating: "Wide title ", count: 4)))
        let layout = try marginalia.layOut(in: frame, style: .standard, measurer: measurer)
        let arrow = try #require(layout.northArrow), block = try #require(layout.titleBlock)
        #expect(!arrow.rect.intersects(block.rect))
        for label in layout.graticule?.labels ?? [] {
            #expect(!label.rect.intersects(arrow.rect))
            #expect(!label.rect.intersects(block.rect))
            #expect(!label.rect.intersects(taken[0]))
        }
        // Grid lines are painted first, under the plates.
        guard case .stroke = layout.commands.first else {
            Issue.record("grid lines not first")
            return
        }
        #expect(layout.rects.count == 2 + (layout.graticule?.labels.count ?? 0))
    }

    @Test("with the title block in the margin, top labels fit between it and the frame or go inside")
    func titleAndTopLabels() throws {
        let frame = makeFrame(
            center: helsinki, zoom: 12, width: 500, height: 400, x: 40, y: 60,
            margins: EdgeInsets(top: 60, left: 40, bottom: 40, right: 40))
        let marginalia = Marginalia(grid: GridRequest(), titleBlock: TitleBlockText(title: "Helsinki"))
        let layout = try marginalia.layOut(in: frame, style: .standard, measurer: measurer)
        let block = try #require(layout.titleBlock)
        #expect(block.isInMargin)
        for label in layout.graticule?.labels ?? [] where label.edge == .top {
            #expect(!label.rect.intersects(block.rect))
            #expect(label.rect.minY >= block.rect.maxY)
        }
    }
}
