import MapVectorStyle

/// Where a point label's text goes relative to its anchor point: the anchors to try, each
/// with its offset in ems, following MapLibre's `text-variable-anchor`,
/// `text-radial-offset` and `text-offset` rules (style spec, "Layers: symbol";
/// MapLibre GL JS `style_layer/variable_text_anchor.ts`, `evaluateVariableOffset`).
enum TextAnchorOffsets {
    /// MapLibre measures a radial offset from the text's edge horizontally but from its
    /// baseline vertically, which it puts 7/24 em inside the line box (the glyph-atlas
    /// "ONE_EM - 17" of its shaping).
    static let baselineOffset = 7.0 / 24.0

    /// The anchors to try in order, with the offset of each in ems (x right, y down).
    /// Without `text-variable-anchor` there is one: `text-anchor`, offset by
    /// `text-radial-offset` when set (measured from that anchor), else by `text-offset`.
    static func forms(
        of layer: VectorStyleLayer, in context: StyleEvaluationContext
    ) -> [(anchor: StyleTextAnchor, offset: (x: Double, y: Double))] {
        let radial = layer.value(of: "text-radial-offset", in: context)?.number
        let textOffset = layer.textOffset(in: context)
        guard let names = layer.strings("text-variable-anchor", in: context), !names.isEmpty else {
            let anchor = layer.textAnchor(in: context)
            guard let radial else { return [(anchor, textOffset)] }
            return [(anchor, radialOffset(anchor, radial))]
        }
        let anchors = names.compactMap(StyleTextAnchor.init(rawValue:))
        guard !anchors.isEmpty else { return [(layer.textAnchor(in: context), textOffset)] }
        // With variable anchors a radial offset wins; else `text-offset` is read as a
        // distance from the anchor side, its signs dropped (the spec's text-offset notes).
        return anchors.map { anchor in
            (anchor, radial.map { radialOffset(anchor, $0) } ?? directedOffset(anchor, textOffset))
        }
    }

    /// A radial offset of `distance` ems away from the anchor side, diagonals at 45°.
    static func radialOffset(_ anchor: StyleTextAnchor, _ distance: Double) -> (x: Double, y: Double) {
        let radius = max(distance, 0)
        let diagonal = radius / 2.squareRoot()
        let y: Double =
            switch anchor {
            case .topLeft, .topRight: diagonal - baselineOffset
            case .bottomLeft, .bottomRight: -diagonal + baselineOffset
            case .top: radius - baselineOffset
            case .bottom: -radius + baselineOffset
            case .center, .left, .right: 0
            }
        let x: Double =
            switch anchor {
            case .topLeft, .bottomLeft: diagonal
            case .topRight, .bottomRight: -diagonal
            case .left: radius
            case .right: -radius
            case .center, .top, .bottom: 0
            }
        return (x, y)
    }

    /// `text-offset` with variable anchors: its absolute values, pointing away from the
    /// anchor side.
    static func directedOffset(_ anchor: StyleTextAnchor, _ offset: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let (dx, dy) = (abs(offset.x), abs(offset.y))
        let y: Double =
            switch anchor {
            case .topLeft, .topRight, .top: dy - baselineOffset
            case .bottomLeft, .bottomRight, .bottom: -dy + baselineOffset
            case .center, .left, .right: 0
            }
        let x: Double =
            switch anchor {
            case .topLeft, .bottomLeft, .left: dx
            case .topRight, .bottomRight, .right: -dx
            case .center, .top, .bottom: 0
            }
        return (x, y)
    }
}
