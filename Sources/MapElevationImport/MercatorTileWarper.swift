internal import CGDAL
import Foundation
import MapErrors
import MapGeometry

/// Warps elevation models onto Web Mercator tiles, one tile at a time, with GDAL's warper
/// (the gdalwarp library function, `GDALWarp`) and bilinear resampling.
///
/// Models in one coordinate reference system are first mosaicked into one virtual raster
/// (`GDALBuildVRT`, band 1 of each, at the finest resolution among them), so bilinear
/// interpolation runs across the seams between neighbouring files; models in different
/// systems are warped in turn onto the same tile, each over the cells the ones before it
/// left without data. Each tile's grid is laid out in EPSG:3857 with its pixel centres at
/// (i + 0.5)/size of the tile. GDAL excludes the source's nodata cells from the bilinear
/// weights and renormalises over the valid neighbours; where the tile's pixels are coarser
/// than the cells, GDAL's warper scales the kernel by the ratio of the two resolutions, so
/// lower zooms average over each pixel's footprint rather than alias.
///
/// Memory stays bounded whatever the models' size: GDAL reads the source windows a tile
/// needs through its block cache (capped by `cacheBytes`) and warps in chunks of at most
/// its warp memory (64 MB by default); only one tile's heights are held here.
final class MercatorTileWarper {
    /// The most bytes GDAL's raster block cache holds.
    static let cacheBytes: Int64 = 256 << 20

    let tileSize: Int
    private let sources: [GDALDatasetH?]
    private let destination: GDALDatasetH
    private let options: OpaquePointer
    /// The virtual mosaics built here (closed with the warper), after the models they read.
    private let mosaics: [GDALDatasetH]

    /// A warper of `rasters` onto `tileSize`-pixel tiles.
    ///
    /// - Throws: `MapError` `.invalidData` when GDAL cannot mosaic the models;
    ///   `.internalFailure` when it cannot set up the warp.
    init(rasters: [ElevationRaster], tileSize: Int) throws(MapError) {
        self.tileSize = tileSize
        GDALSetCacheMax64(Self.cacheBytes)
        var groups: [(crs: String, rasters: [ElevationRaster])] = []
        for raster in rasters {
            if let index = groups.firstIndex(where: { $0.crs == raster.crs }) {
                groups[index].rasters.append(raster)
            } else {
                groups.append((raster.crs, [raster]))
            }
        }
        var mosaics: [GDALDatasetH] = []
        for group in groups {
            var datasets: [GDALDatasetH?] = group.rasters.map(\.dataset)
            let mosaic = try GDALErrors.withStringList(["-b", "1", "-resolution", "highest"]) {
                arguments throws(MapError) -> GDALDatasetH? in
                guard let options = GDALBuildVRTOptionsNew(arguments, nil) else { return nil }
                defer { GDALBuildVRTOptionsFree(options) }
                var usageError: Int32 = 0
                return GDALBuildVRT("", Int32(datasets.count), &datasets, nil, options, &usageError)
            }
            guard let mosaic else {
                for mosaic in mosaics { GDALClose(mosaic) }
                throw MapError(
                    .invalidData,
                    "cannot mosaic " + group.rasters.map(\.path).joined(separator: ", ") + " ("
                        + GDALErrors.lastMessage(or: "GDAL's gdalbuildvrt failed") + ")",
                    at: InputLocation(file: group.rasters[0].path))
            }
            mosaics.append(mosaic)
        }
        self.mosaics = mosaics
        sources = mosaics.map { Optional($0) }

        guard let driver = GDALGetDriverByName("MEM"),
            let destination = GDALCreate(driver, "", Int32(tileSize), Int32(tileSize), 1, GDT_Float32, nil)
        else {
            for mosaic in mosaics { GDALClose(mosaic) }
            throw MapError(.internalFailure, "GDAL cannot create an in-memory tile")
        }
        let mercator = OSRNewSpatialReference(nil)
        OSRImportFromEPSG(mercator, 3857)
        GDALSetSpatialRef(destination, mercator)
        OSRDestroySpatialReference(mercator)
        GDALSetRasterNoDataValue(GDALGetRasterBand(destination, 1), .nan)
        self.destination = destination
        // gdalwarp's options: bilinear; NaN marks the tile's pixels no source reached; the
        // tile is reset to NaN before each warp. The approximate transformer's error stays
        // gdalwarp's default, an eighth of a pixel.
        let options = try GDALErrors.withStringList([
            "-r", "bilinear", "-dstnodata", "nan", "-wo", "INIT_DEST=NO_DATA", "-et", "0.125",
        ]) { arguments throws(MapError) in GDALWarpAppOptionsNew(arguments, nil) }
        guard let options else {
            GDALClose(destination)
            for mosaic in mosaics { GDALClose(mosaic) }
            throw MapError(.internalFailure, "GDAL refused the warp options (\(GDALErrors.lastMessage(or: "")))")
        }
        self.options = options
    }

    deinit {
        GDALWarpAppOptionsFree(options)
        GDALClose(destination)
        for mosaic in mosaics { GDALClose(mosaic) }
    }

    /// The heights of `tile`, metres, row by row from the north-west corner; NaN where no
    /// model has data.
    ///
    /// - Throws: `MapError` `.ioFailure` when GDAL fails reading a model.
    func heights(of tile: TilePath) throws(MapError) -> [Float] {
        let side = 2 * ElevationZooms.halfCircumference / Double(1 << tile.z)
        let west = -ElevationZooms.halfCircumference + Double(tile.x) * side
        let north = ElevationZooms.halfCircumference - Double(tile.y) * side
        var transform = [west, side / Double(tileSize), 0, north, 0, -side / Double(tileSize)]
        GDALSetGeoTransform(destination, &transform)
        GDALFillRaster(GDALGetRasterBand(destination, 1), .nan, 0)
        var sources = sources
        var usageError: Int32 = 0
        CPLErrorReset()
        guard GDALWarp(nil, destination, Int32(sources.count), &sources, options, &usageError) != nil else {
            throw MapError(
                .ioFailure, "GDAL failed warping tile \(tile) (\(GDALErrors.lastMessage(or: "no reason given")))")
        }
        var heights = [Float](repeating: .nan, count: tileSize * tileSize)
        let band = GDALGetRasterBand(destination, 1)
        let status = heights.withUnsafeMutableBytes { buffer in
            GDALRasterIO(
                band, GF_Read, 0, 0, Int32(tileSize), Int32(tileSize), buffer.baseAddress, Int32(tileSize),
                Int32(tileSize), GDT_Float32, 0, 0)
        }
        guard status == CE_None else {
            throw MapError(.ioFailure, "GDAL failed reading back tile \(tile) (\(GDALErrors.lastMessage(or: "")))")
        }
        return heights
    }
}
