import MapErrors
import Testing

@testable import MapVectorTiles

// Layers, features and properties (MVT 2.1 §4.1, §4.2, §4.4) on tiles built by hand: value
// kinds, defaults, unknown fields, the layer filter, and which problems are skipped with a
// diagnostic and which throw.

/// The error decoding `bytes` throws, which must be `.invalidData`.
private func decodingError(_ bytes: [UInt8]) -> MapError? {
    let error = #expect(throws: MapError.self) { try VectorTileDecoder().decode(bytes) }
    #expect(error?.kind == .invalidData)
    return error
}

@Suite("Vector tile decoder")
struct VectorTileDecoderTests {
    @Test("an empty buffer is a tile without layers")
    func emptyTile() throws {
        #expect(try VectorTile(decoding: []) == VectorTile())
    }

    @Test("layers: name, version, extent (4096 when absent), features in order")
    func layers() throws {
        let bytes = tile(
            layerMessage(name: "water", extent: 512, features: [TestFeature(id: 7)]),
            layerMessage(name: "roads", version: 1, features: [TestFeature(id: 0), TestFeature()]))
        let decoded = try VectorTile(decoding: bytes)
        #expect(decoded.layers.map(\.name) == ["water", "roads"])
        #expect(decoded.layers.map(\.version) == [2, 1])
        #expect(decoded.layers.map(\.extent) == [512, 4096])
        #expect(decoded.layer(named: "roads")?.features.map(\.id) == [0, nil])
        #expect(decoded.layer(named: "water")?.features.first?.geometry == .points(points([(25, 17)])))
        #expect(decoded.layer(named: "parks") == nil)
    }

    @Test("properties of all seven value kinds, resolved through the tags")
    func properties() throws {
        let keys = ["name", "float", "double", "int", "uint", "sint", "bool"]
        let values: [TestValue] = [
            .string("Töölönlahti"), .float(3.5), .double(1.23), .int(-9_999), .uint(UInt64.max), .sint(-87_948),
            .bool(true),
        ]
        let bytes = tile(
            layerMessage(
                keys: keys, values: values,
                features: [TestFeature(id: UInt64.max, tags: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])]
            ))
        let feature = try #require(try VectorTile(decoding: bytes).layers.first?.features.first)
        #expect(feature.id == UInt64.max)
        #expect(
            feature.properties == [
                "name": .string("Töölönlahti"), "float": .float(3.5), "double": .double(1.23), "int": .int(-9_999),
                "uint": .uint(UInt64.max), "sint": .sint(-87_948), "bool": .bool(true),
            ])
        #expect(feature.properties["name"]?.stringValue == "Töölönlahti")
        #expect(feature.properties["sint"]?.numberValue == -87_948)
        #expect(feature.properties["float"]?.numberValue == 3.5)
        #expect(feature.properties["bool"]?.boolValue == true)
        #expect(feature.properties["bool"]?.numberValue == nil)
    }

    @Test("unknown fields and extensions are skipped at every level")
    func unknownFields() throws {
        var value = ProtobufWriter()
        value.varintField(20, 1)
        value.stringField(1, "kept")
        value.fixed64Field(21, 0)
        var feature = ProtobufWriter()
        feature.varintField(1, 5)
        feature.fixed32Field(16, 1)
        feature.packedField(2, [0, 0])
        feature.varintField(3, 1)
        feature.packedField(4, [9, 2, 4])
        feature.key(17, .startGroup)
        feature.varintField(1, 1)
        feature.key(17, .endGroup)
        var layer = ProtobufWriter()
        layer.varintField(15, 2)
        layer.stringField(1, "layer")
        layer.stringField(16, "extension")
        layer.bytesField(2, feature.bytes)
        layer.stringField(3, "key")
        layer.bytesField(4, value.bytes)
        var bytes = ProtobufWriter()
        bytes.varintField(1, 99)
        bytes.bytesField(3, layer.bytes)
        bytes.stringField(8191, "tile extension")
        let decoded = try VectorTile(decoding: bytes.bytes)
        #expect(
            decoded.layers == [
                VectorTileLayer(
                    name: "layer",
                    features: [
                        VectorTileFeature(
                            id: 5, properties: ["key": .string("kept")], geometry: .points(points([(1, 2)])))
                    ])
            ])
    }

    @Test("unpacked repeated tags and geometry are read as protobuf allows")
    func unpackedRepeatedFields() throws {
        var feature = ProtobufWriter()
        for tag: UInt64 in [0, 0] { feature.varintField(2, tag) }
        feature.varintField(3, 1)
        for integer: UInt64 in [9, 50, 34] { feature.varintField(4, integer) }
        var layer = ProtobufWriter()
        layer.raw(layerMessage(keys: ["k"], values: [.bool(false)], features: []))
        layer.bytesField(2, feature.bytes)
        let decoded = try VectorTile(decoding: tile(layer.bytes))
        #expect(decoded.layers.first?.features.first?.properties == ["k": .bool(false)])
        #expect(decoded.layers.first?.features.first?.geometry == .points(points([(25, 17)])))
    }

    @Test("the layer filter decodes only the named layers and passes over the others' features")
    func layerFilter() throws {
        let broken = TestFeature(tags: [5, 5])
        let bytes = tile(
            layerMessage(name: "water", features: [TestFeature()]),
            layerMessage(name: "poi", features: [broken]),
            layerMessage(name: "building", features: [TestFeature(), TestFeature()]))
        let (decoded, diagnostics) = try VectorTileDecoder(layerNames: ["water", "building"]).decode(bytes)
        #expect(decoded.layers.map(\.name) == ["water", "building"])
        #expect(decoded.layers.map(\.features.count) == [1, 2])
        #expect(diagnostics.isEmpty)
        #expect(decodingError(bytes) != nil)
    }

    // MARK: Recoverable: skipped with a diagnostic

    @Test("a second layer of the same name is skipped (§4.1)")
    func duplicateLayer() throws {
        let bytes = tile(
            layerMessage(name: "water", features: [TestFeature(id: 1)]),
            layerMessage(name: "water", features: [TestFeature(id: 2)]))
        let (decoded, diagnostics) = try VectorTileDecoder().decode(bytes)
        #expect(decoded.layers.map { $0.features.map(\.id) } == [[1]])
        #expect(
            diagnostics == [
                VectorTileDiagnostic(
                    layerIndex: 1, layerName: "water", message: "a second layer of this name (§4.1)",
                    consequence: .layerSkipped)
            ])
        #expect(diagnostics[0].description == "layer \"water\": a second layer of this name (§4.1) (layer skipped)")
    }

    @Test("a layer of an unknown version or of extent 0 is skipped, and the next layers decoded")
    func unsupportedLayers() throws {
        let bytes = tile(
            layerMessage(name: "future", version: 3, features: [TestFeature(tags: [9, 9])]),
            layerMessage(name: "flat", extent: 0, features: [TestFeature()]),
            layerMessage(name: "water", features: [TestFeature()]))
        let (decoded, diagnostics) = try VectorTileDecoder().decode(bytes)
        #expect(decoded.layers.map(\.name) == ["water"])
        #expect(diagnostics.map(\.message) == ["unknown version 3 (§4.1)", "extent 0 (§4.1)"])
        #expect(diagnostics.map(\.layerIndex) == [0, 1])
        #expect(diagnostics.allSatisfy { $0.consequence == .layerSkipped })
    }

    @Test(
        "features without geometry, with odd tags, an unknown type or two geometries are skipped",
        arguments: [
            (TestFeature(geometry: nil), "no geometry (§4.2)"),
            (TestFeature(geometry: []), "no geometry (§4.2)"),
            (TestFeature(tags: [0]), "an odd number of tags (1); they must pair keys with values (§4.4)"),
            (TestFeature(type: 8), "unknown geometry type 8 (§4.3.4)"),
        ])
    func skippedFeatures(feature: TestFeature, message: String) throws {
        let bytes = tile(
            layerMessage(
                keys: ["k"], values: [.int(1)], features: [TestFeature(id: 1), feature, TestFeature(id: 3)]))
        let (decoded, diagnostics) = try VectorTileDecoder().decode(bytes)
        #expect(decoded.layers.first?.features.map(\.id) == [1, 3])
        #expect(
            diagnostics == [
                VectorTileDiagnostic(
                    layerIndex: 0, layerName: "layer", featureIndex: 1, message: message, consequence: .featureSkipped)
            ])
    }

    @Test("a feature with two geometry fields is skipped (§4.2)")
    func twoGeometries() throws {
        var feature = ProtobufWriter()
        feature.varintField(3, 1)
        feature.packedField(4, [9, 0, 0])
        feature.packedField(4, [9, 0, 0])
        var layer = ProtobufWriter()
        layer.raw(layerMessage(features: []))
        layer.bytesField(2, feature.bytes)
        let (decoded, diagnostics) = try VectorTileDecoder().decode(tile(layer.bytes))
        #expect(decoded.layers.first?.features.isEmpty == true)
        #expect(diagnostics.map(\.message) == ["2 geometry fields; a feature has one (§4.2)"])
    }

    @Test("a feature without a type is kept as UNKNOWN, with a diagnostic")
    func missingType() throws {
        let (decoded, diagnostics) = try VectorTileDecoder().decode(tile(TestFeature(type: nil)))
        #expect(decoded.layers.first?.features.first?.geometry == .unknown(commands: [9, 50, 34]))
        #expect(diagnostics.map(\.consequence) == [.featureRepaired])
        #expect(
            diagnostics.first?.description
                == "layer \"layer\" feature 0: no geometry type; read as UNKNOWN, the schema's default (§4.2) (feature repaired)"
        )
    }

    @Test("a key given twice in one feature keeps its first value (§4.4)")
    func repeatedKey() throws {
        let bytes = tile(
            layerMessage(keys: ["k"], values: [.int(1), .int(2)], features: [TestFeature(tags: [0, 0, 0, 1])]))
        let (decoded, diagnostics) = try VectorTileDecoder().decode(bytes)
        #expect(decoded.layers.first?.features.first?.properties == ["k": .int(1)])
        #expect(diagnostics.map(\.message) == ["key \"k\" given more than once; the first value kept (§4.4)"])
    }

    // MARK: Fatal: thrown

    @Test("a layer without a name or a version throws (§4.1)")
    func layerWithoutNameOrVersion() {
        #expect(decodingError(tile(layerMessage(name: nil, features: [])))?.message == "layer 0 has no name (§4.1)")
        #expect(
            decodingError(tile(layerMessage(name: "a", features: []), layerMessage(version: nil, features: [])))?
                .message
                == "layer 1 (\"layer\") has no version (§4.1)")
    }

    @Test("a tag past the layer's keys or values throws (§4.4)")
    func tagsOutOfRange() {
        let keyError = decodingError(
            tile(layerMessage(keys: ["k"], values: [.int(1)], features: [TestFeature(tags: [1, 0])])))
        #expect(
            keyError?.message == "layer 0 (\"layer\"), feature 0: tag key index 1 is past the layer's 1 keys (§4.4)")
        let valueError = decodingError(
            tile(layerMessage(keys: ["k"], values: [.int(1)], features: [TestFeature(tags: [0, 1])])))
        #expect(
            valueError?.message
                == "layer 0 (\"layer\"), feature 0: tag value index 1 is past the layer's 1 values (§4.4)")
    }

    @Test("a value of no known kind, or of two, throws (§4.1)")
    func badValues() {
        var unknownKind = ProtobufWriter()
        unknownKind.messageField(4) { $0.varintField(20, 10) }
        var layer = ProtobufWriter()
        layer.raw(layerMessage(features: []))
        layer.raw(unknownKind.bytes)
        #expect(
            decodingError(tile(layer.bytes))?.message
                == "layer 0 (\"layer\"), value 0: a value of none of the seven known kinds (§4.1)")

        var twoKinds = ProtobufWriter()
        twoKinds.raw(layerMessage(features: []))
        twoKinds.messageField(4) { value in
            value.varintField(4, 1)
            value.stringField(1, "one")
        }
        #expect(
            decodingError(tile(twoKinds.bytes))?.message.hasSuffix(
                "a value with 2 fields; it must have exactly one (§4.1)") == true)
    }

    @Test("a known field with the wrong wire type throws")
    func wrongWireTypes() {
        var versionAsString = ProtobufWriter()
        versionAsString.stringField(15, "2")
        versionAsString.stringField(1, "layer")
        #expect(
            decodingError(tile(versionAsString.bytes))?.message
                == "layer 0: field layer version has wire type 2, not 0")
        var stringAsInteger = ProtobufWriter()
        stringAsInteger.raw(layerMessage(features: []))
        stringAsInteger.messageField(4) { $0.varintField(1, 1_234_567_890) }
        #expect(
            decodingError(tile(stringAsInteger.bytes))?.message
                == "layer 0 (\"layer\"), value 0: field string_value has wire type 0, not 2")
        var layersAsInteger = ProtobufWriter()
        layersAsInteger.varintField(3, 1)
        #expect(decodingError(layersAsInteger.bytes)?.message == "field tile layers has wire type 0, not 2")
    }

    @Test("a gzip-compressed tile throws, saying so")
    func compressed() {
        let error = decodingError([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])
        #expect(error?.message == "the tile is gzip-compressed")
        #expect(error?.remedy == "decompress it first, as MBTiles and PMTiles readers must")
    }

    @Test("a truncated tile throws, naming where it ends")
    func truncated() throws {
        let bytes = tile(layerMessage(name: "water", features: [TestFeature()]))
        #expect(decodingError(Array(bytes.dropLast()))?.message.contains("runs past the end") == true)
        var layer = ProtobufWriter()
        layer.raw(layerMessage(features: []))
        layer.raw([0x30, 0x80])
        #expect(decodingError(tile(layer.bytes))?.message.hasPrefix("layer 0: protobuf:") == true)
    }
}
