import MapDrawing
import MapGeometry
import MapVectorStyle

/// Text measurements kept for one layout: the same name is measured once however many
/// tiles and features carry it.
struct TextMeasurements {
    private struct Key: Hashable {
        var text: String
        var font: Font
    }
    private var metrics: [Key: TextMetrics] = [:]
    private var advances: [Key: [(cluster: String, advance: Double)]] = [:]

    mutating func metrics(_ text: String, font: Font, measurer: any TextMeasurer) -> TextMetrics {
        let key = Key(text: text, font: font)
        if let known = metrics[key] { return known }
        let measured = measurer.measure(text, font: font)
        metrics[key] = measured
        return measured
    }

    mutating func clusterAdvances(
        _ text: String, font: Font, measurer: any TextMeasurer
    ) -> [(cluster: String, advance: Double)] {
        let key = Key(text: text, font: font)
        if let known = advances[key] { return known }
        let measured = measurer.clusterAdvances(text, font: font)
        advances[key] = measured
        return measured
    }
}

/// A point label's text broken into lines no wider than `text-max-width` (at spaces; a
/// single long word stays whole), each line aligned in the block by `text-justify`.
struct TextBlock {
    /// Each line with its size and, when letter-spaced, its clusters' advances.
    var lines: [(text: String, metrics: TextMetrics, advances: [(cluster: String, advance: Double)])]
    var look: LabelLayout.TextLook
    var lineHeight: Double

    init(
        _ text: String, look: LabelLayout.TextLook, maxWidth: Double, lineHeight: Double,
        measurements: inout TextMeasurements, measurer: any TextMeasurer
    ) {
        self.look = look
        self.lineHeight = lineHeight
        func measure(_ line: String) -> TextMetrics {
            var metrics = measurements.metrics(line, font: look.font, measurer: measurer)
            // Letters of joined scripts are not spaced (MapLibre's `allowsLetterSpacing`).
            if !line.needsWholeRunShaping { metrics.width += look.letterSpacing * Double(max(line.count - 1, 0)) }
            return metrics
        }
        var lines: [(String, TextMetrics)] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if !current.isEmpty, maxWidth > 0, measure(candidate).width > maxWidth {
                    lines.append((current, measure(current)))
                    current = String(word)
                } else {
                    current = candidate
                }
            }
            if !current.isEmpty { lines.append((current, measure(current))) }
        }
        self.lines = lines.map { line in
            let advances =
                look.letterSpacing == 0 || line.0.needsWholeRunShaping
                ? [] : measurements.clusterAdvances(line.0, font: look.font, measurer: measurer)
            return (line.0, line.1, advances)
        }
    }

    var width: Double { lines.map(\.metrics.width).max() ?? 0 }
    var height: Double { Double(lines.count) * lineHeight }

    /// The block placed with its `anchor` side at `point`: the commands drawing it and its
    /// bounds.
    /// `justify` is `text-justify`: left, center, right, or auto (the anchor's side).
    func placed(
        at point: CanvasPoint, anchor: StyleTextAnchor, justify: String = "center"
    ) -> (commands: [DrawCommand], bounds: CanvasRect) {
        let (fx, fy) = Self.fractions(anchor)
        let left = point.x - fx * width, top = point.y - fy * height
        let alignment: Double =
            switch justify {
            case "left": 0
            case "right": 1
            case "auto": fx
            default: 0.5
            }
        var commands: [DrawCommand] = []
        for (index, line) in lines.enumerated() {
            let x = left + (width - line.metrics.width) * alignment
            let baseline =
                top + Double(index) * lineHeight + lineHeight / 2 + (line.metrics.ascent - line.metrics.descent) / 2
            if line.advances.isEmpty {
                commands.append(
                    .text(
                        TextRun(
                            line.text, origin: CanvasPoint(x: x, y: baseline), font: look.font, color: look.color,
                            haloColor: look.haloColor, haloWidth: look.haloWidth)))
            } else {
                commands.append(.pathText(spaced(line.text, line.advances, at: CanvasPoint(x: x, y: baseline))))
            }
        }
        return (commands, CanvasRect(x: left, y: top, width: width, height: height))
    }

    /// A letter-spaced line: its clusters set one by one on a straight baseline.
    private func spaced(
        _ text: String, _ advances: [(cluster: String, advance: Double)], at origin: CanvasPoint
    ) -> PathTextRun {
        var x = origin.x
        var glyphs: [PlacedGlyph] = []
        for (cluster, advance) in advances {
            glyphs.append(PlacedGlyph(cluster, origin: CanvasPoint(x: x, y: origin.y), angle: 0))
            x += advance + look.letterSpacing
        }
        return PathTextRun(
            text, glyphs: glyphs, font: look.font, color: look.color, haloColor: look.haloColor,
            haloWidth: look.haloWidth)
    }

    /// How far across and down the block its anchor lies.
    static func fractions(_ anchor: StyleTextAnchor) -> (Double, Double) {
        switch anchor {
        case .center: (0.5, 0.5)
        case .left: (0, 0.5)
        case .right: (1, 0.5)
        case .top: (0.5, 0)
        case .bottom: (0.5, 1)
        case .topLeft: (0, 0)
        case .topRight: (1, 0)
        case .bottomLeft: (0, 1)
        case .bottomRight: (1, 1)
        }
    }
}

extension String {
    /// The text without spaces and line breaks around it.
    var trimmedForLabel: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
