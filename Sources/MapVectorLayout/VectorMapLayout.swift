import MapDrawing
import MapErrors
import MapGeometry
import MapRenderCore
import MapVectorStyle
import MapVectorTiles

/// Lays out one viewport of a `VectorTileBasemap`: fetches the tiles its layers need,
/// draws the fills, lines and circles in style order and collects the labels.
///
/// Zooms: the viewport's zoom counts 256-point tiles (XYZ); MapLibre styles count 512-pixel
/// ones, so the style is evaluated at the viewport's zoom − 1 and the tiles of that zoom,
/// rounded down and clamped to the source's range, are drawn (past the source's top zoom
/// they are over-zoomed: the same vectors, enlarged).
struct VectorMapLayout {
    var basemap: VectorTileBasemap
    var viewport: Viewport
    /// Device pixels per canvas point, for raster tiles at twice the density.
    var scale: Double
    var measurer: any TextMeasurer
    /// Whether the labels are laid out too; painted blocks need the shapes alone.
    var laysOutLabels = true

    /// The zoom the style is evaluated at.
    var styleZoom: Double { viewport.zoom - 1 }

    /// A decoded tile where it lies on the canvas (x may be outside the world for world
    /// copies).
    struct PlacedTile {
        var path: TilePath
        var tile: VectorTile
        /// Its features' evaluation contexts and signatures, made once for all the style
        /// layers that draw the same source layer.
        let features: FeatureIndex
    }

    /// The drawing of the viewport.
    ///
    /// - Throws: the `TileFailure.refusal` of a vector or raster tile whose request the host
    ///   policy refused (`MapError` `.invalidData` naming the host).
    func drawing() throws(MapError) -> StyledBasemapDrawing {
        var diagnostics = basemap.notes.map { Diagnostic(.info, "\(basemap.label): \($0)") }
        // A layer painted with a sprite pattern (fill-pattern, line-pattern, background-pattern)
        // is left out, as MapLibre leaves it out when the pattern is missing: drawing its
        // colour instead would cover what lies under it (a wave pattern over water).
        // What depends on the zoom alone is worked out once per layer, not per feature.
        let drawn = basemap.style.layers.enumerated().filter { _, layer in
            layer.isShown(atZoom: styleZoom) && !DrawnProperties.usesPattern(layer)
        }.map { ($0.offset, $0.element.resolved(atZoom: styleZoom)) }
        let tiles = try fetchTiles(for: drawn.map(\.1), diagnostics: &diagnostics)
        // The labels read the same tiles as the shapes but nothing the shapes make, so they are
        // laid out on a second thread while this one draws the shapes (`ConcurrentPair`).
        nonisolated(unsafe) var labels = LabelLayout(
            viewport: viewport, measurer: measurer, sprite: basemap.sprite, styleZoom: styleZoom)
        nonisolated(unsafe) var shapes: Result<(commands: [DrawCommand], diagnostics: [Diagnostic]), MapError> =
            .success(([], []))
        let symbolLayers = laysOutLabels ? drawn.filter { $0.1.kind == .symbol } : []
        ConcurrentPair.run(concurrently: basemap.laysOutConcurrently) {
            shapes = Result { () throws(MapError) in try shapeCommands(drawn, tiles: tiles) }
        } and: {
            for (index, layer) in symbolLayers {
                labels.add(layer, index: index, tiles: layer.source.flatMap { tiles[$0] } ?? [])
            }
        }
        let (commands, shapeDiagnostics) = try shapes.get()
        diagnostics += shapeDiagnostics
        diagnostics += labels.diagnostics
        return StyledBasemapDrawing(commands: commands, labels: labels.candidates(), diagnostics: diagnostics)
    }

    /// The fills, lines, circles, backgrounds and raster tiles of the drawn layers, in style
    /// order, with what fetching raster tiles noted.
    ///
    /// - Throws: the refusal of a raster tile the host policy refused.
    private func shapeCommands(
        _ drawn: [(Int, VectorStyleLayer)], tiles: [String: [PlacedTile]]
    ) throws(MapError) -> (commands: [DrawCommand], diagnostics: [Diagnostic]) {
        let canvas = CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
        var commands: [DrawCommand] = []
        var diagnostics: [Diagnostic] = []
        for (_, layer) in drawn {
            let layerTiles = layer.source.flatMap { tiles[$0] } ?? []
            switch layer.kind {
            case .background:
                let context = StyleEvaluationContext(zoom: styleZoom)
                let color = layer.backgroundColor(in: context)
                let alpha = color.alpha * layer.backgroundOpacity(in: context)
                if alpha > 0 {
                    commands.append(
                        .fill(Path.polyline(canvas.corners, closed: true), color.withAlpha(alpha), evenOdd: false))
                }
            case .fill, .fillExtrusion:
                commands += ShapeLayout(layer: layer, styleZoom: styleZoom, viewport: viewport).fills(layerTiles)
            case .line:
                commands += ShapeLayout(layer: layer, styleZoom: styleZoom, viewport: viewport, scale: scale).lines(
                    layerTiles)
            case .circle:
                commands += ShapeLayout(layer: layer, styleZoom: styleZoom, viewport: viewport).circles(layerTiles)
            case .raster:
                // One picture of the viewport, from the source's tiles at the map's zoom, with
                // the layer's paint; a fetch failure is a diagnostic.
                if let source = layer.source.flatMap({ basemap.rasterSources[$0] }) {
                    let raster = RasterLayout(
                        viewport: viewport, scale: scale, styleZoom: styleZoom,
                        concurrently: basemap.laysOutConcurrently)
                    commands += try raster.commands(for: layer, source: source, diagnostics: &diagnostics)
                }
            case .hillshade, .colorRelief:
                // One picture of the viewport per layer, from the elevation tiles of its source.
                if let name = layer.source, let provider = basemap.elevationSources[name],
                    let source = basemap.style.sources[name]
                {
                    let relief = ReliefLayout(
                        viewport: viewport, scale: scale, styleZoom: styleZoom,
                        concurrently: basemap.laysOutConcurrently)
                    commands += try relief.commands(
                        for: layer, source: source, provider: provider, diagnostics: &diagnostics)
                }
            case .symbol, .unsupported:
                break  // Labels are laid out apart; unsupported layers were noted by the style parser.
            }
        }
        return (commands, diagnostics)
    }

    /// The tiles of every source the drawn layers read, decoded with only the source
    /// layers they read.
    ///
    /// - Throws: the refusal of a tile the host policy refused.
    private func fetchTiles(
        for layers: [VectorStyleLayer], diagnostics: inout [Diagnostic]
    ) throws(MapError) -> [String: [PlacedTile]] {
        var layerNames: [String: Set<String>] = [:]
        for layer in layers {
            guard let source = layer.source, let sourceLayer = layer.sourceLayer else { continue }
            layerNames[source, default: []].insert(sourceLayer)
        }
        let signatures = FeatureSignatures(keysBySourceLayer: FeatureSignatures.keys(of: layers))
        var result: [String: [PlacedTile]] = [:]
        var failures: [(source: String, failure: TileFailure)] = []
        var repairs: [String] = []
        for (name, names) in layerNames.sorted(by: { $0.key < $1.key }) {
            guard let provider = basemap.sources[name] else { continue }
            let range = provider.zoomRange
            let zoom = min(max(Int((styleZoom + 1e-9).rounded(.down)), range.lowerBound), range.upperBound)
            let paths = TilePath.covering(viewport.visibleMapRect, zoom: zoom)
            let wanted = Array(Set(paths.map(\.wrapped))).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
            let fetched = tiles(wanted, of: provider, layerNames: names)
            var placed: [PlacedTile] = []
            for path in paths {
                switch fetched[path.wrapped] {
                case .tile(let tile, let notes):
                    placed.append(
                        PlacedTile(
                            path: path, tile: tile,
                            features: FeatureIndex(tile: tile, zoom: styleZoom, signatures: signatures)))
                    for note in notes where !repairs.contains(note.message) { repairs.append(note.message) }
                case .failure(let failure):
                    if let refusal = failure.refusal { throw refusal }
                    if !failures.contains(where: { $0.failure == failure }) {
                        failures.append((provider.name, failure))
                    }
                case .empty, nil:
                    break
                }
            }
            result[name] = placed
        }
        diagnostics += Self.summarized(failures)
        diagnostics += repairs.map { Diagnostic(.info, "vector tile repaired: \($0)") }
        return result
    }
}

extension VectorMapLayout {
    /// The decoded tiles at `paths`: for a single map, half of them read and decoded on a
    /// second thread meanwhile (every other tile, so both halves span the view; threads of
    /// their own, as reading may block); the results are the provider's either way.
    func tiles(
        _ paths: [TilePath], of provider: any VectorTileProvider, layerNames: Set<String>
    ) -> [TilePath: VectorTileResult] {
        guard basemap.laysOutConcurrently, paths.count > 1 else {
            return provider.vectorTiles(paths, layerNames: layerNames)
        }
        let halves = [0, 1].map { half in paths.indices.filter { $0 % 2 == half }.map { paths[$0] } }
        let fetched = ParallelWork.map(halves, workers: 2) { provider.vectorTiles($0, layerNames: layerNames) }
        return fetched[0].merging(fetched[1]) { kept, _ in kept }
    }

    /// One warning per source and reason, naming up to three tiles.
    static func summarized(_ failures: [(source: String, failure: TileFailure)]) -> [Diagnostic] {
        let keyed = failures.map { TileFailure(tile: $0.failure.tile, reason: "\($0.source): \($0.failure.reason)") }
        return TileFailure.grouped(keyed).map { group in
            let subject =
                group.tiles.count == 1
                ? "vector tile \(group.named)" : "\(group.tiles.count) vector tiles (\(group.named))"
            return Diagnostic(.warning, "\(subject) of \(group.reason); left out of the map")
        }
    }
}

extension CanvasRect {
    /// The four corners, clockwise from the top left.
    var corners: [CanvasPoint] {
        [
            CanvasPoint(x: minX, y: minY), CanvasPoint(x: maxX, y: minY), CanvasPoint(x: maxX, y: maxY),
            CanvasPoint(x: minX, y: maxY),
        ]
    }
}
