import MapErrors
import MapVectorStyle
import Testing

/// Malformed styles with the line, column and JSON path of their error and a word of its
/// message.
private let malformedCases: [(json: String, line: Int, column: Int, path: String?, word: String)] = [
    ("{\n  \"version\": 8,\n  \"layers\": [\n", 4, 1, nil, "end"),
    ("[]", 1, 1, nil, "style object"),
    (#"{"layers": []}"#, 1, 1, nil, "version"),
    (#"{"version": 7, "layers": []}"#, 1, 13, "version", "version 8"),
    (#"{"version": 8}"#, 1, 1, nil, "layers"),
    (#"{"version": 8, "layers": {}}"#, 1, 26, "layers", "array"),
    ("{\"version\": 8, \"layers\": [\n  {\"type\": \"fill\"}]}", 2, 3, "layers[0]", "id"),
    (#"{"version": 8, "layers": [{"id": 3, "type": "fill"}]}"#, 1, 34, "layers[0].id", "string"),
    (#"{"version": 8, "layers": [{"id": "a"}]}"#, 1, 27, "layers[0]", "type"),
    (#"{"version": 8, "layers": [{"id": "a", "type": "fill", "minzoom": "5"}]}"#, 1, 66, "layers[0].minzoom", "number"),
    (#"{"version": 8, "layers": [{"id": "a", "type": "fill", "paint": []}]}"#, 1, 64, "layers[0].paint", "object"),
    (
        #"{"version": 8, "layers": [{"id": "a", "type": "line", "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 5]}}]}"#,
        1, 79, "layers[0].paint.line-width", "interpolate"
    ),
    (
        #"{"version": 8, "layers": [{"id": "a", "type": "line", "filter": ["==", ["get", "class"], "a", "b", "c"]}]}"#,
        1, 65, "layers[0].filter", "expects"
    ),
    (
        #"{"version": 8, "layers": [{"id": "a", "type": "line", "paint": {"line-width": {"stops": []}}}]}"#,
        1, 79, "layers[0].paint.line-width", "stops"
    ),
    (#"{"version": 8, "sources": {"s": {"url": "x"}}, "layers": []}"#, 1, 33, "sources.s", "type"),
]

@Suite("Malformed styles")
struct MalformedStyleTests {
    @Test("each malformed style is a positioned error", arguments: malformedCases)
    func malformed(_ json: String, _ line: Int, _ column: Int, _ path: String?, _ word: String) {
        #expect {
            _ = try VectorStyle(parsing: Array(json.utf8), fileName: "style.json")
        } throws: { error in
            guard let error = error as? MapError, error.kind == .invalidData, let location = error.location else {
                return false
            }
            let matches =
                location.file == "style.json" && location.line == line && location.column == column
                && location.jsonPath == path && error.message.contains(word)
            if !matches { Issue.record("\(error) at \(location.line):\(location.column) \(location.jsonPath ?? "-")") }
            return matches
        }
    }

    @Test("unsupported operators and layer types are notes, and the property takes its default")
    func notes() throws {
        let json = #"""
            {"version": 8, "layers": [
              {"id": "heat", "type": "heatmap", "source": "s"},
              {"id": "labels", "type": "symbol", "source": "s",
               "layout": {"text-field": ["number-format", ["get", "height"], {}], "text-size": 12},
               "paint": {"text-color": ["interpolate", ["cubic-bezier", 0, 0, 1, 1], ["zoom"], 0, "red", 1, "blue"]}},
              {"id": "within", "type": "fill", "source": "s", "filter": ["within", {}],
               "paint": {"line-color": "red", "fill-extrusion-height": 3, "fill-color": "red"}}
            ]}
            """#
        let style = try VectorStyle(parsing: Array(json.utf8), fileName: "style.json")
        #expect(style.layers.count == 3)
        #expect(style.notes.map(\.layerID) == ["heat", "labels", "labels", "within", "within", "within"])
        #expect(
            style.notes.map(\.property) == [
                nil, "text-field", "text-color", "filter", "line-color", "fill-extrusion-height",
            ])
        #expect(style.layers[2].paint.keys.sorted() == ["fill-color"])
        #expect(style.notes[1].description.contains("\"number-format\""))
        let labels = style.layers[1]
        let context = StyleEvaluationContext(zoom: 3)
        #expect(labels.textField(in: context) == nil)
        #expect(labels.textSize(in: context) == 12)
        #expect(labels.textColor(in: context) == StyleColor.parse("#000"))
        #expect(!style.layers[2].draws(context))
        #expect(style.layers[0].kind == .unsupported("heatmap"))
    }

    @Test("visibility none hides a layer; zoom limits are min-inclusive, max-exclusive")
    func visibility() throws {
        let json = #"""
            {"version": 8, "layers": [
              {"id": "a", "type": "fill", "layout": {"visibility": "none"}},
              {"id": "b", "type": "fill", "minzoom": 10, "maxzoom": 14}
            ]}
            """#
        let style = try VectorStyle(parsing: Array(json.utf8), fileName: "style.json")
        #expect(!style.layers[0].isShown(atZoom: 12))
        #expect(style.layers[1].isShown(atZoom: 10))
        #expect(!style.layers[1].isShown(atZoom: 14))
        #expect(!style.layers[1].isShown(atZoom: 9.99))
    }
}
