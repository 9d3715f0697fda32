public import MapDrawing
public import MapGeometry

/// The distance markers on the map: a small dot on the track at each of the profile's
/// distance ticks, labelled with the tick's distance, so a point on the chart is found on
/// the map. Pure: the caller projects the coordinates (`ElevationProfile.Line.coordinate(atDistance:)`)
/// to canvas points.
public enum DistanceMarkers {
    /// A marker: where it goes on the canvas and its label.
    public struct Marker: Hashable, Sendable {
        /// Where the marker goes, in canvas points of the map.
        public var point: CanvasPoint
        /// Its distance, as the profile's tick labels it ("5 km").
        public var label: String

        /// Creates a marker.
        public init(point: CanvasPoint, label: String) {
            self.point = point
            self.label = label
        }
    }

    /// The markers of `chart`'s distance ticks along each line of `profile` (the first tick,
    /// 0, left out: the start pin is there), in canvas points of the map through `project`.
    public static func markers(
        of profile: ElevationProfile, ticks: [ProfileChart.Tick], project: (Coordinate) -> CanvasPoint
    ) -> [Marker] {
        var markers: [Marker] = []
        for line in profile.lines {
            for tick in ticks where tick.meters > 0 {
                guard let coordinate = line.coordinate(atDistance: tick.meters) else { continue }
                markers.append(Marker(point: project(coordinate), label: tick.label))
            }
        }
        return markers
    }

    /// The commands that draw `markers`: a white dot ringed in `color`, its label beside it
    /// on a halo of `haloColor` (the look's plate colour, so that a dark look's light text
    /// stays readable); a label that would cover a dot, an earlier label or one of `avoiding`
    /// (callout bubbles, plates: what is drawn before the markers but meant to be on top) is
    /// left out, and so is a marker whose dot falls inside one of `avoiding`.
    public static func commands(
        _ markers: [Marker], color: Color, font: Font, textColor: Color, haloColor: Color = .white,
        avoiding: [CanvasRect] = [],
        measurer: any TextMeasurer
    ) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        // Every dot first, then the labels clear of them all: a later dot (the way back past
        // the same street) must not cover an earlier label.
        let shown = markers.filter { marker in
            let box = CanvasRect(x: marker.point.x - 4, y: marker.point.y - 4, width: 8, height: 8)
            return !avoiding.contains { $0.intersects(box) }
        }
        let dots = shown.map { CanvasRect(x: $0.point.x - 4, y: $0.point.y - 4, width: 8, height: 8) }
        for marker in shown {
            let dot = Path.circle(center: marker.point, radius: 3.5)
            commands.append(.fill(dot, Color.white, evenOdd: false))
            commands.append(.stroke(dot, StrokeStyle(color: color, lineWidth: 1.5)))
        }
        var taken = avoiding + dots
        for marker in shown {
            let metrics = measurer.measure(marker.label, font: font)
            let origin = CanvasPoint(x: marker.point.x + 6, y: marker.point.y + (metrics.ascent - metrics.descent) / 2)
            let box = CanvasRect(
                x: origin.x - 2, y: origin.y - metrics.ascent - 2, width: metrics.width + 4, height: metrics.height + 4)
            guard !taken.contains(where: { $0.intersects(box) }) else { continue }
            taken.append(box)
            commands.append(
                .text(
                    TextRun(
                        marker.label, origin: origin, font: font, color: textColor, haloColor: haloColor,
                        haloWidth: 2.5)))
        }
        return commands
    }
}
