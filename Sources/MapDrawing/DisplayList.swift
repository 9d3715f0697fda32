public import MapFormats
public import MapGeometry

/// One element of a path outline, in canvas points.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at a point.
    case move(CanvasPoint)
    /// A straight line to a point.
    case line(CanvasPoint)
    /// A cubic Bézier curve through two control points to a point.
    case curve(CanvasPoint, CanvasPoint, CanvasPoint)
    /// A circular arc around a centre, clockwise on screen from one angle to another, in
    /// radians (0 points right, π/2 points down).
    case arc(center: CanvasPoint, radius: Double, startAngle: Double, endAngle: Double)
    /// Closes the current subpath.
    case close
}

/// An outline in canvas points, built from moves, lines, curves and arcs.
public struct Path: Hashable, Sendable {
    /// The elements in drawing order.
    public var elements: [PathElement]

    /// Creates a path from its elements.
    public init(_ elements: [PathElement] = []) { self.elements = elements }

    /// A full circle, in canvas points.
    public static func circle(center: CanvasPoint, radius: Double) -> Path {
        Path([.arc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi), .close])
    }

    /// A rectangle with rounded corners of `radius` canvas points.
    public static func roundedRect(_ rect: CanvasRect, radius: Double) -> Path {
        let r = min(radius, rect.width / 2, rect.height / 2)
        return Path([
            .move(CanvasPoint(x: rect.minX + r, y: rect.minY)),
            .line(CanvasPoint(x: rect.maxX - r, y: rect.minY)),
            .arc(center: CanvasPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0),
            .line(CanvasPoint(x: rect.maxX, y: rect.maxY - r)),
            .arc(center: CanvasPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2),
            .line(CanvasPoint(x: rect.minX + r, y: rect.maxY)),
            .arc(
                center: CanvasPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi),
            .line(CanvasPoint(x: rect.minX, y: rect.minY + r)),
            .arc(
                center: CanvasPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi
            ),
            .close,
        ])
    }

    /// A polyline or polygon ring through the points, closed when `closed` is set.
    public static func polyline(_ points: [CanvasPoint], closed: Bool = false) -> Path {
        guard let first = points.first else { return Path() }
        var elements: [PathElement] = [.move(first)]
        elements.reserveCapacity(points.count + 1)
        for point in points.dropFirst() { elements.append(.line(point)) }
        if closed { elements.append(.close) }
        return Path(elements)
    }

    /// Appends another path's elements.
    public mutating func append(_ other: Path) { elements.append(contentsOf: other.elements) }

    /// A rectangle holding every point and control point (arcs by their whole circle), or
    /// `nil` for an empty path. Never smaller than the drawn shape.
    public var boundingRect: CanvasRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: CanvasPoint, _ r: Double = 0) {
            minX = min(minX, p.x - r)
            maxX = max(maxX, p.x + r)
            minY = min(minY, p.y - r)
            maxY = max(maxY, p.y + r)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .curve(let a, let b, let c):
                add(a)
                add(b)
                add(c)
            case .arc(let center, let radius, _, _): add(center, radius)
            case .close: break
            }
        }
        guard minX <= maxX else { return nil }
        return CanvasRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// How a path's outline is stroked.
public struct StrokeStyle: Hashable, Sendable {
    /// The stroke colour.
    public var color: Color
    /// The line width, in canvas points.
    public var lineWidth: Double
    /// Dash lengths alternating on and off, in canvas points; empty for a solid line.
    public var dashPattern: [Double]
    /// How open ends are drawn.
    public var lineCap: LineCap
    /// How corners are drawn.
    public var lineJoin: LineJoin

    /// Creates a stroke style.
    public init(
        color: Color, lineWidth: Double, dashPattern: [Double] = [], lineCap: LineCap = .round,
        lineJoin: LineJoin = .round
    ) {
        self.color = color
        self.lineWidth = lineWidth
        self.dashPattern = dashPattern
        self.lineCap = lineCap
        self.lineJoin = lineJoin
    }
}

/// How open ends of a stroke are drawn.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// Square end at the endpoint.
    case butt
    /// Half-disc beyond the endpoint.
    case round
    /// Half-square beyond the endpoint.
    case square
}

/// How corners of a stroke are drawn.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// Sharp corner.
    case miter
    /// Rounded corner.
    case round
    /// Cut-off corner.
    case bevel
}

/// A font request: family, size in canvas points, weight and slant.
public struct Font: Hashable, Sendable {
    /// A family name or a comma-separated list, as fontconfig understands it.
    public var family: String
    /// The size, in canvas points.
    public var size: Double
    /// Whether to use the bold weight.
    public var isBold: Bool
    /// Whether to use the italic (or oblique) style.
    public var isItalic: Bool

    /// Creates a font request.
    public init(family: String = "DejaVu Sans", size: Double, isBold: Bool = false, isItalic: Bool = false) {
        self.family = family
        self.size = size
        self.isBold = isBold
        self.isItalic = isItalic
    }
}

/// A line of text to draw: its string, where its baseline starts, and how it looks.
public struct TextRun: Hashable, Sendable {
    /// The text, one line; shaped by the backend (right-to-left scripts included).
    public var string: String
    /// The left end of the text's baseline, in canvas points.
    public var origin: CanvasPoint
    /// The font.
    public var font: Font
    /// The fill colour of the glyphs.
    public var color: Color
    /// A halo drawn around the glyphs first, for legibility over busy maps, or `nil`.
    public var haloColor: Color?
    /// The halo's width, in canvas points.
    public var haloWidth: Double

    /// Creates a text run.
    public init(
        _ string: String, origin: CanvasPoint, font: Font, color: Color, haloColor: Color? = nil, haloWidth: Double = 0
    ) {
        self.string = string
        self.origin = origin
        self.font = font
        self.color = color
        self.haloColor = haloColor
        self.haloWidth = haloWidth
    }
}

/// One grapheme cluster of a `PathTextRun`, placed on its own.
public struct PlacedGlyph: Hashable, Sendable {
    /// The cluster's characters (one letter, or a letter with its combining marks).
    public var text: String
    /// The left end of the cluster's baseline, in canvas points.
    public var origin: CanvasPoint
    /// The baseline's direction, in radians clockwise on screen from pointing right.
    public var angle: Double

    /// Creates a placed cluster.
    public init(_ text: String, origin: CanvasPoint, angle: Double) {
        self.text = text
        self.origin = origin
        self.angle = angle
    }
}

/// Text set along a line, cluster by cluster (a street name following its street): each
/// cluster at its own baseline point and angle, computed by layout.
///
/// Backends keep it as text: SVG writes one `<text>` element with a position and rotation
/// per character, PDF one glyph run per cluster, so the whole `string` still reads as one
/// name in the file.
public struct PathTextRun: Hashable, Sendable {
    /// The whole text, in reading order; the clusters' texts joined give it back.
    public var string: String
    /// The clusters in reading order.
    public var glyphs: [PlacedGlyph]
    /// The font.
    public var font: Font
    /// The fill colour of the glyphs.
    public var color: Color
    /// A halo drawn around the glyphs first, or `nil`.
    public var haloColor: Color?
    /// The halo's width, in canvas points.
    public var haloWidth: Double

    /// Creates a run along a path.
    public init(
        _ string: String, glyphs: [PlacedGlyph], font: Font, color: Color, haloColor: Color? = nil,
        haloWidth: Double = 0
    ) {
        self.string = string
        self.glyphs = glyphs
        self.font = font
        self.color = color
        self.haloColor = haloColor
        self.haloWidth = haloWidth
    }
}

/// A rectangle of an image's pixels: x to the right and y down from its top left corner.
public struct PixelRect: Hashable, Sendable {
    /// The left edge, in pixels.
    public var x: Int
    /// The top edge, in pixels.
    public var y: Int
    /// The width, in pixels.
    public var width: Int
    /// The height, in pixels.
    public var height: Int

    /// Creates a pixel rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// An encoded raster image to place on the map: a marker icon, a callout accessory, a
/// basemap tile.
public struct EncodedImage: Hashable, Sendable {
    /// The file's bytes.
    public var data: [UInt8]
    /// How they are encoded.
    public var encoding: ImageEncoding
    /// Width, in pixels.
    public var pixelWidth: Int
    /// Height, in pixels.
    public var pixelHeight: Int

    /// Creates an image from encoded bytes and their pixel size.
    public init(data: [UInt8], encoding: ImageEncoding = .png, pixelWidth: Int, pixelHeight: Int) {
        self.data = data
        self.encoding = encoding
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}

/// One drawing operation, in canvas points, that any backend can carry out.
public enum DrawCommand: Hashable, Sendable {
    /// Fills the whole canvas with a colour.
    case clear(Color)
    /// Fills a path (non-zero winding, or even-odd when `evenOdd` is set).
    case fill(Path, Color, evenOdd: Bool)
    /// Strokes a path.
    case stroke(Path, StrokeStyle)
    /// Draws a soft shadow of a path: the shape filled with a colour and blurred by a
    /// radius, in canvas points.
    case shadow(Path, Color, blur: Double)
    /// Draws one line of text.
    case text(TextRun)
    /// Draws an image scaled into a rect.
    case image(EncodedImage, in: CanvasRect)
    /// Draws one part of an image (an icon of a sprite sheet) scaled into a rect.
    case imagePart(EncodedImage, source: PixelRect, in: CanvasRect)
    /// Draws text along a line, cluster by cluster.
    case pathText(PathTextRun)
    /// Draws raster tiles of one zoom as one picture, each scaled into its cell.
    case tiles(TileGrid)
    /// Draws a list of commands clipped and moved as one (a map in a page's frame).
    case group(DrawGroup)
}

/// The complete, ordered drawing of one map: what the backend renders and what
/// display-list tests compare as text.
public struct DisplayList: Hashable, Sendable {
    /// The canvas size, in canvas points.
    public var size: CanvasSize
    /// The commands in painting order (later ones on top).
    public var commands: [DrawCommand]
    /// The leading commands a raster backend may paint from reusable blocks, or `nil`.
    public var backdrop: ReusableBackdrop? = nil

    /// Creates a display list.
    public init(size: CanvasSize, commands: [DrawCommand] = []) {
        self.size = size
        self.commands = commands
    }

    /// Appends a command.
    public mutating func append(_ command: DrawCommand) { commands.append(command) }
}
