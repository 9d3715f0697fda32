import MapDrawing
import MapErrors
import MapGeometry
import MapImageEncoding
import MapRenderCore
import MapTerrain
import MapVectorStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `hillshade` and `color-relief` layers of a style, each painted by `TerrainRaster`
/// into one picture of the viewport at the output's pixel density and placed on the map
/// as an image, which every backend draws.
struct ReliefLayout {
    var viewport: Viewport
    /// Device pixels per canvas point.
    var scale: Double
    /// The zoom the style is evaluated at (MapLibre's: the viewport's − 1).
    var styleZoom: Double
    /// Whether a picture is painted on every core (off in a batch, whose workers are the
    /// parallelism).
    var concurrently = true

    /// The picture of one relief layer, or nothing where its tiles are all missing.
    func commands(
        for layer: VectorStyleLayer, source: VectorStyleSource, provider: any ElevationTileProvider,
        diagnostics: inout [Diagnostic]
    ) throws(MapError) -> [DrawCommand] {
        guard let paint = self.paint(of: layer, diagnostics: &diagnostics) else { return [] }
        let width = max(Int((viewport.size.width * scale).rounded()), 1)
        let height = max(Int((viewport.size.height * scale).rounded()), 1)
        let corner = viewport.mapPoint(for: CanvasPoint(x: 0, y: 0))
        let worldPixels = 256 * pow(2, viewport.zoom)
        let grid = TerrainPixelGrid(
            originX: corner.x / MapSize.world.width * worldPixels,
            originY: corner.y / MapSize.world.height * worldPixels,
            zoom: viewport.zoom, step: 1 / scale, width: width, height: height)
        let zoom = TerrainRaster.demZoom(
            forMapZoom: viewport.zoom, tileSize: Int(source.tileSize), zoomRange: provider.zoomRange)
        let count = 1 << zoom
        // The tiles shown and, for the border of each, their eight neighbours.
        var wanted: Set<TilePath> = []
        for (x, y) in TerrainRaster.tiles(covering: grid, demZoom: zoom) {
            for dy in -1...1 where (0..<count).contains(y + dy) {
                for dx in -1...1 {
                    wanted.insert(TilePath(z: zoom, x: Self.wrapped(x + dx, count), y: y + dy))
                }
            }
        }
        let fetched = provider.elevationTiles(wanted.sorted { ($0.y, $0.x) < ($1.y, $1.x) })
        var failures: [TileFailure] = []
        var tiles: [TilePath: ElevationTile] = [:]
        for (path, result) in fetched {
            switch result {
            case .success(let tile): tiles[path] = tile
            case .failure(let failure):
                if let refusal = failure.refusal { throw refusal }
                failures.append(failure)
            }
        }
        for group in TileFailure.grouped(failures) {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "\(provider.name): \(group.tiles.count == 1 ? "elevation tile" : "\(group.tiles.count) elevation tiles")"
                        + " \(group.named) not drawn: \(group.reason)"))
        }
        guard !tiles.isEmpty else { return [] }
        let decoded = tiles
        let pixels = TerrainRaster.paint(paint, grid: grid, demZoom: zoom, concurrently: concurrently) { x, y in
            guard (0..<count).contains(y) else { return nil }
            return decoded[TilePath(z: zoom, x: Self.wrapped(x, count), y: y)]
        }
        let png = pixels.withUnsafeBytes { bytes in
            PNGEncoder.encode(
                pixels: bytes.baseAddress!, width: width, height: height, stride: width * 4, hasAlpha: true,
                fast: true)
        }
        let image = EncodedImage(data: png, encoding: .png, pixelWidth: width, pixelHeight: height)
        return [
            .image(image, in: CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height))
        ]
    }

    private static func wrapped(_ x: Int, _ count: Int) -> Int { ((x % count) + count) % count }

    /// The layer's paint evaluated at the style's zoom; `nil` (with a note) for a colour
    /// relief whose colour is not a ramp on `["elevation"]`.
    func paint(of layer: VectorStyleLayer, diagnostics: inout [Diagnostic]) -> ReliefPaint? {
        let context = StyleEvaluationContext(zoom: styleZoom)
        switch layer.kind {
        case .hillshade:
            return .hillshade(Hillshade(Self.hillshadeParameters(of: layer, in: context)))
        case .colorRelief:
            guard let ramp = Self.colorRamp(of: layer, in: context) else {
                diagnostics.append(
                    Diagnostic(
                        .info,
                        "layer \"\(layer.id)\": color-relief-color is not an interpolate or step on [\"elevation\"];"
                            + " not drawn"))
                return nil
            }
            return .colorRelief(ramp)
        default:
            return nil
        }
    }

    /// A `hillshade` layer's paint, with the spec's defaults.
    static func hillshadeParameters(
        of layer: VectorStyleLayer, in context: StyleEvaluationContext
    ) -> HillshadeParameters {
        func numbers(_ name: String, _ fallback: Double) -> [Double] {
            layer.numbers(name, in: context) ?? [layer.number(name, in: context, default: fallback)]
        }
        func colors(_ name: String, _ fallback: TerrainColor) -> [TerrainColor] {
            guard let value = layer.value(of: name, in: context) else { return [fallback] }
            let colors = (value.array ?? [value]).compactMap(\.color).map(TerrainColor.init)
            return colors.isEmpty ? [fallback] : colors
        }
        let method = layer.string("hillshade-method", in: context).flatMap(HillshadeMethod.init) ?? .standard
        return HillshadeParameters(
            method: method, exaggeration: layer.number("hillshade-exaggeration", in: context, default: 0.5),
            directions: numbers("hillshade-illumination-direction", 335),
            altitudes: numbers("hillshade-illumination-altitude", 45),
            shadows: colors("hillshade-shadow-color", .black), highlights: colors("hillshade-highlight-color", .white),
            accent: colors("hillshade-accent-color", .black)[0])
    }

    /// A `color-relief` layer's ramp: `color-relief-color` as an `interpolate` (linear) or
    /// `step` on `["elevation"]` with constant stop colours; `nil` for anything else.
    static func colorRamp(of layer: VectorStyleLayer, in context: StyleEvaluationContext) -> ColorRamp? {
        let opacity = layer.number("color-relief-opacity", in: context, default: 1)
        func color(_ expression: StyleExpression) -> TerrainColor? {
            (try? expression.evaluate(in: context))?.color.map(TerrainColor.init)
        }
        func stops(_ stops: [StyleStop]) -> [(elevation: Double, color: TerrainColor)]? {
            let colored = stops.compactMap { stop in color(stop.output).map { (stop.input, $0) } }
            return colored.count == stops.count && !colored.isEmpty ? colored : nil
        }
        switch layer.property("color-relief-color") {
        case .interpolate(.linear, .elevation, let list):
            return stops(list).map { ColorRamp(stops: $0, interpolation: .linear, opacity: opacity) }
        case .step(.elevation, let base, let list):
            guard let base = color(base), let stops = stops(list) else { return nil }
            return ColorRamp(stops: stops, interpolation: .step(base: base), opacity: opacity)
        default:
            return nil
        }
    }
}

extension TerrainColor {
    /// The premultiplied colour of a style colour.
    init(_ color: Color) {
        self.init(straightRed: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}
