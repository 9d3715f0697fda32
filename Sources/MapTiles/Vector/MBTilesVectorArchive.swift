import Foundation
public import MapErrors
public import MapGeometry
import MapSQLite
import Synchronization

/// The vector tiles of an MBTiles file whose metadata says `format: pbf` (MBTiles 1.3).
public final class MBTilesVectorArchive: VectorTileArchive {
    public let name: String
    public let zoomRange: ClosedRange<Int>
    /// One read-only connection for every tile (a map reads dozens), used by one thread at
    /// a time.
    private let database: Mutex<SQLiteDatabase>

    /// Opens the file read-only and checks its format.
    ///
    /// - Throws: `MapError` `.missingInput` for a missing file; `.invalidData` for a file
    ///   that is not MBTiles or not of vector tiles.
    public init(path: String) throws(MapError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw MapError(.missingInput, "no such file", at: InputLocation(file: path))
        }
        name = path
        let database: SQLiteDatabase
        do {
            // The connection opens its own descriptor; `opened` need live only until then.
            let (opening, opened) = try ConfinedArchive.database(at: path, what: "MBTiles file")
            database = try withExtendedLifetime(opened) {
                try SQLiteDatabase(path: opening, mode: .readOnly, immutable: true, name: path)
            }
            let format = try database.query("SELECT value FROM metadata WHERE name = 'format'", row: { $0.text(at: 0) })
                .first.flatMap { $0 }
            guard format?.lowercased() == "pbf" else {
                throw MapError(
                    .invalidData, "holds \(format ?? "unlabelled") tiles, not vector tiles (format pbf)",
                    at: InputLocation(file: path))
            }
            let zooms = try database.query(
                "SELECT MIN(zoom_level), MAX(zoom_level) FROM tiles",
                row: { row in
                    row.isNull(at: 0) ? nil : (row.int64(at: 0), row.int64(at: 1))
                })
            guard let (low, high) = zooms.first ?? nil, low <= high else {
                throw MapError(.invalidData, "holds no tiles", at: InputLocation(file: path))
            }
            zoomRange = Int(low)...Int(high)
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.invalidData, "\(error)", at: InputLocation(file: path))
        }
        self.database = Mutex(database)
    }

    public func storedTile(_ tile: TilePath) throws(MapError) -> [UInt8]? {
        do {
            // MBTiles rows count from the south (TMS).
            return try database.withLock { database in
                try database.query(
                    "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3",
                    [.integer(Int64(tile.z)), .integer(Int64(tile.x)), .integer(Int64(tile.tmsRow))],
                    row: { $0.blob(at: 0) ?? [] }
                ).first
            }
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.invalidData, "\(error)", at: InputLocation(file: name))
        }
    }
}
