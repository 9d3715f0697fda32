import MapVectorStyle
import Testing

/// The layers of a Mapbox Streets v7 tile set (https://docs.mapbox.com/data/tilesets/reference/mapbox-streets-v7/).
let mapboxStreetsV7Layers = [
    "landuse_overlay", "landuse", "water", "waterway", "aeroway", "barrier_line", "building", "road", "admin",
    "country_label", "marine_label", "state_label", "place_label", "water_label", "poi_label", "road_label",
    "motorway_junction", "housenum_label",
]

@Suite("Tile schema recognition")
struct VectorTileSchemaTests {
    func recognize(
        _ layers: [String], name: String? = nil, version: String? = nil, keys: Set<String> = []
    ) -> VectorTileSchemaRecognition {
        VectorTileSchema.recognize(
            VectorTileSchemaEvidence(layerNames: layers, name: name, version: version, propertyKeys: keys))
    }

    @Test("each schema by its key layers, with or without the metadata's name")
    func keyLayers() {
        let openMapTiles = ["water", "waterway", "landcover", "landuse", "park", "transportation", "building", "place"]
        #expect(recognize(openMapTiles) == .recognized(.openMapTiles))
        let protomaps = [
            "boundaries", "buildings", "earth", "landcover", "landuse", "places", "pois", "roads", "water",
        ]
        #expect(recognize(protomaps) == .recognized(.protomaps))
        #expect(recognize(protomaps, name: "Protomaps Basemap", version: "4.15.2") == .recognized(.protomaps))
        #expect(recognize(["earth", "roads"]) == .recognized(.protomaps))
        #expect(recognize(["ocean", "streets", "street_labels"]) == .recognized(.shortbread(version: nil)))
        #expect(
            recognize(["water_polygons", "streets"], name: "Shortbread", version: "1.1")
                == .recognized(.shortbread(version: "1.1")))
        // A version is only the schema's when the name says so.
        #expect(
            recognize(["ocean", "streets"], name: "my tiles", version: "2.0") == .recognized(.shortbread(version: nil)))
    }

    @Test("key layers are required: Mapbox Streets v7 and a name alone are unknown")
    func keyLayersRequired() {
        #expect(recognize(mapboxStreetsV7Layers) == .unknown)
        #expect(recognize(["water", "landuse", "building", "road"]) == .unknown)
        #expect(recognize(["water", "landuse", "building"], name: "Shortbread", version: "1.0") == .unknown)
        #expect(recognize(["water", "buildings", "places"], name: "Protomaps Basemap", version: "4.0.0") == .unknown)
        #expect(recognize(["streets", "buildings"]) == .unknown)
        #expect(recognize([]) == .unknown)
    }

    @Test("Protomaps v3 by version, by pmap:kind and by its layers, never taken for v4")
    func protomapsV3() {
        let v3Layers = ["earth", "natural", "land", "water", "physical_line", "landuse", "roads", "transit", "places"]
        #expect(recognize(v3Layers) == .protomapsV3(version: nil))
        #expect(
            recognize(["earth", "roads", "water"], name: "Protomaps Basemap", version: "3.7.1")
                == .protomapsV3(version: "3.7.1"))
        #expect(recognize(["earth", "roads", "water"], keys: ["pmap:kind", "name"]) == .protomapsV3(version: nil))
        #expect(recognize(["earth", "roads"], name: "Protomaps Basemap", version: "4.0.0") == .recognized(.protomaps))
    }

    @Test("names and the known list for messages")
    func names() {
        #expect(
            VectorTileSchema.known.map(\.displayName) == ["OpenMapTiles", "Protomaps basemap v4", "Shortbread 1.x"])
        #expect(VectorTileSchema.shortbread(version: "1.0").displayName == "Shortbread 1.0")
    }
}
