import MapDrawing
import MapGeometry

/// The drawing of the "you are here" dot, after MapKit's user-location view: an accuracy
/// halo in meters, a heading cone, a white ring and the blue dot.
enum UserLocationShape {
    /// Radius of the heading cone, in canvas points.
    static let coneRadius = 30.0
    /// Half the opening angle of the heading cone, in degrees.
    static let coneHalfAngle = 28.0

    /// The halo radius on the canvas, in canvas points, or `nil` when the accuracy is
    /// invalid (negative): accuracy in meters scaled at the fix's latitude, never smaller
    /// than the style's minimum so a precise fix still shows a halo.
    static func haloRadius(for user: UserLocation, in viewport: Viewport, style: UserLocationStyle) -> Double? {
        let accuracy = user.location.horizontalAccuracy
        guard accuracy >= 0, accuracy.isFinite else { return nil }
        let points =
            accuracy * MapPoint.mapPointsPerMeter(atLatitude: user.location.coordinate.latitude)
            * viewport.canvasPointsPerMapPoint
        return max(points, style.minimumHaloRadius)
    }

    /// How far the dot, ring and cone reach from the centre, in canvas points.
    static func margins(for user: UserLocation, style: UserLocationStyle) -> EdgeInsets {
        let ring = style.dotRadius + style.ringWidth + 2
        return EdgeInsets(all: max(ring, user.direction == nil ? 0 : coneRadius, style.minimumHaloRadius))
    }

    /// The commands that draw the user location.
    static func commands(for user: UserLocation, in viewport: Viewport, style: UserLocationStyle) -> [DrawCommand] {
        let center = viewport.point(for: user.location.coordinate)
        var commands: [DrawCommand] = []
        if let radius = haloRadius(for: user, in: viewport, style: style) {
            let halo = Path.circle(center: center, radius: radius)
            commands.append(.fill(halo, style.haloFillColor, evenOdd: false))
            commands.append(.stroke(halo, StrokeStyle(color: style.haloStrokeColor, lineWidth: 1)))
        }
        if let direction = user.direction {
            // Canvas angles run clockwise from +x; a compass bearing runs clockwise from north.
            let middle = (direction - 90) * .pi / 180, half = coneHalfAngle * .pi / 180
            commands.append(
                .fill(
                    Path([
                        .move(center),
                        .arc(center: center, radius: coneRadius, startAngle: middle - half, endAngle: middle + half),
                        .close,
                    ]), style.headingColor, evenOdd: false))
        }
        let ring = style.dotRadius + style.ringWidth
        commands.append(
            .shadow(
                Path.circle(center: CanvasPoint(x: center.x, y: center.y + 1), radius: ring),
                Color.black.withAlpha(0.3), blur: 2))
        commands.append(.fill(Path.circle(center: center, radius: ring), style.ringColor, evenOdd: false))
        commands.append(.fill(Path.circle(center: center, radius: style.dotRadius), style.dotColor, evenOdd: false))
        return commands
    }
}
