/// Something in a style this engine does not draw, which does not stop the style from
/// loading: an unsupported operator, layer type or function. The property it concerns
/// falls back to its spec default.
public struct VectorStyleNote: Hashable, Sendable, CustomStringConvertible {
    /// The layer, or `nil` for the style as a whole.
    public var layerID: String?
    /// The property, or `nil` for the layer as a whole.
    public var property: String?
    /// What is not supported.
    public var message: String

    /// Creates a note.
    public init(layerID: String?, property: String?, message: String) {
        self.layerID = layerID
        self.property = property
        self.message = message
    }

    /// `layer "roads" paint "line-color": the operator "format" is not supported`.
    public var description: String {
        var text = ""
        if let layerID { text += "layer \"\(layerID)\" " }
        if let property { text += "\"\(property)\" " }
        return (text.isEmpty ? "" : text.dropLast() + ": ") + message
    }
}
