/// One named layer of a vector tile: features that share a coordinate extent and a
/// dictionary of property keys and values (MVT 2.1 §4.1).
public struct VectorTileLayer: Hashable, Sendable {
    /// The layer's name, unique within its tile: `water`, `transportation`, `building`…
    public var name: String
    /// The major version of the specification the layer follows: 1 or 2.
    public var version: Int
    /// The width and height of the tile in the features' coordinates: (0, 0) is the tile's
    /// top left corner, (extent, extent) its bottom right one. 4096 unless the layer says
    /// otherwise.
    public var extent: Int
    /// The features, in layer order, without those the decoder skipped.
    public var features: [VectorTileFeature]

    /// The extent a layer has when it does not name one (the protobuf schema's default).
    public static let defaultExtent = 4096

    /// Creates a layer.
    public init(name: String, version: Int = 2, extent: Int = defaultExtent, features: [VectorTileFeature] = []) {
        self.name = name
        self.version = version
        self.extent = extent
        self.features = features
    }
}
