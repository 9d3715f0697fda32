import MapDrawing
import MapGeometry
import MapRenderCairo
import MapRenderCore

/// Hand-built display lists: they exercise the backend without going through the layout,
/// so a layout change never moves a golden.
package enum TestScenes {
    /// The land colour of the default basemap, so the goldens look like map pieces.
    package static let paper = Color(hex: 0xF2EFE9)

    /// Latin, Japanese, Arabic and Hebrew lines. Japanese names IPAGothic after DejaVu
    /// Sans (which has no CJK glyphs) so fontconfig cannot pick another installed CJK
    /// font; DejaVu Sans itself covers Arabic and Hebrew.
    package static let latin = "Denver Museum"
    package static let japanese = "日本語の地図"
    package static let arabic = "مرحبا بالعالم"
    package static let hebrew = "שלום עולם"

    /// Four markers: red, green and purple pins and the "going next" arrow.
    package static var pins: DisplayList {
        var list = DisplayList(size: CanvasSize(width: 200, height: 80), commands: [.clear(paper)])
        let style = Style.standard
        list.commands += MarkerShape.commands(for: .pin(.red), at: CanvasPoint(x: 30, y: 62), style: style)
        list.commands += MarkerShape.commands(for: .pin(.green), at: CanvasPoint(x: 75, y: 62), style: style)
        list.commands += MarkerShape.commands(for: .pin(.purple), at: CanvasPoint(x: 120, y: 62), style: style)
        list.commands += MarkerShape.commands(for: .goingNext, at: CanvasPoint(x: 165, y: 42), style: style)
        return list
    }

    /// A ring filled even-odd, a geofence circle, a road with casing, a dashed route, and a
    /// callout-like bubble with a shadow holding an image.
    package static var shapes: DisplayList {
        var list = DisplayList(size: CanvasSize(width: 240, height: 140), commands: [.clear(paper)])
        // A park with a pond cut out: the inner square is a hole only under even-odd.
        var park = Path.polyline(
            [
                CanvasPoint(x: 10, y: 10), CanvasPoint(x: 90, y: 10), CanvasPoint(x: 90, y: 70),
                CanvasPoint(x: 10, y: 70),
            ], closed: true)
        park.append(
            Path.polyline(
                [
                    CanvasPoint(x: 35, y: 25), CanvasPoint(x: 65, y: 25), CanvasPoint(x: 65, y: 55),
                    CanvasPoint(x: 35, y: 55),
                ], closed: true))
        list.append(.fill(park, Color(hex: 0x34C759, alpha: 0.6), evenOdd: true))
        // A geofence.
        let fence = Path.circle(center: CanvasPoint(x: 170, y: 45), radius: 30)
        list.append(.fill(fence, Color.blue.withAlpha(0.15), evenOdd: false))
        list.append(.stroke(fence, StrokeStyle(color: .blue, lineWidth: 2)))
        // A road: a dark casing under a lighter, narrower line.
        let road = Path.polyline([
            CanvasPoint(x: 5, y: 120), CanvasPoint(x: 80, y: 95), CanvasPoint(x: 150, y: 115),
            CanvasPoint(x: 235, y: 85),
        ])
        list.append(.stroke(road, StrokeStyle(color: Color(hex: 0x9A7B4F), lineWidth: 9)))
        list.append(.stroke(road, StrokeStyle(color: Color(hex: 0xFFD479), lineWidth: 6)))
        // A dashed route with butt caps and miter joins.
        let route = Path.polyline([CanvasPoint(x: 10, y: 85), CanvasPoint(x: 60, y: 80), CanvasPoint(x: 110, y: 135)])
        list.append(
            .stroke(
                route,
                StrokeStyle(
                    color: Color(hex: 0xAF52DE), lineWidth: 3, dashPattern: [6, 4], lineCap: .butt, lineJoin: .miter)))
        // A bubble with a soft shadow and an icon.
        let bubble = CanvasRect(x: 110, y: 20, width: 44, height: 36)
        list.append(
            .shadow(
                Path.roundedRect(CanvasRect(x: 111, y: 22, width: 44, height: 36), radius: 6),
                Color.black.withAlpha(0.4), blur: 4))
        list.append(.fill(Path.roundedRect(bubble, radius: 6), .white, evenOdd: false))
        list.append(.image(icon, in: CanvasRect(x: 120, y: 26, width: 24, height: 24)))
        return list
    }

    /// A 12×12 icon: a blue square with an orange diagonal band on a transparent border.
    package static var icon: EncodedImage {
        let side = 12
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                guard (1..<side - 1).contains(x), (1..<side - 1).contains(y) else { continue }
                let band = abs(x - y) <= 1
                let rgba: [UInt8] = band ? [0xFF, 0x95, 0x00, 0xFF] : [0x00, 0x7A, 0xFF, 0xFF]
                pixels.replaceSubrange((y * side + x) * 4..<(y * side + x) * 4 + 4, with: rgba)
            }
        }
        let png = try! RasterImage(width: side, height: side, pixels: pixels).pngData()
        return EncodedImage(data: png, pixelWidth: side, pixelHeight: side)
    }

    /// Text in four scripts, one with a halo over a dark band.
    package static var text: DisplayList {
        var list = DisplayList(size: CanvasSize(width: 220, height: 150), commands: [.clear(paper)])
        list.append(
            .fill(
                Path.polyline(
                    [
                        CanvasPoint(x: 0, y: 8), CanvasPoint(x: 220, y: 8), CanvasPoint(x: 220, y: 38),
                        CanvasPoint(x: 0, y: 38),
                    ], closed: true), Color(hex: 0x3A5A40), evenOdd: false))
        list.append(
            .text(
                TextRun(
                    latin, origin: CanvasPoint(x: 10, y: 29), font: Font(size: 18, isBold: true), color: .black,
                    haloColor: .white, haloWidth: 2)))
        list.append(
            .text(
                TextRun(
                    japanese, origin: CanvasPoint(x: 10, y: 66), font: Font(family: "DejaVu Sans, IPAGothic", size: 18),
                    color: .black)))
        list.append(
            .text(
                TextRun(arabic, origin: CanvasPoint(x: 10, y: 101), font: Font(size: 18), color: Color(hex: 0x1A4D8F))))
        list.append(
            .text(
                TextRun(hebrew, origin: CanvasPoint(x: 10, y: 136), font: Font(size: 18), color: Color(hex: 0x8F1A1A))))
        return list
    }
}
