import MapVectorStyle
import MapVectorTiles
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
    static let schemas: [(VectorTileSchema, source: String)] = [
        (.openMapTiles, "openmaptiles"), (.protomaps, "protomaps"), (.shortbread(version: nil), "shortbread"),
    ]

    @Test(
        "every built-in style parses with no notes and draws its schema's layers only",
        arguments: schemas.map(\.0))
    func builtInStyles(_ schema: VectorTileSchema) throws {
        let sourceName = try #require(Self.schemas.first { $0.0 == schema }?.source)
        let styles = try BuiltInVectorStyle.allCases.map { try $0.style(for: schema) }
        #expect(styles.count == 3)
        for (look, style) in zip(BuiltInVectorStyle.allCases, styles) {
            #expect(style.notes.isEmpty, "\(look.rawValue): \(style.notes)")
            #expect(style.layers.count > 30, "\(look.rawValue) has only \(style.layers.count) layers")
            #expect(style.layers.first?.kind == .background)
            #expect(Set(style.layers.map(\.id)).count == style.layers.count, "\(look.rawValue): duplicate layer ids")
            #expect(style.sources.keys.sorted() == [sourceName])
            #expect(style.sources[sourceName]?.kind == .vector)
            #expect(style.sources[sourceName]?.url == nil)
            #expect(style.sprite == nil && style.glyphs == nil)
            for layer in style.layers {
                let supported: [VectorStyleLayer.Kind] = [.background, .fill, .line, .symbol, .circle]
                #expect(supported.contains(layer.kind), "\(look.rawValue) \(layer.id): \(layer.kind)")
                if layer.kind == .background {
                    #expect(layer.sourceLayer == nil)
                    continue
                }
                #expect(layer.source == sourceName, "\(look.rawValue) \(layer.id)")
                let sourceLayer = try #require(layer.sourceLayer, "\(look.rawValue) \(layer.id) has no source-layer")
                #expect(
                    schema.layers.contains(sourceLayer),
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

    @Test("the three looks draw roads, buildings, water and place names", arguments: schemas.map(\.0))
    func content(_ schema: VectorTileSchema) throws {
        for look in BuiltInVectorStyle.allCases {
            let style = try look.style(for: schema)
            let ids = Set(style.layers.map(\.id))
            for id in [
                "background", "water", "landcover-grass", "building", "road-motorway", "road-motorway-casing",
                "road-minor",
                "road-path", "rail", "street-name", "place-city", "place-suburb",
            ] {
                #expect(ids.contains(id), "\(look.rawValue) has no layer \(id)")
            }
            let building = try #require(style.layer(withID: "building"))
            #expect(building.isShown(atZoom: 14) && !building.isShown(atZoom: 13.9))
            #expect(style.layer(withID: "street-name")?.layout["symbol-placement"] != nil)
        }
    }

    @Test("one look in three schemas: the same layers in the same order, painted and laid out alike")
    func sameLook() throws {
        for look in BuiltInVectorStyle.allCases {
            let reference = try look.style(for: .openMapTiles)
            let order = Dictionary(uniqueKeysWithValues: reference.layers.enumerated().map { ($1.id, $0) })
            for schema in [VectorTileSchema.protomaps, .shortbread(version: nil)] {
                let style = try look.style(for: schema)
                var last = -1
                var matched = 0
                for layer in style.layers {
                    // A class kept in two source layers repeats its layer with a suffix.
                    let id = order[layer.id] != nil ? layer.id : String(layer.id.prefix { $0 != "-" })
                    let base =
                        reference.layers.first { $0.id == layer.id }
                        ?? reference.layers.first { layer.id.hasPrefix($0.id + "-") }
                    let original = try #require(base, "\(schema.displayName) \(look.rawValue): \(id) is new")
                    let index = try #require(order[original.id])
                    #expect(index >= last, "\(schema.displayName) \(look.rawValue): \(layer.id) out of order")
                    last = index
                    matched += 1
                    #expect(layer.kind == original.kind && layer.minZoom == original.minZoom)
                    #expect(layer.paint == original.paint, "\(schema.displayName) \(look.rawValue) \(layer.id)")
                    var layout = layer.layout
                    var originalLayout = original.layout
                    layout["text-field"] = nil
                    originalLayout["text-field"] = nil
                    #expect(layout == originalLayout, "\(schema.displayName) \(look.rawValue) \(layer.id)")
                }
                // At most a few classes are missing from a schema (docs/basemaps.md, "One look, three tile schemas").
                #expect(matched >= reference.layers.count - 6, "\(schema.displayName) \(look.rawValue): \(matched)")
            }
        }
    }

    @Test("labels name features by plain name tokens a language rewrite recognises")
    func labelTokens() throws {
        for (schema, _) in Self.schemas {
            for look in BuiltInVectorStyle.allCases {
                // Each label reads exactly one name key: the OpenMapTiles Latin name, else `name`.
                let key = schema == .openMapTiles ? "name:latin" : "name"
                let names: [String: VectorTileValue] = ["name:latin": .string("Latin"), "name": .string("Local")]
                for layer in try look.style(for: schema).layers where layer.kind == .symbol {
                    let context = StyleEvaluationContext(
                        zoom: 15, properties: names.filter { $0.key == key }, geometryType: nil, featureID: nil)
                    let field = layer.textField(in: context)?.lowercased()
                    #expect(field == names[key]?.stringValue?.lowercased(), "\(schema.displayName) \(layer.id)")
                    let other = StyleEvaluationContext(
                        zoom: 15, properties: names.filter { $0.key != key }, geometryType: nil, featureID: nil)
                    #expect(layer.textField(in: other) == nil, "\(schema.displayName) \(layer.id) reads another key")
                }
            }
        }
    }

    @Test("font names reduce to their family")
    func fontFamilies() {
        #expect(family(of: "DejaVu Sans Book") == "DejaVu Sans")
        #expect(family(of: "DejaVu Sans Bold Oblique") == "DejaVu Sans")
        #expect(family(of: "Noto Sans Regular") == "Noto Sans")
    }
}
