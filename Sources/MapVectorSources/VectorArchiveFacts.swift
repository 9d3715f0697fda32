import MapFormats
import MapGeometry
import MapSQLite
import MapTiles
import MapVectorStyle

/// What a vector tile set says about itself: the names of its layers and its credits, from
/// the metadata of an archive or a TileJSON document.
public struct VectorArchiveFacts: Hashable, Sendable {
    /// The layer names of `vector_layers`, in order; empty when the metadata has none.
    public var layerNames: [String]
    /// The credits of `attribution`, as plain text.
    public var attribution: [String]

    /// The credit of OpenMapTiles data that names none of its own.
    public static let openMapTilesCredit = "© OpenMapTiles © OpenStreetMap contributors"

    /// Creates facts.
    public init(layerNames: [String] = [], attribution: [String] = []) {
        self.layerNames = layerNames
        self.attribution = attribution
    }

    /// Whether layers look like the OpenMapTiles schema the built-in styles draw: at least
    /// three of its layers (all of them when there are fewer than three).
    public static func isOpenMapTiles(_ layers: [String]) -> Bool {
        let names = Set(layers)
        let known = names.intersection(BuiltInVectorStyle.schemaLayers)
        return !known.isEmpty && known.count >= min(3, names.count)
    }

    /// The facts of a JSON metadata object (PMTiles metadata, TileJSON): `attribution`, and
    /// `vector_layers` at the top or inside the string `json` (as tilemaker writes it).
    init(json bytes: [UInt8]) {
        guard let document = try? JSONDocument(parsing: bytes, fileName: "metadata") else {
            self.init()
            return
        }
        self.init(attribution: document.root["attribution"]?.string, layers: document.root["vector_layers"])
        if layerNames.isEmpty, let nested = document.root["json"]?.string {
            layerNames = VectorArchiveFacts(json: Array(nested.utf8)).layerNames
        }
    }

    /// The facts of an MBTiles `metadata` table: `attribution`, and `vector_layers` in `json`.
    init(mbtilesMetadata metadata: [String: String]) {
        self.init(attribution: metadata["attribution"], layers: nil)
        if let json = metadata["json"] { layerNames = VectorArchiveFacts(json: Array(json.utf8)).layerNames }
    }

    private init(attribution: String?, layers: JSONNode?) {
        let plain = attribution.map(MBTilesSource.plainText(fromHTML:)) ?? ""
        self.attribution = plain.isEmpty ? [] : [plain]
        layerNames = (layers?.elements ?? []).compactMap { $0["id"]?.string }
    }

    /// The credits to show: the metadata's own, else the OpenMapTiles credit when the layers
    /// are that schema's, else none.
    func credits(layers: [String]) -> [String] {
        if !attribution.isEmpty { return attribution }
        return Self.isOpenMapTiles(layers) ? [Self.openMapTilesCredit] : []
    }
}

/// The `metadata` table of an MBTiles file and the place of its first tile, read once.
struct MBTilesFacts {
    var metadata: [String: String] = [:]
    /// The lowest-zoom tile, for an archive whose metadata lists no layers.
    var firstTile: TilePath?

    /// Reads the file's metadata, or `nil` when it is not an SQLite file with a metadata
    /// table (the raster source then gives the reason).
    init?(path: String) {
        guard let database = try? SQLiteDatabase(path: path, mode: .readOnly, immutable: true),
            let rows = try? database.query(
                "SELECT name, value FROM metadata", row: { ($0.text(at: 0), $0.text(at: 1)) })
        else { return nil }
        for case (let name?, let value?) in rows { metadata[name] = value }
        let first = try? database.query(
            "SELECT zoom_level, tile_column, tile_row FROM tiles ORDER BY zoom_level LIMIT 1",
            row: { (Int($0.int64(at: 0)), Int($0.int64(at: 1)), Int($0.int64(at: 2))) })
        if let (z, x, row) = first?.first { firstTile = TilePath(z: z, x: x, y: (1 << z) - 1 - row) }
    }

    /// Whether the file holds vector tiles (MBTiles 1.3: `format` is `pbf`).
    var isVector: Bool { metadata["format"]?.lowercased() == "pbf" }
}
