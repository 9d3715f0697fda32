import MapVectorStyle
import Testing

/// The words a `text-font` name may end with after the family: weights, widths and styles.
private let fontStyleWords: Set<String> = [
    "book", "regular", "normal", "medium", "bold", "semibold", "light", "extralight", "oblique", "italic",
    "condensed",
]

/// The family a `text-font` name names: "DejaVu Sans Bold Oblique" is "DejaVu Sans".
private func family(of fontName: String) -> String {
    var words = fontName.split(separator: " ").map(String.init)
    while let last = words.last, fontStyleWords.contains(last.lowercased()) {
        words.removeLast()
    }
    return words.joined(separator: " ")
}

@Suite("Built-in styles")
struct BuiltInStyleTests {
    @Test("every built-in style parses with no notes and draws the OpenMapTiles schema only")
    func builtInStyles() throws {
        let styles = try BuiltInVectorStyle.allCases.map { try $0.style() }
        #expect(styles.count == 3)
        for (look, style) in zip(BuiltInVectorStyle.allCases, styles) {
            #expect(style.notes.isEmpty, "\(look.rawValue): \(style.notes)")
            #expect(style.layers.count > 30, "\(look.rawValue) has only \(style.layers.count) layers")
            #expect(style.layers.first?.kind == .background)
            #expect(Set(style.layers.map(\.id)).count == style.layers.count, "\(look.rawValue): duplicate layer ids")
            #expect(style.sources.keys.sorted() == ["openmaptiles"])
            #expect(style.sources["openmaptiles"]?.kind == .vector)
            #expect(style.sources["openmaptiles"]?.url == nil)
            #expect(style.sprite == nil && style.glyphs == nil)
            for layer in style.layers {
                let supported: [VectorStyleLayer.Kind] = [.background, .fill, .line, .symbol, .circle]
                #expect(supported.contains(layer.kind), "\(look.rawValue) \(layer.id): \(layer.kind)")
                if layer.kind == .background {
                    #expect(layer.sourceLayer == nil)
                    continue
                }
                #expect(layer.source == "openmaptiles", "\(look.rawValue) \(layer.id)")
                let sourceLayer = try #require(layer.sourceLayer, "\(look.rawValue) \(layer.id) has no source-layer")
                #expect(
                    BuiltInVectorStyle.schemaLayers.contains(sourceLayer),
                    "\(look.rawValue) \(layer.id): \(sourceLayer) is not in the schema")
                if layer.kind == .symbol {
                    let fonts = layer.textFont(in: StyleEvaluationContext(zoom: 15))
                    #expect(!fonts.isEmpty)
                    for font in fonts {
                        #expect(family(of: font) == "DejaVu Sans", "\(look.rawValue) \(layer.id): \(font)")
                    }
                    #expect(layer.property("text-font") != nil, "\(look.rawValue) \(layer.id) leaves text-font out")
                    #expect(layer.property("icon-image") == nil, "\(look.rawValue) \(layer.id) uses an icon")
                }
            }
        }
    }

    @Test("the three looks draw roads, buildings, water and place names")
    func content() throws {
        for look in BuiltInVectorStyle.allCases {
            let style = try look.style()
            let ids = Set(style.layers.map(\.id))
            for id in [
                "background", "water", "park", "building", "road-motorway", "road-motorway-casing", "road-minor",
                "road-path", "rail", "street-name", "place-city", "place-suburb",
            ] {
                #expect(ids.contains(id), "\(look.rawValue) has no layer \(id)")
            }
            let building = try #require(style.layer(withID: "building"))
            #expect(building.isShown(atZoom: 14) && !building.isShown(atZoom: 13.9))
            #expect(style.layer(withID: "street-name")?.layout["symbol-placement"] != nil)
        }
    }

    @Test("font names reduce to their family")
    func fontFamilies() {
        #expect(family(of: "DejaVu Sans Book") == "DejaVu Sans")
        #expect(family(of: "DejaVu Sans Bold Oblique") == "DejaVu Sans")
        #expect(family(of: "Noto Sans Regular") == "Noto Sans")
    }
}
