import MapDrawing
public import MapGeometry

/// One grid label as placed: its text, edge, side of the neatline and extent.
public struct GridLabel: Hashable, Sendable {
    /// A side of the frame.
    public enum Edge: Hashable, Sendable, CaseIterable {
        /// Above (or along the inside of) the top edge.
        case top
        /// Below (or along the inside of) the bottom edge.
        case bottom
        /// Left of (or along the inside of) the left edge.
        case left
        /// Right of (or along the inside of) the right edge.
        case right
    }

    /// The label's text.
    public var text: String
    /// The edge it labels.
    public var edge: Edge
    /// Whether it sits in the margin, outside the frame.
    public var isOutside: Bool
    /// Its extent, in canvas points.
    public var rect: CanvasRect
}

/// Places grid labels edge by edge, keeping each clear of those already placed and of the
/// rectangles to avoid.
struct GridLabelPlacer {
    let frame: MapFrame
    let avoiding: [CanvasRect]
    let style: MarginaliaStyle
    let measurer: any TextMeasurer
    /// Space between a label and the neatline, in canvas points.
    static let gap = 3.0
    /// Space kept between two labels, in canvas points.
    static let spacing = 4.0

    private(set) var labels: [GridLabel] = []
    private(set) var commands: [DrawCommand] = []
    /// Short ticks from the neatline out to each label in the margin, tying it to its line.
    private(set) var ticks = Path()

    init(frame: MapFrame, avoiding: [CanvasRect], style: MarginaliaStyle, measurer: any TextMeasurer) {
        self.frame = frame
        self.avoiding = avoiding
        self.style = style
        self.measurer = measurer
    }

    var font: Font { Font(family: style.fontFamily, size: style.labelSize) }

    /// Places the labels of one edge; `items` are each line's position along the edge (x for
    /// top and bottom, y for left and right) with its text.
    mutating func place(_ items: [(position: Double, text: String)], on edge: GridLabel.Edge) {
        let font = self.font
        let measured = items.map {
            (position: $0.position, text: $0.text, metrics: measurer.measure($0.text, font: font))
        }
        let rect = frame.rect, outer = frame.outerRect, gap = Self.gap
        let needed: Double, room: Double
        switch edge {
        case .top, .bottom:
            needed = (measured.map(\.metrics.height).max() ?? 0) + gap
            room = edge == .top ? frame.margins.top : frame.margins.bottom
        case .left, .right:
            needed = (measured.map(\.metrics.width).max() ?? 0) + gap
            room = edge == .left ? frame.margins.left : frame.margins.right
        }
        // Outside only with a gap to the paper's edge too, so no glyph is cut by it.
        let outside = room >= needed + gap
        // Outside: the label's band is the margin beside the edge, running along the whole
        // outer rectangle; inside: the frame, less a gap.
        let band = outside ? outer : rect.insetBy(gap)
        for item in measured {
            let width = item.metrics.width, height = item.metrics.height
            let x: Double, y: Double
            switch edge {
            case .top:
                x = item.position - width / 2
                y = outside ? rect.minY - gap - height : rect.minY + gap
            case .bottom:
                x = item.position - width / 2
                y = outside ? rect.maxY + gap : rect.maxY - gap - height
            case .left:
                x = outside ? rect.minX - gap - width : rect.minX + gap
                y = item.position - height / 2
            case .right:
                x = outside ? rect.maxX + gap : rect.maxX - gap - width
                y = item.position - height / 2
            }
            let labelRect = CanvasRect(x: x, y: y, width: width, height: height)
            guard band.contains(labelRect) else { continue }
            let padded = labelRect.insetBy(-Self.spacing / 2)
            guard !labels.contains(where: { $0.rect.insetBy(-Self.spacing / 2).intersects(padded) }),
                !avoiding.contains(where: { $0.intersects(labelRect) })
            else { continue }
            labels.append(GridLabel(text: item.text, edge: edge, isOutside: outside, rect: labelRect))
            if outside {
                let (from, to): (CanvasPoint, CanvasPoint)
                switch edge {
                case .top:
                    (from, to) = (
                        CanvasPoint(x: item.position, y: rect.minY), CanvasPoint(x: item.position, y: rect.minY - gap)
                    )
                case .bottom:
                    (from, to) = (
                        CanvasPoint(x: item.position, y: rect.maxY), CanvasPoint(x: item.position, y: rect.maxY + gap)
                    )
                case .left:
                    (from, to) = (
                        CanvasPoint(x: rect.minX, y: item.position), CanvasPoint(x: rect.minX - gap, y: item.position)
                    )
                case .right:
                    (from, to) = (
                        CanvasPoint(x: rect.maxX, y: item.position), CanvasPoint(x: rect.maxX + gap, y: item.position)
                    )
                }
                ticks.append(Path([.move(from), .line(to)]))
            }
            commands.append(
                .text(
                    TextRun(
                        item.text, origin: CanvasPoint(x: x, y: y + item.metrics.ascent), font: font,
                        color: outside ? style.paperTextColor : style.textColor,
                        haloColor: outside ? nil : style.haloColor,
                        haloWidth: outside ? 0 : 2)))
        }
    }
}
