import MapErrors
import MapGeometry
import MapPMTiles
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorLayout
import MapVectorStyle
import MapVectorTiles

/// The Helsinki archive of Tests/MapTilesTests/Fixtures/pmtiles as a tile provider.
struct ArchiveTileProvider: VectorTileProvider {
    let archive: any VectorTileArchive

    var name: String { archive.name }
    var zoomRange: ClosedRange<Int> { archive.zoomRange }
    var attribution: [String] { ["© OpenMapTiles © OpenStreetMap contributors"] }

    func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
        var result: [TilePath: VectorTileResult] = [:]
        for path in paths {
            do {
                if let (tile, diagnostics) = try archive.vectorTile(path, layerNames: layerNames) {
                    result[path] = .tile(tile, diagnostics: diagnostics)
                } else {
                    result[path] = .empty
                }
            } catch {
                result[path] = .failure(TileFailure(tile: path, reason: error.message))
            }
        }
        return result
    }

    /// The Helsinki PMTiles fixture (OpenMapTiles schema, z0–14).
    static func helsinki() throws -> ArchiveTileProvider {
        let path = packageRoot + "/Tests/MapTilesTests/Fixtures/pmtiles/helsinki.pmtiles"
        guard let reader = FileByteRangeReader(path: path) else {
            throw MapError(.missingInput, "cannot open \(path)")
        }
        return ArchiveTileProvider(archive: try PMTilesVectorArchive(PMTilesArchive(reader: reader)))
    }
}

/// Central Helsinki, by the cathedral.
let helsinkiCenter = Coordinate(latitude: 60.1716, longitude: 24.9443)

/// A basemap of the Helsinki fixture in a built-in style.
func helsinkiBasemap(_ look: BuiltInVectorStyle = .standard) throws -> VectorTileBasemap {
    VectorTileBasemap(style: try look.style(), sources: ["openmaptiles": try ArchiveTileProvider.helsinki()])
}
