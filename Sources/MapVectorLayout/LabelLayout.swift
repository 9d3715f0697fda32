import MapDrawing
import MapGeometry
import MapRenderCore
import MapVectorStyle

/// The labels and icons of a style's symbol layers as candidates for placement: the top
/// layer's first (MapLibre places symbols from the top of the style down), within a layer
/// by `symbol-sort-key`, then streets by length, longest first.
struct LabelLayout {
    let viewport: Viewport
    let measurer: any TextMeasurer
    let sprite: SpriteSheet?
    let styleZoom: Double
    private var layers: [[LabelCandidate]] = []
    private var missingIcons: [String] = []
    private var measurements = TextMeasurements()
    /// The font families labels asked for, in first-use order, to report substitutes once.
    private var families: [String] = []

    init(viewport: Viewport, measurer: any TextMeasurer, sprite: SpriteSheet?, styleZoom: Double) {
        self.viewport = viewport
        self.measurer = measurer
        self.sprite = sprite
        self.styleZoom = styleZoom
    }

    /// What could not be drawn as asked: fonts not installed (one note per family, however
    /// many labels use it), icons missing from the sprite.
    var diagnostics: [Diagnostic] {
        var notes: [Diagnostic] = []
        var said: Set<[String]> = []
        for stack in families {
            guard let used = measurer.substituteFamily(for: stack) else { continue }
            // Named by the stack's first family, the one the style wants.
            let family = stack.split(separator: ",").first.map(String.init) ?? stack
            guard said.insert([family, used]).inserted else { continue }
            notes.append(
                Diagnostic(
                    .info,
                    "the style's font '\(family)' is not installed: labels are drawn in '\(used)', fontconfig's substitute"
                ))
        }
        return notes + iconDiagnostics
    }

    private var iconDiagnostics: [Diagnostic] {
        guard !missingIcons.isEmpty else { return [] }
        let names = missingIcons.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        let more = missingIcons.count > 5 ? " and \(missingIcons.count - 5) more" : ""
        let reason = sprite == nil ? "the style has no sprite" : "the sprite has no such icons"
        return [Diagnostic(.info, "style icons \(names)\(more) not drawn: \(reason)")]
    }

    /// The candidates in placement order.
    func candidates() -> [LabelCandidate] { layers.reversed().flatMap { $0 } }

    /// Adds the candidates of one symbol layer, `index` being its position in the style.
    mutating func add(_ layer: VectorStyleLayer, index: Int, tiles: [VectorMapLayout.PlacedTile]) {
        let placement = layer.string("symbol-placement", in: StyleEvaluationContext(zoom: styleZoom)) ?? "point"
        if placement == "line" || placement == "line-center" {
            layers.append(lineLabels(layer, index: index, tiles: tiles, centered: placement == "line-center"))
        } else {
            layers.append(pointLabels(layer, index: index, tiles: tiles))
        }
    }

    /// The look of a label's text.
    struct TextLook: Hashable {
        var font: Font
        var color: Color
        var haloColor: Color?
        var haloWidth: Double
        /// Extra space after each cluster, in canvas points.
        var letterSpacing: Double

        init(_ layer: VectorStyleLayer, _ context: StyleEvaluationContext) {
            let size = layer.textSize(in: context)
            font = FontStack.font(layer.textFont(in: context), size: size)
            let opacity = min(max(layer.number("text-opacity", in: context, default: 1), 0), 1)
            let text = layer.textColor(in: context)
            color = text.withAlpha(text.alpha * opacity)
            let halo = layer.textHaloColor(in: context)
            haloWidth = min(layer.textHaloWidth(in: context), size / 4)
            haloColor = halo.alpha > 0 && haloWidth > 0 ? halo.withAlpha(halo.alpha * opacity) : nil
            if haloColor == nil { haloWidth = 0 }
            letterSpacing = layer.textLetterSpacing(in: context) * size
        }
    }

    private mutating func noteFamily(of font: Font) {
        if !families.contains(font.family) { families.append(font.family) }
    }

    // MARK: Point labels

    private mutating func pointLabels(
        _ layer: VectorStyleLayer, index: Int, tiles: [VectorMapLayout.PlacedTile]
    ) -> [LabelCandidate] {
        var keyed: [(key: Double, candidate: LabelCandidate)] = []
        layer.forEachFeature(in: tiles, zoom: styleZoom, viewport: viewport) { feature in
            let context = feature.context
            let text = layer.textField(in: context).map { $0.trimmedForLabel }
            let iconName = layer.iconImage(in: context)
            var icon: SpriteSheet.Icon?
            if let iconName {
                icon = sprite?.icons[iconName]
                if icon == nil, !missingIcons.contains(iconName) { missingIcons.append(iconName) }
            }
            guard text?.isEmpty == false || icon != nil else { return }
            let key = layer.number("symbol-sort-key", in: context, default: 0)
            for anchor in Self.anchors(of: feature) {
                guard
                    let candidate = pointLabel(
                        layer, context: context, text: text ?? "", icon: icon, at: anchor, index: index)
                else { continue }
                keyed.append((key, candidate))
            }
        }
        // A stable sort: equal keys keep feature order.
        return keyed.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
            .map(\.element.candidate)
    }

    /// Where point labels of a feature go: its points; an area's centre; a line's middle.
    private static func anchors(of feature: PlacedFeature) -> [CanvasPoint] {
        switch feature.feature.geometry {
        case .points: return feature.points
        case .polygons:
            return feature.polygons.filter(\.owned).compactMap { AreaCenter.point(in: $0.rings) }
        case .lineStrings:
            guard let longest = feature.lines.map(MeasuredLine.init).max(by: { $0.length < $1.length }) else {
                return []
            }
            return [longest.point(at: longest.length / 2).point]
        case .unknown: return []
        }
    }

    private mutating func pointLabel(
        _ layer: VectorStyleLayer, context: StyleEvaluationContext, text: String, icon: SpriteSheet.Icon?,
        at anchor: CanvasPoint, index: Int
    ) -> LabelCandidate? {
        // A label must lie wholly on the canvas, and it holds its anchor (moved by its
        // offset): one anchored off the canvas is never placed, so it is not measured.
        let canvas = CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
        let size = layer.textSize(in: context)
        let textOffset = TextAnchorOffsets.forms(of: layer, in: context)[0].offset
        let textAnchor = CanvasPoint(x: anchor.x + textOffset.x * size, y: anchor.y + textOffset.y * size)
        guard canvas.contains(CanvasRect(x: textAnchor.x, y: textAnchor.y, width: 0, height: 0)) || icon != nil
        else { return nil }
        var iconPart: (box: CanvasRect, command: DrawCommand)?
        if let icon, let sprite {
            let scale = layer.number("icon-size", in: context, default: 1)
            let offset = layer.numbers("icon-offset", in: context) ?? [0, 0]
            let (width, height) = (icon.size.width * scale, icon.size.height * scale)
            let rect = CanvasRect(
                x: anchor.x + (offset.first ?? 0) * scale - width / 2,
                y: anchor.y + (offset.last ?? 0) * scale - height / 2, width: width, height: height)
            let padding = layer.number("icon-padding", in: context, default: 2)
            iconPart = (rect.insetBy(-padding), .imagePart(sprite.image, source: icon.rect, in: rect))
        }
        // One text form per anchor to try: `text-variable-anchor` in order (the first that
        // places wins, as in MapLibre), else `text-anchor` alone.
        var textParts: [(box: CanvasRect, commands: [DrawCommand])] = []
        if !text.isEmpty {
            let look = TextLook(layer, context)
            noteFamily(of: look.font)
            let block = TextBlock(
                text, look: look, maxWidth: layer.textMaxWidth(in: context) * look.font.size,
                lineHeight: layer.number("text-line-height", in: context, default: 1.2) * look.font.size,
                measurements: &measurements, measurer: measurer)
            let justify = layer.string("text-justify", in: context) ?? "center"
            let padding = layer.number("text-padding", in: context, default: 2)
            for (anchorSide, offset) in TextAnchorOffsets.forms(of: layer, in: context) {
                let origin = CanvasPoint(x: anchor.x + offset.x * size, y: anchor.y + offset.y * size)
                // `auto` justification follows the anchor actually used (style spec,
                // text-justify: "auto").
                let placed = block.placed(at: origin, anchor: anchorSide, justify: justify)
                textParts.append((placed.bounds.insetBy(-padding), placed.commands))
            }
        }
        let textOverlaps = layer.boolean("text-allow-overlap", in: context)
        let iconOverlaps = layer.boolean("icon-allow-overlap", in: context)
        let ignores =
            layer.boolean("text-ignore-placement", in: context) && layer.boolean("icon-ignore-placement", in: context)
        func candidate(
            text textPart: (box: CanvasRect, commands: [DrawCommand])?, icon: Bool,
            alternatives: [LabelCandidate] = []
        ) -> LabelCandidate? {
            let parts =
                (icon ? iconPart.map { [($0.box, [$0.command])] } ?? [] : [])
                + (textPart.map { [($0.box, $0.commands)] } ?? [])
            guard !parts.isEmpty else { return nil }
            // The icon under its text.
            return LabelCandidate(
                boxes: parts.map(\.0), commands: parts.flatMap(\.1), paintOrder: index,
                allowsOverlap: (textPart == nil || textOverlaps) && (!icon || iconPart == nil || iconOverlaps),
                ignoresPlacement: ignores, alternatives: alternatives)
        }
        guard let firstText = textParts.first else { return candidate(text: nil, icon: true) }
        // The other anchors, then the smaller forms that optional parts allow (style spec:
        // text-optional, icon-optional).
        var alternatives = textParts.dropFirst().compactMap { candidate(text: $0, icon: true) }
        if iconPart != nil {
            if layer.boolean("text-optional", in: context), let iconOnly = candidate(text: nil, icon: true) {
                alternatives.append(iconOnly)
            }
            if layer.boolean("icon-optional", in: context) {
                alternatives += textParts.compactMap { candidate(text: $0, icon: false) }
            }
        }
        return candidate(text: firstText, icon: true, alternatives: alternatives)
    }

    // MARK: Line labels

    private struct LineLabelKey: Hashable {
        var text: String
        var look: TextLook
        var spacing: Double
        var maxAngle: Double
        var allowsOverlap: Bool
    }

    private mutating func lineLabels(
        _ layer: VectorStyleLayer, index: Int, tiles: [VectorMapLayout.PlacedTile], centered: Bool
    ) -> [LabelCandidate] {
        var pieces: [LineLabelKey: [[CanvasPoint]]] = [:]
        var keys: [LineLabelKey] = []
        layer.forEachFeature(in: tiles, zoom: styleZoom, viewport: viewport) { feature in
            let context = feature.context
            guard let text = layer.textField(in: context)?.trimmedForLabel,
                !text.isEmpty
            else { return }
            let key = LineLabelKey(
                text: text, look: TextLook(layer, context),
                spacing: max(layer.number("symbol-spacing", in: context, default: 250), 1),
                maxAngle: layer.number("text-max-angle", in: context, default: 45) * .pi / 180,
                allowsOverlap: layer.boolean("text-allow-overlap", in: context))
            if pieces[key] == nil {
                keys.append(key)
                noteFamily(of: key.look.font)
            }
            pieces[key, default: []] += feature.lines
        }
        var labelled: [(length: Double, order: Int, candidate: LabelCandidate)] = []
        let canvas = CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
        for key in keys {
            // Streets off the canvas are never labelled on it: left out before measuring.
            let lines = LineMerging.merge(pieces[key]!).filter { line in
                Path.polyline(line).boundingRect.map { $0.intersects(canvas) } ?? false
            }
            guard !lines.isEmpty else { continue }
            let metrics = measurements.metrics(key.text, font: key.look.font, measurer: measurer)
            // Joined and reordering scripts go whole, as Pango shapes them (see
            // `needsWholeRunShaping`).
            let advances =
                key.text.needsWholeRunShaping
                ? [(cluster: key.text, advance: metrics.width)]
                : measurements.clusterAdvances(key.text, font: key.look.font, measurer: measurer)
            var anchorsOfText: [CanvasPoint] = []
            for line in lines.map(MeasuredLine.init) {
                let glyphs = LineLabelGlyphs(
                    advances: advances, letterSpacing: key.look.letterSpacing, metrics: metrics,
                    maxAngle: key.maxAngle)
                for distance in Self.anchorDistances(
                    length: line.length, width: glyphs.width, spacing: key.spacing, centered: centered)
                {
                    let center = line.point(at: distance).point
                    // One label of a name within a spacing of another.
                    if anchorsOfText.contains(where: { $0.distance(to: center) < key.spacing / 2 }) { continue }
                    guard let placed = glyphs.placed(along: line, centeredAt: distance) else { continue }
                    anchorsOfText.append(center)
                    let run = PathTextRun(
                        key.text, glyphs: placed.glyphs, font: key.look.font, color: key.look.color,
                        haloColor: key.look.haloColor, haloWidth: key.look.haloWidth)
                    let candidate = LabelCandidate(
                        boxes: placed.boxes, commands: [.pathText(run)], paintOrder: index,
                        allowsOverlap: key.allowsOverlap)
                    labelled.append((line.length, labelled.count, candidate))
                }
            }
        }
        return labelled.sorted { ($0.length, -$0.order) > ($1.length, -$1.order) }.map(\.candidate)
    }

    /// Where along a line of `length` labels of `width` are centred: its middle for
    /// `line-center`, else one per `spacing`, evenly; none where the label does not fit.
    static func anchorDistances(length: Double, width: Double, spacing: Double, centered: Bool) -> [Double] {
        guard width > 0, length >= width else { return [] }
        if centered { return [length / 2] }
        let count = max(1, Int(length / spacing))
        return (0..<count).map { length * (Double($0) + 0.5) / Double(count) }
    }
}

extension VectorStyleLayer {
    /// A boolean property, false when absent.
    func boolean(_ name: String, in context: StyleEvaluationContext) -> Bool {
        value(of: name, in: context)?.bool ?? false
    }
}

extension CanvasPoint {
    /// The straight distance to another point, in canvas points.
    func distance(to other: CanvasPoint) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }
}
