public import MapDrawing
public import MapErrors
public import MapGeometry
public import MapRenderCore
public import MapVectorLayout
import MapVectorStyle
import Synchronization

/// A vector tile basemap as the command line binds it: the style over its sources (a
/// `VectorTileBasemap`), with what binding found (style notes as `.info`, a sprite that
/// cannot be read as a warning) and a warning per reason tiles failed, added to each
/// drawing. Tile failures become warnings here, so `--strict` fails on them as it does on
/// missing raster tiles.
public struct StreetBasemap: StyledBasemap {
    /// The style and its bound sources.
    public var basemap: VectorTileBasemap
    /// What binding found, reported with every drawing.
    public var diagnostics: [Diagnostic]

    /// Creates a basemap.
    public init(basemap: VectorTileBasemap, diagnostics: [Diagnostic] = []) {
        self.basemap = basemap
        self.diagnostics = diagnostics
    }

    public var attribution: [String] { basemap.attribution }

    public func drawing(
        for viewport: Viewport, scale: Double, measurer: any TextMeasurer
    ) throws(MapError) -> StyledBasemapDrawing {
        let recorders = basemap.sources.mapValues(RecordingProvider.init)
        var recorded = basemap
        recorded.sources = recorders
        var drawing = try recorded.drawing(for: viewport, scale: scale, measurer: measurer)
        // The layout may report some of these itself; each is said once.
        let said = drawing.diagnostics.map(\.message)
        var added = diagnostics.filter { !said.contains($0.message) }
        let failures = recorders.keys.sorted().flatMap { name in
            recorders[name]!.failures.filter { failure in !said.contains { $0.contains(failure.reason) } }
                .map { (recorders[name]!.name, $0) }
        }
        added += Self.summarized(failures)
        drawing.diagnostics = added + drawing.diagnostics
        return drawing
    }

    /// One warning per source and reason, naming up to three tiles.
    static func summarized(_ failures: [(source: String, failure: TileFailure)]) -> [Diagnostic] {
        var order: [String] = []
        var tiles: [String: [TilePath]] = [:]
        for (source, failure) in failures {
            let key = "\(source): \(failure.reason)"
            if tiles[key] == nil { order.append(key) }
            tiles[key, default: []].append(failure.tile)
        }
        return order.map { key in
            let paths = tiles[key]!.sorted { ($0.z, $0.y, $0.x) < ($1.z, $1.y, $1.x) }
            let named = paths.prefix(3).map(\.description).joined(separator: ", ")
            let more = paths.count > 3 ? " and \(paths.count - 3) more" : ""
            let subject = paths.count == 1 ? "vector tile \(named)" : "\(paths.count) vector tiles (\(named)\(more))"
            return Diagnostic(.warning, "\(subject) of \(key); left out of the map")
        }
    }
}

/// A provider that remembers the tiles it failed to give, for one drawing.
final class RecordingProvider: VectorTileProvider, Sendable {
    let base: any VectorTileProvider
    private let recorded = Mutex<[TileFailure]>([])

    init(_ base: any VectorTileProvider) { self.base = base }

    var name: String { base.name }
    var zoomRange: ClosedRange<Int> { base.zoomRange }
    var attribution: [String] { base.attribution }
    /// The failures so far, in tile order.
    var failures: [TileFailure] {
        recorded.withLock { $0 }.sorted { ($0.tile.z, $0.tile.y, $0.tile.x) < ($1.tile.z, $1.tile.y, $1.tile.x) }
    }

    func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
        let results = base.vectorTiles(paths, layerNames: layerNames)
        let failed = results.values.compactMap { result -> TileFailure? in
            if case .failure(let failure) = result { return failure }
            return nil
        }
        if !failed.isEmpty {
            recorded.withLock { known in
                for failure in failed where !known.contains(failure) { known.append(failure) }
            }
        }
        return results
    }
}
