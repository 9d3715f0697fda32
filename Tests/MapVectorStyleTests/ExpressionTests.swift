import Foundation
import MapErrors
import MapVectorStyle
import Testing

/// Expressions with the value they give for the `motorway` feature at zoom 14.
private let valueCases: [(String, StyleValue)] = [
    // Feature data and lookup
    (#"["get", "class"]"#, .string("motorway")),
    (#"["get", "rank"]"#, .number(3)),
    (#"["get", "layer"]"#, .number(-1)),
    (#"["get", "oneway"]"#, .bool(true)),
    (#"["get", "missing"]"#, .null),
    (#"["has", "class"]"#, .bool(true)),
    (#"["has", "missing"]"#, .bool(false)),
    (#"["zoom"]"#, .number(14)),
    (#"["geometry-type"]"#, .string("LineString")),
    (#"["id"]"#, .number(42)),
    (#"["literal", [1, "a"]]"#, .array([.number(1), .string("a")])),
    (#"["literal", {"a": 1}]"#, .object(["a": .number(1)])),
    ("null", .null),
    // Decision
    (#"["==", ["get", "class"], "motorway"]"#, .bool(true)),
    (#"["==", ["get", "rank"], 3]"#, .bool(true)),
    (#"["==", ["get", "rank"], "3"]"#, .bool(false)),
    (#"["!=", ["get", "missing"], "x"]"#, .bool(true)),
    (#"["==", ["get", "missing"], null]"#, .bool(true)),
    (#"["<", ["get", "rank"], 4]"#, .bool(true)),
    (#"["<=", 3, 3]"#, .bool(true)),
    (#"[">", "b", "a"]"#, .bool(true)),
    (#"[">=", 2, 3]"#, .bool(false)),
    (#"["all"]"#, .bool(true)),
    (#"["any"]"#, .bool(false)),
    (#"["all", true, false]"#, .bool(false)),
    (#"["any", false, true]"#, .bool(true)),
    (#"["!", ["has", "missing"]]"#, .bool(true)),
    (#"["in", ["get", "class"], ["literal", ["motorway", "trunk"]]]"#, .bool(true)),
    (#"["in", 4, ["literal", [1, 2, 3]]]"#, .bool(false)),
    (#"["in", "way", ["get", "class"]]"#, .bool(true)),
    (#"["match", ["get", "class"], "trunk", 1, ["motorway", "primary"], 2, 0]"#, .number(2)),
    (#"["match", ["get", "rank"], 3, "three", "other"]"#, .string("three")),
    (#"["match", ["get", "missing"], "a", 1, 0]"#, .number(0)),
    (#"["case", ["==", ["get", "class"], "trunk"], "a", ["has", "name"], "b", "c"]"#, .string("b")),
    (#"["case", false, "a", "c"]"#, .string("c")),
    (#"["coalesce", ["get", "missing"], ["get", "name"]]"#, .string("Main")),
    (#"["coalesce", ["get", "missing"]]"#, .null),
    // Ramps
    (#"["step", ["zoom"], 0, 10, 1, 14, 2, 16, 3]"#, .number(2)),
    (#"["step", ["zoom"], "low", 15, "high"]"#, .string("low")),
    (#"["interpolate", ["linear"], ["zoom"], 10, 0, 18, 8]"#, .number(4)),
    (#"["interpolate", ["exponential", 2], ["zoom"], 13, 0, 15, 3]"#, .number(1)),
    (#"["interpolate", ["linear"], ["zoom"], 15, 1, 16, 2]"#, .number(1)),
    (#"["interpolate", ["linear"], ["zoom"], 5, 1, 6, 2]"#, .number(2)),
    (
        #"["interpolate", ["linear"], ["zoom"], 10, ["literal", [0, 2]], 18, ["literal", [4, 6]]]"#,
        .array([.number(2), .number(4)])
    ),
    // Strings and types
    (#"["concat", ["get", "name"], " (", ["get", "rank"], ")"]"#, .string("Main (3)")),
    (#"["concat", ["get", "missing"], "x"]"#, .string("x")),
    (#"["to-string", ["get", "height"]]"#, .string("12.5")),
    (#"["to-string", true]"#, .string("true")),
    (#"["to-string", ["get", "missing"]]"#, .string("")),
    (#"["to-string", ["literal", [1, "a"]]]"#, .string(#"[1,"a"]"#)),
    (#"["to-number", "42"]"#, .number(42)),
    (#"["to-number", ["get", "missing"]]"#, .number(0)),
    (#"["to-number", "abc", 7]"#, .number(7)),
    (#"["to-number", true]"#, .number(1)),
    (#"["to-boolean", ""]"#, .bool(false)),
    (#"["to-boolean", 2]"#, .bool(true)),
    (#"["string", ["get", "rank"], "fallback"]"#, .string("fallback")),
    (#"["number", ["get", "rank"]]"#, .number(3)),
    (#"["upcase", "ab"]"#, .string("AB")),
    (#"["downcase", "AB"]"#, .string("ab")),
    // Math and variables
    (#"["+", 1, 2, 3]"#, .number(6)),
    (#"["-", 5]"#, .number(-5)),
    (#"["-", 5, 2]"#, .number(3)),
    (#"["*", 2, ["get", "rank"]]"#, .number(6)),
    (#"["/", 1, 4]"#, .number(0.25)),
    (#"["%", 7, 4]"#, .number(3)),
    (#"["^", 2, 10]"#, .number(1024)),
    (#"["min", 3, 1, 2]"#, .number(1)),
    (#"["max", 3, 1, 2]"#, .number(3)),
    (#"["let", "x", 2, ["*", ["var", "x"], 3]]"#, .number(6)),
]

/// Expressions that parse but fail at evaluation with a type error.
private let typeErrorCases = [
    #"["<", ["get", "class"], 3]"#,
    #"[">", ["get", "missing"], 3]"#,
    #"["!", ["get", "class"]]"#,
    #"["all", true, "yes"]"#,
    #"["to-number", "abc"]"#,
    #"["interpolate", ["linear"], ["get", "class"], 0, 0, 1, 1]"#,
    #"["step", ["get", "missing"], 0, 1, 1]"#,
    #"["get", ["get", "rank"]]"#,
    #"["var", "nope"]"#,
    #"["number", ["get", "class"]]"#,
    #"["upcase", 1]"#,
    #"["in", 1, 2]"#,
    #"["case", "yes", 1, 2]"#,
]

/// Expressions that are malformed: errors at parse time.
private let malformedCases = [
    "[]",
    #"[1, 2]"#,
    #"{"a": 1}"#,
    #"["get"]"#,
    #"["zoom", 1]"#,
    #"["match", ["get", "class"], "a", 1]"#,
    #"["match", ["get", "class"], [true], 1, 0]"#,
    #"["case", true, 1]"#,
    #"["step", ["zoom"], 0, "x", 1]"#,
    #"["interpolate", ["linear"], ["zoom"], 10, 0, 5, 1]"#,
    #"["interpolate", ["exponential"], ["zoom"], 0, 0, 1, 1]"#,
    #"["interpolate", "linear", ["zoom"], 0, 0, 1, 1]"#,
    #"["let", 1, 2, 3]"#,
]

@Suite("Expressions")
struct ExpressionTests {
    @Test("each operator gives the expected value", arguments: valueCases)
    func value(_ json: String, _ expected: StyleValue) throws {
        let value = try evaluate(json)
        #expect(approximatelyEqual(value, expected), "\(json) gave \(value), expected \(expected)")
    }

    @Test("type errors are evaluation errors", arguments: typeErrorCases)
    func typeError(_ json: String) throws {
        let expression = try StyleExpression(json: json)
        #expect(throws: StyleEvaluationError.self) { try expression.evaluate(in: motorway) }
    }

    @Test("a type error in a filter makes it false", arguments: typeErrorCases)
    func typeErrorInFilter(_ json: String) throws {
        #expect(!(try StyleExpression(json: json).matches(motorway)))
    }

    @Test("malformed expressions are positioned parse errors", arguments: malformedCases)
    func malformed(_ json: String) {
        #expect {
            _ = try StyleExpression(json: json, fileName: "case.json")
        } throws: { error in
            guard let error = error as? MapError, error.kind == .invalidData else { return false }
            return error.location?.file == "case.json" && error.location?.line == 1
        }
    }

    @Test("unsupported operators are named")
    func unsupported() {
        for json in [#"["slice", "abc", 1]"#, #"["interpolate", ["cubic-bezier", 0, 0, 1, 1], ["zoom"], 0, 0, 1, 1]"#] {
            #expect {
                _ = try StyleExpression(json: json)
            } throws: { error in
                (error as? MapError)?.message.contains("not supported") ?? false
            }
        }
    }

    @Test("interpolate at stops and between them")
    func interpolateBetweenStops() throws {
        let linear = try StyleExpression(json: #"["interpolate", ["linear"], ["zoom"], 10, 2, 14, 6, 16, 10]"#)
        let expected: [(Double, Double)] = [
            (8, 2), (10, 2), (11, 3), (13.5, 5.5), (14, 6), (15, 8), (16, 10), (22, 10),
        ]
        for (zoom, width) in expected {
            let value = try #require(try linear.evaluate(in: motorway(atZoom: zoom)).number)
            #expect(abs(value - width) <= numericTolerance, "zoom \(zoom): \(value)")
        }
        // Exponential with base 1.2 between 7 and 20: (1.2^(z-7) - 1) / (1.2^13 - 1).
        let exponential = try StyleExpression(json: #"["interpolate", ["exponential", 1.2], ["zoom"], 7, 0.5, 20, 18]"#)
        for zoom in [7.0, 10, 14, 17.25, 20] {
            let t = (pow(1.2, zoom - 7) - 1) / (pow(1.2, 13) - 1)
            let value = try #require(try exponential.evaluate(in: motorway(atZoom: zoom)).number)
            #expect(abs(value - (0.5 + 17.5 * t)) <= numericTolerance, "zoom \(zoom): \(value)")
        }
    }

    @Test("colours interpolate in RGB with alpha")
    func colourInterpolation() throws {
        let ramp = try StyleExpression(
            json: ##"["interpolate", ["linear"], ["zoom"], 10, "#000000", 20, "rgba(255, 255, 255, 0.5)"]"##)
        let middle = try #require(try ramp.evaluate(in: motorway(atZoom: 15)).color)
        #expect(abs(middle.red - 0.5) <= numericTolerance)
        #expect(abs(middle.blue - 0.5) <= numericTolerance)
        #expect(abs(middle.alpha - 0.75) <= numericTolerance)
        let start = try #require(try ramp.evaluate(in: motorway(atZoom: 10)).color)
        #expect(start.red == 0 && start.alpha == 1)
    }
}
