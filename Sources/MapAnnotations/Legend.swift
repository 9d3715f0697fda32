package import MapDrawing
package import MapGeometry

/// One line of the legend panel.
package struct LegendRow: Hashable, Sendable {
    /// What stands left of the text.
    package enum Key: Hashable, Sendable {
        /// A number badge of a colour, as drawn beside the pin.
        case number(Int, Color)
    }

    package var key: Key
    package var title: String
    package var subtitle: String?

    package init(key: Key, title: String, subtitle: String?) {
        self.key = key
        self.title = title
        self.subtitle = subtitle
    }
}

/// How the legend panel looks.
package struct LegendLook: Sendable {
    package var fontFamily: String
    package var titleFont: Font
    package var subtitleFont: Font
    package var textColor: Color
    package var subtitleColor: Color
    package var plateColor: Color
    /// The widest a row's text may grow before it is cut with an ellipsis, in canvas points.
    package var maximumTextWidth: Double

    package init(
        fontFamily: String, textColor: Color, subtitleColor: Color, plateColor: Color, maximumTextWidth: Double = 220
    ) {
        self.fontFamily = fontFamily
        self.titleFont = Font(family: fontFamily, size: 11, isBold: true)
        self.subtitleFont = Font(family: fontFamily, size: 10)
        self.textColor = textColor
        self.subtitleColor = subtitleColor
        self.plateColor = plateColor
        self.maximumTextWidth = maximumTextWidth
    }
}

/// The legend: a plate with rows of a key and a title with its subtitle, in columns of at
/// most the height it is given. Rows that fit in no column are summed up in a last row,
/// "+N more".
package struct LegendPanel: Sendable {
    /// Space inside the plate's edge, in canvas points.
    package static let padding = 6.0
    /// Space between rows and between columns, in canvas points.
    static let gap = 4.0

    private struct LaidRow {
        var key: LegendRow.Key?
        var title: String, titleMetrics: TextMetrics
        /// The subtitle's lines (up to three: a cluster lists its members) and their sizes.
        var subtitle: [String] = [], subtitleMetrics: [TextMetrics] = []
        var origin: CanvasPoint
        var height: Double
    }

    /// The plate's size, in canvas points.
    package private(set) var size: CanvasSize
    /// How many rows did not fit.
    package private(set) var omitted: Int
    private var rows: [LaidRow]
    private var keyWidth: Double
    private var look: LegendLook
    private var measurer: any TextMeasurer

    /// Lays the rows out in columns no taller than `maximumHeight` and, as far as columns
    /// go, no wider than `maximumWidth` all together.
    package init(
        rows input: [LegendRow], look: LegendLook, maximumHeight: Double, maximumWidth: Double,
        measurer: any TextMeasurer
    ) {
        self.look = look
        self.measurer = measurer
        let widestNumber = input.compactMap { row -> Int? in
            if case .number(let n, _) = row.key { return n }
            return nil
        }.max()
        let numberRadius = widestNumber.map {
            Badge.numberRadius(String($0), family: look.fontFamily, measurer: measurer)
        }
        let keyWidth = 2 * (numberRadius ?? 6)
        self.keyWidth = keyWidth
        let textX = keyWidth + 6
        // Text is cut to the style's widest, and to what is left of the width in its column.
        func measured(_ row: LegendRow, columnX: Double) -> LaidRow {
            let room = min(look.maximumTextWidth, maximumWidth - columnX - textX - LegendPanel.padding)
            let (title, titleMetrics) = CalloutContent.fitted(
                row.title, font: look.titleFont, width: room, measurer: measurer)
            let subtitle = LegendPanel.wrapped(
                row.subtitle ?? "", font: look.subtitleFont, width: room, lines: 3, measurer: measurer)
            let subtitleMetrics = subtitle.map { measurer.measure($0, font: look.subtitleFont) }
            let textHeight = titleMetrics.height + subtitleMetrics.reduce(0) { $0 + $1.height + 1 }
            return LaidRow(
                key: row.key, title: title, titleMetrics: titleMetrics, subtitle: subtitle,
                subtitleMetrics: subtitleMetrics, origin: CanvasPoint(x: 0, y: 0),
                height: max(textHeight, keyWidth))
        }
        func width(_ row: LaidRow) -> Double {
            textX + max(row.titleMetrics.width, row.subtitleMetrics.map(\.width).max() ?? 0)
        }
        let pad = LegendPanel.padding, gap = LegendPanel.gap
        var laid: [LaidRow] = []
        var columnX = pad, columnWidth = 0.0, y = pad, totalHeight = 0.0
        var omitted = 0
        for (index, row) in input.enumerated() {
            var item = measured(row, columnX: columnX)
            if y > pad, y + item.height + pad > maximumHeight {
                // A new column, if it leaves room for a row with 60 points of text.
                let nextX = columnX + columnWidth + 2 * gap
                if nextX + textX + 60 + pad > maximumWidth {
                    omitted = input.count - index
                    break
                }
                columnX = nextX
                columnWidth = 0
                y = pad
                item = measured(row, columnX: columnX)
            }
            item.origin = CanvasPoint(x: columnX, y: y)
            laid.append(item)
            columnWidth = max(columnWidth, width(item))
            y += item.height + gap
            totalHeight = max(totalHeight, y - gap + pad)
        }
        if omitted > 0, let last = laid.popLast() {
            // The last row gives way to the count of what is left out.
            omitted += 1
            let font = look.subtitleFont
            let text = "+\(omitted) more"
            let metrics = measurer.measure(text, font: font)
            laid.append(
                LaidRow(
                    key: nil, title: text, titleMetrics: metrics,
                    origin: last.origin, height: last.height))
        }
        self.rows = laid
        self.omitted = omitted
        let right = laid.map { $0.origin.x + width($0) }.max() ?? 0
        size = CanvasSize(width: (right + pad).rounded(.up), height: totalHeight.rounded(.up))
    }

    /// The plate and its rows with the plate's top-left corner at `origin`.
    package func commands(at origin: CanvasPoint) -> [DrawCommand] {
        let plate = CanvasRect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        var commands: [DrawCommand] = [
            .shadow(
                Path.roundedRect(plate.offset(dy: 1), radius: 5), Color.black.withAlpha(0.18), blur: 3),
            .fill(Path.roundedRect(plate, radius: 5), look.plateColor, evenOdd: false),
        ]
        for row in rows {
            let x = origin.x + row.origin.x, top = origin.y + row.origin.y
            let keyCenter = CanvasPoint(x: x + keyWidth / 2, y: top + keyWidth / 2)
            switch row.key {
            case .number(let n, let color)?:
                commands +=
                    Badge.number(
                        n, at: keyCenter, color: color, family: look.fontFamily, measurer: measurer
                    ).commands
            case nil: break
            }
            let textX = x + keyWidth + 6
            let textHeight = row.titleMetrics.height + row.subtitleMetrics.reduce(0) { $0 + $1.height + 1 }
            var baseline = top + (row.height - textHeight) / 2 + row.titleMetrics.ascent
            let titleFont = row.key == nil ? look.subtitleFont : look.titleFont
            commands.append(
                .text(
                    TextRun(
                        row.title, origin: CanvasPoint(x: textX, y: baseline), font: titleFont, color: look.textColor)))
            var descent = row.titleMetrics.descent
            for (line, metrics) in zip(row.subtitle, row.subtitleMetrics) {
                baseline += descent + 1 + metrics.ascent
                descent = metrics.descent
                commands.append(
                    .text(
                        TextRun(
                            line, origin: CanvasPoint(x: textX, y: baseline), font: look.subtitleFont,
                            color: look.subtitleColor)))
            }
        }
        return commands
    }

    /// `text` in at most `lines` lines no wider than `width`, broken after spaces; the last
    /// line ends with "…" when text is left over, and a word too long for a line is cut.
    static func wrapped(
        _ text: String, font: Font, width: Double, lines: Int, measurer: any TextMeasurer
    ) -> [String] {
        var result: [String] = []
        var words = text.split(separator: " ").map(String.init)[...]
        while let first = words.first, result.count < lines {
            var line = first
            words = words.dropFirst()
            while let next = words.first, measurer.measure(line + " " + next, font: font).width <= width {
                line += " " + next
                words = words.dropFirst()
            }
            if result.count == lines - 1, !words.isEmpty { line += " " + words.joined(separator: " ") }
            result.append(CalloutContent.fitted(line, font: font, width: width, measurer: measurer).0)
        }
        return result
    }
}

/// A corner of the map where the legend may go.
package enum LegendCorner: String, CaseIterable, Sendable {
    // The order breaks ties.
    case topRight, topLeft, bottomRight, bottomLeft
}

/// Chooses the corner where the legend covers least.
///
/// The measure, smallest wins: 1,000 for each marker, badge or piece of furniture the
/// plate touches, 100 for each callout (`movable`: it is placed again clear of the plate),
/// plus one for each overlay sample point under it (points every few
/// canvas points along every line, ring and track), plus 1,000,000 when the plate does not
/// fit inside the canvas. Ties go to the first corner of `LegendCorner.allCases`: top
/// right, top left, bottom right, bottom left. A plate that meets furniture (the title, a
/// track box, the scale bar or the attribution) first slides along the edge away from its
/// corner (down from a top corner, up from a bottom one) past it.
package enum LegendPlacement {
    package static func bestCorner(
        size: CanvasSize, canvas: CanvasRect, obstacles: [CanvasRect], movable: [CanvasRect] = [],
        furniture: [CanvasRect], overlaySamples: [CanvasPoint]
    ) -> (corner: LegendCorner, rect: CanvasRect) {
        var best: (cost: Double, corner: LegendCorner, rect: CanvasRect)?
        for corner in LegendCorner.allCases {
            let rect = position(corner, size: size, canvas: canvas, furniture: furniture)
            var cost = canvas.contains(rect) ? 0.0 : 1_000_000
            cost += 1000 * Double(obstacles.filter { $0.intersects(rect) }.count)
            cost += 100 * Double(movable.filter { $0.intersects(rect) }.count)
            cost += 1000 * Double(furniture.filter { $0.intersects(rect) }.count)
            cost += Double(
                overlaySamples.filter {
                    $0.x >= rect.minX && $0.x <= rect.maxX && $0.y >= rect.minY && $0.y <= rect.maxY
                }
                .count)
            if best == nil || cost < best!.cost { best = (cost, corner, rect) }
        }
        return (best!.corner, best!.rect)
    }

    /// Points every few canvas points along the lines of `commands`: what the legend counts
    /// as overlay under it.
    package static func samples(of commands: some Sequence<DrawCommand>, step: Double = 6) -> [CanvasPoint] {
        var samples: [CanvasPoint] = []
        for command in commands {
            let path: Path
            switch command {
            case .stroke(let p, _): path = p
            case .fill(let p, _, _): path = p
            default: continue
            }
            var last: CanvasPoint?
            for element in path.elements {
                switch element {
                case .move(let p):
                    samples.append(p)
                    last = p
                case .line(let p), .curve(_, _, let p):
                    if let a = last {
                        let length = ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
                        let count = min(Int(length / step), 10_000)
                        for k in stride(from: 1, through: count, by: 1) {
                            let t = Double(k) / Double(count + 1)
                            samples.append(CanvasPoint(x: a.x + (p.x - a.x) * t, y: a.y + (p.y - a.y) * t))
                        }
                    }
                    samples.append(p)
                    last = p
                case .arc, .close: continue
                }
            }
        }
        return samples
    }

    /// The plate in a corner of `canvas`, moved past any furniture it meets.
    static func position(
        _ corner: LegendCorner, size: CanvasSize, canvas: CanvasRect, furniture: [CanvasRect]
    ) -> CanvasRect {
        let left = corner == .topLeft || corner == .bottomLeft
        let top = corner == .topLeft || corner == .topRight
        var rect = CanvasRect(
            x: left ? canvas.minX : canvas.maxX - size.width, y: top ? canvas.minY : canvas.maxY - size.height,
            width: size.width, height: size.height)
        // Furniture sorted from the corner inwards, so each move is past the next piece.
        let pieces = furniture.sorted { top ? $0.minY < $1.minY : $0.maxY > $1.maxY }
        for piece in pieces where piece.intersects(rect) {
            var moved = rect
            moved.origin.y = top ? piece.maxY + 4 : piece.minY - 4 - size.height
            // A plate with no room past it stays in its corner (and pays for what it covers).
            if canvas.contains(moved) { rect = moved }
        }
        return rect
    }
}

extension CanvasRect {
    fileprivate func offset(dy: Double) -> CanvasRect {
        CanvasRect(x: minX, y: minY + dy, width: width, height: height)
    }
}
