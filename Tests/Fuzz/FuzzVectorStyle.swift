// libFuzzer target: MapLibre style JSON for `VectorStyle(parsing:fileName:)`, then every
// property of every layer evaluated at a few zooms, without a feature and for a line, a
// polygon and a point with typical OpenMapTiles properties. Built by run-fuzzers.sh.
//
// Traps when parsing fails with another error kind than `.invalidData`, or when an
// evaluated number the renderer would use is not a number (NaN).
import MapErrors
import MapVectorStyle
import MapVectorTiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let style: VectorStyle
    do {
        style = try VectorStyle(parsing: Array(UnsafeBufferPointer(start: data, count: size)), fileName: "fuzz.json")
    } catch {
        precondition(error.kind == .invalidData, "unexpected error kind: \(error)")
        return 0
    }
    for layer in style.layers.prefix(200) {
        for context in contexts {
            evaluate(layer, in: context)
        }
    }
    return 0
}

/// The zooms and features each layer is evaluated for.
private let contexts: [StyleEvaluationContext] = [0, 4.5, 12, 14.99, 22, -1, 40].flatMap { zoom in
    let properties: [String: VectorTileValue] = [
        "name": .string("Mannerheimintie"), "name:latin": .string("Mannerheimintie"), "class": .string("primary"),
        "subclass": .string("park"), "rank": .int(3), "admin_level": .uint(2), "oneway": .int(1),
        "brunnel": .string("bridge"), "render_height": .double(12.5), "capital": .bool(true),
    ]
    return [
        StyleEvaluationContext(zoom: zoom),
        StyleEvaluationContext(zoom: zoom, properties: properties, geometryType: .lineString, featureID: 7),
        StyleEvaluationContext(zoom: zoom, properties: properties, geometryType: .polygon, featureID: 0),
        StyleEvaluationContext(zoom: zoom, properties: [:], geometryType: .point),
    ]
}

private func evaluate(_ layer: VectorStyleLayer, in context: StyleEvaluationContext) {
    _ = layer.isShown(atZoom: context.zoom)
    _ = layer.draws(context)
    for name in layer.layout.keys.sorted() + layer.paint.keys.sorted() {
        _ = layer.value(of: name, in: context)
    }
    // The typed accessors the layout uses: defaults, clamping and unit conversions.
    let numbers = [
        layer.backgroundOpacity(in: context), layer.fillOpacity(in: context), layer.lineWidth(in: context),
        layer.lineOpacity(in: context), layer.lineGapWidth(in: context), layer.lineOffset(in: context),
        layer.circleRadius(in: context), layer.circleOpacity(in: context), layer.circleStrokeWidth(in: context),
        layer.textSize(in: context), layer.textMaxWidth(in: context), layer.textLetterSpacing(in: context),
        layer.textHaloWidth(in: context),
    ]
    precondition(!numbers.contains { $0.isNaN }, "a NaN property in layer \(layer.id)")
    _ = (
        layer.backgroundColor(in: context), layer.fillColor(in: context), layer.fillOutlineColor(in: context),
        layer.lineColor(in: context), layer.lineDashArray(in: context), layer.lineCap(in: context),
        layer.lineJoin(in: context), layer.circleColor(in: context), layer.circleStrokeColor(in: context),
        layer.textField(in: context), layer.textFont(in: context), layer.textAnchor(in: context),
        layer.textOffset(in: context), layer.textTransform(in: context), layer.textColor(in: context),
        layer.textHaloColor(in: context)
    )
}
