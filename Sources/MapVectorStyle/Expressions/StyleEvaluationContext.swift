public import MapVectorTiles

/// What an expression is evaluated against: the zoom and one feature (style spec,
/// "Expressions: Feature data" and "Zoom").
public struct StyleEvaluationContext: Sendable {
    /// The kinds of geometry `geometry-type` and the legacy `$type` name.
    public enum GeometryType: String, Hashable, Sendable {
        case point = "Point"
        case lineString = "LineString"
        case polygon = "Polygon"
        case unknown = "Unknown"
    }

    /// The map zoom, fractional allowed.
    public var zoom: Double
    /// The feature's properties.
    public var properties: [String: VectorTileValue]
    /// The feature's geometry type, `nil` when there is no feature (a background layer).
    public var geometryType: GeometryType?
    /// The feature id.
    public var featureID: UInt64?
    /// The elevation in metres `["elevation"]` gives (a `color-relief` layer's), or `nil`.
    public var elevation: Double?
    /// The values of `let` variables in scope.
    var variables: [String: StyleValue] = [:]

    /// A context without a feature: zoom-only properties and backgrounds.
    public init(zoom: Double) {
        self.init(zoom: zoom, properties: [:], geometryType: nil, featureID: nil)
    }

    /// A context from its parts.
    public init(
        zoom: Double, properties: [String: VectorTileValue], geometryType: GeometryType?, featureID: UInt64? = nil
    ) {
        self.zoom = zoom
        self.properties = properties
        self.geometryType = geometryType
        self.featureID = featureID
    }

    /// A context for `feature` at `zoom`.
    public init(zoom: Double, feature: VectorTileFeature) {
        let type: GeometryType =
            switch feature.geometry {
            case .points: .point
            case .lineStrings: .lineString
            case .polygons: .polygon
            case .unknown: .unknown
            }
        self.init(zoom: zoom, properties: feature.properties, geometryType: type, featureID: feature.id)
    }

    /// The property `key` as a style value, `.null` when missing.
    public func property(_ key: String) -> StyleValue {
        switch properties[key] {
        case nil: .null
        case .string(let text): .string(text)
        case .bool(let value): .bool(value)
        case let value?: value.numberValue.map(StyleValue.number) ?? .null
        }
    }
}
