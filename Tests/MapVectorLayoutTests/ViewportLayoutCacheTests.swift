import MapDrawing
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapTestSupport
import MapVectorLayout
import MapVectorStyle
import MapVectorTiles
import Testing

/// Maps of one view share the basemap's layout (`ViewportLayoutCache`): a kept drawing is
/// the drawing laid out afresh, other views are laid out for themselves, the cache keeps
/// its bound and does not keep a drawing that carries a warning.
@Suite("Layouts kept per view")
struct ViewportLayoutCacheTests {
    static func basemap(cache: ViewportLayoutCache?) throws -> VectorTileBasemap {
        var basemap = VectorTileBasemap(
            style: try BuiltInVectorStyle.standard.style(),
            sources: ["openmaptiles": try ArchiveTileProvider.helsinki()])
        basemap.viewportLayouts = cache
        return basemap
    }

    static func view(zoom: Double) -> Viewport {
        Viewport(center: helsinkiCenter, zoom: zoom, size: CanvasSize(width: 400, height: 300))
    }

    @Test("a kept drawing is the drawing laid out afresh; another view is laid out for itself")
    func keptEqualsFresh() throws {
        let cache = ViewportLayoutCache(capacity: 4)
        let basemap = try Self.basemap(cache: cache)
        let measurer = CairoRenderer().textMeasurer
        let fresh = try Self.basemap(cache: nil).drawing(for: Self.view(zoom: 16), scale: 1, measurer: measurer)
        let first = try basemap.drawing(for: Self.view(zoom: 16), scale: 1, measurer: measurer)
        let second = try basemap.drawing(for: Self.view(zoom: 16), scale: 1, measurer: measurer)
        #expect(cache.statistics.hits == 1)
        #expect(second.commands == fresh.commands && first.commands == fresh.commands)
        #expect(second.labels == fresh.labels)
        #expect(fresh.commands.count > 50)
        // Another zoom, another scale: laid out, not found.
        let other = try basemap.drawing(for: Self.view(zoom: 15), scale: 1, measurer: measurer)
        let sharper = try basemap.drawing(for: Self.view(zoom: 16), scale: 2, measurer: measurer)
        #expect(cache.statistics.hits == 1)
        #expect(other.commands != fresh.commands)
        #expect(sharper.commands != fresh.commands)
        #expect(cache.statistics.views == 3)
    }

    @Test("no more views than its capacity, the least recently used dropped")
    func bounded() throws {
        let cache = ViewportLayoutCache(capacity: 2)
        let basemap = try Self.basemap(cache: cache)
        let measurer = CairoRenderer().textMeasurer
        for zoom in [14.0, 15, 16] { _ = try basemap.drawing(for: Self.view(zoom: zoom), scale: 1, measurer: measurer) }
        #expect(cache.statistics.views == 2)
        _ = try basemap.drawing(for: Self.view(zoom: 16), scale: 1, measurer: measurer)
        #expect(cache.statistics.hits == 1, "the most recent view is kept")
        _ = try basemap.drawing(for: Self.view(zoom: 14), scale: 1, measurer: measurer)
        #expect(cache.statistics.hits == 1, "the oldest view was dropped")
    }

    /// Every tile fails to read.
    struct FailingProvider: VectorTileProvider {
        var name: String { "broken.pmtiles" }
        var zoomRange: ClosedRange<Int> { 0...14 }
        var attribution: [String] { [] }
        func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
            Dictionary(uniqueKeysWithValues: paths.map { ($0, .failure(TileFailure(tile: $0, reason: "damaged"))) })
        }
    }

    @Test("a drawing with a warning is not kept")
    func warningsNotKept() throws {
        let cache = ViewportLayoutCache(capacity: 4)
        var basemap = VectorTileBasemap(
            style: try BuiltInVectorStyle.standard.style(), sources: ["openmaptiles": FailingProvider()])
        basemap.viewportLayouts = cache
        let drawing = try basemap.drawing(for: Self.view(zoom: 16), scale: 1, measurer: CairoRenderer().textMeasurer)
        #expect(drawing.diagnostics.contains { $0.severity == .warning })
        #expect(cache.statistics.views == 0)
    }
}
