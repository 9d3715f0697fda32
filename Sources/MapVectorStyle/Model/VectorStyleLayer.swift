/// One layer of a style, in drawing order (style spec, "Layers").
public struct VectorStyleLayer: Hashable, Sendable {
    /// The kinds of layer.
    public enum Kind: Hashable, Sendable {
        case background, fill, line, symbol, circle, fillExtrusion, raster, hillshade, colorRelief
        /// A type this renderer does not draw (`heatmap`, …), kept by name.
        case unsupported(String)

        /// Whether `name` can be a layout or paint property of this kind of layer: the spec
        /// names each after its layer type (`line-width`, `text-size`), plus `visibility`.
        /// An unsupported kind accepts anything.
        public func hasProperty(named name: String) -> Bool {
            if name == "visibility" { return true }
            let prefixes: [String] =
                switch self {
                case .background: ["background-"]
                case .fill: ["fill-"]
                case .line: ["line-"]
                case .symbol: ["symbol-", "text-", "icon-"]
                case .circle: ["circle-"]
                case .fillExtrusion: ["fill-extrusion-"]
                case .raster: ["raster-"]
                case .hillshade: ["hillshade-"]
                case .colorRelief: ["color-relief-"]
                case .unsupported: [""]
                }
            if self == .fill, name.hasPrefix("fill-extrusion-") { return false }
            return prefixes.contains { name.hasPrefix($0) }
        }

        /// The kinds this renderer knows.
        private static let known: [Kind] = [
            .background, .fill, .line, .symbol, .circle, .fillExtrusion, .raster, .hillshade, .colorRelief,
        ]

        /// The kind a style's `type` names.
        public init(name: String) {
            self = Self.known.first { $0.name == name } ?? .unsupported(name)
        }

        /// The style's `type` for this kind: `fill-extrusion`, `line`…
        public var name: String {
            switch self {
            case .background: "background"
            case .fill: "fill"
            case .line: "line"
            case .symbol: "symbol"
            case .circle: "circle"
            case .fillExtrusion: "fill-extrusion"
            case .raster: "raster"
            case .hillshade: "hillshade"
            case .colorRelief: "color-relief"
            case .unsupported(let name): name
            }
        }
    }

    /// The layer's unique name.
    public var id: String
    /// Its type.
    public var kind: Kind
    /// The source it draws, `nil` for a background.
    public var source: String?
    /// The layer of a vector source it draws.
    public var sourceLayer: String?
    /// The zoom from which it is drawn (spec: inclusive).
    public var minZoom: Double?
    /// The zoom at and after which it is hidden (spec: exclusive).
    public var maxZoom: Double?
    /// Which features it draws; `nil` draws all.
    public var filter: StyleExpression?
    /// `visibility`: whether the layer is drawn at all.
    public var isVisible: Bool
    /// The layout properties, by name.
    public var layout: [String: StyleExpression]
    /// The paint properties, by name.
    public var paint: [String: StyleExpression]

    /// Creates a layer.
    public init(
        id: String, kind: Kind, source: String? = nil, sourceLayer: String? = nil, minZoom: Double? = nil,
        maxZoom: Double? = nil, filter: StyleExpression? = nil, isVisible: Bool = true,
        layout: [String: StyleExpression] = [:], paint: [String: StyleExpression] = [:]
    ) {
        self.id = id
        self.kind = kind
        self.source = source
        self.sourceLayer = sourceLayer
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.filter = filter
        self.isVisible = isVisible
        self.layout = layout
        self.paint = paint
    }

    /// Whether the layer is drawn at `zoom`: visible, and `minzoom <= zoom < maxzoom`.
    public func isShown(atZoom zoom: Double) -> Bool {
        isVisible && zoom >= (minZoom ?? -.infinity) && zoom < (maxZoom ?? .infinity)
    }

    /// Whether the layer draws the feature of `context`: the filter holds (an error is false).
    public func draws(_ context: StyleEvaluationContext) -> Bool {
        filter?.matches(context) ?? true
    }

    /// The expression of a paint or layout property, `nil` when the style leaves it out.
    public func property(_ name: String) -> StyleExpression? {
        paint[name] ?? layout[name]
    }
}
