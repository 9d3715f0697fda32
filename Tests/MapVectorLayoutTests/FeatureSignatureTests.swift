import MapDrawing
import MapVectorStyle
import MapVectorTiles
import Testing

@testable import MapVectorLayout

/// Features told apart only by what the filters read (`FeatureSignatures`): a property read
/// only with `has` counts by its presence, so named features do not each get a signature.
@Suite("Feature signatures")
struct FeatureSignatureTests {
    static func contexts(_ properties: [[String: VectorTileValue]]) -> [StyleEvaluationContext] {
        properties.map {
            StyleEvaluationContext(
                zoom: 14,
                feature: VectorTileFeature(
                    properties: $0,
                    geometry: .lineStrings([[VectorTilePoint(x: 0, y: 0), VectorTilePoint(x: 1, y: 1)]])))
        }
    }

    static let roads: [[String: VectorTileValue]] = [
        ["class": .string("minor"), "name": .string("Mannerheimintie")],
        ["class": .string("minor"), "name": .string("Aleksanterinkatu")],
        ["class": .string("minor")],
        ["class": .string("primary"), "name": .string("Mannerheimintie")],
    ]

    static func signatures(filters: [String]) throws -> [Int]? {
        let layers = filters.enumerated().map { index, filter in
            #"{"id": "l\#(index)", "type": "line", "source": "s", "source-layer": "roads", "filter": \#(filter)}"#
        }
        let style = try Quad.style(layers.joined(separator: ","))
        let keys = FeatureSignatures.keys(of: style.layers)
        return FeatureSignatures(keysBySourceLayer: keys).signatures(of: contexts(roads), in: "roads")
    }

    @Test("a property read only with has counts by its presence")
    func presenceOnly() throws {
        let keys = FeatureSignatures.keys(
            of: try Quad.style(
                #"{"id": "a", "type": "line", "source": "s", "source-layer": "roads", "filter": ["all", ["has", "name"], ["==", ["get", "class"], "minor"]]}"#
            ).layers)
        #expect(keys["roads"]?.map { $0.key } == ["class", "name"])
        #expect(keys["roads"]?.map { $0.presenceOnly } == [false, true])
        // Two named minor roads share a signature; the unnamed one and the primary road do not.
        #expect(
            try Self.signatures(filters: [#"["all", ["has", "name"], ["==", ["get", "class"], "minor"]]"#]) == [
                0, 0, 1, 2,
            ])
    }

    @Test("a property read by value in any filter of the source layer counts by its value")
    func byValue() throws {
        let signatures = try Self.signatures(filters: [
            #"["has", "name"]"#, #"["==", ["get", "name"], "Mannerheimintie"]"#,
        ])
        // Told apart by name (the class is read by no filter): the two Mannerheimintie share one.
        #expect(signatures == [0, 1, 2, 0])
    }

    @Test("a layer drawn with has draws the same features with and without signatures")
    func sameVerdicts() throws {
        let style = try Quad.style(
            #"{"id": "a", "type": "line", "source": "s", "source-layer": "roads", "filter": ["all", ["has", "name"], ["==", ["get", "class"], "minor"]]}"#
        )
        let drawn = Self.contexts(Self.roads).map { style.layers[0].draws($0) }
        #expect(drawn == [true, true, false, false])
    }
}
