import MapDrawing
import MapGeometry
import MapVectorStyle

/// The fills, lines and circles of one style layer as display-list commands.
struct ShapeLayout {
    var layer: VectorStyleLayer
    var styleZoom: Double
    var viewport: Viewport
    /// Device pixels per canvas point: lines are simplified to the device pixel.
    var scale: Double = 1

    private enum FillLook: Hashable {
        case fill(Color)
        /// A see-through fill of one feature: MapLibre blends every feature of a fill layer
        /// on its own, so where two overlap (a building and its `building:part`) the colour
        /// is laid twice; one path for all would lay it once.
        case featureFill(Color, feature: Int)
        case outline(Color, width: Double)
    }

    /// A `fill` layer (or a `fill-extrusion` one, drawn flat in its colour).
    func fills(_ tiles: [VectorMapLayout.PlacedTile]) -> [DrawCommand] {
        var groups = PathGroups<FillLook>()
        let extrusion = layer.kind == .fillExtrusion
        let explicitOutline = layer.property("fill-outline-color") != nil
        // MapLibre antialiases a fill by stroking its outline in the fill colour after
        // the fills (style spec: fill-antialias, fill-outline-color); that shows where the
        // fill is see-through, as a darker edge.
        let antialiased = layer.value(of: "fill-antialias", in: StyleEvaluationContext(zoom: styleZoom))?.bool ?? true
        var outlines = PathGroups<FillLook>()
        var featureCount = 0
        // Cut to the tiles alone, as lines are (`lines`): an outline cut at the canvas would
        // start elsewhere in another view, and its caps would show where they did not before.
        layer.forEachFeature(in: tiles, zoom: styleZoom, viewport: viewport, margin: .infinity) { feature in
            featureCount += 1
            let context = feature.context
            let (color, opacity) =
                extrusion
                ? (
                    layer.color("fill-extrusion-color", in: context, default: Color(red: 0, green: 0, blue: 0)),
                    min(max(layer.number("fill-extrusion-opacity", in: context, default: 1), 0), 1)
                )
                : (layer.fillColor(in: context), layer.fillOpacity(in: context))
            let alpha = color.alpha * opacity
            guard alpha > 0 else { return }
            // `fill-translate`, in canvas points; its anchor (map or viewport) is the same on
            // a north-up map.
            let translate = layer.numbers("fill-translate", in: context) ?? []
            let (dx, dy) = translate.count == 2 ? (translate[0], translate[1]) : (0, 0)
            var path = Path()
            for ring in feature.rings where nearCanvas(ring) {
                let moved = dx == 0 && dy == 0 ? ring : ring.map { CanvasPoint(x: $0.x + dx, y: $0.y + dy) }
                path.append(Path.polyline(moved, closed: true))
            }
            groups.append(
                path,
                for: alpha < 1
                    ? .featureFill(color.withAlpha(alpha), feature: featureCount) : .fill(color.withAlpha(alpha)))
            if explicitOutline || (antialiased && alpha < 1 && !extrusion) {
                // The outline follows the polygon, not the tile edges it was cut at.
                let outline = explicitOutline ? layer.fillOutlineColor(in: context) : color
                var lines = Path()
                for line in feature.lines where nearCanvas(line) {
                    let moved = dx == 0 && dy == 0 ? line : line.map { CanvasPoint(x: $0.x + dx, y: $0.y + dy) }
                    lines.append(Path.polyline(moved))
                }
                // MapLibre's outline is a one-pixel line laid on whole pixels over a fill
                // whose edge is not antialiased; 1.5 points of an antialiased stroke give
                // the edge about the same weight.
                outlines.append(
                    lines, for: .outline(outline.withAlpha(outline.alpha * opacity), width: explicitOutline ? 1 : 1.5))
            }
        }
        return (groups.groups + outlines.groups).map { group in
            switch group.key {
            case .fill(let color), .featureFill(let color, _): .fill(group.path, color, evenOdd: false)
            case .outline(let color, let width): .stroke(group.path, StrokeStyle(color: color, lineWidth: width))
            }
        }
    }

    /// Whether a line or ring cut to its tile comes within `canvasMargin` points of the
    /// canvas. The parts that do are drawn whole, to their tile's edges, and the others left
    /// out: what is drawn on the canvas is then the same in every view that shows it (the
    /// painted blocks a batch reuses rest on that), without drawing whole tiles off the canvas.
    private func nearCanvas(_ points: [CanvasPoint]) -> Bool {
        let margin = VectorStyleLayer.canvasMargin
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for point in points {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        return maxX >= -margin && minX <= viewport.size.width + margin && maxY >= -margin
            && minY <= viewport.size.height + margin
    }

    private struct LineLook: Hashable {
        var stroke: StrokeStyle
        var offsets: [Double]
    }

    /// A `line` layer: one stroke per look; `line-gap-width` as two strokes either side of
    /// the gap, `line-offset` as a parallel line.
    func lines(_ tiles: [VectorMapLayout.PlacedTile]) -> [DrawCommand] {
        var groups = PathGroups<LineLook>()
        // Most lines' looks depend on the zoom alone: then worked out once for the layer.
        var shared: LineLook??
        let constant =
            layer.paint.values.allSatisfy(\.isFeatureConstant)
            && layer.layout.values.allSatisfy(\.isFeatureConstant)
        // Lines are cut to their tiles alone, never to the canvas: a line's simplification and
        // its dashes start where it is cut, and a tile's edges are the same for every view, so
        // a street is drawn with the same pixels in every map that shows it (the painted
        // blocks a batch reuses, `ReusableBackdrop`, rest on that).
        layer.forEachFeature(in: tiles, zoom: styleZoom, viewport: viewport, margin: .infinity) { feature in
            let look: LineLook?
            if constant, let known = shared {
                look = known
            } else {
                look = lineLook(feature.context)
                if constant { shared = .some(look) }
            }
            guard let look else { return }
            var path = Path()
            for line in StrokeSimplification(scale: scale).simplified(feature.lines.filter(nearCanvas)) {
                for distance in look.offsets {
                    path.append(Path.polyline(distance == 0 ? line : PolylineOffset.offset(line, by: distance)))
                }
            }
            groups.append(path, for: look)
        }
        return groups.groups.map { .stroke($0.path, $0.key.stroke) }
    }

    /// How a feature's line is stroked, `nil` when it is not drawn.
    private func lineLook(_ context: StyleEvaluationContext) -> LineLook? {
        let width = layer.lineWidth(in: context)
        let color = layer.lineColor(in: context)
        let alpha = color.alpha * layer.lineOpacity(in: context)
        guard width > 0, alpha > 0 else { return nil }
        // Dashes are in line widths (style spec, line-dasharray).
        let dashes = (layer.lineDashArray(in: context) ?? []).map { $0 * width }
        let stroke = StrokeStyle(
            color: color.withAlpha(alpha), lineWidth: width,
            dashPattern: dashes.contains { $0 > 0 } ? dashes : [],
            lineCap: LineCap(rawValue: layer.lineCap(in: context).rawValue) ?? .butt,
            lineJoin: LineJoin(rawValue: layer.lineJoin(in: context).rawValue) ?? .miter)
        let gap = layer.lineGapWidth(in: context)
        let offset = layer.lineOffset(in: context)
        let offsets = gap > 0 ? [offset - (gap + width) / 2, offset + (gap + width) / 2] : [offset]
        return LineLook(stroke: stroke, offsets: offsets)
    }

    private struct CircleLook: Hashable {
        var fill: Color
        var stroke: StrokeStyle?
    }

    /// A `circle` layer: a disc at every point, with its stroke.
    func circles(_ tiles: [VectorMapLayout.PlacedTile]) -> [DrawCommand] {
        var groups = PathGroups<CircleLook>()
        layer.forEachFeature(in: tiles, zoom: styleZoom, viewport: viewport) { feature in
            let context = feature.context
            let radius = layer.circleRadius(in: context)
            let opacity = layer.circleOpacity(in: context)
            let color = layer.circleColor(in: context)
            let strokeWidth = layer.circleStrokeWidth(in: context)
            let strokeColor = layer.circleStrokeColor(in: context)
            guard radius > 0 else { return }
            let stroke =
                strokeWidth > 0 && strokeColor.alpha > 0
                ? StrokeStyle(color: strokeColor.withAlpha(strokeColor.alpha * opacity), lineWidth: strokeWidth) : nil
            var path = Path()
            for point in feature.points { path.append(Path.circle(center: point, radius: radius)) }
            groups.append(path, for: CircleLook(fill: color.withAlpha(color.alpha * opacity), stroke: stroke))
        }
        return groups.groups.flatMap { group -> [DrawCommand] in
            var commands: [DrawCommand] = []
            if group.key.fill.alpha > 0 { commands.append(.fill(group.path, group.key.fill, evenOdd: false)) }
            if let stroke = group.key.stroke { commands.append(.stroke(group.path, stroke)) }
            return commands
        }
    }
}

/// Parallel lines: a polyline moved sideways (positive to the right of its direction on
/// screen), with mitred corners limited so that sharp turns do not shoot out.
enum PolylineOffset {
    static func offset(_ points: [CanvasPoint], by distance: Double) -> [CanvasPoint] {
        guard points.count > 1 else { return points }
        // The right-hand normal of each segment (y grows downwards).
        var normals: [(x: Double, y: Double)] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            normals.append(length > 0 ? (-dy / length, dx / length) : normals.last ?? (0, 0))
        }
        return points.indices.map { index in
            let before = normals[max(index - 1, 0)]
            let after = normals[min(index, normals.count - 1)]
            var nx = before.x + after.x, ny = before.y + after.y
            let length = (nx * nx + ny * ny).squareRoot()
            guard length > 1e-9 else {
                return CanvasPoint(x: points[index].x + after.x * distance, y: points[index].y + after.y * distance)
            }
            nx /= length
            ny /= length
            // The miter's length grows as 1 / cos(half the turn); capped at 2×.
            let cosine = max(nx * after.x + ny * after.y, 0.5)
            return CanvasPoint(
                x: points[index].x + nx * distance / cosine, y: points[index].y + ny * distance / cosine)
        }
    }
}
