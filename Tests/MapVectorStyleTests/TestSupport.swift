import Foundation
import MapVectorStyle
import MapVectorTiles

/// How close two computed numbers must be: the engine does plain double arithmetic, so
/// results differ from the exact values only by rounding.
let numericTolerance = 1e-9

/// A motorway line feature with every kind of property the cases read.
let motorway = StyleEvaluationContext(
    zoom: 14,
    properties: [
        "class": .string("motorway"), "rank": .int(3), "name": .string("Main"), "name:latin": .string("Main"),
        "height": .double(12.5), "oneway": .bool(true), "layer": .sint(-1),
    ],
    geometryType: .lineString, featureID: 42)

/// The same feature at another zoom.
func motorway(atZoom zoom: Double) -> StyleEvaluationContext {
    var context = motorway
    context.zoom = zoom
    return context
}

/// Parses `json` as `role` and evaluates it.
func evaluate(
    _ json: String, as role: StyleExpression.Role = .expression, in context: StyleEvaluationContext = motorway
) throws -> StyleValue {
    try StyleExpression(json: json, as: role).evaluate(in: context)
}

/// Whether two values are equal, numbers and colour components within `tolerance`.
func approximatelyEqual(_ a: StyleValue, _ b: StyleValue, tolerance: Double = numericTolerance) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)):
        return abs(x - y) <= tolerance
    case (.array(let xs), .array(let ys)):
        return xs.count == ys.count && zip(xs, ys).allSatisfy { approximatelyEqual($0, $1, tolerance: tolerance) }
    default:
        if let x = a.color, let y = b.color, a.number == nil, b.number == nil, a.string == nil || b.string == nil {
            return [x.red - y.red, x.green - y.green, x.blue - y.blue, x.alpha - y.alpha].allSatisfy {
                abs($0) <= tolerance
            }
        }
        return a == b
    }
}

/// A style fixture: Tests/MapVectorStyleTests/Fixtures/<name>.
func fixturePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .appendingPathComponent(name).path
}
