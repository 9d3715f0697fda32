import MapAnnotations
import MapDrawing
import MapGeometry
import MapPage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scale bar, attribution and title: map furniture laid out on the canvas.
enum Furniture {
    /// The scale bar, attribution and title of a scene, with the rectangles they cover.
    static func layOut(
        scene: MapScene, trackRange: ClosedRange<Double>?, viewport: Viewport, style: FurnitureStyle,
        measurer: any TextMeasurer
    ) -> (commands: [DrawCommand], rects: [CanvasRect]) {
        var commands: [DrawCommand] = []
        var rects: [CanvasRect] = []
        var reserved = 0.0
        if style.showsScaleBar {
            let bar = scaleBar(viewport: viewport, style: style, ratio: scene.scaleRatioText, measurer: measurer)
            commands += bar.commands
            rects.append(bar.rect)
            reserved = bar.rect.width
        }
        for part in [
            attribution(scene.attribution, viewport: viewport, reserved: reserved, style: style, measurer: measurer),
            title(scene.title, viewport: viewport, style: style, measurer: measurer),
        ] {
            commands += part
            // Each part starts with its plate, whose outline is its extent.
            if case .fill(let plate, _, _)? = part.first, let rect = plate.boundingRect { rects.append(rect) }
        }
        // Track boxes sit under the title, statistics on the left, the legend on the right.
        let top =
            inset
            + (rects.count > 0 && scene.title?.isEmpty == false
                ? titleHeight(scene.title, style: style, measurer: measurer) : 0)
        let display = scene.trackDisplay
        if display.showsStatistics, scene.tracks.contains(where: { !$0.isEmpty }) {
            let lines = TrackFurniture.statisticsLines(
                TrackStatistics(tracks: scene.tracks), imperial: display.usesImperialUnits)
            let box = TrackFurniture.statisticsBox(lines, top: top, style: style, measurer: measurer)
            commands += box.commands
            rects.append(box.rect)
        }
        if display.coloring != .plain, let trackRange {
            let legend = TrackFurniture.legend(
                coloring: display.coloring, range: trackRange, imperial: display.usesImperialUnits, top: top,
                canvasWidth: viewport.size.width, style: style, measurer: measurer)
            commands += legend.commands
            rects.append(legend.rect)
        }
        return (commands, rects)
    }

    /// Space between furniture and the canvas edge, in canvas points.
    static let inset = 8.0

    /// A scale bar in the bottom-left corner: metric on top (then `ratio`, e.g. "1:25,000"),
    /// imperial below, each at most `maximumLength` canvas points, true at the centre latitude.
    static func scaleBar(
        viewport: Viewport, style: FurnitureStyle, ratio: String? = nil, measurer: any TextMeasurer,
        maximumLength: Double = 100
    ) -> (commands: [DrawCommand], rect: CanvasRect) {
        let latitude = viewport.centerCoordinate.latitude
        // Meters per canvas point at the centre: Web Mercator stretches by 1/cos φ.
        let metersPerPoint = MapPoint.metersPerMapPoint(atLatitude: latitude) / viewport.canvasPointsPerMapPoint
        let maximumMeters = maximumLength * metersPerPoint
        let meters =
            maximumMeters >= 1000
            ? RoundNumbers.distance(notExceeding: maximumMeters / 1000) * 1000
            : RoundNumbers.distance(notExceeding: maximumMeters)
        let metricLabel =
            (meters >= 1000 ? RoundNumbers.label(meters / 1000, unit: "km") : RoundNumbers.label(meters, unit: "m"))
            + (ratio.map { "   \($0)" } ?? "")
        let feetPerMeter = 3.280839895
        let maximumFeet = maximumMeters * feetPerMeter
        let imperialLabel: String, imperialMeters: Double
        if maximumFeet >= 5280 {
            let miles = RoundNumbers.distance(notExceeding: maximumFeet / 5280)
            (imperialLabel, imperialMeters) = (RoundNumbers.label(miles, unit: "mi"), miles * 1609.344)
        } else {
            let feet = RoundNumbers.distance(notExceeding: maximumFeet)
            (imperialLabel, imperialMeters) = (RoundNumbers.label(feet, unit: "ft"), feet / feetPerMeter)
        }
        let metricLength = meters / metersPerPoint, imperialLength = imperialMeters / metersPerPoint
        let font = Font(family: style.fontFamily, size: style.scaleBarSize)
        let metricText = measurer.measure(metricLabel, font: font),
            imperialText = measurer.measure(imperialLabel, font: font)
        // Two rows, each a bar with end ticks and its label to the right of the longer bar,
        // so no label ever crosses a line.
        let barLength = max(metricLength, imperialLength)
        let rowHeight = max(metricText.height, imperialText.height) + 2
        let width = 4 + barLength + 6 + max(metricText.width, imperialText.width) + 4
        let height = 2 * rowHeight + 4
        let rect = CanvasRect(x: inset, y: viewport.size.height - inset - height, width: width, height: height)
        let x0 = rect.minX + 4, labelX = x0 + barLength + 6
        let bar = StrokeStyle(color: style.textColor, lineWidth: 1.5, lineCap: .butt, lineJoin: .miter)
        func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
        var commands: [DrawCommand] = [.fill(Path.roundedRect(rect, radius: 3), style.plateColor, evenOdd: false)]
        for (row, (length, label, metrics)) in [
            (metricLength, metricLabel, metricText), (imperialLength, imperialLabel, imperialText),
        ].enumerated() {
            let top = rect.minY + 2 + Double(row) * rowHeight
            let line = top + rowHeight / 2 + (row == 0 ? 2 : -2)
            let tickEnd = row == 0 ? top + 2 : top + rowHeight - 2
            commands.append(
                .stroke(
                    Path([
                        .move(p(x0, tickEnd)), .line(p(x0, line)), .line(p(x0 + length, line)),
                        .line(p(x0 + length, tickEnd)),
                    ]), bar))
            let baseline = top + (rowHeight - metrics.height) / 2 + metrics.ascent
            commands.append(.text(TextRun(label, origin: p(labelX, baseline), font: font, color: style.textColor)))
        }
        return (commands, rect)
    }

    /// The attribution in the bottom-right corner: it always fits — first the font shrinks
    /// (down to 7 points), then the text wraps at its separators and spaces.
    static func attribution(
        _ items: [String], viewport: Viewport, reserved: Double, style: FurnitureStyle, measurer: any TextMeasurer
    ) -> [DrawCommand] {
        let credits = items.filter { !$0.isEmpty }
        guard !credits.isEmpty else { return [] }
        let available = max(40, viewport.size.width - reserved - 3 * inset)
        let text = credits.joined(separator: " · ")
        var size = style.attributionSize
        var font = Font(family: style.fontFamily, size: size)
        while measurer.measure(text, font: font).width > available && size > 7 {
            size = max(7, size - 0.5)
            font = Font(family: style.fontFamily, size: size)
        }
        let lines = wrapped(text, font: font, width: available, measurer: measurer)
        let metrics = lines.map { measurer.measure($0, font: font) }
        let lineHeight = (metrics.map(\.height).max() ?? size) + 1
        let width = (metrics.map(\.width).max() ?? 0) + 8
        let height = lineHeight * Double(lines.count) + 4
        let rect = CanvasRect(
            x: viewport.size.width - inset - width, y: viewport.size.height - inset - height, width: width,
            height: height)
        var commands: [DrawCommand] = [.fill(Path.roundedRect(rect, radius: 3), style.plateColor, evenOdd: false)]
        for (index, line) in lines.enumerated() {
            let baseline = rect.minY + 2 + lineHeight * Double(index) + metrics[index].ascent
            commands.append(
                .text(
                    TextRun(
                        line, origin: CanvasPoint(x: rect.maxX - 4 - metrics[index].width, y: baseline), font: font,
                        color: style.textColor)))
        }
        return commands
    }

    /// Greedy word wrap: as many words on a line as fit; a single over-long word gets its
    /// own line.
    static func wrapped(_ text: String, font: Font, width: Double, measurer: any TextMeasurer) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if measurer.measure(candidate, font: font).width <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Height the track statistics box or legend takes at the top, including its inset, so
    /// fitting keeps the track clear of them.
    static func trackBoxesHeight(scene: MapScene, style: FurnitureStyle, measurer: any TextMeasurer) -> Double {
        let display = scene.trackDisplay
        guard scene.tracks.contains(where: { !$0.isEmpty }) else { return 0 }
        var height = 0.0
        if display.showsStatistics {
            let lines = TrackFurniture.statisticsLines(
                TrackStatistics(tracks: scene.tracks), imperial: display.usesImperialUnits)
            height = TrackFurniture.statisticsBox(lines, top: 0, style: style, measurer: measurer).rect.height
        }
        if display.coloring != .plain {
            let legend = TrackFurniture.legend(
                coloring: display.coloring, range: 0...1, imperial: display.usesImperialUnits, top: 0,
                canvasWidth: 1000,
                style: style, measurer: measurer)
            height = max(height, legend.rect.height)
        }
        return height > 0 ? height + inset : 0
    }

    /// Height the title takes at the top, in canvas points, including its inset.
    static func titleHeight(_ title: String?, style: FurnitureStyle, measurer: any TextMeasurer) -> Double {
        guard let title, !title.isEmpty else { return 0 }
        return measurer.measure(title, font: Font(family: style.fontFamily, size: style.titleSize, isBold: true)).height
            + 8 + inset
    }

    /// The title centred at the top on a plate, shortened with an ellipsis to fit.
    static func title(
        _ title: String?, viewport: Viewport, style: FurnitureStyle, measurer: any TextMeasurer
    ) -> [DrawCommand] {
        guard let title, !title.isEmpty else { return [] }
        let font = Font(family: style.fontFamily, size: style.titleSize, isBold: true)
        let (text, metrics) = CalloutContent.fitted(
            title, font: font, width: viewport.size.width - 2 * inset - 16, measurer: measurer)
        let rect = CanvasRect(
            x: (viewport.size.width - metrics.width) / 2 - 8, y: inset, width: metrics.width + 16,
            height: metrics.height + 8)
        return [
            .fill(Path.roundedRect(rect, radius: 4), style.plateColor, evenOdd: false),
            .text(
                TextRun(
                    text, origin: CanvasPoint(x: rect.minX + 8, y: rect.minY + 4 + metrics.ascent), font: font,
                    color: style.textColor)),
        ]
    }
}
