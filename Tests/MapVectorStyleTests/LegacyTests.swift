import MapVectorStyle
import MapVectorTiles
import Testing

/// Features of each geometry type, with and without the properties the filters test.
private let features: [StyleEvaluationContext] = [
    motorway,
    StyleEvaluationContext(
        zoom: 14, properties: ["class": .string("trunk"), "rank": .uint(5), "brunnel": .string("bridge")],
        geometryType: .lineString),
    StyleEvaluationContext(zoom: 14, properties: ["class": .string("lake")], geometryType: .polygon, featureID: 7),
    StyleEvaluationContext(zoom: 14, properties: [:], geometryType: .point),
    StyleEvaluationContext(zoom: 14, properties: ["rank": .string("3")], geometryType: .point),
]

/// Legacy filters ("Other: Filter (deprecated)") and the expressions they stand for.
private let filterPairs: [(String, String)] = [
    (#"["==", "class", "motorway"]"#, #"["==", ["get", "class"], "motorway"]"#),
    (#"["!=", "class", "motorway"]"#, #"["!=", ["get", "class"], "motorway"]"#),
    (#"["==", "rank", 3]"#, #"["==", ["get", "rank"], 3]"#),
    (#"["in", "class", "motorway", "trunk"]"#, #"["match", ["get", "class"], ["motorway", "trunk"], true, false]"#),
    (
        #"["!in", "class", "motorway", "trunk"]"#,
        #"["!", ["match", ["get", "class"], ["motorway", "trunk"], true, false]]"#
    ),
    (#"["has", "rank"]"#, #"["has", "rank"]"#),
    (#"["!has", "rank"]"#, #"["!", ["has", "rank"]]"#),
    (#"["==", "$type", "Polygon"]"#, #"["==", ["geometry-type"], "Polygon"]"#),
    (#"["in", "$type", "Point", "LineString"]"#, #"["in", ["geometry-type"], ["literal", ["Point", "LineString"]]]"#),
    (#"["==", "$id", 7]"#, #"["==", ["id"], 7]"#),
    (#"["has", "$id"]"#, #"["!=", ["id"], null]"#),
    (#"[">=", "rank", 3]"#, #"[">=", ["number", ["get", "rank"], -1], 3]"#),
    (
        #"["all", ["==", "$type", "LineString"], ["in", "class", "motorway", "trunk"]]"#,
        #"["all", ["==", ["geometry-type"], "LineString"], ["in", ["get", "class"], ["literal", ["motorway", "trunk"]]]]"#
    ),
    (
        #"["any", ["==", "class", "lake"], ["has", "rank"]]"#,
        #"["any", ["==", ["get", "class"], "lake"], ["has", "rank"]]"#
    ),
    (
        #"["none", ["==", "class", "motorway"], ["==", "$type", "Point"]]"#,
        #"["!", ["any", ["==", ["get", "class"], "motorway"], ["==", ["geometry-type"], "Point"]]]"#
    ),
    (#"["all"]"#, "true"),
    (#"["any"]"#, "false"),
]

/// Legacy functions ("Other: Function (deprecated)") with the property they are for and
/// the expressions they stand for.
private let functionPairs: [(property: String, legacy: String, expression: String)] = [
    (
        "line-width", #"{"base": 1.2, "stops": [[10, 1], [20, 11]]}"#,
        #"["interpolate", ["exponential", 1.2], ["zoom"], 10, 1, 20, 11]"#
    ),
    ("line-width", #"{"stops": [[10, 1], [20, 11]]}"#, #"["interpolate", ["linear"], ["zoom"], 10, 1, 20, 11]"#),
    (
        "fill-color", ##"{"stops": [[10, "#000"], [20, "#fff"]]}"##,
        ##"["interpolate", ["linear"], ["zoom"], 10, "#000", 20, "#fff"]"##
    ),
    ("text-anchor", #"{"stops": [[10, "left"], [15, "center"]]}"#, #"["step", ["zoom"], "left", 15, "center"]"#),
    ("line-width", #"{"type": "interval", "stops": [[10, 1], [15, 2]]}"#, #"["step", ["zoom"], 1, 15, 2]"#),
    (
        "line-dasharray", #"{"stops": [[10, [2, 2]], [15, [1, 1]]]}"#,
        #"["step", ["zoom"], ["literal", [2, 2]], 15, ["literal", [1, 1]]]"#
    ),
    (
        "line-width", #"{"property": "rank", "stops": [[1, 10], [5, 50]]}"#,
        #"["interpolate", ["linear"], ["get", "rank"], 1, 10, 5, 50]"#
    ),
    (
        "fill-color",
        #"{"property": "class", "type": "categorical", "stops": [["motorway", "red"], ["lake", "blue"]], "default": "gray"}"#,
        #"["match", ["get", "class"], "motorway", "red", "lake", "blue", "gray"]"#
    ),
    ("fill-extrusion-height", #"{"property": "rank", "type": "identity"}"#, #"["get", "rank"]"#),
    (
        "line-width",
        #"{"property": "rank", "stops": [[{"zoom": 10, "value": 1}, 2], [{"zoom": 10, "value": 5}, 6], [{"zoom": 20, "value": 1}, 12], [{"zoom": 20, "value": 5}, 16]]}"#,
        #"["interpolate", ["linear"], ["zoom"], 10, ["interpolate", ["linear"], ["get", "rank"], 1, 2, 5, 6], 20, ["interpolate", ["linear"], ["get", "rank"], 1, 12, 5, 16]]"#
    ),
    (
        "text-field", #""{name:latin}\n{name:nonlatin}""#,
        #"["concat", ["to-string", ["get", "name:latin"]], "\n", ["to-string", ["get", "name:nonlatin"]]]"#
    ),
    (
        "text-field", #""{name} ({rank})""#,
        #"["concat", ["to-string", ["get", "name"]], " (", ["to-string", ["get", "rank"]], ")"]"#
    ),
    ("text-field", #""plain""#, #""plain""#),
    (
        "icon-image", #"{"stops": [[0, "dot_{rank}"], [8, ""]]}"#,
        #"["step", ["zoom"], ["concat", "dot_", ["to-string", ["get", "rank"]]], 8, ""]"#
    ),
]

@Suite("Legacy filters and functions")
struct LegacyTests {
    @Test("a legacy filter agrees with its expression on every feature", arguments: filterPairs)
    func filter(_ legacy: String, _ expression: String) throws {
        let old = try StyleExpression(json: legacy, as: .filter)
        // Legacy `>=` is false for a missing or string property; the expression says so
        // with `["number", value, -1]`.
        let new = try StyleExpression(json: expression, as: .filter)
        for (index, context) in features.enumerated() {
            #expect(old.matches(context) == new.matches(context), "feature \(index): \(legacy) vs \(expression)")
        }
    }

    @Test("a legacy function agrees with its expression at every zoom", arguments: functionPairs)
    func function(_ property: String, _ legacy: String, _ expression: String) throws {
        let old = try StyleExpression(json: legacy, as: .property(property))
        let new = try StyleExpression(json: expression, as: .property(property))
        for zoom in [0, 5, 10, 12.5, 14, 15, 17.75, 20, 22] {
            for context in features {
                var context = context
                context.zoom = zoom
                let oldValue = try? old.evaluate(in: context)
                let newValue = try? new.evaluate(in: context)
                let agree =
                    switch (oldValue, newValue) {
                    case (let a?, let b?): approximatelyEqual(a, b)
                    case (nil, nil): true
                    default: false
                    }
                #expect(
                    agree,
                    "zoom \(zoom): \(legacy) gave \(String(describing: oldValue)), \(expression) gave \(String(describing: newValue))"
                )
            }
        }
    }

    @Test("a filter is legacy or an expression by the spec's rules")
    func filterForms() throws {
        // ["==", "class", "x"] compares the property in a legacy filter...
        #expect(try StyleExpression(json: #"["==", "class", "motorway"]"#, as: .filter).matches(motorway))
        // ...but two strings in an expression.
        #expect(!(try StyleExpression(json: #"["==", "class", "motorway"]"#).matches(motorway)))
        // A nested expression makes the whole filter an expression.
        #expect(
            try StyleExpression(json: #"["all", ["==", ["get", "class"], "motorway"]]"#, as: .filter).matches(motorway))
        #expect(throws: (any Error).self) { try StyleExpression(json: #"["!has"]"#, as: .filter) }
    }
}
