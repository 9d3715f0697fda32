import Foundation
import MapErrors
import MapVectorStyle
import MapVectorTiles
import Testing

/// What the Protomaps and VersaTiles styles use: `format`, `is-supported-script`, `length`,
/// `coalesce` over `name:xx`, legacy `$type` filters, array-form sprites.
@Suite("Publishers' style expressions")
struct PublisherStyleExpressionTests {
    /// A street with names in three languages.
    let street = StyleEvaluationContext(
        zoom: 15,
        properties: [
            "name": .string("Mannerheimintie"), "name:sv": .string("Mannerheimvägen"),
            "name:en": .string("Mannerheim Road"), "shield_text": .string("E12"), "script": .string("Latin"),
        ],
        geometryType: .lineString)

    @Test("format draws its sections as one string; its options are kept, not drawn")
    func format() throws {
        let expression = try StyleExpression(
            json:
                #"["format", ["get", "name:sv"], {"font-scale": 0.8}, "\n", {}, ["get", "name"], {"text-font": ["literal", ["Noto Sans Italic"]]}]"#
        )
        #expect(try expression.evaluate(in: street) == .string("Mannerheimvägen\nMannerheimintie"))
        guard case .format(let sections) = expression else {
            Issue.record("not parsed as format: \(expression)")
            return
        }
        #expect(sections.count == 3)
        #expect(sections[0].options["font-scale"] == .literal(.number(0.8)))
        #expect(sections[2].options.keys.sorted() == ["text-font"])
        // A missing section is empty, as to-string makes null.
        #expect(try evaluate(#"["format", ["get", "missing"], {}, "x", {}]"#, in: street) == .string("x"))
        #expect(try StyleExpression(json: #"["format", ["get", "name"]]"#).isFeatureConstant == false)
        #expect(try StyleExpression(json: #"["format", ["get", "name"], {}]"#).propertyKeys == ["name"])
    }

    @Test("format without a section, or with options first, is an error at its place")
    func malformedFormat() {
        for json in [#"["format"]"#, #"["format", {}, "a"]"#] {
            #expect(throws: MapError.self) { _ = try StyleExpression(json: json) }
        }
    }

    @Test("is-supported-script is true for every script Pango shapes")
    func supportedScript() throws {
        for text in ["Helsinki", "القاهرة", "नई दिल्ली", "東京", "Αθήνα", "Москва"] {
            let json = #"["is-supported-script", "\#(text)"]"#
            #expect(try evaluate(json, in: street) == .bool(true), "\(text)")
        }
        #expect(throws: StyleEvaluationError.self) {
            _ = try StyleExpression(json: #"["is-supported-script", 3]"#).evaluate(in: street)
        }
    }

    @Test("length of strings (UTF-16 units, as MapLibre counts) and arrays")
    func length() throws {
        #expect(try evaluate(#"["length", ["get", "shield_text"]]"#, in: street) == .number(3))
        #expect(try evaluate(#"["length", ["literal", [1, 2, 3, 4]]]"#, in: street) == .number(4))
        #expect(try evaluate(#"["length", "Ä"]"#, in: street) == .number(1))
        #expect(try evaluate(#"["length", "𝄞"]"#, in: street) == .number(2))
        #expect(throws: StyleEvaluationError.self) {
            _ = try StyleExpression(json: #"["length", 12]"#).evaluate(in: street)
        }
        // The Protomaps shield filter.
        let filter = try StyleExpression(
            json: #"["all", ["has", "shield_text"], ["<=", ["length", ["get", "shield_text"]], 5]]"#, as: .filter)
        #expect(filter.matches(street))
    }

    @Test("coalesce over name:xx takes the first language the feature has")
    func coalesceOverLanguages() throws {
        let json = #"["coalesce", ["get", "name:fi"], ["get", "name:sv"], ["get", "name"]]"#
        #expect(try evaluate(json, in: street) == .string("Mannerheimvägen"))
        let unnamed = StyleEvaluationContext(
            zoom: 15, properties: ["name": .string("Kaivokatu")], geometryType: .lineString)
        #expect(try evaluate(json, in: unnamed) == .string("Kaivokatu"))
        #expect(try evaluate(#"["coalesce", ["get", "name:fi"]]"#, in: unnamed) == .null)
    }

    @Test("legacy filters on $type match the geometry; an expression of the same shape is not legacy")
    func legacyTypeFilters() throws {
        let polygon = StyleEvaluationContext(zoom: 15, properties: ["class": .string("park")], geometryType: .polygon)
        let point = StyleEvaluationContext(zoom: 15, properties: ["class": .string("park")], geometryType: .point)
        let equal = try StyleExpression(json: #"["==", "$type", "Polygon"]"#, as: .filter)
        #expect(equal.matches(polygon) && !equal.matches(point))
        let inList = try StyleExpression(json: #"["in", "$type", "Point", "LineString"]"#, as: .filter)
        #expect(!inList.matches(polygon) && inList.matches(point))
        let combined = try StyleExpression(
            json: #"["all", ["!=", "$type", "Point"], ["==", "class", "park"]]"#, as: .filter)
        #expect(combined.matches(polygon) && !combined.matches(point))
        #expect(try StyleExpression(json: #"["has", "$type"]"#, as: .filter).matches(point))
    }

    @Test("an array-form sprite keeps its first URL")
    func arraySprite() throws {
        let json = #"""
            {"version": 8, "sprite": [{"id": "basics", "url": "https://example.org/sprites/basics"},
              {"id": "more", "url": "https://example.org/sprites/more"}], "sources": {}, "layers": []}
            """#
        let style = try VectorStyle(parsing: Array(json.utf8), fileName: "sprite.json")
        #expect(style.sprite == "https://example.org/sprites/basics")
    }

    @Test("the four publishers' styles parse with no unsupported expression")
    func publisherStylesParse() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("MapVectorLayoutTests/Fixtures/schemas")
        for name in ["protomaps-light", "protomaps-dark", "versatiles-colorful", "versatiles-graybeard"] {
            let style = try VectorStyle(contentsOfFile: folder.appendingPathComponent("\(name).json").path)
            let unsupported = style.notes.filter { $0.message.contains("not supported") }
            #expect(unsupported.isEmpty, "\(name): \(unsupported.map(\.description))")
            #expect(style.layers.count > 50)
        }
    }
}
