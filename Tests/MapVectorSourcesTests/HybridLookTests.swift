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

/// `--map-type hybrid` and `satellite` over a street archive: the imagery as an `Underlay`
/// of the built-in look, the hybrid look's layers, and the refusals.
@Suite("Hybrid and satellite maps over street archives")
struct HybridLookTests {
    static let archive = packageRoot + "/examples/helsinki/helsinki.pmtiles"
    static let view = Viewport(
        center: MapPoint(Coordinate(latitude: 60.1699, longitude: 24.9384)), zoom: 15,
        size: CanvasSize(width: 300, height: 200))

    /// An MBTiles file of grey imagery tiles over the view, zoom 15, with an attribution.
    static func imagery() throws -> String {
        let path = temporaryPath("imagery.mbtiles")
        var tiles: [TilePath: [UInt8]] = [:]
        for tile in TilePath.covering(view.visibleMapRect, zoom: 15) { tiles[tile.wrapped] = TestImages.png(gray: 90) }
        try makeMBTiles(
            at: path,
            metadata: [
                "name": "test imagery", "format": "png", "minzoom": "15", "maxzoom": "15",
                "attribution": "© Test imagery",
            ], tiles: tiles)
        return path
    }

    func resolve(_ type: MapType, imagery: String?, styleFile: String? = nil) throws -> StreetBasemap? {
        try StreetBasemapResolver.basemap(
            argument: Self.archive, styleFile: styleFile, styleName: "dark", scale: 1, mapType: type,
            options: testOptions(), imagery: imagery)
    }

    @Test("hybrid: the imagery over the background, under thin roads, boundaries and labels, no fills")
    func hybridLayers() throws {
        let imagery = try Self.imagery()
        defer { try? FileManager.default.removeItem(atPath: imagery) }
        let street = try #require(try resolve(.hybrid, imagery: imagery))
        let style = street.basemap.style
        #expect(style.layers.first?.kind == .background)
        #expect(style.layers[1].id == "imagery" && style.layers[1].kind == .raster)
        #expect(style.sources["imagery"]?.kind == .raster)
        #expect(!style.layers.contains { [.fill, .fillExtrusion, .hillshade].contains($0.kind) })
        #expect(!style.layers.contains { $0.id.hasSuffix("-casing") || $0.id.hasPrefix("tunnel-") })
        #expect(style.layers.contains { $0.kind == .symbol && $0.id == "street-name" })
        #expect(street.basemap.rasterSources["imagery"] != nil)
        // Roads at 0.4 of the street look's width (the default look's, whatever --style says).
        let standard = try BuiltInVectorStyle.standard.style(for: .openMapTiles)
        let context = StyleEvaluationContext(zoom: 14)
        func width(_ style: VectorStyle, _ id: String) throws -> Double {
            try #require(style.layers.first { $0.id == id }).number("line-width", in: context, default: -1)
        }
        for id in ["road-primary", "road-minor"] {
            #expect(abs(try width(style, id) - 0.4 * width(standard, id)) < 1e-9, "\(id)")
        }
        // The credits: the imagery's and the archive's.
        #expect(street.basemap.attribution.contains("© Test imagery"))
        #expect(street.basemap.attribution.contains { $0.contains("OpenStreetMap") })
    }

    @Test("satellite: the imagery alone, over the background")
    func satelliteLayers() throws {
        let imagery = try Self.imagery()
        defer { try? FileManager.default.removeItem(atPath: imagery) }
        let basemap = try #require(try resolve(.satellite, imagery: imagery)).basemap
        #expect(basemap.style.layers.map(\.kind) == [.background, .raster])
        // The street archive is not drawn, so not credited.
        #expect(basemap.attribution == ["© Test imagery"])
    }

    @Test("the imagery and the hillshade go in at the same place: the one underlay rule")
    func oneRule() throws {
        let look = try BuiltInVectorStyle.standard.style(for: .openMapTiles)
        let imagery = Underlay.imagery("esri-imagery").inserted(into: look)
        let shaded = try TerrainOverlay.shaded(
            look, archive: packageRoot + "/Tests/EndToEndTests/Fixtures/terrain/helsinki-hill.pmtiles", look: .standard)
        let imageryIndex = try #require(imagery.layers.firstIndex { $0.id == "imagery" })
        let shadeIndex = try #require(shaded.layers.firstIndex { $0.id == "terrain" })
        #expect(imageryIndex == shadeIndex)
        let next = imagery.layers[imageryIndex + 1].id
        #expect(Underlay.above.contains { next.hasPrefix($0) }, "\(next)")
        #expect(imagery.layers[imageryIndex - 1].kind == .fill)
    }

    @Test("hybrid or satellite without imagery is refused, naming --imagery", arguments: [MapType.hybrid, .satellite])
    func withoutImagery(_ type: MapType) throws {
        let error = #expect(throws: MapError.self) { try resolve(type, imagery: nil) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.remedy?.contains("--imagery") == true, "\(String(describing: error))")
    }

    @Test("hybrid with a --basemap-style style is refused")
    func withStyleFile() throws {
        let folder = try StyleFolder()
        let style = try folder.style(
            sources: #"{"streets": {"type": "vector", "url": "pmtiles://tiles/helsinki.pmtiles"}}"#)
        let error = #expect(throws: MapError.self) { try resolve(.hybrid, imagery: "esri-imagery", styleFile: style) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.contains("--basemap-style") == true)
    }

    @Test("the hybrid drawing: a picture of the imagery first, then thin light roads and haloed labels")
    func drawing() throws {
        let imagery = try Self.imagery()
        defer { try? FileManager.default.removeItem(atPath: imagery) }
        var street = try #require(try resolve(.hybrid, imagery: imagery))
        street.basemap.laysOutConcurrently = false
        let drawing = try street.basemap.drawing(
            for: Self.view, scale: 1, measurer: FixedTextMeasurer())
        // The display list without coordinates: each command's kind and look (colour, line
        // width, dashes; a picture's size and place), runs of one look once.
        var looks: [String] = []
        for command in drawing.commands {
            let dump = command.dump
            let line =
                dump.hasPrefix("image")
                ? dump
                : dump.split(separator: " ").prefix { !$0.contains(",") || $0.hasPrefix("dash") }.joined(separator: " ")
            if looks.last != line { looks.append(line) }
        }
        try assertSnapshot(
            looks.joined(separator: "\n") + "\nlabels: \(drawing.labels.count)\n", named: "hybrid-helsinki-15")
        guard case .image(let image, let rect) = try #require(drawing.commands.dropFirst().first) else {
            Issue.record("the imagery picture is not the second command: \(drawing.commands.prefix(2).map(\.dump))")
            return
        }
        #expect(rect.width == 300 && image.pixelWidth == 300)
        #expect(drawing.labels.count > 0)
    }
}

/// Compares text with `Fixtures/snapshots/<name>.txt`; `MAPRENDER_RECORD_SNAPSHOTS=1` writes it
/// instead and fails, so a re-record never passes silently.
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["MAPRENDER_RECORD_SNAPSHOTS"] == "1" {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded new baseline \(file.path); read it, then run again", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(
        actual == expected, "snapshot \(name) differs; re-record with MAPRENDER_RECORD_SNAPSHOTS=1 if meant",
        sourceLocation: sourceLocation)
}
