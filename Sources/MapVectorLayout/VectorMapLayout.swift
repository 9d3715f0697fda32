import MapDrawing
import MapGeometry
import MapRenderCore

/// Lays out one viewport of a `VectorTileBasemap`.
struct VectorMapLayout {
    var basemap: VectorTileBasemap
    var viewport: Viewport
    var measurer: any TextMeasurer

    func drawing() -> StyledBasemapDrawing {
        StyledBasemapDrawing()
    }
}
