import MapAnnotations
public import MapDrawing
public import MapGeometry

/// The text of a title block: a title, a subtitle and a date line, each optional.
public struct TitleBlockText: Hashable, Sendable {
    /// The title (`--title`), or `nil`.
    public var title: String?
    /// The line under it (`--subtitle`), or `nil`.
    public var subtitle: String?
    /// The date line as it is to read (`--date`, e.g. `2026-12-01`), or `nil`.
    public var date: String?

    /// Creates the text of a title block; empty strings count as absent.
    public init(title: String? = nil, subtitle: String? = nil, date: String? = nil) {
        self.title = title?.isEmpty == true ? nil : title
        self.subtitle = subtitle?.isEmpty == true ? nil : subtitle
        self.date = date?.isEmpty == true ? nil : date
    }

    /// Whether there is nothing to set.
    public var isEmpty: Bool { title == nil && subtitle == nil && date == nil }
}

/// The title, subtitle and date set as one centred block: in the top margin when the margin
/// is tall enough, else on a plate at the top of the map, as the map's title is drawn without
/// a page (same font, colours, plate and inset).
public struct TitleBlock: Hashable, Sendable {
    /// Its extent, in canvas points (the plate's when on the map).
    public var rect: CanvasRect
    /// Whether it sits in the top margin rather than on the map.
    public var isInMargin: Bool
    /// The plate (on the map only) and the lines of text.
    public var commands: [DrawCommand]

    /// Space between the block and the frame's edge, in canvas points.
    public static let inset = 8.0
    /// Space between lines, in canvas points.
    static let lineGap = 2.0
    /// The plate's padding on the map, in canvas points: 8 across, 4 down, as the title's.
    static let padding = (horizontal: 8.0, vertical: 4.0)

    /// Lays out the block for `frame`, or `nil` when `text` is empty.
    ///
    /// - Parameter reserving: room to leave between the block and the frame in the margin
    ///   (the grid's top labels), in canvas points; left out when the margin has room for the
    ///   block alone.
    public static func layOut(
        _ text: TitleBlockText, in frame: MapFrame, reserving: Double = 0, style: MarginaliaStyle,
        measurer: any TextMeasurer
    ) -> TitleBlock? {
        let fonts: [(String?, Font)] = [
            (text.title, Font(family: style.fontFamily, size: style.titleSize, isBold: true)),
            (text.subtitle, Font(family: style.fontFamily, size: style.subtitleSize)),
            (text.date, Font(family: style.fontFamily, size: style.dateSize)),
        ]
        let lines = fonts.compactMap { line, font in line.map { ($0, font) } }
        guard !lines.isEmpty else { return nil }
        let natural = lines.map { measurer.measure($0.0, font: $0.1) }
        let height = natural.map(\.height).reduce(0, +) + lineGap * Double(lines.count - 1)
        let inMargin = frame.margins.top >= height + 2 * inset
        let reserve = frame.margins.top >= height + 2 * inset + reserving ? reserving : 0
        // In the margin the block may use the page's width over the frame; on the map, the
        // frame's width less the insets and the plate's padding.
        let maximumWidth =
            inMargin
            ? frame.outerRect.width - 2 * inset : frame.rect.width - 2 * inset - 2 * padding.horizontal
        let fitted = lines.map {
            CalloutContent.fitted($0.0, font: $0.1, width: max(maximumWidth, 1), measurer: measurer)
        }
        let width = fitted.map(\.1.width).max() ?? 0
        var centerX = frame.rect.minX + frame.rect.width / 2
        let rect: CanvasRect
        if inMargin {
            rect = CanvasRect(
                x: centerX - width / 2, y: frame.rect.minY - inset - reserve - height, width: width, height: height)
        } else {
            // On the map: centred at the top, else at the top left or right where the centre
            // is taken (a legend panel in a top corner of a narrow frame), else centred anyway.
            let plateWidth = width + 2 * padding.horizontal
            let plate = { (center: Double) in
                CanvasRect(
                    x: center - plateWidth / 2, y: frame.rect.minY + inset, width: plateWidth,
                    height: height + 2 * padding.vertical)
            }
            let candidates = [
                centerX, frame.rect.minX + inset + plateWidth / 2, frame.rect.maxX - inset - plateWidth / 2,
            ]
            centerX = candidates.first { center in !frame.taken.contains { $0.intersects(plate(center)) } } ?? centerX
            rect = plate(centerX)
        }
        var commands: [DrawCommand] = []
        if !inMargin { commands.append(.fill(Path.roundedRect(rect, radius: 4), style.plateColor, evenOdd: false)) }
        var top = inMargin ? rect.minY : rect.minY + padding.vertical
        for ((_, font), (string, metrics)) in zip(lines, fitted) {
            commands.append(
                .text(
                    TextRun(
                        string, origin: CanvasPoint(x: centerX - metrics.width / 2, y: top + metrics.ascent),
                        font: font, color: inMargin ? style.paperTextColor : style.textColor)))
            top += metrics.height + lineGap
        }
        return TitleBlock(rect: rect, isInMargin: inMargin, commands: commands)
    }
}
