public import MapVectorStyle

/// A raster slipped under a built-in look: the one way imagery (`--imagery`, for hybrid and
/// satellite maps) and relief (`--terrain`'s hillshade) join a street map. Each is a source
/// and a layer added to the look, over its background and land, water and landuse fills
/// and under its buildings, roads and labels; several go in the order given.
public struct Underlay: Hashable, Sendable {
    /// What the raster is.
    public enum Kind: String, Hashable, Sendable {
        /// Photographs from a `raster` source, drawn as they are.
        case imagery
        /// Shading from a `raster-dem` source.
        case hillshade
    }

    public var kind: Kind
    /// The source added to the style, under the name `layer` draws from.
    public var source: VectorStyleSource
    /// The layer drawing it.
    public var layer: VectorStyleLayer

    /// The ids the built-in looks' layers drawn over an underlay start with.
    static let above = ["building", "tunnel", "road", "bridge", "pier", "highway", "transportation", "aeroway-line"]

    /// Imagery from `spec`, anything a raster `--basemap` takes (an MBTiles or PMTiles
    /// archive, a tile folder, a `{z}/{x}/{y}` template, a preset name) or a TileJSON URL.
    public static func imagery(_ spec: String) -> Underlay {
        let name = "imagery"
        // Archives and folders say their own tile size; templates are 256-pixel tiles.
        let source = VectorStyleSource(name: name, kind: .raster, url: spec, tileSize: 256)
        return Underlay(kind: .imagery, source: source, layer: VectorStyleLayer(id: name, kind: .raster, source: name))
    }

    /// The style with this underlay's source and layer, the layer before the first of
    /// `style`'s that is drawn over the ground (a building, tunnel, road or label layer),
    /// else last.
    public func inserted(into style: VectorStyle) -> VectorStyle {
        var style = style
        style.sources[source.name] = source
        let index =
            style.layers.firstIndex { layer in
                layer.kind == .symbol || layer.kind == .fillExtrusion || Self.above.contains { layer.id.hasPrefix($0) }
            } ?? style.layers.count
        style.layers.insert(layer, at: index)
        return style
    }
}
