public import MapGeometry

/// Commands drawn as one: clipped to an outline and moved by an offset. A page draws its map
/// this way, the map's own display list placed in the frame inside the margins.
public struct DrawGroup: Hashable, Sendable {
    /// The commands, in the group's own canvas space (its origin lands at `offset`).
    public var commands: [DrawCommand]
    /// The outline outside which nothing of the group shows, in the canvas space around the
    /// group (not moved by `offset`), or `nil` for no clip.
    public var clip: Path?
    /// Where the group's origin lands, in canvas points of the space around it.
    public var offset: CanvasPoint

    /// Creates a group.
    public init(_ commands: [DrawCommand], clip: Path? = nil, offset: CanvasPoint = CanvasPoint(x: 0, y: 0)) {
        self.commands = commands
        self.clip = clip
        self.offset = offset
    }

    /// A group holding a whole display list, drawn into a rectangle of the same size: its
    /// origin at the rectangle's corner, clipped to the rectangle.
    public init(_ list: DisplayList, in rect: CanvasRect) {
        self.init(
            list.commands,
            clip: Path.polyline(
                [
                    rect.origin, CanvasPoint(x: rect.maxX, y: rect.minY), CanvasPoint(x: rect.maxX, y: rect.maxY),
                    CanvasPoint(x: rect.minX, y: rect.maxY),
                ], closed: true),
            offset: rect.origin)
    }
}

extension Sequence<DrawCommand> {
    /// The commands with every group replaced by its commands, recursively, in painting order
    /// (offsets and clips left out): what backends scan for the images and filters to prepare.
    public var ungrouped: [DrawCommand] {
        var result: [DrawCommand] = []
        for command in self {
            if case .group(let group) = command {
                result += group.commands.ungrouped
            } else {
                result.append(command)
            }
        }
        return result
    }
}
