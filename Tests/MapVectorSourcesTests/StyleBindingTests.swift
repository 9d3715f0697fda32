import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorLayout
import MapVectorStyle
import Testing

@testable import MapVectorSources

/// A folder holding a style file and copies of the Helsinki archives beside it.
final class StyleFolder: @unchecked Sendable {
    let path = temporaryPath("style")

    init() throws {
        try FileManager.default.createDirectory(atPath: path + "/tiles", withIntermediateDirectories: true)
        for name in ["helsinki.pmtiles", "helsinki.mbtiles"] {
            try FileManager.default.copyItem(atPath: fixture(name), toPath: path + "/tiles/" + name)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `style.json` with these sources, a layer drawing from each, and a sprite.
    func style(sources: String, sprite: String? = nil) throws -> String {
        let names = try JSONSerialization.jsonObject(with: Data(sources.utf8)) as! [String: Any]
        let layers = names.keys.sorted().map {
            #"{"id": "\#($0)-water", "type": "fill", "source": "\#($0)", "source-layer": "water"}"#
        }
        let spriteMember = sprite.map { #""sprite": "\#($0)", "# } ?? ""
        let text =
            #"{"version": 8, \#(spriteMember)"sources": \#(sources), "layers": [\#(layers.joined(separator: ", "))]}"#
        try text.write(toFile: path + "/style.json", atomically: true, encoding: .utf8)
        return path + "/style.json"
    }
}

/// Resolves with the command line's defaults.
func resolve(
    _ argument: String = "world", style: String? = nil, styleName: String = "default", scale: Double = 1,
    mapType: MapType = .standard, options: HTTPTileOptions = testOptions()
) throws(MapError) -> StreetBasemap? {
    try StreetBasemapResolver.basemap(
        argument: argument, styleFile: style, styleName: styleName, scale: scale, mapType: mapType, options: options)
}

@Suite("Style sources bound to tiles")
struct StyleBindingTests {
    @Test("pmtiles:// and mbtiles:// paths are relative to the style file; the style's credit wins")
    func relativeArchives() throws {
        let folder = try StyleFolder()
        let style = try folder.style(
            sources: #"""
                {"a": {"type": "vector", "url": "pmtiles://tiles/helsinki.pmtiles", "attribution": "<b>&copy; A</b>"},
                 "b": {"type": "vector", "url": "mbtiles://tiles/helsinki.mbtiles"}}
                """#)
        // Resolved from elsewhere: the paths are the style's, not the working folder's.
        let basemap = try #require(try resolve(style: style))
        #expect(basemap.basemap.sources["a"]?.name == folder.path + "/tiles/helsinki.pmtiles")
        #expect(basemap.basemap.sources["b"]?.name == folder.path + "/tiles/helsinki.mbtiles")
        #expect(basemap.attribution == ["© A", VectorArchiveFacts.openMapTilesCredit])
        #expect(basemap.diagnostics.isEmpty)
    }

    @Test("--basemap binds the style's first vector source; the others keep their own URLs")
    func boundToBasemap() throws {
        let folder = try StyleFolder()
        let style = try folder.style(
            sources: #"""
                {"a": {"type": "vector", "url": "pmtiles://tiles/missing.pmtiles"},
                 "b": {"type": "vector", "url": "mbtiles://tiles/helsinki.mbtiles"}}
                """#)
        let basemap = try #require(try resolve(fixture("helsinki.pmtiles"), style: style))
        #expect(basemap.basemap.sources["a"]?.name == fixture("helsinki.pmtiles"))
        #expect(basemap.basemap.sources["b"]?.name == folder.path + "/tiles/helsinki.mbtiles")
        // Any vector archive with a style of its own, whatever its layers.
        #expect(try resolve(fixture("test_fixture_1.pmtiles"), style: style) != nil)
    }

    @Test("a source with neither url nor tiles, a raster archive and a satellite map are usage errors (64)")
    func refusals() throws {
        let folder = try StyleFolder()
        let bare = try folder.style(sources: #"{"a": {"type": "vector"}}"#)
        #expect {
            try resolve(style: bare)
        } throws: { error in
            (error as? MapError)?.kind == .invalidRequest && (error as? MapError)?.message.contains("\"a\"") == true
        }
        #expect(try resolve(fixture("helsinki.pmtiles"), style: bare) != nil)
        #expect(throws: MapError.self) { try resolve(fixture("raster.pmtiles"), style: bare) }
        #expect(try resolve(fixture("raster.pmtiles")) == nil, "a raster archive alone is the raster source's")
        #expect {
            try resolve(fixture("helsinki.pmtiles"), mapType: .satellite)
        } throws: { ($0 as? MapError)?.kind == .invalidRequest }
        #expect(try resolve() == nil && resolve("none", style: bare) == nil && resolve("osm") == nil)
    }

    @Test(
        "without a style: the built-in style --style names for OpenMapTiles archives, else an error listing the layers")
    func builtIn() throws {
        let dark = try #require(try resolve(fixture("helsinki.mbtiles"), styleName: "dark"))
        #expect(dark.basemap.style == (try BuiltInVectorStyle.dark.style()))
        #expect(dark.basemap.sources.values.first?.name == fixture("helsinki.mbtiles"))
        let custom = try #require(try resolve(fixture("helsinki.pmtiles"), styleName: "/some/style.json"))
        #expect(custom.basemap.style == (try BuiltInVectorStyle.standard.style()))
        #expect {
            try resolve(fixture("test_fixture_1.pmtiles"))
        } throws: { error in
            guard let error = error as? MapError else { return false }
            return error.kind == .invalidRequest && error.message.contains("test_fixture_1pmtiles")
                && error.remedy?.contains("--basemap-style") == true
        }
    }

    @Test("style notes become one .info diagnostic each, with every drawing")
    func notes() throws {
        let folder = try StyleFolder()
        let path = folder.path + "/style.json"
        try #"""
        {"version": 8, "sources": {"a": {"type": "vector", "url": "pmtiles://tiles/helsinki.pmtiles"},
                                   "r": {"type": "raster", "tiles": ["https://example.invalid/{z}/{x}/{y}.png"]}},
         "layers": [{"id": "heat", "type": "heatmap", "source": "a", "source-layer": "poi"},
                    {"id": "roads", "type": "line", "source": "a", "source-layer": "transportation",
                     "paint": {"line-color": ["number-format", 3, {}]}}]}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        let basemap = try #require(try resolve(style: path))
        let viewport = Viewport(
            center: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 14, size: CanvasSize(width: 100, height: 100))
        let drawing = try basemap.drawing(for: viewport, scale: 1, measurer: FixedTextMeasurer())
        let notes = drawing.diagnostics.filter { $0.message.hasPrefix(path + ": ") }
        #expect(notes.count == 2 && notes.allSatisfy { $0.severity == .info })
        #expect(notes.contains { $0.message.contains("heatmap") })
        #expect(notes.contains { $0.message.contains("\"number-format\"") })
    }

    @Test("damaged tiles are one warning per source and reason, naming the tiles")
    func failures() throws {
        let provider = ArchiveVectorTileProvider(
            archive: DamagedArchive(), facts: VectorArchiveFacts(), sampleTile: nil)
        let style = try VectorStyle(
            parsing: Array(
                #"{"version": 8, "sources": {"d": {"type": "vector"}}, "layers": [{"id": "x", "type": "line", "source": "d", "source-layer": "x"}]}"#
                    .utf8), fileName: "style.json")
        let basemap = StreetBasemap(basemap: VectorTileBasemap(style: style, sources: ["d": provider]))
        // Two world copies side by side: the one damaged tile is fetched once and named once.
        let viewport = Viewport(
            center: Coordinate(latitude: 0, longitude: 180), zoom: 1, size: CanvasSize(width: 512, height: 256))
        let warnings = try basemap.drawing(for: viewport, scale: 1, measurer: FixedTextMeasurer()).diagnostics
            .filter { $0.severity == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.hasPrefix("vector tile 0/0/0 of damaged: ") == true, "\(warnings)")
    }
}

@Suite("Sprites beside the style")
struct SpriteTests {
    /// Writes NAME.json and NAME.png with one icon of `width` pixels.
    func writeSprite(_ base: String, width: Int, ratio: Double?) throws {
        try Data(TestImages.png(width: width, height: width)).write(to: URL(fileURLWithPath: base + ".png"))
        let ratioMember = ratio.map { #", "pixelRatio": \#($0)"# } ?? ""
        try #"{"marker": {"x": 0, "y": 0, "width": \#(width), "height": \#(width)\#(ratioMember)}}"#.write(
            toFile: base + ".json", atomically: true, encoding: .utf8)
    }

    @Test("NAME.json and NAME.png relative to the style; NAME@2x at scale 2, else 1x")
    func resolution() throws {
        let folder = try StyleFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/sprites", withIntermediateDirectories: true)
        try writeSprite(folder.path + "/sprites/icons", width: 16, ratio: nil)
        let style = folder.path + "/style.json"
        let oneX = SpriteLoader.load("sprites/icons", styleFile: style, scale: 2)
        #expect(oneX.diagnostics.isEmpty && oneX.sheet?.icons["marker"]?.pixelRatio == 1)
        try writeSprite(folder.path + "/sprites/icons@2x", width: 32, ratio: 2)
        let twoX = SpriteLoader.load("sprites/icons", styleFile: style, scale: 2)
        #expect(
            twoX.sheet?.icons["marker"]
                == SpriteSheet.Icon(rect: PixelRect(x: 0, y: 0, width: 32, height: 32), pixelRatio: 2))
        #expect(SpriteLoader.load("sprites/icons", styleFile: style, scale: 1).sheet?.image.pixelWidth == 16)
        // Bound through a style, relative to the style file.
        let bound = try #require(
            try resolve(
                style: try folder.style(
                    sources: #"{"a": {"type": "vector", "url": "pmtiles://tiles/helsinki.pmtiles"}}"#,
                    sprite: "sprites/icons"), scale: 2))
        #expect(bound.basemap.sprite?.icons["marker"]?.pixelRatio == 2 && bound.diagnostics.isEmpty)
    }

    @Test("a missing or damaged sprite is a warning; a hosted one a note, not fetched")
    func problems() throws {
        let folder = try StyleFolder()
        let style = folder.path + "/style.json"
        let missing = SpriteLoader.load("nothing", styleFile: style, scale: 1)
        #expect(missing.sheet == nil && missing.diagnostics.map(\.severity) == [.warning])
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder.path + "/bad.png"))
        try "{}".write(toFile: folder.path + "/bad.json", atomically: true, encoding: .utf8)
        let damaged = SpriteLoader.load("bad", styleFile: style, scale: 1)
        #expect(damaged.sheet == nil && damaged.diagnostics.map(\.severity) == [.warning])
        let hosted = SpriteLoader.load("https://example.org/sprite", styleFile: style, scale: 1)
        #expect(hosted.sheet == nil && hosted.diagnostics.map(\.severity) == [.info])
    }
}
