import CGDAL
import Foundation
import MapGeometry

/// What the tests compare the archives with, read through GDAL itself and not through the
/// code under test: a model's cells and grid, the height bilinear interpolation gives at a
/// Web Mercator point, and a tile's PNG or WebP decoded by GDAL's own drivers.
struct GDALOracle {
    let width: Int, height: Int
    let cells: [Double]
    let nodata: Double?
    /// Loads libgdal (the program does not link it, `CGDAL.h`) and registers its drivers.
    static func load() throws {
        if let failure = cgdal_load() { throw OracleError("GDAL cannot be loaded: \(String(cString: failure))") }
        GDALAllRegister()
    }

    /// pixel = inverse geotransform · (x, y) in the model's CRS.
    private let inverse: [Double]
    private let fromMercator: OGRCoordinateTransformationH

    /// Reads band 1 of `path` whole (the fixtures are small).
    init(path: String) throws {
        try GDALOracle.load()
        guard let dataset = GDALOpen(path, GA_ReadOnly) else { throw OracleError("GDAL cannot open \(path)") }
        defer { GDALClose(dataset) }
        let width = Int(GDALGetRasterXSize(dataset)), height = Int(GDALGetRasterYSize(dataset))
        self.width = width
        self.height = height
        let band = GDALGetRasterBand(dataset, 1)
        var values = [Double](repeating: 0, count: width * height)
        _ = values.withUnsafeMutableBytes {
            GDALRasterIO(
                band, GF_Read, 0, 0, Int32(width), Int32(height), $0.baseAddress, Int32(width), Int32(height),
                GDT_Float64, 0, 0)
        }
        cells = values
        var hasNodata: Int32 = 0
        let value = GDALGetRasterNoDataValue(band, &hasNodata)
        nodata = hasNodata != 0 ? value : nil
        var transform = [Double](repeating: 0, count: 6)
        GDALGetGeoTransform(dataset, &transform)
        var inverse = [Double](repeating: 0, count: 6)
        _ = GDALInvGeoTransform(&transform, &inverse)
        self.inverse = inverse
        let mercator = OSRNewSpatialReference(nil)
        OSRImportFromEPSG(mercator, 3857)
        OSRSetAxisMappingStrategy(mercator, OAMS_TRADITIONAL_GIS_ORDER)
        let source = OSRClone(GDALGetSpatialRef(dataset))
        OSRSetAxisMappingStrategy(source, OAMS_TRADITIONAL_GIS_ORDER)
        fromMercator = OCTNewCoordinateTransformation(mercator, source)
        OSRDestroySpatialReference(mercator)
        OSRDestroySpatialReference(source)
    }

    /// The bilinear height at Web Mercator metres (x, y) from the four cells around it, or
    /// `nil` when the point is not between four cell centres with data.
    func bilinear(x: Double, y: Double) -> Double? {
        var px = [x], py = [y], pz = [0.0]
        guard OCTTransform(fromMercator, 1, &px, &py, &pz) != 0 else { return nil }
        let column = inverse[0] + px[0] * inverse[1] + py[0] * inverse[2] - 0.5
        let row = inverse[3] + px[0] * inverse[4] + py[0] * inverse[5] - 0.5
        let c0 = Int(column.rounded(.down)), r0 = Int(row.rounded(.down))
        guard c0 >= 0, r0 >= 0, c0 + 1 < width, r0 + 1 < height else { return nil }
        let fx = column - Double(c0), fy = row - Double(r0)
        let corners = [cell(c0, r0), cell(c0 + 1, r0), cell(c0, r0 + 1), cell(c0 + 1, r0 + 1)]
        guard let a = corners[0], let b = corners[1], let c = corners[2], let d = corners[3] else { return nil }
        return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
    }

    private func cell(_ column: Int, _ row: Int) -> Double? {
        let value = cells[row * width + column]
        if let nodata, value == nodata { return nil }
        return value.isFinite ? value : nil
    }

    /// The red, green and blue bytes of an encoded tile, decoded by GDAL's PNG or WebP driver.
    static func decode(_ image: [UInt8], side: Int) throws -> [(UInt8, UInt8, UInt8)] {
        try GDALOracle.load()
        let name = "/vsimem/oracle-\(UUID().uuidString)"
        var bytes = image
        let file = bytes.withUnsafeMutableBufferPointer {
            VSIFileFromMemBuffer(name, $0.baseAddress, vsi_l_offset($0.count), 0)
        }
        VSIFCloseL(file)
        defer { VSIUnlink(name) }
        guard let dataset = GDALOpen(name, GA_ReadOnly) else { throw OracleError("GDAL cannot decode the tile") }
        defer { GDALClose(dataset) }
        guard Int(GDALGetRasterXSize(dataset)) == side, GDALGetRasterCount(dataset) >= 3 else {
            throw OracleError("the tile is not \(side) px RGB")
        }
        var channels: [[UInt8]] = []
        for index in 1...3 {
            var values = [UInt8](repeating: 0, count: side * side)
            _ = values.withUnsafeMutableBytes {
                GDALRasterIO(
                    GDALGetRasterBand(dataset, Int32(index)), GF_Read, 0, 0, Int32(side), Int32(side), $0.baseAddress,
                    Int32(side), Int32(side), GDT_Byte, 0, 0)
            }
            channels.append(values)
        }
        return (0..<(side * side)).map { (channels[0][$0], channels[1][$0], channels[2][$0]) }
    }

    /// The Web Mercator metres of the centre of pixel (column, row) of a `side`-pixel tile.
    static func pixelCentre(_ tile: TilePath, column: Int, row: Int, side: Int) -> (x: Double, y: Double) {
        let half = 20_037_508.342_789_244
        let size = 2 * half / Double(1 << tile.z)
        return (
            -half + (Double(tile.x) + (Double(column) + 0.5) / Double(side)) * size,
            half - (Double(tile.y) + (Double(row) + 0.5) / Double(side)) * size
        )
    }
}

struct OracleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
