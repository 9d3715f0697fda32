import MapDrawing

/// The parts of an overlay's look that its data sets, laid over the map style's look when
/// the map is laid out: what a GeoJSON feature's simplestyle properties say.
///
/// Decoders return these instead of finished `ShapeStyle`s, so the same decoded file draws
/// in whichever style the map uses, and the style is applied in one place (`MapLayout`).
public struct ShapeStyleOverride: Hashable, Sendable {
    /// The outline colour, as written (its own alpha included).
    public var strokeColor: Color?
    /// The outline's opacity, 0…1, multiplied into the colour's alpha.
    public var strokeOpacity: Double?
    /// The outline width, in canvas points.
    public var lineWidth: Double?
    /// The fill colour, as written (its own alpha included); polygons only.
    public var fillColor: Color?
    /// The fill's opacity, 0…1, multiplied into the colour's alpha; polygons only.
    public var fillOpacity: Double?
    /// Dash lengths on and off, in canvas points.
    public var dashPattern: [Double]?
    /// How open ends are drawn.
    public var lineCap: LineCap?
    /// How corners are drawn.
    public var lineJoin: LineJoin?

    /// Creates an override; every part left `nil` keeps the style's value.
    public init(
        strokeColor: Color? = nil, strokeOpacity: Double? = nil, lineWidth: Double? = nil, fillColor: Color? = nil,
        fillOpacity: Double? = nil, dashPattern: [Double]? = nil, lineCap: LineCap? = nil, lineJoin: LineJoin? = nil
    ) {
        self.strokeColor = strokeColor
        self.strokeOpacity = strokeOpacity
        self.lineWidth = lineWidth
        self.fillColor = fillColor
        self.fillOpacity = fillOpacity
        self.dashPattern = dashPattern
        self.lineCap = lineCap
        self.lineJoin = lineJoin
    }

    /// Whether the override changes nothing.
    public var isEmpty: Bool { self == ShapeStyleOverride() }

    /// `base` with the overridden parts put in; `filled` says whether the fill parts apply
    /// (polygons) or not (polylines).
    ///
    /// Opacity follows simplestyle-spec 1.1.0: `stroke-opacity` and `fill-opacity` multiply
    /// into the alpha written in the colour (1 for `#rrggbb`). A colour given without an
    /// alpha of its own and without an opacity keeps the style's opacity for it, so
    /// `"fill": "#ff0000"` stays as translucent as the style's fill instead of hiding the
    /// map; with no style colour to inherit from, simplestyle's defaults apply (stroke 1.0,
    /// fill 0.6).
    public func applied(to base: ShapeStyle, filled: Bool) -> ShapeStyle {
        var style = base
        style.strokeColor = Self.mix(strokeColor, opacity: strokeOpacity, base: base.strokeColor, defaultOpacity: 1)
        if let lineWidth { style.lineWidth = lineWidth }
        if filled {
            style.fillColor = Self.mix(fillColor, opacity: fillOpacity, base: base.fillColor, defaultOpacity: 0.6)
        }
        if let dashPattern { style.dashPattern = dashPattern }
        if let lineCap { style.lineCap = lineCap }
        if let lineJoin { style.lineJoin = lineJoin }
        return style
    }

    private static func mix(_ color: Color?, opacity: Double?, base: Color?, defaultOpacity: Double) -> Color? {
        guard let rgb = color ?? base else { return nil }
        if let opacity { return rgb.withAlpha((color?.alpha ?? 1) * opacity) }
        guard let color else { return base }
        return color.alpha < 1 ? color : color.withAlpha(base?.alpha ?? defaultOpacity)
    }
}
