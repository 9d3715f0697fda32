import MapDrawing
import MapGeometry
import MapRenderCore
import MapTestSupport
import MapVectorLayout
import MapVectorStyle
import MapVectorTiles
import Testing

/// `--language` over the built-in looks of the three schemas: two streets across two tiles,
/// one with a Swedish name and one without, in each schema's own name keys (OpenMapTiles
/// `name:latin` and `name:sv`; Protomaps `name` and `name:sv`; Shortbread `name` and `name_sv`).
@Suite("Built-in looks in the reader's language")
struct LanguageLookTests {
    static let esplanade = Quad.line(y: 3000)
    static let avenue = Quad.line(y: 3600)

    /// The two streets of one tile, in `schema`.
    static func tile(_ schema: VectorTileSchema) -> VectorTile {
        func street(_ line: VectorTileGeometry, _ names: [String: String]) -> VectorTileFeature {
            var properties = names.mapValues(VectorTileValue.string)
            switch schema {
            case .openMapTiles: properties["class"] = .string("primary")
            case .protomaps:
                properties["kind"] = .string("major_road")
                properties["kind_detail"] = .string("primary")
            case .shortbread: properties["kind"] = .string("primary")
            }
            return VectorTileFeature(id: nil, properties: properties, geometry: line)
        }
        let (layer, name, swedish) =
            switch schema {
            case .openMapTiles: ("transportation_name", "name:latin", "name:sv")
            case .protomaps: ("roads", "name", "name:sv")
            case .shortbread: ("street_labels", "name", "name_sv")
            }
        return Quad.layer(
            layer,
            [
                street(esplanade, [name: "Eteläesplanadi", swedish: "Södra esplanaden"]),
                street(avenue, [name: "Mannerheimintie"]),
            ])
    }

    /// The street names the default look draws over the two streets, in `languages`.
    static func streetNames(_ schema: VectorTileSchema, languages: [String]) throws -> Set<String> {
        var style = try BuiltInVectorStyle.standard.style(for: schema)
        style = style.localized(to: languages.compactMap(LabelLanguage.init))
        let tiles = SyntheticTiles([Quad.west: tile(schema), Quad.east: tile(schema)])
        let source = try #require(style.sources.keys.first)
        let drawing = try VectorTileBasemap(style: style, sources: [source: tiles])
            .drawing(for: Quad.viewport, scale: 1, measurer: FixedTextMeasurer())
        let commands = drawing.commands + drawing.labels.flatMap { $0.commands }
        return Set(commands.compactMap { if case .pathText(let run) = $0 { run.string } else { nil } })
    }

    @Test(
        "--language sv: the street with a Swedish name is labelled in Swedish, the other keeps its name",
        arguments: [VectorTileSchema.openMapTiles, .protomaps, .shortbread(version: "1.1")])
    func swedish(_ schema: VectorTileSchema) throws {
        let plain = try Self.streetNames(schema, languages: [])
        #expect(plain == ["Eteläesplanadi", "Mannerheimintie"], "\(plain)")
        #expect(try Self.streetNames(schema, languages: ["sv"]) == ["Södra esplanaden", "Mannerheimintie"])
        // A language no feature has falls through to the next, then to the look's own name.
        #expect(try Self.streetNames(schema, languages: ["kl", "sv"]) == ["Södra esplanaden", "Mannerheimintie"])
        #expect(try Self.streetNames(schema, languages: ["kl"]) == ["Eteläesplanadi", "Mannerheimintie"])
    }
}

extension Quad {
    /// A street straight across a tile at `y` (tile units).
    static func line(y: Int) -> VectorTileGeometry { .lineStrings([[point(0, y), point(4096, y)]]) }
}
