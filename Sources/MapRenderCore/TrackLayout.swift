import MapAnnotations
import MapDrawing
import MapGeometry

/// Draws GPS tracks: the line with its casing (coloured by speed or elevation when asked),
/// direction chevrons, a legend for the colours and a statistics box.
///
/// Each segment of a track is a line of its own, so the line breaks where the recorder
/// stopped and at the gaps cleaning found (`Track.segmentsAfterGaps`); nothing else breaks
/// it, however far apart the fixes. A track is projected, then simplified in canvas space
/// (Douglas–Peucker at a quarter point, ends kept), so a million fixes draw as a few
/// thousand vertices that look the same.
enum TrackLayout {
    /// Colour steps of a coloured track; consecutive pieces in one step share a stroke.
    static let colorSteps = 32
    /// Distance between direction chevrons along the line, in canvas points.
    static let arrowSpacing = 90.0

    /// The value that colours each fix, or `nil` for plain tracks: speed in m/s (the fix's
    /// own when valid, else from the previous fix), or altitude in meters (carried forward
    /// over fixes without one).
    static func values(of segment: [Location], coloring: TrackDisplay.Coloring) -> [Double]? {
        switch coloring {
        case .plain: return nil
        case .speed:
            var result: [Double] = []
            result.reserveCapacity(segment.count)
            for (index, fix) in segment.enumerated() {
                if fix.hasValidSpeed {
                    result.append(fix.speed)
                } else if index > 0, let t0 = segment[index - 1].timestamp, let t1 = fix.timestamp, t1 > t0 {
                    let meters = segment[index - 1].coordinate.greatCircleDistance(to: fix.coordinate)
                    result.append(meters / t1.timeIntervalSince(t0))
                } else {
                    result.append(result.last ?? 0)
                }
            }
            return result
        case .elevation:
            var last = segment.first { $0.hasValidAltitude }?.altitude ?? 0
            return segment.map { fix in
                if fix.hasValidAltitude { last = fix.altitude }
                return last
            }
        }
    }

    /// The range the colours span: the 2nd to the 98th percentile of the values, so one GPS
    /// spike does not wash out the rest.
    static func valueRange(_ values: [Double]) -> ClosedRange<Double>? {
        let sorted = values.filter(\.isFinite).sorted()
        guard let first = sorted.first else { return nil }
        let low = sorted[Int(Double(sorted.count - 1) * 0.02)], high = sorted[Int(Double(sorted.count - 1) * 0.98)]
        return high > low ? low...high : first...(first + 1)
    }

    /// The ramp colour at `t` in [0, 1].
    static func color(at t: Double, coloring: TrackDisplay.Coloring) -> Color {
        // Speed: red (slow) – yellow – green (fast), as fitness apps show pace. Elevation:
        // viridis (van der Walt & Smith, matplotlib 2015), even in lightness and colour-blind safe.
        let stops: [UInt32] =
            coloring == .speed
            ? [0xD7191C, 0xFDAE61, 0xFFFF8C, 0xA6D96A, 0x1A9641]
            : [0x440154, 0x3B528B, 0x21918C, 0x5EC962, 0xFDE725]
        let position = min(max(t, 0), 1) * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        let f = position - Double(index)
        let a = Color(hex: stops[index]), b = Color(hex: stops[index + 1])
        return Color(
            red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
            blue: a.blue + (b.blue - a.blue) * f)
    }

    /// The commands that draw every track, and the range of values the colours span.
    static func commands(
        for tracks: [Track], display: TrackDisplay, style: ShapeStyle, in viewport: Viewport
    ) -> (commands: [DrawCommand], range: ClosedRange<Double>?) {
        struct Piece {
            var points: [CanvasPoint]
            var values: [Double]?
        }
        var pieces: [Piece] = []
        var allValues: [Double] = []
        for segment in tracks.flatMap(\.segments) where segment.count > 1 {
            let mapPoints = OverlayProjection.mapPoints(segment.map(\.coordinate))
            // Densifying long jumps adds points; values then follow by nearest original index.
            let values = values(of: segment, coloring: display.coloring)
            if let values { allValues += values }
            guard let rect = MapRect(containing: mapPoints) else { continue }
            for offset in OverlayProjection.worldOffsets(for: rect, in: viewport) {
                let canvas = mapPoints.map { viewport.point(for: MapPoint(x: $0.x + offset, y: $0.y)) }
                let kept = Simplification.douglasPeuckerIndices(
                    canvas, tolerance: OverlayProjection.simplificationTolerance)
                let keptValues: [Double]? = values.map { values in
                    kept.map { values[min($0 * values.count / max(mapPoints.count, 1), values.count - 1)] }
                }
                pieces.append(Piece(points: kept.map { canvas[$0] }, values: keptValues))
            }
        }
        let range = valueRange(allValues)
        guard !pieces.isEmpty, let stroke = style.strokeColor else { return ([], range) }
        var commands: [DrawCommand] = []
        if let casing = style.casingColor, style.casingWidth > 0 {
            var path = Path()
            for piece in pieces { path.append(Path.polyline(piece.points)) }
            commands.append(
                .stroke(
                    path,
                    StrokeStyle(
                        color: casing, lineWidth: style.lineWidth + 2 * style.casingWidth, lineCap: style.lineCap,
                        lineJoin: style.lineJoin)))
        }
        for piece in pieces {
            guard let values = piece.values, let range else {
                commands.append(
                    .stroke(
                        Path.polyline(piece.points),
                        StrokeStyle(
                            color: stroke, lineWidth: style.lineWidth, dashPattern: style.dashPattern,
                            lineCap: style.lineCap, lineJoin: style.lineJoin)))
                continue
            }
            // Runs of segments in the same colour step become one stroke.
            var runStart = 0
            func step(_ index: Int) -> Int {
                let t =
                    ((values[index] + values[index + 1]) / 2 - range.lowerBound) / (range.upperBound - range.lowerBound)
                return min(max(Int(t * Double(colorSteps)), 0), colorSteps - 1)
            }
            for index in 0..<(piece.points.count - 1)
            where index == piece.points.count - 2 || step(index + 1) != step(index) {
                let color = TrackLayout.color(
                    at: (Double(step(index)) + 0.5) / Double(colorSteps), coloring: display.coloring)
                commands.append(
                    .stroke(
                        Path.polyline(Array(piece.points[runStart...(index + 1)])),
                        StrokeStyle(color: color, lineWidth: style.lineWidth, lineCap: .round, lineJoin: .round)))
                runStart = index + 1
            }
        }
        if display.showsArrows {
            for piece in pieces { commands += arrows(along: piece.points, width: style.lineWidth) }
        }
        return (commands, range)
    }

    /// White chevrons every `arrowSpacing` points along a line, pointing the way of travel.
    static func arrows(along points: [CanvasPoint], width: Double) -> [DrawCommand] {
        var path = Path()
        var travelled = arrowSpacing / 2
        for (a, b) in zip(points, points.dropFirst()) {
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 0 else { continue }
            var along = arrowSpacing - travelled
            while along <= length {
                let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length)
                let tip = CanvasPoint(x: a.x + ux * along, y: a.y + uy * along)
                let size = max(3, width * 0.9)
                path.append(
                    Path([
                        .move(CanvasPoint(x: tip.x - ux * size - uy * size, y: tip.y - uy * size + ux * size)),
                        .line(tip),
                        .line(CanvasPoint(x: tip.x - ux * size + uy * size, y: tip.y - uy * size - ux * size)),
                    ]))
                along += arrowSpacing
            }
            travelled = length - (along - arrowSpacing)
        }
        guard !path.elements.isEmpty else { return [] }
        return [
            .stroke(
                path,
                StrokeStyle(
                    color: Color.white.withAlpha(0.95), lineWidth: max(1.5, width * 0.4), lineCap: .round,
                    lineJoin: .round))
        ]
    }
}
