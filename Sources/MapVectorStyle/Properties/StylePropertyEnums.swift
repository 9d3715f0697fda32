/// `line-cap` (style spec, "Layers: line").
public enum StyleLineCap: String, Hashable, Sendable {
    case butt, round, square
}

/// `line-join` (style spec, "Layers: line").
public enum StyleLineJoin: String, Hashable, Sendable {
    case bevel, round, miter
}

/// `text-anchor`: which part of the label is placed at the anchor point (style spec,
/// "Layers: symbol").
public enum StyleTextAnchor: String, Hashable, Sendable {
    case center, left, right, top, bottom
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"
}

/// `text-transform` (style spec, "Layers: symbol").
public enum StyleTextTransform: String, Hashable, Sendable {
    case none, uppercase, lowercase

    /// `text` transformed.
    public func apply(to text: String) -> String {
        switch self {
        case .none: text
        case .uppercase: text.uppercased()
        case .lowercase: text.lowercased()
        }
    }
}
