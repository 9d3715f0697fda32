import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorLayout
import MapVectorStyle
import Testing

@testable import MapVectorSources

/// An example archive of examples/helsinki (see its LICENSE.md).
func example(_ name: String) -> String {
    packageRoot + "/examples/helsinki/" + name
}

/// The `vector_layers` JSON of layers with no fields.
func vectorLayers(_ names: [String]) -> String {
    "[" + names.map { #"{"id": "\#($0)", "fields": {}}"# }.joined(separator: ", ") + "]"
}

@Suite("Tile schemas of archives")
struct SchemaRecognitionTests {
    func schema(_ facts: VectorArchiveFacts) -> VectorTileSchemaRecognition {
        VectorTileSchema.recognize(facts.schemaEvidence(layers: facts.layerNames))
    }

    @Test("from metadata: vector_layers at the top, or inside the json string as tilemaker writes it")
    func metadata() {
        let top = VectorArchiveFacts(
            json: Array(
                #"""
                {"name": "Protomaps Basemap", "version": "4.15.2", "vector_layers": [
                 {"id": "earth", "fields": {"kind": "String"}}, {"id": "roads", "fields": {"kind_detail": "String"}}]}
                """#.utf8))
        #expect(top.name == "Protomaps Basemap" && top.version == "4.15.2")
        #expect(top.fieldNames == ["kind", "kind_detail"])
        #expect(schema(top) == .recognized(.protomaps))
        let nested = VectorArchiveFacts(
            json: Array(
                #"""
                {"name": "Shortbread", "version": "1.1",
                 "json": "{\"vector_layers\": [{\"id\": \"ocean\"}, {\"id\": \"streets\", \"fields\": {\"kind\": \"String\"}}]}"}
                """#.utf8))
        #expect(nested.layerNames == ["ocean", "streets"] && nested.fieldNames == ["kind"])
        #expect(schema(nested) == .recognized(.shortbread(version: "1.1")))
        let mbtiles = VectorArchiveFacts(mbtilesMetadata: [
            "name": "Protomaps Basemap", "version": "3.3.0",
            "json": #"{"vector_layers": [{"id": "earth"}, {"id": "roads"}]}"#,
        ])
        #expect(schema(mbtiles) == .protomapsV3(version: "3.3.0"))
        // pmap:kind among the fields is Protomaps v3 whatever the name says.
        let fields = VectorArchiveFacts(
            json: Array(
                #"{"vector_layers": [{"id": "earth", "fields": {"pmap:kind": "String"}}, {"id": "roads"}]}"#.utf8))
        #expect(schema(fields) == .protomapsV3(version: nil))
    }

    @Test("the example archives: each schema recognised, with the credit its data needs")
    func examples() throws {
        let expected: [(String, VectorTileSchema)] = [
            ("helsinki.pmtiles", .openMapTiles), ("helsinki-protomaps.pmtiles", .protomaps),
            ("helsinki-shortbread.pmtiles", .shortbread(version: "1.0")),
        ]
        for (file, schema) in expected {
            let provider = try #require(try ArchiveVectorTileProvider.pmtiles(path: example(file)))
            #expect(VectorTileSchema.recognize(provider.schemaEvidence) == .recognized(schema), "\(file)")
            #expect(provider.attribution.contains { $0.contains("OpenStreetMap") }, "\(file): \(provider.attribution)")
        }
    }

    @Test("failing metadata, from the layers of the first tile")
    func firstTile() throws {
        let source = try #require(try ArchiveVectorTileProvider.pmtiles(path: example("helsinki-protomaps.pmtiles")))
        let tile = TilePath(z: 14, x: 9326, y: 4742)
        let bytes = try #require(try source.archive.storedTile(tile))
        let path = temporaryPath("protomaps-no-layers.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try makeMBTiles(at: path, metadata: ["format": "pbf", "name": "my town"], tiles: [tile: bytes])
        let provider = try #require(try ArchiveVectorTileProvider.mbtiles(path: path))
        #expect(provider.layerNames.contains("roads") && provider.layerNames.contains("earth"))
        #expect(provider.schemaEvidence.propertyKeys.contains("kind"))
        #expect(VectorTileSchema.recognize(provider.schemaEvidence) == .recognized(.protomaps))
        let basemap = try #require(try resolve(path, styleName: "dark"))
        #expect(basemap.basemap.style == (try BuiltInVectorStyle.dark.style(for: .protomaps)))
        // A source whose metadata says nothing is sampled the same way.
        let sampled = try StreetBasemapResolver.firstTileEvidence(
            of: ZoomedProvider(base: provider, zoom: 14, tile: tile))
        #expect(VectorTileSchema.recognize(sampled) == .recognized(.protomaps))
    }

    @Test("a first tile the host policy refused fails the sampling with its refusal; a missing one says nothing")
    func sampledRefusal() throws {
        struct Refusing: VectorTileProvider {
            var refuses: Bool
            var name: String { "http://tiles.example.com/{z}/{x}/{y}.pbf" }
            var zoomRange: ClosedRange<Int> { 0...14 }
            var attribution: [String] { [] }
            func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
                let reason = refuses ? "host 10.0.0.7 is a private address; refused" : "HTTP 500"
                let refusal = refuses ? MapError(.invalidData, reason, at: InputLocation(file: name)) : nil
                return Dictionary(
                    uniqueKeysWithValues: paths.map {
                        ($0, VectorTileResult.failure(TileFailure(tile: $0, reason: reason, refusal: refusal)))
                    })
            }
        }
        #expect(try StreetBasemapResolver.firstTileEvidence(of: Refusing(refuses: false)).isEmpty)
        let error = #expect(throws: MapError.self) {
            try StreetBasemapResolver.firstTileEvidence(of: Refusing(refuses: true))
        }
        #expect(error?.kind == .invalidData && error?.message == "host 10.0.0.7 is a private address; refused")
    }

    @Test("the built-in look of each example archive is the one for its schema")
    func builtInPerSchema() throws {
        for (file, schema) in [
            ("helsinki-protomaps.pmtiles", VectorTileSchema.protomaps),
            ("helsinki-shortbread.pmtiles", .shortbread(version: "1.0")),
        ] {
            for look in BuiltInVectorStyle.allCases {
                let basemap = try #require(try resolve(example(file), styleName: look.rawValue))
                #expect(basemap.basemap.style == (try look.style(for: schema)), "\(file) \(look.rawValue)")
            }
        }
    }

    @Test("an unknown schema is refused listing its layers and the three known schemas; Protomaps v3 by its version")
    func refused() throws {
        let streets = temporaryPath("mapbox-streets.mbtiles")
        let v3 = temporaryPath("protomaps-v3.mbtiles")
        defer {
            try? FileManager.default.removeItem(atPath: streets)
            try? FileManager.default.removeItem(atPath: v3)
        }
        try makeMBTiles(
            at: streets,
            metadata: [
                "format": "pbf", "name": "Mapbox Streets v7",
                "json":
                    #"{"vector_layers": \#(vectorLayers(["water", "landuse", "building", "road", "place_label"]))}"#,
            ], tiles: [TilePath(z: 0, x: 0, y: 0): []])
        try makeMBTiles(
            at: v3,
            metadata: [
                "format": "pbf", "name": "Protomaps Basemap", "version": "3.7.1",
                "json":
                    #"{"vector_layers": \#(vectorLayers(["earth", "natural", "land", "water", "roads", "transit"]))}"#,
            ], tiles: [TilePath(z: 0, x: 0, y: 0): []])
        #expect {
            try resolve(streets)
        } throws: { error in
            guard let error = error as? MapError else { return false }
            return error.kind == .invalidRequest
                && error.message.contains("water, landuse, building, road, place_label")
                && error.message.contains("OpenMapTiles, Protomaps basemap v4, Shortbread 1.x")
                && error.remedy?.contains("--basemap-style") == true
        }
        #expect {
            try resolve(v3, styleName: "print")
        } throws: { error in
            guard let error = error as? MapError else { return false }
            return error.kind == .invalidRequest && error.message.contains("Protomaps basemap v3")
                && error.message.contains("3.7.1") && error.remedy?.contains("v4") == true
                && error.remedy?.contains("--basemap-style") == true
        }
        // With a style of one's own, the schema is the style's business.
        let folder = try StyleFolder()
        #expect(try resolve(streets, style: try folder.style(sources: #"{"s": {"type": "vector"}}"#)) != nil)
    }
}

/// A provider whose lowest zoom is `zoom`, serving `base`'s tile `tile` wherever asked.
struct ZoomedProvider: VectorTileProvider {
    let base: ArchiveVectorTileProvider
    let zoom: Int
    let tile: TilePath

    var name: String { "sampled" }
    var zoomRange: ClosedRange<Int> { zoom...zoom }
    var attribution: [String] { [] }

    func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
        let result = base.vectorTiles([tile], layerNames: layerNames)[tile] ?? .empty
        return Dictionary(uniqueKeysWithValues: paths.map { ($0, result) })
    }
}
