import MapDrawing
import MapGeometry
import MapRenderCairo
import MapRenderSVG
import Testing

/// The group command: commands clipped to an outline in the space around them and moved by
/// an offset, painted by Cairo and written by SVG alike.
@Suite("Groups of draw commands")
struct DrawGroupTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// A white 40×40 canvas with a group moved to (10, 10) and clipped to 10…30: a red
    /// `clear` (the whole canvas, as a map's background is) and a blue square at the group's
    /// origin, 5 points wide.
    static var list: DisplayList {
        var group = DrawGroup(
            DisplayList(
                size: CanvasSize(width: 20, height: 20),
                commands: [
                    .clear(red),
                    .fill(
                        Path.polyline(
                            [
                                CanvasPoint(x: 0, y: 0), CanvasPoint(x: 5, y: 0), CanvasPoint(x: 5, y: 5),
                                CanvasPoint(x: 0, y: 5),
                            ], closed: true), Color(red: 0, green: 0, blue: 1), evenOdd: false),
                ]), in: CanvasRect(x: 10, y: 10, width: 20, height: 20))
        group.offset = CanvasPoint(x: 10, y: 10)
        return DisplayList(
            size: CanvasSize(width: 40, height: 40),
            commands: [.clear(Color(red: 1, green: 1, blue: 1)), .group(group)])
    }

    @Test("Cairo: clipped outside the outline, moved by the offset, the context restored after")
    func cairo() throws {
        var list = Self.list
        // After the group, a fill at the canvas origin is neither clipped nor moved.
        list.append(
            .fill(
                Path.circle(center: CanvasPoint(x: 2, y: 2), radius: 2), Color(red: 0, green: 1, blue: 0),
                evenOdd: false))
        let image = try RasterImage(png: CairoRenderer().render(list, scale: 1, format: .png))
        #expect(image.pixel(x: 5, y: 35) == (255, 255, 255, 255))  // outside the clip: untouched
        #expect(image.pixel(x: 25, y: 25) == (255, 0, 0, 255))  // the group's clear, inside the clip
        #expect(image.pixel(x: 12, y: 12) == (0, 0, 255, 255))  // the square, moved to (10, 10)
        #expect(image.pixel(x: 2, y: 2).green == 255 && image.pixel(x: 2, y: 2).red == 0)
    }

    @Test("SVG: a <clipPath> in the outer space, a translated <g> inside it")
    func svg() {
        let svg = SVGWriter(Self.list).document
        #expect(svg.contains("<clipPath id=\"clip-10-10-"))
        #expect(svg.contains("><path d=\"M10 10L30 10L30 30L10 30Z\"/></clipPath>"))
        #expect(svg.contains("<g transform=\"translate(10,10)\">\n<rect width=\"40\" height=\"40\""))
        #expect(svg.components(separatedBy: "</g>").count == 3)
    }

    @Test("the dump shows the group's commands indented, between its header and its end")
    func dump() {
        let lines = Self.list.dump.split(separator: "\n").map(String.init)
        #expect(lines[2] == "group offset (10.00, 10.00) clip M10,10 L30,10 L30,30 L10,30 Z")
        #expect(lines[3].hasPrefix("  clear") && lines[4].hasPrefix("  fill") && lines[5] == "end group")
        #expect([DrawCommand.group(DrawGroup([.clear(Self.red)]))].ungrouped == [.clear(Self.red)])
    }
}
