public import MapDrawing
public import MapGeometry

/// The drawing of pins and other markers, in canvas points relative to the point they mark.
///
/// The classic pin follows MapKit's `MKPinAnnotationView`: a round head on a thin needle
/// whose tip is the coordinate, and a soft shadow where the needle meets the ground.
public enum MarkerShape {
    /// Distance from the tip to the centre of a pin's head, in canvas points.
    static let pinHeadHeight = 24.0
    /// Radius of a pin's head, in canvas points.
    static let pinHeadRadius = 8.0
    /// Radius of the "going next" arrow marker's disc, in canvas points.
    static let arrowRadius = 12.0

    /// How far the marker's drawing reaches from the marked point on each side, in canvas
    /// points, so fitting keeps it whole.
    public static func margins(for marker: Marker) -> EdgeInsets {
        switch marker {
        case .pin:
            let side = pinHeadRadius + 1
            return EdgeInsets(top: pinHeadHeight + pinHeadRadius + 1, left: side, bottom: 3, right: side)
        case .goingNext:
            return EdgeInsets(all: arrowRadius + 3)
        case .image(let marker):
            let rect = marker.rect(at: CanvasPoint(x: 0, y: 0))
            return EdgeInsets(top: -rect.minY, left: -rect.minX, bottom: rect.maxY, right: rect.maxX)
        }
    }

    /// Where a callout's pointer should touch the marker, relative to the marked point: the
    /// top of the pin's head, or the top of the arrow's disc, in canvas points.
    public static func calloutAnchorOffset(for marker: Marker) -> Double {
        switch marker {
        case .pin: return -(pinHeadHeight + pinHeadRadius)
        case .goingNext: return -arrowRadius
        case .image(let marker): return marker.rect(at: CanvasPoint(x: 0, y: 0)).minY
        }
    }

    /// The commands that draw `marker` marking `point`.
    public static func commands(for marker: Marker, at point: CanvasPoint, style: Style) -> [DrawCommand] {
        switch marker {
        case .pin(let color): return pin(color: color ?? style.marker.defaultPinColor, at: point, style: style)
        case .goingNext: return arrow(at: point, style: style)
        case .image(let marker): return [.image(marker.image, in: marker.rect(at: point))]
        }
    }

    private static func pin(color: Color, at tip: CanvasPoint, style: Style) -> [DrawCommand] {
        let head = CanvasPoint(x: tip.x, y: tip.y - pinHeadHeight)
        let needleTop = CanvasPoint(x: tip.x, y: head.y + pinHeadRadius - 1)
        let darker = Color(red: color.red * 0.7, green: color.green * 0.7, blue: color.blue * 0.7)
        let highlight = CanvasPoint(x: head.x - 2.5, y: head.y - 2.5)
        return [
            .shadow(
                Path.ellipse(center: CanvasPoint(x: tip.x + 3, y: tip.y), radiusX: 6, radiusY: 2),
                Color.black.withAlpha(0.35), blur: 2),
            .stroke(
                Path([.move(needleTop), .line(tip)]),
                StrokeStyle(color: style.marker.needleColor, lineWidth: 2, lineCap: .round)),
            .shadow(
                Path.circle(center: CanvasPoint(x: head.x + 1, y: head.y + 1.5), radius: pinHeadRadius),
                Color.black.withAlpha(0.25), blur: 2),
            .fill(Path.circle(center: head, radius: pinHeadRadius), color, evenOdd: false),
            .stroke(Path.circle(center: head, radius: pinHeadRadius - 0.5), StrokeStyle(color: darker, lineWidth: 1)),
            .fill(Path.circle(center: highlight, radius: 2.5), Color.white.withAlpha(0.55), evenOdd: false),
        ]
    }

    /// A white disc holding a navigation arrow pointing north-east, like the iOS app's
    /// "going next" place.
    private static func arrow(at center: CanvasPoint, style: Style) -> [DrawCommand] {
        let r = arrowRadius
        func at(_ dx: Double, _ dy: Double) -> CanvasPoint { CanvasPoint(x: center.x + dx * r, y: center.y + dy * r) }
        let arrow = Path([
            .move(at(0.55, -0.55)), .line(at(-0.6, -0.05)), .line(at(-0.05, 0.05)), .line(at(0.05, 0.6)), .close,
        ])
        return [
            .shadow(
                Path.circle(center: CanvasPoint(x: center.x, y: center.y + 1.5), radius: r),
                Color.black.withAlpha(0.35), blur: 3),
            .fill(Path.circle(center: center, radius: r), Color.white, evenOdd: false),
            .fill(arrow, style.marker.goingNextColor, evenOdd: false),
        ]
    }
}

extension Path {
    /// An axis-aligned ellipse drawn with four cubic Béziers (control distance
    /// 0.5523 × radius, the usual circle approximation, error < 0.03 %).
    public static func ellipse(center: CanvasPoint, radiusX: Double, radiusY: Double) -> Path {
        let k = 0.5522847498
        let (cx, cy, rx, ry) = (center.x, center.y, radiusX, radiusY)
        func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
        return Path([
            .move(p(cx + rx, cy)),
            .curve(p(cx + rx, cy + k * ry), p(cx + k * rx, cy + ry), p(cx, cy + ry)),
            .curve(p(cx - k * rx, cy + ry), p(cx - rx, cy + k * ry), p(cx - rx, cy)),
            .curve(p(cx - rx, cy - k * ry), p(cx - k * rx, cy - ry), p(cx, cy - ry)),
            .curve(p(cx + k * rx, cy - ry), p(cx + rx, cy - k * ry), p(cx + rx, cy)),
            .close,
        ])
    }
}
