import MapDrawing
import MapErrors
import MapGeometry
import MapRenderCore

/// Every PDF map is georeferenced: its page carries the ISO 32000-2 geospatial measure of
/// the map's frame in EPSG:3857, so GDAL (`gdalinfo map.pdf`) and QGIS place it. It costs
/// a few hundred bytes appended to Cairo's file as an incremental update, so it needs no
/// option.
enum GeoreferencedPDF {
    /// The snapshot with its PDF's page georeferenced; a PDF whose structure cannot be
    /// followed keeps its bytes and gains a warning instead.
    ///
    /// - Parameter frame: where the map lies on the page, in points from the top-left
    ///   corner; nil for a page the map fills.
    static func georeference(_ snapshot: inout MapSnapshot, frame: CanvasRect? = nil, pageHeight: Double? = nil) {
        guard snapshot.format == .pdf, !snapshot.data.isEmpty else { return }
        let measure = PDFGeospatialMeasure(viewport: snapshot.viewport, frame: frame, pageHeight: pageHeight)
        do throws(MapError) {
            snapshot.data = try PDFGeospatialMeasure.georeference(snapshot.data, pages: [0: measure])
        } catch {
            snapshot.diagnostics.append(Diagnostic(.warning, "\(error.message); the PDF is not georeferenced"))
        }
    }
}
