import Foundation
import MapGeometry
import MapRenderCairo
import MapTestSupport
import Testing

/// `--map-type hybrid|satellite --imagery …` over a street archive, end to end: imagery from
/// an MBTiles file and from a tile server on 127.0.0.1, the credits, the refusals, and a
/// third-party style's raster layer.
@Suite("Hybrid imagery over street maps, end to end", .serialized)
struct HybridImageryTests {
    static let helsinki = Maprender.packageRoot.appendingPathComponent("examples/helsinki/helsinki.pmtiles").path
    static let center = Coordinate(latitude: 60.1699, longitude: 24.9384)
    let view = ["--center", "60.1699,24.9384", "--zoom", "15", "--size", "300x200", "--tile-cache", "none"]

    /// An MBTiles file of grey (90) imagery tiles at zoom 15 over the view, credited.
    static func imagery(in folder: TemporaryDirectory, gray: UInt8 = 90) throws -> String {
        let path = folder.path("imagery.mbtiles")
        let viewport = Viewport(center: MapPoint(center), zoom: 15, size: CanvasSize(width: 300, height: 200))
        var tiles: [TilePath: [UInt8]] = [:]
        for tile in TilePath.covering(viewport.visibleMapRect, zoom: 15) {
            tiles[tile.wrapped] = TestImages.png(gray: gray)
        }
        try makeMBTiles(
            at: path,
            metadata: [
                "name": "test imagery", "format": "png", "minzoom": "15", "maxzoom": "15",
                "attribution": "© Test imagery",
            ], tiles: tiles)
        return path
    }

    func render(
        _ arguments: [String], in folder: TemporaryDirectory, sidecar: Bool = false
    ) throws -> (
        RunResult, RasterImage?, String?
    ) {
        let run = try Maprender.run(
            ["render"] + arguments + view + ["-o", folder.path("map.png")]
                + (sidecar ? ["--sidecar", folder.path("map.json")] : []))
        guard run.status == 0 else { return (run, nil, nil) }
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("map.png")))))
        let text = sidecar ? try String(contentsOfFile: folder.path("map.json"), encoding: .utf8) : nil
        return (run, image, text)
    }

    /// The shares of pixels that are the imagery's grey, that are light (roads, labels), and
    /// that are the default look's land colour.
    func shares(_ image: RasterImage, gray: Int = 90) -> (imagery: Double, light: Double, land: Double) {
        var counts = (0, 0, 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                let (r, g, b) = (Int(p.red), Int(p.green), Int(p.blue))
                if abs(r - gray) <= 2 && abs(g - gray) <= 2 && abs(b - gray) <= 2 { counts.0 += 1 }
                if r > 200 && g > 200 && b > 150 { counts.1 += 1 }
                if r == 0xF2 && g == 0xEF && b == 0xE9 { counts.2 += 1 }
            }
        }
        let total = Double(image.width * image.height)
        return (Double(counts.0) / total, Double(counts.1) / total, Double(counts.2) / total)
    }

    @Test("hybrid: imagery from an MBTiles file under light roads and labels, both credited")
    func hybridFromMBTiles() throws {
        let folder = try TemporaryDirectory()
        let imagery = try Self.imagery(in: folder)
        let (run, image, sidecar) = try render(
            ["--basemap", Self.helsinki, "--map-type", "hybrid", "--imagery", imagery], in: folder, sidecar: true)
        #expect(run.status == 0, "\(run.errors)")
        let (share, light, land) = shares(try #require(image))
        #expect(share > 0.5, "the imagery shows through: \(share)")
        #expect(light > 0.01, "roads and labels are drawn light on it: \(light)")
        #expect(land == 0, "no land fill of the street look")
        let text = try #require(sidecar)
        #expect(text.contains("© Test imagery"))
        #expect(text.contains("OpenStreetMap"))
    }

    @Test("satellite: the imagery alone, no roads or labels")
    func satellite() throws {
        let folder = try TemporaryDirectory()
        let imagery = try Self.imagery(in: folder)
        let (run, image, _) = try render(
            ["--basemap", Self.helsinki, "--map-type", "satellite", "--imagery", imagery],
            in: folder)
        #expect(run.status == 0, "\(run.errors)")
        let map = try #require(image)
        // The centre, away from the attribution line: all imagery.
        for y in stride(from: 20, to: 150, by: 7) {
            for x in stride(from: 20, to: 280, by: 7) {
                let p = map.pixel(x: x, y: y)
                #expect(abs(Int(p.red) - 90) <= 1 && abs(Int(p.blue) - 90) <= 1, "(\(x), \(y)): \(p)")
            }
        }
    }

    @Test("hybrid: imagery from a URL template on a tile server on 127.0.0.1")
    func hybridFromServer() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let template = "http://127.0.0.1:\(server.port)/tiles/{z}/{x}/{y}.png"
        let (run, image, _) = try render(
            ["--basemap", Self.helsinki, "--map-type", "hybrid", "--imagery", template], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        // The server's tile (z, x, y) is one colour: (z·40, x·60, y·80) mod 256.
        let viewport = Viewport(center: MapPoint(Self.center), zoom: 15, size: CanvasSize(width: 300, height: 200))
        let colors = Set(
            TilePath.covering(viewport.visibleMapRect, zoom: 15).map { path in
                [(15 * 40) % 256, (path.x * 60) % 256, (path.y * 80) % 256]
            })
        let map = try #require(image)
        var matching = 0
        for y in 0..<map.height {
            for x in 0..<map.width {
                let p = map.pixel(x: x, y: y)
                if colors.contains([Int(p.red), Int(p.green), Int(p.blue)]) { matching += 1 }
            }
        }
        #expect(Double(matching) / Double(map.width * map.height) > 0.5, "\(matching) pixels of the tiles' colours")
        let stats = try await server.stats()
        #expect(stats.requests.keys.contains { $0.hasPrefix("/tiles/15/") })
    }

    @Test("hybrid or satellite over a street archive without --imagery is exit 64, naming --imagery")
    func withoutImagery() throws {
        let folder = try TemporaryDirectory()
        for type in ["hybrid", "satellite"] {
            let (run, _, _) = try render(["--basemap", Self.helsinki, "--map-type", type], in: folder)
            #expect(run.status == 64)
            #expect(run.errors.contains("--imagery"), "\(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("map.png")))
        }
    }

    @Test("hybrid over the embedded world takes --imagery as its tiles")
    func overTheWorld() throws {
        let folder = try TemporaryDirectory()
        let imagery = try Self.imagery(in: folder)
        let (run, image, _) = try render(
            ["--basemap", "world", "--map-type", "hybrid", "--imagery", imagery], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(shares(try #require(image)).imagery > 0.5)
    }

    @Test("imagery is a batch manifest key, confined by --in-dir")
    func batchKey() throws {
        let folder = try TemporaryDirectory()
        let inputs = folder.path("in")
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        let imagery = try Self.imagery(in: folder)
        try FileManager.default.copyItem(atPath: imagery, toPath: inputs + "/imagery.mbtiles")
        try FileManager.default.copyItem(atPath: Self.helsinki, toPath: inputs + "/helsinki.pmtiles")
        func job(_ id: String, imagery: String) -> String {
            #"{"id": "\#(id)", "output": "\#(id).png", "basemap": "helsinki.pmtiles", "map-type": "hybrid", "#
                + #""imagery": "\#(imagery)", "center": "60.1699,24.9384", "zoom": 15, "size": "300x200"}"#
        }
        try (job("inside", imagery: "imagery.mbtiles") + "\n" + job("outside", imagery: "../imagery.mbtiles") + "\n")
            .write(toFile: folder.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let run = try Maprender.run([
            "batch", folder.path("jobs.jsonl"), "--in-dir", inputs, "--out-dir", folder.path("out"), "--tile-cache",
            "none",
        ])
        #expect(run.status != 0)
        #expect(run.errors.contains("--imagery '../imagery.mbtiles' escapes --in-dir"), "\(run.errors)")
        let image = try RasterImage(
            png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("out/inside.png")))))
        #expect(shares(image).imagery > 0.5)
    }

    @Test("a third-party style's raster layer is drawn with its opacity over the background")
    func styleRasterLayer() throws {
        let folder = try TemporaryDirectory()
        _ = try Self.imagery(in: folder)
        let style = """
            {"version": 8, "sources": {"photo": {"type": "raster", "url": "mbtiles://imagery.mbtiles", "tileSize": 256}},
             "layers": [
               {"id": "paper", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "photo", "type": "raster", "source": "photo", "paint": {"raster-opacity": 0.5}}]}
            """
        try style.write(toFile: folder.path("style.json"), atomically: true, encoding: .utf8)
        let (run, image, sidecar) = try render(
            ["--basemap-style", folder.path("style.json")], in: folder, sidecar: true)
        #expect(run.status == 0, "\(run.errors)")
        // Half of 90 over white: (255 + 90) / 2.
        let p = try #require(image).pixel(x: 150, y: 100)
        #expect(abs(Int(p.red) - 172) <= 1 && abs(Int(p.green) - 172) <= 1, "\(p)")
        #expect(try #require(sidecar).contains("© Test imagery"))
    }
}

/// A raster layer with every colour property against MapLibre Native's render of it.
@Suite("Raster layer paint against MapLibre Native")
struct RasterLayerComparisonTests {
    /// A pixel agrees when no channel differs by more than this (of 255).
    static let tolerance = 8
    /// The share of pixels that must agree (measured 0.990; without the colour properties,
    /// opacity alone, 0.872).
    static let requiredShare = 0.97
    /// A closer tolerance, and the share within it (measured 0.888; opacity alone 0.334).
    static let closeTolerance = 4
    static let requiredCloseShare = 0.85

    @Test("the painted imagery agrees with MapLibre Native's within the tolerance")
    func agreesWithMapLibre() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: Maprender.packageRoot.appendingPathComponent("examples/helsinki/helsinki-imagery.mbtiles").path,
            toPath: folder.path("imagery.mbtiles"))
        let style = """
            {"version": 8, "sources": {"photo": {"type": "raster", "url": "mbtiles://imagery.mbtiles", "tileSize": 256}},
             "layers": [
               {"id": "paper", "type": "background", "paint": {"background-color": "#ffffff"}},
               {"id": "photo", "type": "raster", "source": "photo", "paint": {
                 "raster-saturation": -0.4, "raster-hue-rotate": 60, "raster-contrast": 0.2,
                 "raster-brightness-min": 0.1, "raster-brightness-max": 0.9, "raster-opacity": 0.8}}]}
            """
        try style.write(toFile: folder.path("style.json"), atomically: true, encoding: .utf8)
        // No scale bar or attribution over the comparison.
        try #"{"furniture": {"textColor": "rgba(0,0,0,0)", "plateColor": "rgba(0,0,0,0)", "showsScaleBar": false}}"#
            .write(toFile: folder.path("look.json"), atomically: true, encoding: .utf8)
        let run = try Maprender.run([
            "render", "--basemap-style", folder.path("style.json"), "--style", folder.path("look.json"),
            "--center", "60.1699,24.9440", "--zoom", "15.5", "--size", "256x192", "-o", folder.path("ours.png"),
        ])
        #expect(run.status == 0, "\(run.errors)")
        let ours = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("ours.png")))))
        let reference = try RasterImage(
            png: Array(
                try Data(
                    contentsOf: Maprender.packageRoot.appendingPathComponent(
                        "Tests/EndToEndTests/Fixtures/raster/helsinki-raster-paint-maplibre.png"))))
        try #require(ours.width == reference.width && ours.height == reference.height)
        var agreeing = 0
        var close = 0
        var total = 0.0
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = ours.pixel(x: x, y: y), b = reference.pixel(x: x, y: y)
                let difference = max(
                    abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
                if difference <= Self.tolerance { agreeing += 1 }
                if difference <= Self.closeTolerance { close += 1 }
                total += Double(difference)
            }
        }
        let count = Double(ours.width * ours.height)
        let share = Double(agreeing) / count
        if ProcessInfo.processInfo.environment["MAPRENDER_PRINT_SCORES"] == "1" {
            print("raster paint vs MapLibre: \(share) within \(Self.tolerance), mean \(total / count)")
        }
        #expect(share >= Self.requiredShare, "\(share) of the pixels within \(Self.tolerance); mean \(total / count)")
        let closeShare = Double(close) / count
        #expect(closeShare >= Self.requiredCloseShare, "\(closeShare) of the pixels within \(Self.closeTolerance)")
    }
}
