import MapDrawing
import MapGeometry
import MapMarginalia

/// How far a drawn line may sit from `Viewport.point(for:)`, in canvas points: both compute
/// the same projection, so only floating-point noise separates them.
let positionTolerance = 1e-6

/// A frame of `width`×`height` points at (`x`, `y`) centred on a coordinate at a zoom.
func makeFrame(
    center: Coordinate, zoom: Double, width: Double = 400, height: Double = 300, x: Double = 0, y: Double = 0,
    margins: EdgeInsets = .zero, taken: [CanvasRect] = []
) -> MapFrame {
    MapFrame(
        rect: CanvasRect(x: x, y: y, width: width, height: height),
        viewport: Viewport(center: center, zoom: zoom, size: CanvasSize(width: width, height: height)),
        margins: margins, taken: taken)
}

/// The x of every vertical and the y of every horizontal segment in a stroke command.
func segments(of command: DrawCommand) -> (vertical: [Double], horizontal: [Double]) {
    guard case .stroke(let path, _) = command else { return ([], []) }
    var vertical: [Double] = [], horizontal: [Double] = []
    var start: CanvasPoint?
    for element in path.elements {
        switch element {
        case .move(let point): start = point
        case .line(let point):
            if let from = start {
                if from.x == point.x {
                    vertical.append(point.x)
                } else if from.y == point.y {
                    horizontal.append(point.y)
                }
            }
            start = point
        default: start = nil
        }
    }
    return (vertical, horizontal)
}

/// The strings of every text command.
func texts(_ commands: [DrawCommand]) -> [String] {
    commands.compactMap { if case .text(let run) = $0 { run.string } else { nil } }
}
