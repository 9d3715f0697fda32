import MapDrawing
import MapErrors
public import MapGeometry

extension MapSnapshot {
    /// Georeferences a PDF snapshot: its page gets the ISO 32000-2 geospatial measure of the
    /// map's frame in EPSG:3857 (§12.10, a `/VP` viewport whose `/Measure` is `/GEO`), so
    /// GDAL (`gdalinfo map.pdf`) and QGIS place it. It costs a few hundred bytes appended to
    /// the renderer's file as an incremental update. Other formats are left as they are; a
    /// PDF whose structure cannot be followed keeps its bytes and gains a warning.
    ///
    /// `MapSnapshotter.makeSnapshot(renderer:)` does this for a map that fills its page;
    /// a caller that puts the map on a page of its own (`finishing`) says where.
    ///
    /// - Parameters:
    ///   - frame: where the map lies on the page, in points from the top-left corner; `nil`
    ///     for a page the map fills.
    ///   - pageHeight: the page's height in points, with `frame`.
    public mutating func georeferencePDF(frame: CanvasRect? = nil, pageHeight: Double? = nil) {
        guard format == .pdf, !data.isEmpty else { return }
        let measure = PDFGeospatialMeasure(viewport: viewport, frame: frame, pageHeight: pageHeight)
        do throws(MapError) {
            data = try PDFGeospatialMeasure.georeference(data, pages: [0: measure])
        } catch {
            diagnostics.append(Diagnostic(.warning, "\(error.message); the PDF is not georeferenced"))
        }
    }
}
