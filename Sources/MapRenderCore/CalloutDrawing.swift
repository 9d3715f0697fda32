import MapAnnotations
import MapDrawing
import MapGeometry

extension CalloutStyle {
    /// The fonts and measures callout text is sized with.
    var look: CalloutLook {
        CalloutLook(
            titleFont: Font(family: fontFamily, size: titleSize, isBold: true),
            subtitleFont: Font(family: fontFamily, size: subtitleSize), padding: padding, maximumWidth: maximumWidth)
    }
}

extension CalloutContent {
    /// Measures a callout for a place, or `nil` when the mode shows none for it.
    static func make(
        for place: Place, mode: CalloutMode, style: CalloutStyle, measurer: any TextMeasurer
    ) -> CalloutContent? {
        guard mode != .none, !place.title.isEmpty else { return nil }
        return make(
            title: place.title, subtitle: mode == .titles ? nil : place.subtitle, image: place.calloutImage,
            look: style.look, measurer: measurer)
    }
}

extension PlacedCallout {
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
