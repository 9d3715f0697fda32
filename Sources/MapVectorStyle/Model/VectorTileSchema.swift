/// The tile schemas maprender's built-in looks draw: the layer names and feature properties a
/// vector tile set follows.
///
/// Each schema is recognised by its key layers (`VectorTileSchemaEvidence`), never by a few
/// layer names alone: Mapbox Streets v7 has `water`, `landuse` and `building` like
/// OpenMapTiles but its roads are in `road`, so it is none of these.
public enum VectorTileSchema: Hashable, Sendable {
    /// OpenMapTiles 3.x (https://openmaptiles.org/schema/): tilemaker's and Planetiler's
    /// default profile. Key layer: `transportation`.
    case openMapTiles
    /// The Protomaps basemap schema version 4 (https://docs.protomaps.com/basemaps/layers):
    /// the Protomaps daily planet builds and their extracts. Key layers: `roads` and `earth`.
    case protomaps
    /// Shortbread (https://shortbread-tiles.org/schema/1.0/), version 1.0 or 1.1 as the
    /// archive's metadata says (`nil` when it says nothing): Geofabrik's and VersaTiles'
    /// archives. Key layers: `streets` and `ocean` or `water_polygons`.
    case shortbread(version: String?)

    /// The three schemas, for messages (Shortbread with no version).
    public static let known: [VectorTileSchema] = [.openMapTiles, .protomaps, .shortbread(version: nil)]

    /// The schema's name in messages: "OpenMapTiles", "Protomaps basemap v4", "Shortbread 1.0".
    public var displayName: String {
        switch self {
        case .openMapTiles: "OpenMapTiles"
        case .protomaps: "Protomaps basemap v4"
        case .shortbread(let version?): "Shortbread \(version)"
        case .shortbread(nil): "Shortbread 1.x"
        }
    }

    /// The first word of the built-in style files' names (`protomaps-dark.json`).
    var fileStem: String {
        switch self {
        case .openMapTiles: "openmaptiles"
        case .protomaps: "protomaps"
        case .shortbread: "shortbread"
        }
    }

    /// The layers of the OpenMapTiles schema the built-in styles draw.
    public static let openMapTilesLayers: Set<String> = [
        "water", "waterway", "landcover", "landuse", "park", "building", "transportation", "transportation_name",
        "boundary", "place", "water_name", "aeroway", "poi", "housenumber", "mountain_peak", "aerodrome_label",
    ]

    /// The layers of the Protomaps basemap schema v4.
    public static let protomapsLayers: Set<String> = [
        "boundaries", "buildings", "earth", "landcover", "landuse", "places", "pois", "roads", "water",
    ]

    /// Layers of the Protomaps basemap schema v3 that v4 no longer has.
    public static let protomapsV3OnlyLayers: Set<String> = [
        "natural", "land", "physical_line", "physical_point", "transit", "mask",
    ]

    /// The layers of Shortbread 1.0 and 1.1.
    public static let shortbreadLayers: Set<String> = [
        "ocean", "water_polygons", "water_polygons_labels", "water_lines", "water_lines_labels", "dam_lines",
        "dam_polygons", "pier_lines", "pier_polygons", "boundaries", "boundary_labels", "sites", "land", "buildings",
        "addresses", "streets", "street_labels", "street_labels_points", "street_polygons",
        "streets_polygons_labels", "aerialways", "ferries", "bridges", "public_transport", "place_labels", "pois",
    ]

    /// The layers each built-in style reads, by schema.
    public var layers: Set<String> {
        switch self {
        case .openMapTiles: Self.openMapTilesLayers
        case .protomaps: Self.protomapsLayers
        case .shortbread: Self.shortbreadLayers
        }
    }
}

/// What a tile set says about its schema: its layer names (from metadata `vector_layers`, or
/// from the layers of its first tiles), the metadata's `name` and `version`, and the property
/// keys its layers list (`vector_layers[].fields`) or its first tile's features have.
public struct VectorTileSchemaEvidence: Hashable, Sendable {
    /// The layer names, in order.
    public var layerNames: [String]
    /// The metadata's `name` (Protomaps: "Protomaps Basemap"; Shortbread: "Shortbread").
    public var name: String?
    /// The metadata's `version` (Protomaps: "4.15.2"; Shortbread: "1.0").
    public var version: String?
    /// Property keys seen in the metadata's field lists or in a sampled tile.
    public var propertyKeys: Set<String>

    /// Creates evidence.
    public init(layerNames: [String] = [], name: String? = nil, version: String? = nil, propertyKeys: Set<String> = [])
    {
        self.layerNames = layerNames
        self.name = name
        self.version = version
        self.propertyKeys = propertyKeys
    }

    /// Whether there is nothing to go by: no layers, no name.
    public var isEmpty: Bool { layerNames.isEmpty && name == nil }
}

/// The outcome of recognising a tile set's schema.
public enum VectorTileSchemaRecognition: Hashable, Sendable {
    /// One of the schemas the built-in looks draw.
    case recognized(VectorTileSchema)
    /// The Protomaps basemap schema version 3 (`pmap:kind` properties, layers such as
    /// `natural` and `physical_line`), which the built-in looks do not draw; `version` as the
    /// metadata gives it.
    case protomapsV3(version: String?)
    /// None of them.
    case unknown
}

extension VectorTileSchema {
    /// Recognises the schema of a tile set from what it says about itself.
    ///
    /// Protomaps v3 is recognised first (a metadata version 3.x under a Protomaps name, or
    /// `pmap:kind` properties, or v3-only layers beside `earth` and `roads`), so that it is
    /// never mistaken for v4. Then each schema needs its key layers; the metadata's name only
    /// settles the Shortbread version.
    public static func recognize(_ evidence: VectorTileSchemaEvidence) -> VectorTileSchemaRecognition {
        let names = Set(evidence.layerNames)
        let metadataName = evidence.name?.lowercased() ?? ""
        let major = evidence.version.flatMap { $0.split(separator: ".").first }.flatMap { Int($0) }
        let isProtomapsNamed = metadataName.contains("protomaps")
        let hasProtomapsKeyLayers = names.contains("roads") && names.contains("earth")
        if (isProtomapsNamed && major.map { $0 <= 3 } == true)
            || evidence.propertyKeys.contains(where: { $0.hasPrefix("pmap:") })
            || (hasProtomapsKeyLayers && !names.isDisjoint(with: protomapsV3OnlyLayers))
        {
            return .protomapsV3(version: isProtomapsNamed ? evidence.version : nil)
        }
        if hasProtomapsKeyLayers { return .recognized(.protomaps) }
        if names.contains("streets"), names.contains("ocean") || names.contains("water_polygons") {
            let version = metadataName.contains("shortbread") ? evidence.version : nil
            return .recognized(.shortbread(version: version))
        }
        if names.contains("transportation"), names.intersection(openMapTilesLayers).count >= min(3, names.count) {
            return .recognized(.openMapTiles)
        }
        return .unknown
    }
}
