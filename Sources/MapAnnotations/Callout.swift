package import MapDrawing
import MapFormats
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
    package var titleMetrics: TextMetrics
    /// Subtitle metrics, when there is a subtitle.
    package var subtitleMetrics: TextMetrics?
    /// The left accessory picture, if any, drawn as a square as tall as the text.
    package var image: EncodedImage?

    /// Gap between the accessory picture and the text, in canvas points.
    package static let imageGap = 6.0

    /// Gap between title and subtitle, in canvas points.
    package static let lineGap = 2.0

    /// Measures a callout: the title, and the subtitle when given, each shortened with an
    /// ellipsis at a character boundary (grapheme clusters, so no accent or emoji is split)
    /// to the bubble's widest text, beside an optional picture.
    package static func make(
        title: String, subtitle: String?, image: EncodedImage?, look: CalloutLook, measurer: any TextMeasurer
    ) -> CalloutContent {
        let maximumText = look.maximumWidth - 2 * look.padding
        let (title, titleMetrics) = fitted(title, font: look.titleFont, width: maximumText, measurer: measurer)
        var shortSubtitle: String?, subtitleMetrics: TextMetrics?
        if let text = subtitle, !text.isEmpty {
            (shortSubtitle, subtitleMetrics) = fitted(
                text, font: look.subtitleFont, width: maximumText, measurer: measurer)
        }
        var textHeight = titleMetrics.height
        if let subtitleMetrics { textHeight += lineGap + subtitleMetrics.height }
        let imageWidth = image == nil ? 0 : textHeight + imageGap
        let textWidth = max(titleMetrics.width, subtitleMetrics?.width ?? 0)
        let size = CanvasSize(
            width: (imageWidth + textWidth + 2 * look.padding).rounded(.up),
            height: (textHeight + 2 * look.padding).rounded(.up))
        return CalloutContent(
            title: title, subtitle: shortSubtitle, size: size, titleMetrics: titleMetrics,
            subtitleMetrics: subtitleMetrics, image: image)
    }

    /// The longest prefix of `text` that, with an ellipsis, fits `width`; the text itself
    /// when it fits whole. Binary search over grapheme clusters: O(log n) measurements.
    package static func fitted(
        _ text: String, font: Font, width: Double, measurer: any TextMeasurer
    ) -> (String, TextMetrics) {
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

/// The measures of a callout's text: fonts, padding and the widest a bubble grows.
package struct CalloutLook: Sendable {
    package var titleFont: Font
    package var subtitleFont: Font
    package var padding: Double
    package var maximumWidth: Double

    package init(titleFont: Font, subtitleFont: Font, padding: Double, maximumWidth: Double) {
        self.titleFont = titleFont
        self.subtitleFont = subtitleFont
        self.padding = padding
        self.maximumWidth = maximumWidth
    }
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
    package static let pointerLength = 8.0
    /// Width of the pointer where it meets the bubble, in canvas points.
    package static let pointerWidth = 14.0

    /// The bubble and its pointer together.
    package var bounds: CanvasRect {
        let minX = min(bubble.minX, anchor.x), maxX = max(bubble.maxX, anchor.x)
        let minY = min(bubble.minY, anchor.y), maxY = max(bubble.maxY, anchor.y)
        return CanvasRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The outline of bubble and pointer as one closed path, so the stroke has no seam.
    ///
    /// Walks the rounded rectangle clockwise from the top-left corner and detours to the
    /// pointer's tip in the middle of the edge facing the anchor.
    package var outline: Path {
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
}

extension PathElement {
    /// The element moved by an offset, in canvas points.
    package func offsetBy(dx: Double, dy: Double) -> PathElement {
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
