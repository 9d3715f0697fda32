internal import CGDAL
import Foundation
import MapErrors

/// One elevation model opened through GDAL: its first band, its grid and coordinate
/// reference system, its bounds in WGS 84 and its cell size on the ground.
///
/// Opening reads the header and computes the band's exact minimum and maximum over the
/// cells that are not nodata (GDAL reads the raster block by block for that, holding one
/// block at a time), so a model with no data is told before any tile is made.
final class ElevationRaster {
    /// The path, for messages.
    let path: String
    /// The GDAL dataset.
    let dataset: GDALDatasetH
    /// Columns and rows.
    let width: Int, height: Int
    /// The coordinate reference system as WKT 2, which groups models for mosaicking.
    let crs: String
    /// The area it covers, WGS 84 degrees.
    let bounds: GeographicBounds
    /// The smaller side of a cell on the ground, metres, at the centre of the model.
    let cellSize: Double
    /// The band's nodata value, when it has one.
    let nodata: Double?
    /// The lowest and highest heights of the cells with data, metres; `nil` when every cell
    /// is nodata.
    let heightRange: ClosedRange<Double>?

    /// Opens `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for a file that does not exist or cannot be read;
    ///   `.invalidData` for a file that is not a raster GDAL reads, has no georeferencing or
    ///   no coordinate reference system.
    init(path: String) throws(MapError) {
        self.path = path
        let location = InputLocation(file: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw MapError(.missingInput, "no such file", at: location, remedy: "check the path of the elevation model")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw MapError(.missingInput, "cannot be read (permission denied)", at: location)
        }
        guard
            let dataset = GDALOpenEx(
                path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR), nil, nil, nil)
        else {
            throw MapError(
                .invalidData,
                "not a raster GDAL reads (\(GDALErrors.lastMessage(or: "no driver recognises it")))",
                at: location, remedy: "give a GeoTIFF, an SRTM .hgt file or another raster format GDAL reads")
        }
        self.dataset = dataset
        width = Int(GDALGetRasterXSize(dataset))
        height = Int(GDALGetRasterYSize(dataset))
        guard GDALGetRasterCount(dataset) >= 1, width > 0, height > 0, let band = GDALGetRasterBand(dataset, 1) else {
            GDALClose(dataset)
            throw MapError(.invalidData, "has no raster band", at: location, remedy: "give an elevation raster")
        }
        var transform = [Double](repeating: 0, count: 6)
        guard let reference = GDALGetSpatialRef(dataset) else {
            GDALClose(dataset)
            throw MapError(
                .invalidData, "has no coordinate reference system, so where its heights lie is unknown", at: location,
                remedy: "assign one first, e.g. 'gdal_edit.py -a_srs EPSG:4326 FILE'")
        }
        guard GDALGetGeoTransform(dataset, &transform) == CE_None, transform[1] != 0, transform[5] != 0 else {
            GDALClose(dataset)
            throw MapError(
                .invalidData, "has no georeferencing (no geotransform)", at: location,
                remedy: "georeference it first (gdal_translate -a_ullr, or gdalwarp with its GCPs)")
        }
        var wkt: UnsafeMutablePointer<CChar>? = nil
        OSRExportToWkt(reference, &wkt)
        crs = wkt.map { String(cString: $0) } ?? ""
        VSIFree(wkt)
        var hasNodata: Int32 = 0
        let nodataValue = GDALGetRasterNoDataValue(band, &hasNodata)
        nodata = hasNodata != 0 ? nodataValue : nil

        // The grid's corners in its own CRS, then the box around them in WGS 84 (21 points
        // along each edge, as a projected grid's edges curve in longitude and latitude).
        let corners = [(0.0, 0.0), (Double(width), 0.0), (0.0, Double(height)), (Double(width), Double(height))].map {
            (
                transform[0] + $0.0 * transform[1] + $0.1 * transform[2],
                transform[3] + $0.0 * transform[4] + $0.1 * transform[5]
            )
        }
        let minX = corners.map(\.0).min()!, maxX = corners.map(\.0).max()!
        let minY = corners.map(\.1).min()!, maxY = corners.map(\.1).max()!
        let source = OSRClone(reference)
        let wgs84 = OSRNewSpatialReference(nil)
        defer {
            OSRDestroySpatialReference(source)
            OSRDestroySpatialReference(wgs84)
        }
        OSRSetAxisMappingStrategy(source, OAMS_TRADITIONAL_GIS_ORDER)
        OSRImportFromEPSG(wgs84, 4326)
        OSRSetAxisMappingStrategy(wgs84, OAMS_TRADITIONAL_GIS_ORDER)
        var west = 0.0, south = 0.0, east = 0.0, north = 0.0
        let transformation = OCTNewCoordinateTransformation(source, wgs84)
        defer { if let transformation { OCTDestroyCoordinateTransformation(transformation) } }
        guard let transformation,
            OCTTransformBounds(transformation, minX, minY, maxX, maxY, &west, &south, &east, &north, 21) != 0
        else {
            GDALClose(dataset)
            throw MapError(
                .invalidData,
                "its coordinate reference system cannot be transformed to WGS 84 ("
                    + GDALErrors.lastMessage(or: "PROJ found no transformation") + ")",
                at: location)
        }
        bounds = GeographicBounds(
            west: max(west, -180), south: max(south, -85.051_128_779_8), east: min(east, 180),
            north: min(north, 85.051_128_779_8))
        let latitude = (bounds.south + bounds.north) / 2
        let cellX = hypot(transform[1], transform[4]), cellY = hypot(transform[2], transform[5])
        if OSRIsGeographic(reference) != 0 {
            // Degrees: a degree of latitude is 111,320 m on the WGS 84 ellipsoid's mean, a
            // degree of longitude that times the cosine of the latitude.
            cellSize = min(cellX * cos(latitude * .pi / 180), cellY) * 111_320
        } else {
            cellSize = min(cellX, cellY) * OSRGetLinearUnits(reference, nil)
        }

        var range = [0.0, 0.0]
        CPLErrorReset()
        if GDALComputeRasterMinMax(band, 0, &range) == CE_None, range[0].isFinite, range[1].isFinite,
            range[0] <= range[1]
        {
            heightRange = range[0]...range[1]
        } else {
            heightRange = nil
        }
    }

    deinit { GDALClose(dataset) }
}
