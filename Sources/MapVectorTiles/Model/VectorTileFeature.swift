/// One feature of a layer: an optional id, properties and a geometry (MVT 2.1 §4.2).
public struct VectorTileFeature: Hashable, Sendable {
    /// The feature's id, when the tile gives one; ids should be unique within their layer,
    /// but the format does not enforce it.
    public var id: UInt64?
    /// The feature's properties, keyed by name, resolved from the layer's key and value
    /// dictionaries (MVT 2.1 §4.4).
    public var properties: [String: VectorTileValue]
    /// The geometry, in the layer's tile coordinates.
    public var geometry: VectorTileGeometry

    /// Creates a feature.
    public init(id: UInt64? = nil, properties: [String: VectorTileValue] = [:], geometry: VectorTileGeometry) {
        self.id = id
        self.properties = properties
        self.geometry = geometry
    }
}
