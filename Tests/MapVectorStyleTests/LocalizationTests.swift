import Foundation
import MapVectorStyle
import MapVectorTiles
import Testing

/// `VectorStyle.localized(to:)`: name reads rewritten to prefer the asked languages,
/// everything else kept.
@Suite("Label languages")
struct LocalizationTests {
    static let finnishSwedish = [LabelLanguage("fi")!, LabelLanguage("sv")!]

    /// A place with a Swedish and an English name but no Finnish one.
    let place = StyleEvaluationContext(
        zoom: 15,
        properties: [
            "name": .string("Helsinki"), "name:sv": .string("Helsingfors"), "name_en": .string("Helsinki (en)"),
            "name:latin": .string("Helsinki"), "ref": .string("E12"), "housenumber": .string("7"),
        ], geometryType: .point)
    /// A place with no name in another language.
    let plain = StyleEvaluationContext(zoom: 15, properties: ["name": .string("Kallio")], geometryType: .point)

    func localized(_ json: String, _ languages: [LabelLanguage] = finnishSwedish) throws -> StyleExpression {
        try StyleExpression(json: json, as: .property("text-field")).localized(to: languages)
    }

    @Test("language tags: 2–3 letters, an optional script; anything else refused")
    func tags() throws {
        #expect(LabelLanguage("FI")?.description == "fi")
        #expect(LabelLanguage("zh-hans")?.description == "zh-Hans")
        #expect(LabelLanguage("sr_Latn")?.nameKeys == ["name:sr-Latn", "name_sr_Latn"])
        #expect(LabelLanguage("sme")?.nameKeys == ["name:sme", "name_sme"])
        for bad in ["", "f", "fins", "f1", "en-GB", "zh-Hans-CN", "ру"] { #expect(LabelLanguage(bad) == nil, "\(bad)") }
        #expect(try LabelLanguage.list("fi, sv,fi").get().map(\.description) == ["fi", "sv"])
        #expect(throws: LabelLanguage.InvalidTag(tag: "x1")) { try LabelLanguage.list("fi,x1").get() }
    }

    @Test("tokens and gets of name keys prefer the languages in order, per feature")
    func tokens() throws {
        for json in [#""{name}""#, #"["get", "name"]"#, #""{name:latin}""#, #""{name_en}""#, #""{name_int}""#] {
            #expect(try localized(json).evaluate(in: place) == .string("Helsingfors"), "\(json)")
        }
        // No name in either language: the style's own choice.
        #expect(try localized(#""{name}""#).evaluate(in: plain) == .string("Kallio"))
        // Order matters: English first finds name_en.
        #expect(
            try localized(#""{name}""#, [LabelLanguage("en")!, LabelLanguage("sv")!]).evaluate(in: place)
                == .string("Helsinki (en)"))
    }

    @Test("name:nonlatin, OpenMapTiles' second line, is kept: the chosen name is not printed twice")
    func nonLatinSecondLine() throws {
        var russian = place
        russian.properties["name:nonlatin"] = .string("Хельсинки")
        let field = try localized(#""{name:latin}\n{name:nonlatin}""#)
        #expect(try field.evaluate(in: russian) == .string("Helsingfors\nХельсинки"))
        let latinOnly = StyleEvaluationContext(
            zoom: 15, properties: ["name:latin": .string("Kallio")], geometryType: .point)
        #expect(try field.evaluate(in: latinOnly) == .string("Kallio\n"))
    }

    @Test("the rewrite is coalesce(name:L1, name_L1, …, the original read), flattened")
    func shape() throws {
        let expression = try localized(#"["coalesce", ["get", "name:latin"], ["get", "name"]]"#)
        let keys = ["name:fi", "name_fi", "name:sv", "name_sv", "name:latin", "name"]
        #expect(expression == .coalesce(keys.map { .get(.literal(.string($0))) }))
    }

    @Test("inside format, concat, case and step; other properties and has untouched")
    func nested() throws {
        let format = try localized(#"["format", ["get", "name:en"], {}, "\n", {}, ["get", "ref"], {}]"#)
        #expect(try format.evaluate(in: place) == .string("Helsingfors\nE12"))
        let concat = try localized(#""{housenumber} {name}""#)
        #expect(try concat.evaluate(in: place) == .string("7 Helsingfors"))
        let condition = try localized(#"["case", ["has", "name:fi"], "has fi", ["get", "name"]]"#)
        #expect(try condition.evaluate(in: place) == .string("Helsingfors"))
        let step = try localized(#"["step", ["zoom"], ["get", "ref"], 10, ["get", "name"]]"#)
        #expect(try step.evaluate(in: place) == .string("Helsingfors"))
        #expect(try localized(#""{ref}""#) == StyleExpression(json: #""{ref}""#, as: .property("text-field")))
        // Protomaps' second names and pgf: names are not language names.
        let second = try localized(#"["coalesce", ["get", "pgf:name2"], ["get", "name2"]]"#)
        #expect(second == (try StyleExpression(json: #"["coalesce", ["get", "pgf:name2"], ["get", "name2"]]"#)))
    }

    @Test("a style: only symbol text-field is rewritten, filters and other layers are kept")
    func wholeStyle() throws {
        let json = #"""
            {"version": 8, "sources": {"s": {"type": "vector"}}, "layers": [
              {"id": "roads", "type": "line", "source": "s", "source-layer": "r", "filter": ["has", "name"]},
              {"id": "labels", "type": "symbol", "source": "s", "source-layer": "r", "filter": ["has", "name"],
               "layout": {"text-field": "{name}", "icon-image": "{name}"}}
            ]}
            """#
        let style = try VectorStyle(parsing: Array(json.utf8), fileName: "style.json")
        let localized = style.localized(to: Self.finnishSwedish)
        #expect(localized.layers[0] == style.layers[0])
        #expect(localized.layers[1].filter == style.layers[1].filter)
        #expect(localized.layers[1].layout["icon-image"] == style.layers[1].layout["icon-image"])
        #expect(localized.layers[1].textField(in: place) == "Helsingfors")
        #expect(style.localized(to: []) == style)
    }
}
