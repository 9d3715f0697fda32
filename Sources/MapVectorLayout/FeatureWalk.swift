import MapDrawing
import MapGeometry
import MapVectorStyle
import MapVectorTiles

/// One feature of a tile as a style layer sees it: its evaluation context and its geometry
/// cut to its tile and placed on the canvas.
struct PlacedFeature {
    var feature: VectorTileFeature
    var context: StyleEvaluationContext
    var clipping: TileClipping
    var transform: TileTransform

    /// Lines and polygon outlines cut to the tile, in canvas points (rings closed by
    /// repeating their first point).
    var lines: [[CanvasPoint]] {
        var result: [[CanvasPoint]] = []
        switch feature.geometry {
        case .lineStrings(let lines):
            for line in lines {
                for part in clipping.clip(line: line.map(TilePoint.init)) { result.append(part.map(transform.point)) }
            }
        case .polygons(let polygons):
            for ring in polygons.flatMap(\.rings) where ring.count > 2 {
                let closed = ring.map(TilePoint.init) + [TilePoint(ring[0])]
                for part in clipping.clip(line: closed) { result.append(part.map(transform.point)) }
            }
        case .points, .unknown: break
        }
        return result
    }

    /// Polygon rings cut to the tile, in canvas points, exterior rings clockwise on screen
    /// and holes counterclockwise (MVT 2.1 §4.3.4.4), ready for a non-zero fill.
    var rings: [[CanvasPoint]] {
        guard case .polygons(let polygons) = feature.geometry else { return [] }
        return polygons.flatMap(\.rings).compactMap { ring in
            let clipped = clipping.clip(ring: ring.map(TilePoint.init))
            return clipped.isEmpty ? nil : clipped.map(transform.point)
        }
    }

    /// The feature's points that belong to this tile, in canvas points: a point in the
    /// buffer shared with a neighbour is drawn by the tile that owns it.
    var points: [CanvasPoint] {
        guard case .points(let points) = feature.geometry else { return [] }
        return points.map(TilePoint.init).filter(clipping.owns).map(transform.point)
    }

    /// The polygons as separate exterior rings with their holes, uncut, in canvas points,
    /// with whether the tile owns the ring's first point: where point labels of areas go.
    var polygons: [(rings: [[CanvasPoint]], owned: Bool)] {
        guard case .polygons(let polygons) = feature.geometry else { return [] }
        return polygons.map { polygon in
            (
                polygon.rings.map { $0.map { transform.point(TilePoint($0)) } },
                clipping.owns(TilePoint(polygon.exteriorRing.first ?? VectorTilePoint(x: -1, y: -1)))
            )
        }
    }
}

extension VectorStyleLayer {
    /// Calls `body` with every feature of the layer's source layer in `tiles` that its filter
    /// draws, tile by tile in order, features in tile order.
    func forEachFeature(
        in tiles: [VectorMapLayout.PlacedTile], zoom: Double, viewport: Viewport, _ body: (PlacedFeature) -> Void
    ) {
        guard let sourceLayer else { return }
        for placed in tiles {
            guard let layer = placed.tile.layer(named: sourceLayer) else { continue }
            let clipping = TileClipping(extent: Double(layer.extent))
            let transform = TileTransform(tile: placed.path, extent: layer.extent, viewport: viewport)
            let contexts = placed.contexts.contexts(of: layer, zoom: zoom)
            for (feature, context) in zip(layer.features, contexts) {
                guard draws(context) else { continue }
                body(PlacedFeature(feature: feature, context: context, clipping: clipping, transform: transform))
            }
        }
    }
}

/// Paths grouped by how they are painted, in the order each look first appears, so one
/// layer becomes a few commands instead of one per feature, and the parts of a feature cut
/// at tile edges are painted as one shape (no seam, no doubled transparency).
struct PathGroups<Key: Hashable> {
    private(set) var keys: [Key] = []
    private var paths: [Key: Path] = [:]

    mutating func append(_ path: Path, for key: Key) {
        guard !path.elements.isEmpty else { return }
        if paths[key] == nil {
            keys.append(key)
            paths[key] = path
        } else {
            paths[key]!.append(path)
        }
    }

    /// The groups, in order.
    var groups: [(key: Key, path: Path)] { keys.map { ($0, paths[$0]!) } }
}
