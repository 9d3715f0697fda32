/// A decoded Mapbox Vector Tile (https://github.com/mapbox/vector-tile-spec/tree/master/2.1):
/// its layers, in the order the tile stores them.
///
/// Decode one with `VectorTileDecoder`, or with `init(decoding:)` when the diagnostics
/// (what was skipped or repaired) do not matter.
public struct VectorTile: Hashable, Sendable {
    /// The layers, in tile order; no two have the same name (MVT 2.1 §4.1).
    public var layers: [VectorTileLayer]

    /// Creates a tile.
    public init(layers: [VectorTileLayer] = []) {
        self.layers = layers
    }

    /// The layer named `name`, if the tile has one.
    public func layer(named name: String) -> VectorTileLayer? {
        layers.first { $0.name == name }
    }
}
