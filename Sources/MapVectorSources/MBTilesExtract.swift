import Foundation
public import MapErrors
import MapFormats
import MapGeometry
public import MapPMTiles
import MapSQLite
import MapTiles

/// A region of an MBTiles file (MBTiles 1.3) copied into a clustered PMTiles archive, as
/// `ExtractPlan` and `RegionExtractor` do for PMTiles sources: the region's tiles found with
/// one indexed query per zoom, then read one by one in PMTiles tile id order and written
/// through `PMTilesWriter`, which stores identical tiles once.
public struct MBTilesExtract {
    /// One tile to copy.
    struct Tile {
        var id: UInt64
        var z: Int, x: Int, tmsRow: Int
        var length: Int
    }

    /// The file.
    public let path: String
    /// The zooms copied.
    public let zoomRange: ClosedRange<Int>
    /// The region.
    public let region: ExtractRegion
    /// What the new archive says about its tiles (metadata, type, compression, bounds).
    public let description: PMTilesWriter.Description
    /// The region's tiles, in tile id order.
    let tiles: [Tile]

    /// How many tiles the region has in the file.
    public var tileCount: Int { tiles.count }
    /// Their bytes, as stored.
    public var tileBytes: UInt64 { tiles.reduce(0) { $0 + UInt64($1.length) } }

    /// Whether the file at `path` is an SQLite database (by its first 16 bytes, "SQLite
    /// format 3" and a NUL), so an MBTiles file rather than a PMTiles archive.
    public static func isSQLite(atPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        return [UInt8](head) == Array("SQLite format 3".utf8) + [0]
    }

    /// Finds the region's tiles over `zooms` (default: the file's).
    ///
    /// - Throws: `MapError` `.invalidData` for a file that is not MBTiles (no `tiles` or
    ///   `metadata` table, a `json` metadata value that is not JSON), `.invalidRequest` for
    ///   zooms the file does not have.
    public init(path: String, region: ExtractRegion, zooms: ClosedRange<Int>?) throws(MapError) {
        self.path = path
        self.region = region
        let location = InputLocation(file: path)
        do {
            let database = try SQLiteDatabase(path: path, mode: .readOnly, immutable: true)
            let tables = try database.tableNames()
            guard
                tables.contains("tiles") || (try? database.query("SELECT 1 FROM tiles LIMIT 1", row: { _ in 1 })) != nil
            else {
                throw MapError(
                    .invalidData, "an SQLite database without a tiles table, not MBTiles", at: location,
                    remedy: "give a PMTiles archive or an MBTiles file")
            }
            let rows = try database.query("SELECT name, value FROM metadata", row: { ($0.text(at: 0), $0.text(at: 1)) })
            var metadata: [String: String] = [:]
            for case (let name?, let value?) in rows { metadata[name] = value }
            let span =
                try database.query(
                    "SELECT MIN(zoom_level), MAX(zoom_level) FROM tiles",
                    row: { $0.isNull(at: 0) ? nil : Int($0.int64(at: 0))...Int($0.int64(at: 1)) }
                ).first ?? nil
            guard let span else { throw MapError(.invalidData, "holds no tiles", at: location) }
            guard span.lowerBound >= 0, span.upperBound <= 30 else {
                throw MapError(
                    .invalidData, "has tiles at zoom levels \(span.lowerBound)–\(span.upperBound), outside 0–30",
                    at: location)
            }
            let wanted = zooms ?? span
            guard wanted.overlaps(span) else {
                throw MapError(
                    .invalidRequest,
                    "the archive has zooms \(span.lowerBound)–\(span.upperBound), none of "
                        + "\(wanted.lowerBound)–\(wanted.upperBound)", at: location,
                    remedy: "give --minzoom and --maxzoom within the archive's zooms")
            }
            zoomRange = wanted.clamped(to: span)
            var tiles: [Tile] = []
            for z in zoomRange {
                let (columns, rows) = region.tileRanges(zoom: z)
                let side = 1 << z
                for range in columns {
                    // MBTiles rows count from the south (TMS): XYZ rows a…b are TMS rows side-1-b…side-1-a.
                    tiles += try database.query(
                        "SELECT tile_column, tile_row, length(tile_data) FROM tiles WHERE zoom_level = ?1 "
                            + "AND tile_column BETWEEN ?2 AND ?3 AND tile_row BETWEEN ?4 AND ?5",
                        [
                            .integer(Int64(z)), .integer(Int64(range.lowerBound)), .integer(Int64(range.upperBound)),
                            .integer(Int64(side - 1 - rows.upperBound)), .integer(Int64(side - 1 - rows.lowerBound)),
                        ],
                        row: { row in
                            let x = Int(row.int64(at: 0)), tms = Int(row.int64(at: 1))
                            return Tile(
                                id: TilePath(z: z, x: x, y: side - 1 - tms).pmtilesID, z: z, x: x, tmsRow: tms,
                                length: Int(row.int64(at: 2)))
                        })
                }
            }
            self.tiles = tiles.sorted { $0.id < $1.id }
            let first =
                try database.query(
                    "SELECT tile_data FROM tiles LIMIT 1", row: { Array(($0.blob(at: 0) ?? []).prefix(2)) }
                ).first ?? []
            description = try Self.description(
                metadata: metadata, firstBytes: first, zooms: zoomRange, region: region, location: location)
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.invalidData, "\(error)", at: location, remedy: "give a PMTiles archive or an MBTiles file")
        }
    }

    /// Copies the tiles into a new archive at `destination`.
    ///
    /// - Parameter progress: called with the tile bytes copied so far and in all.
    /// - Throws: `MapError` `.invalidData` when the file cannot be read, `.cannotCreate` or
    ///   `.ioFailure` when writing fails; nothing is left at the destination.
    @discardableResult
    public func extract(
        to destination: String, progress: (_ done: UInt64, _ total: UInt64) -> Void = { _, _ in }
    ) throws(MapError) -> PMTilesWriter.Summary {
        let writer = try PMTilesWriter(destination: destination)
        let total = tileBytes
        var done: UInt64 = 0
        do {
            let database = try SQLiteDatabase(path: path, mode: .readOnly, immutable: true)
            let statement = try database.prepare(
                "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
            for tile in tiles {
                try statement.reset()
                try statement.bind([.integer(Int64(tile.z)), .integer(Int64(tile.x)), .integer(Int64(tile.tmsRow))])
                guard try statement.step() else { continue }
                let bytes = statement.blob(at: 0) ?? []
                try writer.add(tileID: tile.id, contents: bytes)
                done += UInt64(bytes.count)
                progress(done, total)
            }
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.invalidData, "\(error)", at: InputLocation(file: path))
        }
        return try writer.finish(description)
    }

    /// The new archive's description: the metadata rows as one JSON object (the `json`
    /// row's members, such as `vector_layers`, lifted to the top, as `pmtiles convert`
    /// does), the tile type from `format`, gzip when the tiles start with gzip's magic
    /// bytes, the region's bounds within the file's `bounds`.
    static func description(
        metadata: [String: String], firstBytes: [UInt8], zooms: ClosedRange<Int>, region: ExtractRegion,
        location: InputLocation
    ) throws(MapError) -> PMTilesWriter.Description {
        var members: [(String, JSONValue)] = metadata.keys.sorted().filter { $0 != "json" }.map {
            ($0, .string(metadata[$0]!))
        }
        if let json = metadata["json"] {
            let document = try JSONDocument(parsing: Array(json.utf8), fileName: location.file + " metadata json")
            for member in document.root.members ?? [] where !members.contains(where: { $0.0 == member.key }) {
                members.append((member.key, ExtractMetadata.value(of: member.value)))
            }
        }
        let type: PMTilesHeader.TileType =
            switch metadata["format"]?.lowercased() {
            case "pbf", "mvt": .mvt
            case "png": .png
            case "jpg", "jpeg": .jpeg
            case "webp": .webp
            default: .unknown
            }
        let gzip = firstBytes == [0x1F, 0x8B]
        var bounds = (region.west, region.south, region.east, region.north)
        let stated = (metadata["bounds"] ?? "").split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        if stated.count == 4, region.west <= region.east {
            let clipped = (
                max(bounds.0, stated[0]), max(bounds.1, stated[1]), min(bounds.2, stated[2]), min(bounds.3, stated[3])
            )
            if clipped.0 < clipped.2 && clipped.1 < clipped.3 { bounds = clipped }
        }
        // The file's center zoom ("LON,LAT,ZOOM"), kept within the zooms copied.
        let statedZoom = (metadata["center"] ?? "").split(separator: ",").dropFirst(2).first.flatMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        let centerZoom = min(max(statedZoom ?? zooms.lowerBound, zooms.lowerBound), zooms.upperBound)
        return PMTilesWriter.Description(
            tileType: type, tileCompression: gzip ? .gzip : .none,
            metadata: ExtractMetadata.updated(
                Array(JSONValue.object(members).serialized().utf8), bounds: bounds,
                center: (centerZoom, (bounds.0 + bounds.2) / 2, (bounds.1 + bounds.3) / 2)),
            zoomRange: zooms, bounds: bounds,
            center: (centerZoom, (bounds.0 + bounds.2) / 2, (bounds.1 + bounds.3) / 2))
    }
}
