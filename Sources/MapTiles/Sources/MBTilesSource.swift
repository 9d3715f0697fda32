import Foundation
public import MapDrawing
public import MapErrors
import MapFormats
public import MapGeometry
public import MapRenderCore
import MapSQLite

/// Raster tiles from an MBTiles file (MBTiles 1.1–1.3, https://github.com/mapbox/mbtiles-spec):
/// an SQLite database with a `tiles` table or view (`zoom_level`, `tile_column`, `tile_row`,
/// `tile_data`) whose rows count from the south (TMS), and a `metadata` table of
/// name/value pairs.
///
/// The file is opened read-only and immutable. Each `tiles(_:highResolution:)` call opens
/// its own connection (SQLite connections are not thread-safe), so one value serves many
/// render tasks at once.
public struct MBTilesSource: RasterTileSource {
    /// The file's path, as given.
    public let path: String
    /// What SQLite opens: `path`, or the link to the descriptor opened beneath a confining
    /// folder (`ConfinedArchive`), which `confinedFile` keeps open.
    private let databasePath: String
    private let confinedFile: OpenedFile?
    /// The `metadata` table's name/value pairs, as stored.
    public let metadata: [String: String]
    /// The tile format from the metadata (`png`, `jpg`), or `nil` when not stated.
    public let format: String?
    /// The area the tiles cover (metadata `bounds`), or `nil` when not stated or invalid.
    public let bounds: CoordinateBounds?
    public let attribution: [String]
    public let zoomRange: ClosedRange<Int>
    public let tileSize: Int
    /// Always `false`: an MBTiles file has one tile per path.
    public var hasHighResolutionTiles: Bool { false }
    public let isImagery: Bool

    /// The tileset's name (metadata `name`).
    public var name: String? { metadata["name"] }

    /// Opens an MBTiles file and reads its metadata and the size of its first tile.
    ///
    /// Zooms come from `minzoom`/`maxzoom` (MBTiles 1.3 §metadata), or from the tiles
    /// themselves when those are missing. The tile size is the first tile's pixel width
    /// divided by `scale` (a non-standard key some tools write for @2x sets), taken as 256 or
    /// 512 points.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - isImagery: whether the tiles are imagery; `nil` guesses from the format, since the
    ///     spec has no such key: JPEG tiles are almost always photographs, PNG ones drawn maps.
    /// - Throws: `MapError` `.missingInput` when the file does not exist or cannot be opened;
    ///   `.invalidData` (exit 65) when it is not an SQLite database, is damaged, has no `tiles`
    ///   table or no tiles, holds vector (`pbf`) or WebP tiles, or its first tile is not a
    ///   PNG or JPEG image.
    public init(path: String, isImagery: Bool? = nil) throws(MapError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MapError(
                .missingInput, "no such file", at: InputLocation(file: path),
                remedy: "check the path of the MBTiles file")
        }
        guard !isDirectory.boolValue else {
            throw MapError(
                .missingInput, "is a folder, not an MBTiles file", at: InputLocation(file: path),
                remedy: "give the .mbtiles file")
        }
        self.path = path
        (databasePath, confinedFile) = try ConfinedArchive.database(at: path, what: "MBTiles file")
        let facts: Facts
        do {
            facts = try MBTilesSource.readFacts(
                SQLiteDatabase(path: databasePath, mode: .readOnly, immutable: true, name: path))
        } catch {
            throw MBTilesSource.converted(error, path: path)
        }
        metadata = facts.metadata
        format = facts.metadata["format"]?.lowercased()
        switch format {
        case "pbf", "mvt", "application/vnd.mapbox-vector-tile", "application/x-protobuf":
            throw MapError(
                .invalidData, "holds vector tiles (format \(format ?? "")), which are not supported",
                at: InputLocation(file: path),
                remedy: "give an MBTiles file of PNG or JPEG raster tiles")
        case "webp", "image/webp":
            throw MapError(
                .invalidData, "holds WebP tiles, which are not supported", at: InputLocation(file: path),
                remedy: "convert the tiles to PNG or JPEG")
        default: break
        }
        let header: ImageHeader
        do {
            header = try ImageHeader(parsing: facts.firstTile)
        } catch {
            throw MapError(
                .invalidData, "its first tile is not usable: \(error.reason)", at: InputLocation(file: path),
                remedy: "give an MBTiles file of PNG or JPEG raster tiles")
        }
        let scale = metadata["scale"].flatMap(Double.init).flatMap { $0 >= 1 && $0 <= 4 ? $0 : nil } ?? 1
        tileSize = Double(header.pixelWidth) / scale >= 384 ? 512 : 256
        zoomRange = facts.zoomRange
        bounds = metadata["bounds"].flatMap(MBTilesSource.bounds(parsing:))
        attribution =
            metadata["attribution"].map(MBTilesSource.plainText(fromHTML:)).map { $0.isEmpty ? [] : [$0] } ?? []
        self.isImagery = isImagery ?? (format == "jpg" || format == "jpeg" || header.encoding == .jpeg)
    }

    /// What `init` reads from the database.
    private struct Facts {
        var metadata: [String: String] = [:]
        var zoomRange: ClosedRange<Int> = 0...0
        var firstTile: [UInt8] = []
    }

    /// A problem with the content found here, not by SQLite.
    private struct BadFile: Error {
        let message: String
    }

    private static func readFacts(_ database: SQLiteDatabase) throws -> Facts {
        // The first read: where a file that is not a database fails (SQLITE_NOTADB).
        let objects = try database.query(
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name IN ('tiles', 'metadata')"
        ) { $0.text(at: 0) ?? "" }
        guard objects.contains("tiles") else {
            throw BadFile(message: "not an MBTiles file (no tiles table)")
        }
        let columns = Set(try database.columnNames(inTable: "tiles"))
        let needed = ["zoom_level", "tile_column", "tile_row", "tile_data"]
        let missing = needed.filter { !columns.contains($0) }
        guard missing.isEmpty else {
            throw BadFile(message: "not an MBTiles file (the tiles table has no \(missing.joined(separator: ", ")))")
        }
        var facts = Facts()
        if objects.contains("metadata"),
            Set(try database.columnNames(inTable: "metadata")).isSuperset(of: ["name", "value"])
        {
            for (name, value) in try database.query(
                "SELECT name, value FROM metadata", row: { ($0.text(at: 0), $0.text(at: 1)) })
            {
                if let name, let value {
                    facts.metadata[name.lowercased()] = value.trimmingCharacters(in: .whitespaces)
                }
            }
        }
        let (minimum, maximum) = (
            facts.metadata["minzoom"].flatMap(Int.init), facts.metadata["maxzoom"].flatMap(Int.init)
        )
        if let minimum, let maximum, 0 <= minimum, minimum <= maximum, maximum <= 30 {
            facts.zoomRange = minimum...maximum
        } else {
            let range =
                try database.query("SELECT MIN(zoom_level), MAX(zoom_level) FROM tiles") {
                    $0.isNull(at: 0) ? nil : (Int($0.int64(at: 0)), Int($0.int64(at: 1)))
                }.first ?? nil
            guard let range, 0 <= range.0, range.0 <= range.1, range.1 <= 30 else {
                throw BadFile(message: range == nil ? "the MBTiles file holds no tiles" : "zoom levels outside 0…30")
            }
            facts.zoomRange = range.0...range.1
        }
        let first = try database.query(
            "SELECT tile_data FROM tiles WHERE zoom_level = ? LIMIT 1", [.integer(Int64(facts.zoomRange.lowerBound))]
        ) {
            $0.blob(at: 0)
        }
        guard let tile = first.first ?? nil else {
            throw BadFile(message: "the MBTiles file has no tiles at its minimum zoom \(facts.zoomRange.lowerBound)")
        }
        facts.firstTile = tile
        return facts
    }

    /// Any error from reading as the `MapError` to throw: the wrapper's already name the
    /// path and follow the sysexits mapping (`.invalidData` for a damaged or foreign file).
    private static func converted(_ error: any Error, path: String) -> MapError {
        switch error {
        case let error as BadFile:
            return MapError(
                .invalidData, "\(error.message)", at: InputLocation(file: path),
                remedy: "give an MBTiles file of raster tiles")
        case let error as MapError: return error
        default:
            return MapError(.internalFailure, "\(error)", at: InputLocation(file: path), remedy: "report this as a bug")
        }
    }

    // MARK: Tiles

    public func tiles(_ paths: [TilePath], highResolution: Bool) -> [TilePath: Result<EncodedImage, TileFailure>] {
        var results: [TilePath: Result<EncodedImage, TileFailure>] = [:]
        let statement: Statement
        do {
            let database = try SQLiteDatabase(path: databasePath, mode: .readOnly, immutable: true, name: path)
            statement = try database.prepare(
                "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
        } catch {
            let reason = "cannot read the MBTiles file (\(MBTilesSource.converted(error, path: path).locatedMessage))"
            for path in paths { results[path] = .failure(TileFailure(tile: path, reason: reason)) }
            return results
        }
        for tile in paths where results[tile] == nil {
            results[tile] = fetch(tile, with: statement)
        }
        return results
    }

    private func fetch(_ tile: TilePath, with statement: Statement) -> Result<EncodedImage, TileFailure> {
        guard tile.z >= 0, tile.z <= 30, (0..<tile.tilesPerSide).contains(tile.x),
            (0..<tile.tilesPerSide).contains(tile.y)
        else {
            return .failure(TileFailure(tile: tile, reason: "not a tile of the world"))
        }
        let bytes: [UInt8]?
        do {
            try statement.reset()
            // MBTiles 1.3: "tile_row" counts from the south (TMS), so XYZ row y is 2^z − 1 − y.
            try statement.bind([.integer(Int64(tile.z)), .integer(Int64(tile.x)), .integer(Int64(tile.tmsRow))])
            bytes = try statement.step() ? statement.blob(at: 0) ?? [] : nil
        } catch {
            return .failure(
                TileFailure(
                    tile: tile,
                    reason:
                        "cannot read the MBTiles file (\(MBTilesSource.converted(error, path: path).locatedMessage))"))
        }
        guard let bytes else { return .failure(TileFailure(tile: tile, reason: "not in the MBTiles file")) }
        do {
            return .success(try EncodedImage(validating: bytes))
        } catch {
            return .failure(TileFailure(tile: tile, reason: error.reason))
        }
    }

    // MARK: Metadata values

    /// `bounds` as MBTiles writes it: "left,bottom,right,top" in WGS84 degrees.
    static func bounds(parsing text: String) -> CoordinateBounds? {
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4 else { return nil }
        let (west, south, east, north) = (numbers[0], numbers[1], numbers[2], numbers[3])
        guard (-180...180).contains(west), (-180...180).contains(east), (-90...90).contains(south),
            (-90...90).contains(north), south <= north
        else { return nil }
        return CoordinateBounds(north: north, south: south, east: east, west: west)
    }

    /// Attribution text without HTML: MBTiles 1.3 allows HTML in `attribution`, and tools
    /// write links such as `<a href="…">&copy; OpenStreetMap contributors</a>`. Tags are
    /// dropped, the common entities decoded, white space collapsed.
    package static func plainText(fromHTML html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text += " "
                continue
            }
            if character == ">", inTag {
                inTag = false
                continue
            }
            if !inTag { text.append(character) }
        }
        let named = [
            "&copy;": "©", "&nbsp;": " ", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&apos;": "'", "&#39;": "'",
            "&mdash;": "—", "&ndash;": "–",
        ]
        for (entity, replacement) in named { text = text.replacingOccurrences(of: entity, with: replacement) }
        while let range = text.range(of: #"&#(x[0-9A-Fa-f]+|[0-9]+);"#, options: .regularExpression) {
            let digits = text[range].dropFirst(2).dropLast()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            text.replaceSubrange(range, with: value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "")
        }
        text = text.replacingOccurrences(of: "&amp;", with: "&")
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
