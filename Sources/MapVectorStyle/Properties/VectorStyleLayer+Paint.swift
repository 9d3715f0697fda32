public import MapDrawing

/// The properties the renderer draws, evaluated for a zoom and a feature, each with its
/// default from the style spec ("Layers"). Opacities are clamped to [0, 1] and widths to 0
/// or more, as the spec's ranges require.
extension VectorStyleLayer {
    private static let black = Color(red: 0, green: 0, blue: 0)
    private static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    private func unit(_ name: String, _ context: StyleEvaluationContext) -> Double {
        min(max(number(name, in: context, default: 1), 0), 1)
    }

    private func length(_ name: String, _ context: StyleEvaluationContext, default fallback: Double) -> Double {
        max(number(name, in: context, default: fallback), 0)
    }

    // MARK: background ("Layers: background")

    /// `background-color`, default black.
    public func backgroundColor(in context: StyleEvaluationContext) -> Color {
        color("background-color", in: context, default: Self.black)
    }

    /// `background-opacity`, default 1.
    public func backgroundOpacity(in context: StyleEvaluationContext) -> Double { unit("background-opacity", context) }

    // MARK: fill ("Layers: fill")

    /// `fill-color`, default black.
    public func fillColor(in context: StyleEvaluationContext) -> Color {
        color("fill-color", in: context, default: Self.black)
    }

    /// `fill-opacity`, default 1.
    public func fillOpacity(in context: StyleEvaluationContext) -> Double { unit("fill-opacity", context) }

    /// `fill-outline-color`; by the spec, the fill colour when left out.
    public func fillOutlineColor(in context: StyleEvaluationContext) -> Color {
        optionalColor("fill-outline-color", in: context) ?? fillColor(in: context)
    }

    // MARK: line ("Layers: line")

    /// `line-color`, default black.
    public func lineColor(in context: StyleEvaluationContext) -> Color {
        color("line-color", in: context, default: Self.black)
    }

    /// `line-width` in pixels, default 1.
    public func lineWidth(in context: StyleEvaluationContext) -> Double { length("line-width", context, default: 1) }

    /// `line-opacity`, default 1.
    public func lineOpacity(in context: StyleEvaluationContext) -> Double { unit("line-opacity", context) }

    /// `line-dasharray` in line widths, `nil` for a solid line.
    public func lineDashArray(in context: StyleEvaluationContext) -> [Double]? {
        numbers("line-dasharray", in: context)
    }

    /// `line-cap`, default butt.
    public func lineCap(in context: StyleEvaluationContext) -> StyleLineCap {
        enumeration("line-cap", in: context, default: .butt)
    }

    /// `line-join`, default miter.
    public func lineJoin(in context: StyleEvaluationContext) -> StyleLineJoin {
        enumeration("line-join", in: context, default: .miter)
    }

    /// `line-gap-width`: the gap of a casing drawn as two lines, default 0.
    public func lineGapWidth(in context: StyleEvaluationContext) -> Double {
        length("line-gap-width", context, default: 0)
    }

    /// `line-offset` in pixels, right of the line's direction, default 0.
    public func lineOffset(in context: StyleEvaluationContext) -> Double {
        number("line-offset", in: context, default: 0)
    }

    // MARK: circle ("Layers: circle")

    /// `circle-radius` in pixels, default 5.
    public func circleRadius(in context: StyleEvaluationContext) -> Double {
        length("circle-radius", context, default: 5)
    }

    /// `circle-color`, default black.
    public func circleColor(in context: StyleEvaluationContext) -> Color {
        color("circle-color", in: context, default: Self.black)
    }

    /// `circle-opacity`, default 1.
    public func circleOpacity(in context: StyleEvaluationContext) -> Double { unit("circle-opacity", context) }

    /// `circle-stroke-width` in pixels, default 0.
    public func circleStrokeWidth(in context: StyleEvaluationContext) -> Double {
        length("circle-stroke-width", context, default: 0)
    }

    /// `circle-stroke-color`, default black.
    public func circleStrokeColor(in context: StyleEvaluationContext) -> Color {
        color("circle-stroke-color", in: context, default: Self.black)
    }

    // MARK: symbol ("Layers: symbol")

    /// `text-field` with `text-transform` applied; `nil` when empty or left out.
    public func textField(in context: StyleEvaluationContext) -> String? {
        guard let text = string("text-field", in: context), !text.isEmpty else { return nil }
        return textTransform(in: context).apply(to: text)
    }

    /// `text-font`: the font stack, default Open Sans Regular, Arial Unicode MS Regular.
    public func textFont(in context: StyleEvaluationContext) -> [String] {
        strings("text-font", in: context) ?? ["Open Sans Regular", "Arial Unicode MS Regular"]
    }

    /// `text-size` in pixels, default 16.
    public func textSize(in context: StyleEvaluationContext) -> Double { length("text-size", context, default: 16) }

    /// `text-max-width` in ems, default 10.
    public func textMaxWidth(in context: StyleEvaluationContext) -> Double {
        length("text-max-width", context, default: 10)
    }

    /// `text-anchor`, default center.
    public func textAnchor(in context: StyleEvaluationContext) -> StyleTextAnchor {
        enumeration("text-anchor", in: context, default: .center)
    }

    /// `text-offset` in ems, default (0, 0).
    public func textOffset(in context: StyleEvaluationContext) -> (x: Double, y: Double) {
        guard let offset = numbers("text-offset", in: context), offset.count == 2 else { return (0, 0) }
        return (offset[0], offset[1])
    }

    /// `text-letter-spacing` in ems, default 0.
    public func textLetterSpacing(in context: StyleEvaluationContext) -> Double {
        number("text-letter-spacing", in: context, default: 0)
    }

    /// `text-transform`, default none.
    public func textTransform(in context: StyleEvaluationContext) -> StyleTextTransform {
        enumeration("text-transform", in: context, default: .none)
    }

    /// `text-color`, default black.
    public func textColor(in context: StyleEvaluationContext) -> Color {
        color("text-color", in: context, default: Self.black)
    }

    /// `text-halo-color`, default transparent.
    public func textHaloColor(in context: StyleEvaluationContext) -> Color {
        color("text-halo-color", in: context, default: Self.transparent)
    }

    /// `text-halo-width` in pixels, default 0.
    public func textHaloWidth(in context: StyleEvaluationContext) -> Double {
        length("text-halo-width", context, default: 0)
    }

    /// `icon-image`: the sprite name, `nil` when empty or left out.
    public func iconImage(in context: StyleEvaluationContext) -> String? {
        guard let name = string("icon-image", in: context), !name.isEmpty else { return nil }
        return name
    }
}
