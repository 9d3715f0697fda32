import MapDrawing
import MapGeometry

/// The statistics box and colour legend of track maps.
enum TrackFurniture {
    /// "12.3 km", "850 m", "7.6 mi", "900 ft".
    static func distance(_ meters: Double, imperial: Bool) -> String {
        if imperial {
            let miles = meters / 1609.344
            return miles >= 0.2
                ? "\(miles.decimalString(places: miles < 10 ? 2 : 1)) mi"
                : "\(Int((meters * 3.280839895).rounded())) ft"
        }
        return meters >= 1000
            ? "\((meters / 1000).decimalString(places: meters < 10_000 ? 2 : 1)) km" : "\(Int(meters.rounded())) m"
    }

    /// "1:02:03" or "12:05".
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// "14.2 km/h" or "8.8 mph" from meters per second.
    static func speed(_ metersPerSecond: Double, imperial: Bool) -> String {
        imperial
            ? "\((metersPerSecond * 2.236936).decimalString(places: 1)) mph"
            : "\((metersPerSecond * 3.6).decimalString(places: 1)) km/h"
    }

    /// The lines of the statistics box.
    static func statisticsLines(_ statistics: TrackStatistics, imperial: Bool) -> [String] {
        var lines = ["Distance \(distance(statistics.distance, imperial: imperial))"]
        if let duration = statistics.duration { lines.append("Duration \(self.duration(duration))") }
        if let moving = statistics.movingSpeed { lines.append("Moving \(speed(moving, imperial: imperial))") }
        if let gain = statistics.elevationGain {
            lines.append("Climb \(imperial ? "\(Int((gain * 3.280839895).rounded())) ft" : "\(Int(gain.rounded())) m")")
        }
        return lines
    }

    /// A plate in the top-left corner with the lines, below the title if there is one.
    static func statisticsBox(
        _ lines: [String], top: Double, style: FurnitureStyle, measurer: any TextMeasurer
    ) -> (commands: [DrawCommand], rect: CanvasRect) {
        let font = Font(family: style.fontFamily, size: style.scaleBarSize + 1)
        let metrics = lines.map { measurer.measure($0, font: font) }
        let lineHeight = (metrics.map(\.height).max() ?? 12) + 2
        let rect = CanvasRect(
            x: Furniture.inset, y: top, width: (metrics.map(\.width).max() ?? 0) + 12,
            height: lineHeight * Double(lines.count) + 8)
        var commands: [DrawCommand] = [.fill(Path.roundedRect(rect, radius: 4), style.plateColor, evenOdd: false)]
        for (index, line) in lines.enumerated() {
            let baseline = rect.minY + 4 + lineHeight * Double(index) + metrics[index].ascent
            commands.append(
                .text(
                    TextRun(
                        line, origin: CanvasPoint(x: rect.minX + 6, y: baseline), font: font, color: style.textColor)))
        }
        return (commands, rect)
    }

    /// A colour bar in the top-right corner with the low and high values at its ends.
    static func legend(
        coloring: TrackDisplay.Coloring, range: ClosedRange<Double>, imperial: Bool, top: Double, canvasWidth: Double,
        style: FurnitureStyle, measurer: any TextMeasurer
    ) -> (commands: [DrawCommand], rect: CanvasRect) {
        let font = Font(family: style.fontFamily, size: style.scaleBarSize)
        func label(_ value: Double) -> String {
            switch coloring {
            case .speed: return speed(value, imperial: imperial)
            default: return imperial ? "\(Int((value * 3.280839895).rounded())) ft" : "\(Int(value.rounded())) m"
            }
        }
        let title = coloring == .speed ? "Speed" : "Elevation"
        let low = label(range.lowerBound), high = label(range.upperBound)
        let lowMetrics = measurer.measure(low, font: font), highMetrics = measurer.measure(high, font: font)
        let titleMetrics = measurer.measure(title, font: font)
        let barWidth = max(90, lowMetrics.width + highMetrics.width + 12), barHeight = 8.0
        let width = max(barWidth, titleMetrics.width, lowMetrics.width + highMetrics.width + 8) + 12
        let height = titleMetrics.height + barHeight + lowMetrics.height + 14
        let rect = CanvasRect(x: canvasWidth - Furniture.inset - width, y: top, width: width, height: height)
        var commands: [DrawCommand] = [.fill(Path.roundedRect(rect, radius: 4), style.plateColor, evenOdd: false)]
        commands.append(
            .text(
                TextRun(
                    title, origin: CanvasPoint(x: rect.minX + 6, y: rect.minY + 4 + titleMetrics.ascent), font: font,
                    color: style.textColor)))
        let barTop = rect.minY + 6 + titleMetrics.height
        let barLeft = rect.minX + (width - barWidth) / 2
        let steps = 24
        for step in 0..<steps {
            let x = barLeft + barWidth * Double(step) / Double(steps)
            let cell = CanvasRect(x: x, y: barTop, width: barWidth / Double(steps) + 0.3, height: barHeight)
            commands.append(
                .fill(
                    Path.polyline(
                        [
                            cell.origin, CanvasPoint(x: cell.maxX, y: cell.minY),
                            CanvasPoint(x: cell.maxX, y: cell.maxY), CanvasPoint(x: cell.minX, y: cell.maxY),
                        ], closed: true),
                    TrackLayout.color(at: (Double(step) + 0.5) / Double(steps), coloring: coloring), evenOdd: false))
        }
        let baseline = barTop + barHeight + 3 + lowMetrics.ascent
        commands.append(
            .text(TextRun(low, origin: CanvasPoint(x: barLeft, y: baseline), font: font, color: style.textColor)))
        commands.append(
            .text(
                TextRun(
                    high, origin: CanvasPoint(x: barLeft + barWidth - highMetrics.width, y: baseline), font: font,
                    color: style.textColor)))
        return (commands, rect)
    }
}
