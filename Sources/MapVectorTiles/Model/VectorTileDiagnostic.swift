/// Something wrong in a tile that the decoder worked around: a layer or feature it
/// skipped, or a feature it repaired, and why.
///
/// The decoder returns these alongside the tile, for errors the vector tile conformance
/// suite (mapbox/mvt-fixtures) calls recoverable; fatal errors throw instead.
public struct VectorTileDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What the decoder did about the problem.
    public enum Consequence: Hashable, Sendable {
        /// The whole layer was left out of the tile.
        case layerSkipped
        /// The feature was left out of its layer.
        case featureSkipped
        /// The feature was kept, changed as the message says (a repeated point dropped, a
        /// missing geometry type read as `UNKNOWN`…).
        case featureRepaired
    }

    /// The layer's position among the tile's layers, from 0.
    public var layerIndex: Int
    /// The layer's name.
    public var layerName: String
    /// The feature's position among the layer's encoded features, from 0, when the
    /// problem is a feature's.
    public var featureIndex: Int?
    /// What was wrong, citing the specification section.
    public var message: String
    /// What the decoder did about it.
    public var consequence: Consequence

    /// Creates a diagnostic.
    public init(
        layerIndex: Int, layerName: String, featureIndex: Int? = nil, message: String, consequence: Consequence
    ) {
        self.layerIndex = layerIndex
        self.layerName = layerName
        self.featureIndex = featureIndex
        self.message = message
        self.consequence = consequence
    }

    /// `layer "water" feature 3: message (feature skipped)`.
    public var description: String {
        var text = "layer \"\(layerName)\""
        if let featureIndex { text += " feature \(featureIndex)" }
        let outcome =
            switch consequence {
            case .layerSkipped: "layer skipped"
            case .featureSkipped: "feature skipped"
            case .featureRepaired: "feature repaired"
            }
        return "\(text): \(message) (\(outcome))"
    }
}
