public import MapErrors
public import MapGeometry
import MapPMTiles
public import MapVectorTiles

/// An archive of Mapbox Vector Tiles a vector basemap is drawn from: a PMTiles archive or
/// an MBTiles file whose metadata says `format: pbf`. Tiles come back decompressed and
/// decoded, with what the decoder skipped or repaired.
public protocol VectorTileArchive: Sendable {
    /// What the archive is called in messages: its path or URL.
    var name: String { get }
    /// The zooms the archive has tiles for.
    var zoomRange: ClosedRange<Int> { get }

    /// The bytes of a tile as stored, or `nil` when the archive has none.
    func storedTile(_ tile: TilePath) throws(MapError) -> [UInt8]?
}

extension VectorTileArchive {
    /// The tile decoded (gzip undone when the stored bytes are gzip, whatever the archive
    /// claims: MBTiles says zlib and writes gzip in practice), or `nil` when the archive has
    /// none. `layerNames` limits decoding to the layers a style draws.
    ///
    /// - Throws: `MapError` `.invalidData` naming the archive and the tile for damaged
    ///   compression or an MVT the decoder refuses.
    public func vectorTile(
        _ tile: TilePath, layerNames: Set<String>? = nil
    ) throws(MapError) -> (
        tile: VectorTile, diagnostics: [VectorTileDiagnostic]
    )? {
        guard var bytes = try storedTile(tile) else { return nil }
        if bytes.starts(with: [0x1F, 0x8B]) {
            do {
                bytes = try Gzip.decompress(bytes)
            } catch {
                throw MapError(.invalidData, "tile \(tile): \(error.reason)", at: InputLocation(file: name))
            }
        }
        do {
            return try VectorTileDecoder(layerNames: layerNames).decode(bytes)
        } catch {
            var located = error
            located.message = "tile \(tile): " + error.message
            located.location = InputLocation(file: name)
            throw located
        }
    }
}
