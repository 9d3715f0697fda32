public import MapFormats

/// Where in a GeoJSON document a place comes from, for readers that need more of a Feature
/// than a map draws (the favorites import reads its other properties).
public struct GeoJSONPlaceSource: Hashable, Sendable {
    /// The path of the Feature (the root for a bare geometry), e.g. `features[3]`.
    public var featurePath: JSONPath
    /// Where the Point or MultiPoint object starts in the file.
    public var position: JSONNode.Position
    /// The Feature's `properties` member as written (any JSON value), `nil` for a bare
    /// geometry or a Feature without one.
    public var properties: JSONNode?

    /// Creates a source.
    public init(featurePath: JSONPath, position: JSONNode.Position, properties: JSONNode?) {
        self.featurePath = featurePath
        self.position = position
        self.properties = properties
    }
}
