import MapDrawing
public import MapGeometry

/// The content and size of one callout bubble, measured but not yet placed.
public struct CalloutContent: Hashable, Sendable {
    /// The bold first line.
    public var title: String
    /// The lighter second line, if any.
    public var subtitle: String?
    /// The size of the bubble without its pointer, in canvas points.
    public var size: CanvasSize
    /// Title metrics.
    var titleMetrics: TextMetrics
    /// Subtitle metrics, when there is a subtitle.
    var subtitleMetrics: TextMetrics?
    /// The left accessory picture, if any, drawn as a square as tall as the text.
    var image: EncodedImage?

    /// Gap between the accessory picture and the text, in canvas points.
    static let imageGap = 6.0

    /// Gap between title and subtitle, in canvas points.
    static let lineGap = 2.0

    /// Measures a callout for a place, or `nil` when the mode shows none for it.
    ///
    /// Text wider than the style's maximum is shortened with an ellipsis at a character
    /// boundary (grapheme clusters, so no accent or emoji is split).
    static func make(
        for place: Place, mode: CalloutMode, style: CalloutStyle, measurer: any TextMeasurer
    ) -> CalloutContent? {
        guard mode != .none, !place.title.isEmpty else { return nil }
        let titleFont = Font(family: style.fontFamily, size: style.titleSize, isBold: true)
        let subtitleFont = Font(family: style.fontFamily, size: style.subtitleSize)
        let maximumText = style.maximumWidth - 2 * style.padding
        let (title, titleMetrics) = fitted(place.title, font: titleFont, width: maximumText, measurer: measurer)
        var subtitle: String?, subtitleMetrics: TextMetrics?
        if mode == .all, let text = place.subtitle, !text.isEmpty {
            (subtitle, subtitleMetrics) = fitted(text, font: subtitleFont, width: maximumText, measurer: measurer)
        }
        var textHeight = titleMetrics.height
        if let subtitleMetrics { textHeight += lineGap + subtitleMetrics.height }
        let imageWidth = place.calloutImage == nil ? 0 : textHeight + imageGap
        let textWidth = max(titleMetrics.width, subtitleMetrics?.width ?? 0)
        let size = CanvasSize(
            width: (imageWidth + textWidth + 2 * style.padding).rounded(.up),
            height: (textHeight + 2 * style.padding).rounded(.up))
        return CalloutContent(
            title: title, subtitle: subtitle, size: size, titleMetrics: titleMetrics, subtitleMetrics: subtitleMetrics,
            image: place.calloutImage)
    }

    /// The longest prefix of `text` that, with an ellipsis, fits `width`; the text itself
    /// when it fits whole. Binary search over grapheme clusters: O(log n) measurements.
    static func fitted(_ text: String, font: Font, width: Double, measurer: any TextMeasurer) -> (String, TextMetrics) {
        let whole = measurer.measure(text, font: font)
        guard whole.width > width else { return (text, whole) }
        let characters = Array(text)
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = String(characters[..<middle]).trimmingWhitespace() + "…"
            if measurer.measure(candidate, font: font).width <= width { low = middle } else { high = middle - 1 }
        }
        let shortened = String(characters[..<low]).trimmingWhitespace() + "…"
        return (shortened, measurer.measure(shortened, font: font))
    }
}

/// Which side of its anchor a placed callout sits on; the pointer comes from the opposite
/// edge.
public enum CalloutSide: String, Hashable, Sendable {
    /// Above the marker, pointer at the bottom edge (MapKit's placement).
    case above
    /// Below the marked point, pointer at the top edge.
    case below
    /// Left of the marker, pointer at the right edge.
    case left
    /// Right of the marker, pointer at the left edge.
    case right
}

/// A callout with its place on the canvas.
public struct PlacedCallout: Hashable, Sendable {
    /// What it says.
    public var content: CalloutContent
    /// The bubble without the pointer, in canvas points.
    public var bubble: CanvasRect
    /// Where the pointer's tip touches.
    public var anchor: CanvasPoint
    /// Which side of the anchor the bubble is on.
    public var side: CalloutSide

    /// Length of the pointer from the bubble's edge to its tip, in canvas points.
    static let pointerLength = 8.0
    /// Width of the pointer where it meets the bubble, in canvas points.
    static let pointerWidth = 14.0

    /// The bubble and its pointer together.
    var bounds: CanvasRect {
        let minX = min(bubble.minX, anchor.x), maxX = max(bubble.maxX, anchor.x)
        let minY = min(bubble.minY, anchor.y), maxY = max(bubble.maxY, anchor.y)
        return CanvasRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The outline of bubble and pointer as one closed path, so the stroke has no seam.
    ///
    /// Walks the rounded rectangle clockwise from the top-left corner and detours to the
    /// pointer's tip in the middle of the edge facing the anchor.
    var outline: Path {
        let r = min(8, bubble.width / 2, bubble.height / 2)
        let half = PlacedCallout.pointerWidth / 2
        let b = bubble
        func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
        // Where the pointer's base sits along its edge, kept clear of the rounded corners.
        func base(_ value: Double, _ low: Double, _ high: Double) -> Double {
            min(max(value, low + r + half), high - r - half)
        }
        var elements: [PathElement] = [.move(p(b.minX + r, b.minY))]
        if side == .below {
            let x = base(anchor.x, b.minX, b.maxX)
            elements += [.line(p(x - half, b.minY)), .line(anchor), .line(p(x + half, b.minY))]
        }
        elements += [
            .line(p(b.maxX - r, b.minY)),
            .arc(center: p(b.maxX - r, b.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0),
        ]
        if side == .left {
            let y = base(anchor.y, b.minY, b.maxY)
            elements += [.line(p(b.maxX, y - half)), .line(anchor), .line(p(b.maxX, y + half))]
        }
        elements += [
            .line(p(b.maxX, b.maxY - r)),
            .arc(center: p(b.maxX - r, b.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2),
        ]
        if side == .above {
            let x = base(anchor.x, b.minX, b.maxX)
            elements += [.line(p(x + half, b.maxY)), .line(anchor), .line(p(x - half, b.maxY))]
        }
        elements += [
            .line(p(b.minX + r, b.maxY)),
            .arc(center: p(b.minX + r, b.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi),
        ]
        if side == .right {
            let y = base(anchor.y, b.minY, b.maxY)
            elements += [.line(p(b.minX, y + half)), .line(anchor), .line(p(b.minX, y - half))]
        }
        elements += [
            .line(p(b.minX, b.minY + r)),
            .arc(center: p(b.minX + r, b.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi), .close,
        ]
        return Path(elements)
    }

    /// The commands that draw the callout: shadow, bubble, outline, text.
    func commands(style: CalloutStyle) -> [DrawCommand] {
        let outline = self.outline
        var shadowOutline = outline
        shadowOutline.elements = outline.elements.map { $0.offsetBy(dx: 0, dy: 1.5) }
        var commands: [DrawCommand] = [
            .shadow(shadowOutline, Color.black.withAlpha(0.22), blur: 3),
            .fill(outline, style.fillColor, evenOdd: false),
            .stroke(outline, StrokeStyle(color: style.strokeColor, lineWidth: 1)),
        ]
        var textX = bubble.minX + style.padding
        if let image = content.image {
            // The picture keeps its aspect ratio inside a square as tall as the text.
            let side = bubble.height - 2 * style.padding
            let aspect = Double(image.pixelWidth) / Double(max(image.pixelHeight, 1))
            let (width, height) = aspect >= 1 ? (side, side / aspect) : (side * aspect, side)
            let rect = CanvasRect(
                x: textX + (side - width) / 2, y: bubble.minY + style.padding + (side - height) / 2, width: width,
                height: height)
            commands.append(.image(image, in: rect))
            textX += side + CalloutContent.imageGap
        }
        var baseline = bubble.minY + style.padding + content.titleMetrics.ascent
        commands.append(
            .text(
                TextRun(
                    content.title, origin: CanvasPoint(x: textX, y: baseline),
                    font: Font(family: style.fontFamily, size: style.titleSize, isBold: true), color: style.titleColor))
        )
        if let subtitle = content.subtitle, let metrics = content.subtitleMetrics {
            baseline += content.titleMetrics.descent + CalloutContent.lineGap + metrics.ascent
            commands.append(
                .text(
                    TextRun(
                        subtitle, origin: CanvasPoint(x: textX, y: baseline),
                        font: Font(family: style.fontFamily, size: style.subtitleSize), color: style.subtitleColor)))
        }
        return commands
    }
}

extension PathElement {
    /// The element moved by an offset, in canvas points.
    func offsetBy(dx: Double, dy: Double) -> PathElement {
        func move(_ p: CanvasPoint) -> CanvasPoint { CanvasPoint(x: p.x + dx, y: p.y + dy) }
        switch self {
        case .move(let p): return .move(move(p))
        case .line(let p): return .line(move(p))
        case .curve(let a, let b, let c): return .curve(move(a), move(b), move(c))
        case .arc(let c, let r, let a0, let a1): return .arc(center: move(c), radius: r, startAngle: a0, endAngle: a1)
        case .close: return .close
        }
    }
}
