public import MapErrors
public import MapGeometry
import MapPMTiles

/// The vector tiles of a PMTiles archive (tile type MVT).
public struct PMTilesVectorArchive: VectorTileArchive {
    /// The archive.
    public let archive: PMTilesArchive

    /// Wraps an archive of MVT tiles.
    ///
    /// - Throws: `MapError` `.invalidData` when its tiles are not vector tiles.
    public init(_ archive: PMTilesArchive) throws(MapError) {
        guard archive.header.tileType == .mvt else {
            throw MapError(
                .invalidData, "holds \(archive.header.tileType) tiles, not vector tiles (MVT)",
                at: InputLocation(file: archive.reader.name))
        }
        self.archive = archive
    }

    public var name: String { archive.reader.name }
    public var zoomRange: ClosedRange<Int> { archive.header.zoomRange }

    public func storedTile(_ tile: TilePath) throws(MapError) -> [UInt8]? {
        do {
            // The archive's own compression is undone by `vectorTile`, which sniffs gzip.
            return try archive.storedTile(tile)
        } catch {
            throw PMTilesSource.mapError(error, at: InputLocation(file: name))
        }
    }
}
