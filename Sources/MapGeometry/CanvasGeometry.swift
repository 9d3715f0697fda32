/// A point on the output canvas, in canvas points (pixels at scale 1), origin top-left,
/// y growing down.
public struct CanvasPoint: Hashable, Sendable, CustomStringConvertible {
    /// Points right of the canvas's left edge.
    public var x: Double
    /// Points below the canvas's top edge.
    public var y: Double

    /// Creates a canvas point, in canvas points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// "(x, y)" with two decimals.
    public var description: String { "(\(x.decimalString(places: 2)), \(y.decimalString(places: 2)))" }
}

/// A size on the canvas, in canvas points.
public struct CanvasSize: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent, in canvas points.
    public var width: Double
    /// Vertical extent, in canvas points.
    public var height: Double

    /// Creates a canvas size, in canvas points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// "WxH".
    public var description: String { "\(width.decimalString(places: 0))x\(height.decimalString(places: 0))" }
}

/// An axis-aligned rectangle on the canvas, in canvas points.
public struct CanvasRect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: CanvasPoint
    /// The extent.
    public var size: CanvasSize

    /// Creates a rect from its top-left corner and size, in canvas points.
    public init(origin: CanvasPoint, size: CanvasSize) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect from its left and top edges and its size, in canvas points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: CanvasPoint(x: x, y: y), size: CanvasSize(width: width, height: height))
    }

    /// Left edge.
    public var minX: Double { origin.x }
    /// Top edge.
    public var minY: Double { origin.y }
    /// Right edge.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// Width.
    public var width: Double { size.width }
    /// Height.
    public var height: Double { size.height }

    /// Whether the two rects overlap with a positive area (touching edges do not count).
    public func intersects(_ other: CanvasRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether `other` lies wholly inside this rect.
    public func contains(_ other: CanvasRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The rect grown by `amount` points on every side (shrunk when negative).
    public func insetBy(_ amount: Double) -> CanvasRect {
        CanvasRect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// "[x, y, w×h]" with one decimal.
    public var description: String {
        "[\(minX.decimalString(places: 1)), \(minY.decimalString(places: 1)), "
            + "\(width.decimalString(places: 1))×\(height.decimalString(places: 1))]"
    }
}

/// Distances from the four edges of a rectangle, in canvas points, like `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// Points from the top edge.
    public var top: Double
    /// Points from the left edge.
    public var left: Double
    /// Points from the bottom edge.
    public var bottom: Double
    /// Points from the right edge.
    public var right: Double

    /// Creates insets, in canvas points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge, in canvas points.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset.
    public static let zero = EdgeInsets(all: 0)

    /// The larger of the two insets on each edge.
    public func union(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: max(top, other.top), left: max(left, other.left),
            bottom: max(bottom, other.bottom), right: max(right, other.right))
    }
}
