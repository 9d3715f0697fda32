import MapAnnotations
import MapDrawing
import MapGeometry

/// Draws a vector basemap extract: land, lakes, rivers, borders, and labels placed without
/// collisions with each other, with markers or with callouts.
enum BasemapLayout {
    /// The fills and strokes of the basemap, bottom to top, in every visible world copy.
    static func geometryCommands(
        _ basemap: VectorBasemap, in viewport: Viewport, style: BasemapStyle, drawsAreas: Bool
    ) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        // Lines thin out at small scales so a world map does not turn into a tangle.
        let weight = min(1, max(0.5, (viewport.zoom - 1) / 5))
        func fill(_ polygons: [MapPolygon], _ color: Color) {
            var path = Path()
            for polygon in polygons { path.append(OverlayProjection.path(polygon, closed: true, in: viewport)) }
            if !path.elements.isEmpty { commands.append(.fill(path, color, evenOdd: true)) }
        }
        func stroke(_ lines: [[MapPoint]], _ style: StrokeStyle) {
            var path = Path()
            for line in lines { path.append(OverlayProjection.path([line], closed: false, in: viewport)) }
            if !path.elements.isEmpty { commands.append(.stroke(path, style)) }
        }
        if drawsAreas {
            // The sea is water like the lakes; land is painted over it.
            commands.append(.clear(style.waterColor))
            fill(basemap.land, style.landColor)
            fill(basemap.lakes, style.waterColor)
            stroke(basemap.rivers, StrokeStyle(color: style.waterColor, lineWidth: 1.2 * weight))
        }
        stroke(
            basemap.adminLines, StrokeStyle(color: style.adminLineColor, lineWidth: 0.8 * weight, dashPattern: [4, 2]))
        stroke(basemap.borders, StrokeStyle(color: style.borderColor, lineWidth: 1.2 * weight))
        return commands
    }

    /// Raster tiles as one grid of cells, each tile in its square on the canvas; failed
    /// tiles leave the background. Nothing when no tile has an image.
    ///
    /// One grid rather than an image per tile, so the backend can draw the tiles as one
    /// picture and enlarged tiles join without seams (see `TileGrid`).
    static func tileCommands(_ set: RasterTileSet, in viewport: Viewport) -> [DrawCommand] {
        let tiles = set.tiles.compactMap { tile in
            tile.image.map { TileGrid.Tile(column: tile.path.x, row: tile.path.y, image: $0) }
        }
        guard !tiles.isEmpty else { return [] }
        // Cell (0, 0) is the world's north-west tile; its corner is the map's origin.
        let side = MapSize.world.width / Double(1 << set.zoom) * viewport.canvasPointsPerMapPoint
        let grid = TileGrid(
            origin: viewport.point(for: MapPoint(x: 0, y: 0)), cellSize: CanvasSize(width: side, height: side),
            tiles: tiles)
        return [.tiles(grid)]
    }

    /// Labels in order of importance, each placed only where it overlaps nothing already
    /// placed and none of the `obstacles` (markers, callouts, furniture). Countries are set
    /// in capitals; places get a dot and their name beside it (right, else left).
    /// `taken` starts as the obstacles and ends with the placed labels' rectangles added, for
    /// labels placed after these (a relief's contour labels).
    static func labelCommands(
        _ labels: [BasemapLabel], in viewport: Viewport, style: BasemapStyle, fontFamily: String,
        taken: inout [CanvasRect], measurer: any TextMeasurer
    ) -> [DrawCommand] {
        let canvas = CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height).insetBy(2)
        var commands: [DrawCommand] = []
        let ordered = labels.sorted {
            ($0.kind == .country ? 0 : 1, $0.rank, $0.name) < ($1.kind == .country ? 0 : 1, $1.rank, $1.name)
        }
        for label in ordered {
            let offset = viewport.worldCopyOffset(forMapX: label.point.x)
            let point = viewport.point(for: MapPoint(x: label.point.x + offset, y: label.point.y))
            guard canvas.insetBy(-40).contains(CanvasRect(x: point.x, y: point.y, width: 0, height: 0)) else {
                continue
            }
            let size = fontSize(for: label)
            let font = Font(family: fontFamily, size: size, isBold: label.kind != .city)
            let text = label.kind == .country ? label.name.uppercased() : label.name
            let metrics = measurer.measure(text, font: font)
            var candidates: [(CanvasRect, CanvasPoint)] = []
            if label.kind == .country {
                let origin = CanvasPoint(x: point.x - metrics.width / 2, y: point.y + metrics.ascent / 2)
                candidates.append(
                    (
                        CanvasRect(
                            x: origin.x - 2, y: origin.y - metrics.ascent - 1, width: metrics.width + 4,
                            height: metrics.height + 2), origin
                    ))
            } else {
                for side in [1.0, -1.0] {
                    let x = side > 0 ? point.x + 5 : point.x - 5 - metrics.width
                    let origin = CanvasPoint(x: x, y: point.y + metrics.ascent / 2 - 1)
                    let rect = CanvasRect(
                        x: min(x, point.x - 3) - 1, y: origin.y - metrics.ascent - 1,
                        width: metrics.width + 9, height: metrics.height + 2)
                    candidates.append((rect, origin))
                }
            }
            guard
                let (rect, origin) = candidates.first(where: { candidate in
                    canvas.contains(candidate.0) && !taken.contains { $0.intersects(candidate.0) }
                })
            else { continue }
            taken.append(rect)
            if label.kind != .country {
                let dot = label.kind == .capital ? 3.0 : 2.2
                commands.append(
                    .fill(Path.circle(center: point, radius: dot + 0.8), style.labelHaloColor, evenOdd: false))
                commands.append(.fill(Path.circle(center: point, radius: dot), style.labelColor, evenOdd: false))
            }
            commands.append(
                .text(
                    TextRun(
                        text, origin: origin, font: font,
                        color: style.labelColor.withAlpha(label.kind == .country ? 0.75 : 1),
                        haloColor: style.labelHaloColor, haloWidth: 1.5)))
        }
        return commands
    }

    /// Label size by kind and rank, in canvas points: important names larger.
    static func fontSize(for label: BasemapLabel) -> Double {
        let rank = Double(min(max(label.rank, 0), 10))
        switch label.kind {
        case .country: return max(9, 13 - rank * 0.6)
        case .capital: return max(9, 12 - rank * 0.4)
        case .city: return max(8.5, 11.5 - rank * 0.4)
        }
    }
}
