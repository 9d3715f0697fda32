import Foundation
public import MapErrors
import MapFormats
import MapGeometry
public import MapRenderCore
import MapSQLite

/// The embedded, offline world basemap: Natural Earth 1:110m and 1:50m land, lakes, rivers,
/// country borders, first-level admin lines and names, read from the SQLite file that
/// `make_world_basemap.py` (next to this file) builds from the public-domain Natural Earth
/// GeoJSON. `embedded()` opens the copy shipped in the package's resources.
///
/// Each call to `vectorFeatures(in:zoom:)` opens its own read-only, immutable connection
/// (about 0.1 ms; SQLite connections are not thread-safe), so one value can serve many
/// render tasks at once without a lock.
public struct WorldBasemap: BasemapSource {
    /// Where the file is.
    public let path: String
    /// Whether the file is the one shipped with maprender, for error messages: a bad
    /// embedded file is our fault (`.internalFailure`), a bad given file the user's (`.invalidData`).
    let isEmbedded: Bool

    /// The format version this reader understands (`metadata.format_version`).
    static let formatVersion = "1"
    /// The resource's file name inside the package's `Resources` folder.
    static let resourceName = "world.sqlite"
    /// The name SwiftPM gives MapTiles' resource bundle (`<package>_<target>.resources`).
    static let bundleName = ResourceBundle.tiles.name

    /// Credits for Natural Earth, which asks for none but suggests this line.
    public var attribution: [String] { ["Made with Natural Earth"] }

    /// Opens a world basemap file built by `make_world_basemap.py`, checking its format.
    ///
    /// - Throws: `MapError` `.missingInput` when the file cannot be opened, `.invalidData` when
    ///   it is not a world basemap of a format this version reads.
    public init(path: String) throws(MapError) {
        try self.init(path: path, isEmbedded: false)
    }

    init(path: String, isEmbedded: Bool) throws(MapError) {
        self.path = path
        self.isEmbedded = isEmbedded
        let database = try open()
        let version: String?
        do {
            let tables = try database.tableNames()
            guard tables.contains("metadata"), tables.contains("features"), tables.contains("labels") else {
                throw BadFile("not a maprender world basemap (no metadata, features or labels table)")
            }
            version =
                try database.query("SELECT value FROM metadata WHERE key = 'format_version'") {
                    $0.text(at: 0)
                }.first ?? nil
        } catch {
            throw converted(error)
        }
        guard version == WorldBasemap.formatVersion else {
            throw failure(
                "world basemap format version \(version ?? "(none)") is not the supported "
                    + WorldBasemap.formatVersion)
        }
    }

    /// The world basemap shipped in maprender's resource bundle.
    ///
    /// - Throws: `MapError` `.internalFailure` when the bundle or the file is missing or
    ///   damaged: an installation problem, not the user's input.
    public static func embedded() throws(MapError) -> WorldBasemap {
        guard let path = embeddedPath() else {
            throw MapError(
                .internalFailure,
                "the embedded world basemap (\(resourceName)) is missing: no \(bundleName) folder"
                    + " next to the executable",
                remedy: "install maprender together with its \(bundleName) folder, or draw without a basemap")
        }
        return try WorldBasemap(path: path, isEmbedded: true)
    }

    /// The path of the shipped file, or `nil` when the bundle is not installed.
    static func embeddedPath() -> String? { ResourceBundle.tiles.path(resourceName) }

    // MARK: Reading features

    /// The scale used at a zoom: 110 (1:110m) below zoom 3.5, 50 (1:50m) from there on.
    ///
    /// At zoom z a Web Mercator screen at the OGC's standard 0.28 mm pixel shows the
    /// equator at about 1:559,082,264 / 2^z (OGC WMTS 1.0, annex E.4). That is 1:110m's
    /// design scale near z = 2.3 and 1:50m's near z = 3.5: from 3.5 on, 1:110m would be
    /// enlarged more than twice past what it was generalised for, while 1:50m fits.
    public static func scale(forZoom zoom: Double) -> Int {
        zoom < 3.5 ? 110 : 50
    }

    /// Whether a label whose Natural Earth minimum zoom is `minimumZoom` shows at `zoom`.
    ///
    /// Natural Earth suggests a minimum web-map zoom for each name (`min_zoom` for populated
    /// places, `MIN_LABEL` for countries). A label shows from half a zoom level before that
    /// (the collision step drops what does not fit anyway), and a world map always gets
    /// the names suggested up to zoom 2: the 30 largest countries and 16 world cities. So a
    /// world map at zoom 2 has 32 country names and 26 major cities, zoom 6 shows 1,210 of the
    /// 1,249 places of the 1:50m set (Denver, Colorado Springs, Cheyenne… around Colorado), and
    /// from zoom 8.5 on all of them show.
    public static func showsLabel(minimumZoom: Double, atZoom zoom: Double) -> Bool {
        minimumZoom <= max(zoom + 0.5, 2)
    }

    /// Whether a river or lake with Natural Earth's `min_zoom` shows at `zoom`: from one level
    /// before the suggestion, so zoom 4 does not draw every 1:50m creek. Land, borders and
    /// admin lines always show: a missing island would be drawn as sea.
    public static func showsWater(minimumZoom: Double, atZoom zoom: Double) -> Bool {
        minimumZoom <= zoom + 1
    }

    /// The features inside `rect`, in map points within the world (x in [0, 2^28]).
    ///
    /// `rect` may run past the world's east or west edge, or be wider than the world: the
    /// parts outside are wrapped into the world and each feature is returned once. `zoom`
    /// follows the XYZ convention (the world is 256 · 2^zoom points wide) and picks the scale
    /// (`scale(forZoom:)`), which rivers and lakes show (`showsWater`) and which labels show
    /// (`showsLabel`). Labels come sorted by rank, most important first.
    public func vectorFeatures(in rect: MapRect, zoom: Double) throws(MapError) -> VectorBasemap {
        let zoom = zoom.isNaN ? 0 : zoom
        let pieces = WorldBasemap.worldPieces(of: rect)
        guard !pieces.isEmpty else { return VectorBasemap() }
        let scale = WorldBasemap.scale(forZoom: zoom)
        let database = try open()
        do {
            var rows = [Int64: (layer: String, geometry: [UInt8])]()
            let features = try database.prepare(
                """
                SELECT f.id, f.layer, f.geometry, f.min_zoom
                FROM features_index AS i JOIN features AS f ON f.id = i.id
                WHERE i.max_x >= ?1 AND i.min_x <= ?2 AND i.max_y >= ?3 AND i.min_y <= ?4
                  AND f.scale = ?5
                """)
            for piece in pieces {
                try features.reset()
                try features.bind([
                    .real(piece.minX), .real(piece.maxX), .real(piece.minY), .real(piece.maxY),
                    .integer(Int64(scale)),
                ])
                while try features.step() {
                    let id = features.int64(at: 0)
                    let layer = features.text(at: 1) ?? ""
                    if layer == "lake" || layer == "river",
                        !WorldBasemap.showsWater(minimumZoom: features.double(at: 3), atZoom: zoom)
                    {
                        continue
                    }
                    if rows[id] == nil { rows[id] = (layer, features.blob(at: 2) ?? []) }
                }
            }
            var basemap = VectorBasemap()
            for id in rows.keys.sorted() {
                guard let row = rows[id] else { continue }
                let parts: [[MapPoint]]
                do {
                    parts = try GeometryBlob.decode(row.geometry)
                } catch {
                    throw BadFile("feature \(id) has a damaged geometry (\(error))")
                }
                switch row.layer {
                case "land": basemap.land.append(parts)
                case "lake": basemap.lakes.append(parts)
                case "river": basemap.rivers.append(contentsOf: parts)
                case "border": basemap.borders.append(contentsOf: parts)
                case "admin1": basemap.adminLines.append(contentsOf: parts)
                default: throw BadFile("feature \(id) has an unknown layer '\(row.layer)'")
                }
            }
            basemap.labels = try labels(in: pieces, scale: scale, zoom: zoom, database: database)
            return basemap
        } catch {
            throw converted(error)
        }
    }

    /// The labels of one scale that show at `zoom` and lie in one of `pieces`.
    private func labels(
        in pieces: [MapRect], scale: Int, zoom: Double, database: SQLiteDatabase
    ) throws
        -> [BasemapLabel]
    {
        // The rule is applied in SQL through its threshold: min_zoom <= max(zoom + 0.5, 2).
        let threshold = max(zoom + 0.5, 2)
        let statement = try database.prepare(
            """
            SELECT id, name, kind, rank, x, y FROM labels
            WHERE scale = ?1 AND min_zoom <= ?2 AND x >= ?3 AND x <= ?4 AND y >= ?5 AND y <= ?6
            """)
        var found = [(id: Int64, label: BasemapLabel)]()
        var seen = Set<Int64>()
        for piece in pieces {
            try statement.reset()
            try statement.bind([
                .integer(Int64(scale)), .real(threshold), .real(piece.minX), .real(piece.maxX),
                .real(piece.minY), .real(piece.maxY),
            ])
            while try statement.step() {
                let id = statement.int64(at: 0)
                guard seen.insert(id).inserted else { continue }
                guard let kind = BasemapLabel.Kind(rawValue: statement.text(at: 2) ?? "") else {
                    throw BadFile("label \(id) has an unknown kind")
                }
                let point = MapPoint(x: statement.double(at: 4), y: statement.double(at: 5))
                let label = BasemapLabel(
                    name: statement.text(at: 1) ?? "", point: point, kind: kind,
                    rank: Int(statement.int64(at: 3)))
                found.append((id, label))
            }
        }
        found.sort { ($0.label.rank, $0.id) < ($1.label.rank, $1.id) }
        return found.map(\.label)
    }

    /// The parts of `rect` inside the world, with x wrapped into [0, 2^28] and y clamped to
    /// it; the whole world's width when `rect` is at least as wide; empty when the rect
    /// misses the world north or south.
    static func worldPieces(of rect: MapRect) -> [MapRect] {
        let world = MapSize.world.width
        let minY = max(rect.minY, 0)
        let maxY = min(rect.maxY, MapSize.world.height)
        guard minY <= maxY, rect.minX.isFinite, rect.maxX.isFinite else { return [] }
        if rect.size.width >= world {
            return [MapRect(minX: 0, minY: minY, maxX: world, maxY: maxY)]
        }
        let shift = (rect.minX / world).rounded(.down) * world
        let minX = rect.minX - shift
        let maxX = rect.maxX - shift
        if maxX <= world {
            return [MapRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)]
        }
        return [
            MapRect(minX: minX, minY: minY, maxX: world, maxY: maxY),
            MapRect(minX: 0, minY: minY, maxX: maxX - world, maxY: maxY),
        ]
    }

    // MARK: Connections and errors

    /// A fresh read-only connection. `immutable` spares SQLite all locking and journal
    /// checks: the file is a shipped resource or a file nobody writes while we render.
    private func open() throws(MapError) -> SQLiteDatabase {
        do {
            return try SQLiteDatabase(path: path, mode: .readOnly, immutable: true)
        } catch {
            throw converted(error)
        }
    }

    /// A problem with the file's content found by this type (not by SQLite).
    private struct BadFile: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// Any error from this type or the SQLite wrapper as the `MapError` to throw. The
    /// wrapper's messages already start with the path.
    private func converted(_ error: any Error) -> MapError {
        switch error {
        case let error as BadFile: return failure(error.message)
        case let error as MapError: return isEmbedded ? embeddedFailure(error.locatedMessage) : error
        default: return failure(String(describing: error))
        }
    }

    /// A bad file: the user's data (`.invalidData`) or our installation (`.internalFailure`).
    private func failure(_ message: String) -> MapError {
        if isEmbedded { return embeddedFailure("\(path): \(message)") }
        return MapError(
            .invalidData, "\(message)", at: InputLocation(file: path),
            remedy: "rebuild it with Sources/MapTiles/WorldBasemap/make_world_basemap.py")
    }

    private func embeddedFailure(_ message: String) -> MapError {
        MapError(
            .internalFailure, "the embedded world basemap is damaged or unreadable: \(message)",
            remedy: "reinstall maprender, or draw without a basemap")
    }
}
