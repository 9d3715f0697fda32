/// A MapLibre GL style, version 8 (https://maplibre.org/maplibre-style-spec/): its sources
/// and its layers in drawing order, with the notes of what it uses that is not supported.
///
/// ```swift
/// let style = try VectorStyle(parsing: bytes, fileName: "bright.json")
/// let context = StyleEvaluationContext(zoom: 14, feature: feature)
/// for layer in style.layers where layer.isShown(atZoom: 14) && layer.draws(context) { … }
/// ```
public struct VectorStyle: Hashable, Sendable {
    /// The style's `name`.
    public var name: String?
    /// The sources by name.
    public var sources: [String: VectorStyleSource]
    /// The sprite URL (kept; sprites are not drawn yet).
    public var sprite: String?
    /// The glyphs URL template (kept; text is drawn with system fonts).
    public var glyphs: String?
    /// The layers, bottom first.
    public var layers: [VectorStyleLayer]
    /// What the style uses that is not supported, one note per layer and property.
    public var notes: [VectorStyleNote]

    /// Creates a style from its parts.
    public init(
        name: String? = nil, sources: [String: VectorStyleSource] = [:], sprite: String? = nil, glyphs: String? = nil,
        layers: [VectorStyleLayer], notes: [VectorStyleNote] = []
    ) {
        self.name = name
        self.sources = sources
        self.sprite = sprite
        self.glyphs = glyphs
        self.layers = layers
        self.notes = notes
    }

    /// The layer named `id`.
    public func layer(withID id: String) -> VectorStyleLayer? {
        layers.first { $0.id == id }
    }
}
