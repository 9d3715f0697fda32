public import MapErrors
public import MapGeometry
import MapRenderCore
public import MapTiles
public import MapVectorLayout
import MapVectorTiles

/// Vector tiles from a server by URL template (`https://host/{z}/{x}/{y}.pbf`), through the
/// tile cache and with the politeness of raster tiles (`HTTPTileSource`): gzip is undone
/// when the bytes are gzip, whatever the server says; HTTP 404 and 204 are empty tiles, as
/// vector tile servers answer for places without data.
public struct TemplateVectorTileProvider: VectorTileProvider {
    /// The fetching, caching source behind the template.
    public let source: HTTPTileSource

    public var name: String { source.template.template }
    public var zoomRange: ClosedRange<Int> { source.zoomRange }
    public var attribution: [String] { source.attribution }

    /// A provider for a template.
    ///
    /// - Throws: `MapError` `.invalidRequest` for a template `TileTemplate` refuses.
    public init(
        template: String, zoomRange: ClosedRange<Int> = 0...14, attribution: [String] = [], options: HTTPTileOptions
    ) throws(MapError) {
        try options.hostPolicy?.requirePermitted(template)
        source = HTTPTileSource(
            template: try TileTemplate(template), attribution: attribution, zoomRange: zoomRange, options: options)
    }

    public func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
        let fetched = source.fetch(paths, highResolution: false) { bytes throws(MapError) in
            try FetchedTile(bytes: bytes).vectorTile(TilePath(z: 0, x: 0, y: 0), layerNames: layerNames)!
        }
        return fetched.mapValues { result in
            switch result {
            case .success(let decoded): return .tile(decoded.tile, diagnostics: decoded.diagnostics)
            case .failure(let failure) where failure.reason == "HTTP 404" || failure.reason.hasPrefix("HTTP 204"):
                return .empty
            case .failure(let failure):
                let prefix = "tile 0/0/0: "
                var failure = failure
                if failure.reason.hasPrefix(prefix) { failure.reason.removeFirst(prefix.count) }
                return .failure(failure)
            }
        }
    }
}

/// The bytes of one fetched tile as an archive of one tile, for the archives' gzip
/// sniffing and decoding.
private struct FetchedTile: VectorTileArchive {
    var bytes: [UInt8]
    var name: String { "" }
    var zoomRange: ClosedRange<Int> { 0...0 }
    func storedTile(_ tile: TilePath) throws(MapError) -> [UInt8]? { bytes }
}
