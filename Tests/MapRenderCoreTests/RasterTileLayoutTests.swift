import MapErrors
import MapGeometry
import Testing

@testable import MapDrawing
@testable import MapRenderCore

/// A tile source in memory: every tile is the same tiny image, except the ones listed as
/// missing; it records what it was asked for.
final class FakeTileSource: RasterTileSource, @unchecked Sendable {
    let attribution = ["© Test Tiles"]
    let zoomRange: ClosedRange<Int>
    let tileSize: Int
    let hasHighResolutionTiles = true
    let isImagery = false
    let missing: Set<TilePath>
    /// Tiles answered as the host policy refusing their request.
    let refused: Set<TilePath>
    var requests: [([TilePath], Bool)] = []

    init(
        zoomRange: ClosedRange<Int> = 0...18, tileSize: Int = 256, missing: Set<TilePath> = [],
        refused: Set<TilePath> = []
    ) {
        self.zoomRange = zoomRange
        self.tileSize = tileSize
        self.missing = missing
        self.refused = refused
    }

    func tiles(_ paths: [TilePath], highResolution: Bool) -> [TilePath: Result<EncodedImage, TileFailure>] {
        requests.append((paths, highResolution))
        var result: [TilePath: Result<EncodedImage, TileFailure>] = [:]
        for path in paths {
            if refused.contains(path) {
                let reason = "host 127.0.0.2 is a loopback address; refused"
                let refusal = MapError(.invalidData, reason, at: InputLocation(file: "http://tiles/\(path)"))
                result[path] = .failure(TileFailure(tile: path, reason: reason, refusal: refusal))
                continue
            }
            result[path] =
                missing.contains(path)
                ? .failure(TileFailure(tile: path, reason: "HTTP 404"))
                : .success(
                    EncodedImage(
                        data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], pixelWidth: 256, pixelHeight: 256))
        }
        return result
    }
}

@Suite("Raster tiles in layout")
struct RasterTileLayoutTests {
    let size = CanvasSize(width: 300, height: 200)

    /// The canvas rects of the tiles a display list draws, in grid order.
    static func tileRects(_ list: DisplayList) -> [CanvasRect] {
        list.commands.flatMap { command -> [CanvasRect] in
            guard case .tiles(let grid) = command else { return [] }
            return grid.tiles.map(grid.rect(of:))
        }
    }

    @Test("a fitted map over tiles snaps to a whole zoom and aligns tiles to device pixels")
    func snapsAndAligns() throws {
        let source = FakeTileSource()
        let scene = MapScene(places: [
            Place(title: "", coordinate: Coordinate(latitude: 39.70, longitude: -105.02)),
            Place(title: "", coordinate: Coordinate(latitude: 39.78, longitude: -104.90)),
        ])
        let snapshotter = MapSnapshotter(scene: scene, options: .init(size: size, scale: 2), tiles: source)
        let result = try snapshotter.layOut(measurer: FixedTextMeasurer())
        #expect(result.viewport.zoom == result.viewport.zoom.rounded())
        let images = Self.tileRects(result.displayList)
        #expect(!images.isEmpty)
        for rect in images {
            // 1:1 at scale 2: each tile is 256 points, its corner on a whole device pixel.
            #expect(abs(rect.width - 256) < 1e-6 && abs(rect.height - 256) < 1e-6)
            #expect(abs(rect.minX * 2 - (rect.minX * 2).rounded()) < 1e-6)
            #expect(abs(rect.minY * 2 - (rect.minY * 2).rounded()) < 1e-6)
        }
        // The tiles cover the canvas.
        #expect(images.map(\.minX).min()! <= 0 && images.map(\.maxX).max()! >= 300)
        #expect(source.requests.count == 1 && source.requests[0].1 == true)
    }

    @Test("a missing tile becomes a warning and leaves the background")
    func missingTile() throws {
        let center = Coordinate(latitude: 0.5, longitude: 0.5)
        let viewport = Viewport(center: center, zoom: 8, size: size)
        let wanted = Set(TilePath.covering(viewport.visibleMapRect, zoom: 8).map(\.wrapped))
        let gap = wanted.sorted { ($0.y, $0.x) < ($1.y, $1.x) }.first!
        let source = FakeTileSource(missing: [gap])
        let snapshotter = MapSnapshotter(
            scene: MapScene(), options: .init(size: size, framing: .centerZoom(center, zoom: 8)), tiles: source)
        let result = try snapshotter.layOut(measurer: FixedTextMeasurer())
        #expect(result.diagnostics.map(\.message) == ["tile \(gap) missing: HTTP 404; drawn in the background colour"])
        #expect(Self.tileRects(result.displayList).count == wanted.count - 1)
    }

    @Test("beyond the source's maximum zoom tiles are enlarged, with a note")
    func upscale() throws {
        let source = FakeTileSource(zoomRange: 0...10)
        #expect(source.tileZoom(forViewportZoom: 14).zoom == 10)
        let set = try source.tileSet(
            for: Viewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 14, size: size), scale: 1)
        #expect(set.zoom == 10)
        #expect(set.diagnostics.first?.severity == .info)
    }

    @Test("512-point tiles are fetched one zoom lower")
    func largeTiles() {
        #expect(FakeTileSource(tileSize: 512).tileZoom(forViewportZoom: 12).zoom == 11)
    }

    @Test("a tile the host policy refused fails the map with its refusal; a missing one is a gap")
    func refusedTile() throws {
        let viewport = Viewport(center: Coordinate(latitude: 10, longitude: 20), zoom: 4, size: size)
        let tile = TilePath.covering(viewport.visibleMapRect, zoom: 4)[0].wrapped
        let missing = try FakeTileSource(missing: [tile]).tileSet(for: viewport, scale: 1)
        #expect(missing.diagnostics.contains { $0.severity == .warning && $0.message.contains("HTTP 404") })
        let error = #expect(throws: MapError.self) {
            try FakeTileSource(refused: [tile]).tileSet(for: viewport, scale: 1)
        }
        #expect(error?.kind == .invalidData)
        #expect(error?.message == "host 127.0.0.2 is a loopback address; refused")
        #expect(error?.location?.file == "http://tiles/\(tile)")
        let scene = MapScene(places: [Place(title: "", coordinate: Coordinate(latitude: 10, longitude: 20))])
        let snapshotter = MapSnapshotter(
            scene: scene,
            options: .init(size: size, framing: .centerZoom(Coordinate(latitude: 10, longitude: 20), zoom: 4)),
            tiles: FakeTileSource(refused: Set((0..<16).flatMap { x in (0..<16).map { TilePath(z: 4, x: x, y: $0) } })))
        #expect(throws: MapError.self) { try snapshotter.layOut(measurer: FixedTextMeasurer()) }
    }

    @Test("across the antimeridian the same tiles serve both world copies")
    func antimeridian() throws {
        let source = FakeTileSource()
        let viewport = Viewport(center: Coordinate(latitude: -17, longitude: 180), zoom: 6, size: size)
        let set = try source.tileSet(for: viewport, scale: 1)
        let xs = set.tiles.map(\.path.x)
        #expect(xs.contains { $0 < 0 } && xs.contains { $0 >= 0 })
        #expect(source.requests[0].0.allSatisfy { $0.x >= 0 && $0.x < 64 })
    }
}
