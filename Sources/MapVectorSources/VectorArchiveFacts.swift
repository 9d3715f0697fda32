import MapFormats
import MapGeometry
import MapSQLite
import MapTiles
public import MapVectorStyle

/// What a vector tile set says about itself: the names of its layers, its credits and what
/// tells its schema, from the metadata of an archive or a TileJSON document.
public struct VectorArchiveFacts: Hashable, Sendable {
    /// The layer names of `vector_layers`, in order; empty when the metadata has none.
    public var layerNames: [String]
    /// The credits of `attribution`, as plain text.
    public var attribution: [String]
    /// The metadata's `name` (Protomaps: "Protomaps Basemap"; Shortbread: "Shortbread").
    public var name: String?
    /// The metadata's `version`: the schema's for Protomaps ("4.15.2") and Shortbread ("1.0").
    public var version: String?
    /// The property keys `vector_layers` lists in its layers' `fields`.
    public var fieldNames: Set<String> = []

    /// The credit of OpenMapTiles data that names none of its own.
    public static let openMapTilesCredit = "© OpenMapTiles © OpenStreetMap contributors"

    /// Creates facts.
    public init(layerNames: [String] = [], attribution: [String] = []) {
        self.layerNames = layerNames
        self.attribution = attribution
    }

    /// What the facts say about the schema, with `layers` for the layer names (those of a
    /// sampled tile when the metadata lists none) and `sampleKeys` the property keys of that
    /// tile's features.
    public func schemaEvidence(layers: [String], sampleKeys: Set<String> = []) -> VectorTileSchemaEvidence {
        VectorTileSchemaEvidence(
            layerNames: layers, name: name, version: version, propertyKeys: fieldNames.union(sampleKeys))
    }

    /// Whether layers are the OpenMapTiles schema the built-in styles draw: `transportation`
    /// and at least three of its layers (all of them when there are fewer than three).
    public static func isOpenMapTiles(_ layers: [String]) -> Bool {
        VectorTileSchema.recognize(VectorTileSchemaEvidence(layerNames: layers)) == .recognized(.openMapTiles)
    }

    /// The facts of a JSON metadata object (PMTiles metadata, TileJSON): `attribution`, and
    /// `vector_layers` at the top or inside the string `json` (as tilemaker writes it).
    init(json bytes: [UInt8]) {
        guard let document = try? JSONDocument(parsing: bytes, fileName: "metadata") else {
            self.init()
            return
        }
        self.init(attribution: document.root["attribution"]?.string, layers: document.root["vector_layers"])
        name = document.root["name"]?.string
        version = document.root["version"]?.string
        if layerNames.isEmpty, let nested = document.root["json"]?.string {
            let inner = VectorArchiveFacts(json: Array(nested.utf8))
            layerNames = inner.layerNames
            fieldNames = inner.fieldNames
        }
    }

    /// The facts of an MBTiles `metadata` table: `attribution`, and `vector_layers` in `json`.
    init(mbtilesMetadata metadata: [String: String]) {
        self.init(attribution: metadata["attribution"], layers: nil)
        name = metadata["name"]
        version = metadata["version"]
        if let json = metadata["json"] {
            let inner = VectorArchiveFacts(json: Array(json.utf8))
            layerNames = inner.layerNames
            fieldNames = inner.fieldNames
        }
    }

    private init(attribution: String?, layers: JSONNode?) {
        let plain = attribution.map(MBTilesSource.plainText(fromHTML:)) ?? ""
        self.attribution = plain.isEmpty ? [] : [plain]
        layerNames = (layers?.elements ?? []).compactMap { $0["id"]?.string }
        for layer in layers?.elements ?? [] {
            for member in layer["fields"]?.members ?? [] { fieldNames.insert(member.key) }
        }
    }

    /// The credit of OpenStreetMap data, which Protomaps and Shortbread archives are made of.
    public static let openStreetMapCredit = "© OpenStreetMap contributors"

    /// The credits to show: the metadata's own, else the credit the recognised schema's data
    /// needs (OpenMapTiles: its own and OpenStreetMap's; Protomaps, Shortbread: OpenStreetMap's;
    /// Shortbread archives from tilemaker carry none), else none.
    func credits(evidence: VectorTileSchemaEvidence) -> [String] {
        if !attribution.isEmpty { return attribution }
        switch VectorTileSchema.recognize(evidence) {
        case .recognized(.openMapTiles): return [Self.openMapTilesCredit]
        case .recognized(.protomaps), .recognized(.shortbread), .protomapsV3: return [Self.openStreetMapCredit]
        case .unknown: return []
        }
    }

    /// The credits to show for an archive of `layers` that says nothing else.
    func credits(layers: [String]) -> [String] { credits(evidence: schemaEvidence(layers: layers)) }
}

/// The `metadata` table of an MBTiles file and the place of its first tile, read once.
struct MBTilesFacts {
    var metadata: [String: String] = [:]
    /// The lowest-zoom tile, for an archive whose metadata lists no layers.
    var firstTile: TilePath?

    /// Reads the file's metadata, or `nil` when it is not an SQLite file with a metadata
    /// table (the raster source then gives the reason).
    init?(path: String) {
        guard let (opening, file) = try? ConfinedArchive.database(at: path, what: "MBTiles file"),
            let database = try? withExtendedLifetime(
                file,
                {
                    try SQLiteDatabase(path: opening, mode: .readOnly, immutable: true, name: path)
                }),
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
