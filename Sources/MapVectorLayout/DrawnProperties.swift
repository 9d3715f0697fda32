import MapVectorStyle

/// The layout and paint properties this renderer honours, by layer kind; a style's other
/// properties are noted once per layer and property, and the map is drawn without them.
enum DrawnProperties {
    /// Honoured everywhere.
    private static let common: Set<String> = ["visibility"]

    /// Properties that change nothing on a flat, north-up static map, or whose effect this
    /// renderer always has (antialiasing), accepted without a note.
    private static let withoutEffect: Set<String> = [
        "fill-antialias", "icon-rotation-alignment", "icon-pitch-alignment", "text-rotation-alignment",
        "text-pitch-alignment", "symbol-avoid-edges", "symbol-z-order", "text-keep-upright",
        "fill-extrusion-base", "fill-extrusion-height", "fill-extrusion-vertical-gradient", "line-round-limit",
        "line-miter-limit", "icon-keep-upright", "fill-sort-key", "line-sort-key", "circle-sort-key",
        "circle-pitch-scale", "circle-pitch-alignment", "fill-translate-anchor",
        // A static map is drawn once: nothing fades in.
        "raster-fade-duration",
    ]

    private static let byKind: [String: Set<String>] = [
        "background": ["background-color", "background-opacity"],
        "raster": [
            "raster-opacity", "raster-brightness-min", "raster-brightness-max", "raster-saturation",
            "raster-contrast", "raster-hue-rotate", "raster-resampling",
        ],
        // The anchor changes nothing on a north-up map: map and viewport are the same.
        "hillshade": [
            "hillshade-method", "hillshade-illumination-direction", "hillshade-illumination-altitude",
            "hillshade-illumination-anchor", "hillshade-exaggeration", "hillshade-shadow-color",
            "hillshade-highlight-color", "hillshade-accent-color",
        ],
        "color-relief": ["color-relief-color", "color-relief-opacity"],
        "fill": ["fill-color", "fill-opacity", "fill-outline-color", "fill-translate"],
        "fill-extrusion": ["fill-extrusion-color", "fill-extrusion-opacity"],
        "line": [
            "line-color", "line-width", "line-opacity", "line-dasharray", "line-cap", "line-join", "line-gap-width",
            "line-offset",
        ],
        "circle": [
            "circle-radius", "circle-color", "circle-opacity", "circle-stroke-width", "circle-stroke-color",
        ],
        "symbol": [
            "symbol-placement", "symbol-spacing", "symbol-sort-key", "text-field", "text-font", "text-size",
            "text-max-width", "text-line-height", "text-anchor", "text-justify", "text-offset", "text-letter-spacing",
            "text-transform", "text-variable-anchor", "text-radial-offset", "text-max-angle", "text-padding",
            "text-allow-overlap", "text-ignore-placement",
            "text-optional", "text-color", "text-opacity", "text-halo-color", "text-halo-width", "icon-image",
            "icon-size", "icon-offset", "icon-padding", "icon-allow-overlap", "icon-ignore-placement",
            "icon-optional",
        ],
    ]

    /// The properties that paint a layer with a sprite pattern instead of a colour.
    static let patterns: Set<String> = ["fill-pattern", "line-pattern", "background-pattern", "fill-extrusion-pattern"]

    /// Whether the layer is painted with a pattern, which this renderer does not draw.
    static func usesPattern(_ layer: VectorStyleLayer) -> Bool {
        patterns.contains { layer.paint[$0] != nil }
    }

    /// One note per layer and property the renderer does not honour.
    /// `rasterSources` are the raster sources the style's raster layers can draw from.
    static func notes(for style: VectorStyle, rasterSources: Set<String>) -> [VectorStyleNote] {
        var notes: [VectorStyleNote] = []
        for layer in style.layers {
            let kind = layer.kind.name
            if layer.kind == .raster || layer.kind == .hillshade || layer.kind == .colorRelief,
                !rasterSources.contains(layer.source ?? "")
            {
                let what = layer.kind == .raster ? "raster" : "raster-dem"
                notes.append(
                    VectorStyleNote(
                        layerID: layer.id, property: nil,
                        message: "not drawn: its \(what) source \"\(layer.source ?? "")\" is not available"))
                continue
            }
            guard let drawn = byKind[kind] else { continue }
            for name in (Array(layer.layout.keys) + Array(layer.paint.keys)).sorted()
            where !drawn.contains(name) && !common.contains(name) && !withoutEffect.contains(name) {
                let message = patterns.contains(name) ? "patterns are not drawn; the layer is left out" : "not drawn"
                notes.append(VectorStyleNote(layerID: layer.id, property: name, message: message))
            }
        }
        return notes
    }
}
