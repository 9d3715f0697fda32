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
    /// How far past the canvas edges geometry is kept, in canvas points: more than half
    /// the widest street with its casing, so cut ends stay out of sight.
    static let canvasMargin = 64.0

    /// Calls `body` with every feature of the layer's source layer in `tiles` that its filter
    /// draws, tile by tile in order, features in tile order, cut to the tile and to `margin`
    /// canvas points around the canvas (`.infinity`: to the tile alone).
    func forEachFeature(
        in tiles: [VectorMapLayout.PlacedTile], zoom: Double, viewport: Viewport, margin: Double = canvasMargin,
        _ body: (PlacedFeature) -> Void
    ) {
        guard let sourceLayer else { return }
        // Features with the same signature pass or fail the filter alike: it is evaluated
        // once per signature when it reads nothing but the signature's properties.
        let memoizes =
            filter.map { expression in
                expression.propertyKeys.map { keys in
                    tiles.first.map { keys.isSubset(of: $0.features.signatures.keys(of: sourceLayer)) } ?? false
                } ?? false
            } ?? false
        var verdicts = Verdicts()
        for placed in tiles {
            guard let layer = placed.tile.layer(named: sourceLayer) else { continue }
            let transform = TileTransform(tile: placed.path, extent: layer.extent, viewport: viewport)
            let clipping = TileClipping(
                extent: Double(layer.extent), transform: transform, canvas: viewport.size, margin: margin)
            if clipping.isEmpty { continue }
            let (contexts, signatures) = placed.features.contexts(of: layer)
            for index in layer.features.indices {
                let context = contexts[index]
                if let signature = signatures?[index], let verdict = verdicts.verdict(signature) {
                    guard verdict else { continue }
                } else {
                    let verdict = draws(context)
                    if let signature = signatures?[index], memoizes { verdicts.record(verdict, for: signature) }
                    guard verdict else { continue }
                }
                body(
                    PlacedFeature(
                        feature: layer.features[index], context: context, clipping: clipping, transform: transform))
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

/// Filter results by feature signature: unknown, passed or failed.
struct Verdicts {
    private var states: [UInt8] = []

    func verdict(_ signature: Int) -> Bool? {
        signature < states.count && states[signature] != 0 ? states[signature] == 2 : nil
    }

    mutating func record(_ verdict: Bool, for signature: Int) {
        if signature >= states.count { states += [UInt8](repeating: 0, count: signature - states.count + 1) }
        states[signature] = verdict ? 2 : 1
    }
}

/// Features told apart only by what the style's filters read of them: the geometry type
/// and the properties the filters name. Features with the same signature pass the same
/// filters; most of a tile's features share a few dozen signatures (a class of road, a
/// kind of land use), so each layer's filter is evaluated once per signature instead of
/// once per feature.
final class FeatureSignatures {
    /// The properties of each source layer that make up its signature, sorted, each with
    /// whether the filters read only whether it is there (`has`): then its presence is part
    /// of the signature, not its value, so `["has", "name"]` does not make every named
    /// feature a signature of its own.
    private let keysBySourceLayer: [String: [(key: String, presenceOnly: Bool)]]
    private var tables: [String: [[StyleValue]: Int]] = [:]

    init(keysBySourceLayer: [String: [(key: String, presenceOnly: Bool)]]) {
        self.keysBySourceLayer = keysBySourceLayer
    }

    /// The properties a source layer's signature holds.
    func keys(of sourceLayer: String) -> Set<String> { Set((keysBySourceLayer[sourceLayer] ?? []).map(\.key)) }

    /// The signature of each feature, numbered from 0 per source layer; `nil` when the
    /// source layer has none (a layer whose filter reads what a signature cannot hold).
    func signatures(of contexts: [StyleEvaluationContext], in sourceLayer: String) -> [Int]? {
        guard let keys = keysBySourceLayer[sourceLayer] else { return nil }
        var table = tables[sourceLayer] ?? [:]
        defer { tables[sourceLayer] = table }
        // One buffer for every feature: a lookup allocates nothing, and only a new signature,
        // stored in the table, is copied (most of a layer's features repeat a few signatures).
        var signature: [StyleValue] = []
        signature.reserveCapacity(keys.count + 1)
        return contexts.map { context in
            signature.removeAll(keepingCapacity: true)
            signature.append(.string(context.geometryType?.rawValue ?? ""))
            for (key, presenceOnly) in keys {
                signature.append(presenceOnly ? .bool(context.properties[key] != nil) : context.property(key))
            }
            if let known = table[signature] { return known }
            table[signature] = table.count
            return table.count - 1
        }
    }

    /// The properties the filters name, per source layer, each with whether every filter
    /// reads it only with `has`; none for a source layer with a filter that reads something
    /// else (the feature id).
    static func keys(of layers: [VectorStyleLayer]) -> [String: [(key: String, presenceOnly: Bool)]] {
        var keys: [String: Set<String>] = [:]
        var byValue: [String: Set<String>] = [:]
        var unsigned: Set<String> = []
        for layer in layers {
            guard let sourceLayer = layer.sourceLayer else { continue }
            let read = layer.filter.map { ($0.propertyKeys, $0.keysReadByValue) } ?? ([], [])
            if let keysRead = read.0, let valuesRead = read.1 {
                keys[sourceLayer, default: []].formUnion(keysRead)
                byValue[sourceLayer, default: []].formUnion(valuesRead)
            } else {
                unsigned.insert(sourceLayer)
            }
        }
        for sourceLayer in unsigned { keys[sourceLayer] = nil }
        var result: [String: [(key: String, presenceOnly: Bool)]] = [:]
        for (sourceLayer, read) in keys {
            let values = byValue[sourceLayer] ?? []
            result[sourceLayer] = read.sorted().map { ($0, !values.contains($0)) }
        }
        return result
    }
}

/// One tile's features as the style sees them: evaluation contexts and signatures by
/// source layer, made when the tile is placed (the tile holds only the source layers the
/// drawn style layers read) and only read afterwards, so the shape and label passes can
/// walk the tile at the same time.
struct FeatureIndex {
    let signatures: FeatureSignatures
    private let byLayer: [String: (contexts: [StyleEvaluationContext], signatures: [Int]?)]

    init(tile: VectorTile, zoom: Double, signatures: FeatureSignatures) {
        self.signatures = signatures
        var byLayer: [String: (contexts: [StyleEvaluationContext], signatures: [Int]?)] = [:]
        for layer in tile.layers where byLayer[layer.name] == nil {
            let contexts = layer.features.map { StyleEvaluationContext(zoom: zoom, feature: $0) }
            byLayer[layer.name] = (contexts, signatures.signatures(of: contexts, in: layer.name))
        }
        self.byLayer = byLayer
    }

    func contexts(of layer: VectorTileLayer) -> (contexts: [StyleEvaluationContext], signatures: [Int]?) {
        byLayer[layer.name] ?? ([], nil)
    }
}
