import Foundation
import MapElevationImport
import MapErrors
import MapGeometry
import MapPMTiles
import MapTestSupport
import Testing

/// `DEMImport` on real elevation models (a Copernicus GLO-30 clip in a compound CRS, an SRTM
/// `.hgt` tile made from it, a UTM model), with GDAL's own reading of the model and decoding
/// of the tiles as the oracle.
@Suite("DEM import")
struct DEMImportTests {
    static let fixtures = packageRoot + "/Tests/MapElevationImportTests/Fixtures"
    static let santiagoModel = fixtures + "/santiago-glo30.tif"
    static let hgtModel = fixtures + "/S34W071.hgt.zip"
    static let olindaModel = fixtures + "/olinda-utm25s.tif"

    /// How far a decoded height may be from the bilinear interpolation of the model's four
    /// cells around the pixel centre, metres, for a model in longitude and latitude: one
    /// terrarium step (1/256 m, heights are rounded down to it) and float32 rounding. Measured:
    /// 0.0039 m on the GLO-30 clip and the .hgt tile.
    static let geographicTolerance = 0.01
    /// The same for the UTM model in mapbox encoding: half a mapbox step (0.05 m) plus GDAL's
    /// approximate transformer, which places a pixel within an eighth of a pixel (gdalwarp's
    /// default error threshold) where the projection is not linear. Measured: 0.092 m.
    static let projectedTolerance = 0.12

    func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dem-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every tile of the archive's highest zoom, decoded, compared pixel by pixel with the
    /// bilinear height of the model at the pixel's centre; returns how many pixels compared.
    func compareHighestZoom(
        archivePath: String, model: String, encoding: ElevationEncoding = .terrarium, side: Int = 256
    ) throws -> (compared: Int, worst: Double) {
        let archive = try PMTilesArchive(reader: try FileByteRangeReader.archive(at: archivePath))
        let oracle = try GDALOracle(path: model)
        let zoom = archive.header.zoomRange.upperBound
        var compared = 0
        var worst = 0.0
        let b = archive.header.bounds
        let bounds = GeographicBounds(west: b.west, south: b.south, east: b.east, north: b.north)
        for tile in bounds.tilePaths(zoom: zoom) {
            guard let bytes = try archive.tile(tile) else { continue }
            let pixels = try GDALOracle.decode(bytes, side: side)
            for row in stride(from: 0, to: side, by: 3) {
                for column in stride(from: 0, to: side, by: 3) {
                    let centre = GDALOracle.pixelCentre(tile, column: column, row: row, side: side)
                    guard let expected = oracle.bilinear(x: centre.x, y: centre.y) else { continue }
                    let (red, green, blue) = pixels[row * side + column]
                    let decoded = encoding.height(red: red, green: green, blue: blue)
                    worst = max(worst, abs(decoded - expected))
                    compared += 1
                }
            }
        }
        return (compared, worst)
    }

    @Test("a GLO-30 GeoTIFF in EPSG:9518: zooms from its 1″ cells, the header and metadata, heights at the pixels")
    func geoTIFF() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/santiago.pmtiles"
        let importer = try DEMImport(inputs: [Self.santiagoModel], options: DEMImportOptions())
        // 1″ at 33.4° S is 25.8 m east-west: zoom 13's pixel there is 15.9 m, zoom 12's 31.9 m.
        #expect(importer.zoomRange == 8...13)
        #expect(abs(importer.cellSize - 25.8) < 0.1)
        #expect(abs(importer.bounds.west - -70.600139) < 1e-5 && abs(importer.bounds.north - -33.392083) < 1e-5)
        let summary = try importer.write(to: output)
        #expect(summary.zoomRange == 8...13)
        #expect(summary.tiles == 10 && summary.emptyTiles == 0)
        #expect(summary.heightRange.lowerBound > 625 && summary.heightRange.upperBound < 703.2)

        let archive = try PMTilesArchive(reader: try FileByteRangeReader.archive(at: output))
        #expect(archive.header.tileType == .png)
        #expect(archive.header.zoomRange == 8...13)
        let metadata = try #require(
            try JSONSerialization.jsonObject(with: Data(archive.metadata())) as? [String: Any])
        #expect(metadata["encoding"] as? String == "terrarium")
        #expect(metadata["tileSize"] as? Int == 256)
        #expect(metadata["format"] as? String == "png")
        #expect(metadata["minzoom"] as? Int == 8 && metadata["maxzoom"] as? Int == 13)
        #expect(metadata["name"] as? String == "santiago-glo30")
        #expect((metadata["elevation_range"] as? [Double])?.count == 2)
        #expect(metadata["attribution"] == nil)

        let (compared, worst) = try compareHighestZoom(archivePath: output, model: Self.santiagoModel)
        #expect(compared > 3000)
        #expect(worst <= Self.geographicTolerance, "worst difference \(worst) m over \(compared) pixels")
    }

    @Test("an SRTM .hgt tile (zipped), read by GDAL's SRTMHGT driver, with nodata around its data")
    func hgt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/hgt.pmtiles"
        let importer = try DEMImport(inputs: [Self.hgtModel], options: DEMImportOptions())
        // 3″ cells: 77 m east-west at 33.5° S, zoom 11's pixel is 63.7 m.
        #expect(importer.zoomRange == 6...11)
        let summary = try importer.write(to: output)
        // The 1° tile touches 42 tiles of zoom 11, but only the clip's few hold data.
        #expect(summary.emptyTiles > 30)
        #expect(summary.heightRange.lowerBound == 627 && summary.heightRange.upperBound > 695.9)
        let (compared, worst) = try compareHighestZoom(archivePath: output, model: Self.hgtModel)
        #expect(compared > 200)
        #expect(worst <= Self.geographicTolerance, "worst difference \(worst) m over \(compared) pixels")
    }

    @Test("a model in UTM zone 25 S, reprojected; mapbox encoding and 512-pixel lossless WebP tiles")
    func utm() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = DEMImportOptions()
        options.encoding = .mapbox
        options.tileSize = 512
        options.format = .webp
        options.attribution = "stars (Apache-2.0)"
        let importer = try DEMImport(inputs: [Self.olindaModel], options: options)
        // 90 m cells at 8° S: 256-px zoom 11 (76 m) is 512-px zoom 10.
        #expect(importer.zoomRange == 5...10)
        #expect(abs(importer.bounds.west - -34.917) < 0.01 && abs(importer.bounds.north - -7.950) < 0.01)
        let output = folder + "/olinda.pmtiles"
        try importer.write(to: output)
        let archive = try PMTilesArchive(reader: try FileByteRangeReader.archive(at: output))
        #expect(archive.header.tileType == .webp)
        let metadata = try #require(
            try JSONSerialization.jsonObject(with: Data(archive.metadata())) as? [String: Any])
        #expect(metadata["encoding"] as? String == "mapbox" && metadata["tileSize"] as? Int == 512)
        #expect(metadata["attribution"] as? String == "stars (Apache-2.0)")
        let (compared, worst) = try compareHighestZoom(
            archivePath: output, model: Self.olindaModel, encoding: .mapbox, side: 512)
        #expect(compared > 1500)
        #expect(worst <= Self.projectedTolerance, "worst difference \(worst) m over \(compared) pixels")
    }

    @Test("--minzoom and --maxzoom override the zooms the resolution gives")
    func zoomOverrides() throws {
        var options = DEMImportOptions()
        options.maximumZoom = 10
        #expect(try DEMImport(inputs: [Self.santiagoModel], options: options).zoomRange == 5...10)
        options.minimumZoom = 9
        #expect(try DEMImport(inputs: [Self.santiagoModel], options: options).zoomRange == 9...10)
        options.maximumZoom = nil
        #expect(try DEMImport(inputs: [Self.santiagoModel], options: options).zoomRange == 9...13)
        options.minimumZoom = 14
        #expect(try DEMImport(inputs: [Self.santiagoModel], options: options).zoomRange == 14...14)
        options.maximumZoom = 12
        #expect(throws: MapError.self) { try DEMImport(inputs: [Self.santiagoModel], options: options) }
    }

    @Test("two halves of a model mosaicked give the whole model's tiles")
    func mosaic() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let west = folder + "/west.asc", east = folder + "/east.asc"
        try AsciiGrid.halves(of: GDALOracle(path: Self.santiagoModel), west: west, east: east)
        var options = DEMImportOptions()
        options.minimumZoom = 12
        let whole = folder + "/whole.pmtiles", halves = folder + "/halves.pmtiles"
        try DEMImport(inputs: [Self.santiagoModel], options: options).write(to: whole)
        try DEMImport(inputs: [west, east], options: options).write(to: halves)
        let a = try PMTilesArchive(reader: try FileByteRangeReader.archive(at: whole))
        let b = try PMTilesArchive(reader: try FileByteRangeReader.archive(at: halves))
        let bounds = GeographicBounds(west: -70.61, south: -33.43, east: -70.56, north: -33.38)
        var tiles = 0
        for zoom in 12...13 {
            for tile in bounds.tilePaths(zoom: zoom) {
                let first = try a.tile(tile), second = try b.tile(tile)
                #expect((first == nil) == (second == nil), "\(tile)")
                guard let first, let second else { continue }
                let x = try GDALOracle.decode(first, side: 256), y = try GDALOracle.decode(second, side: 256)
                let worst =
                    zip(x, y).map { p, q in
                        abs(
                            ElevationEncoding.terrarium.height(red: p.0, green: p.1, blue: p.2)
                                - ElevationEncoding.terrarium.height(red: q.0, green: q.1, blue: q.2))
                    }.max() ?? 0
                // The halves are written as text with 3 decimals: a millimetre, plus a step.
                #expect(worst <= 0.006, "\(tile): \(worst) m")
                tiles += 1
            }
        }
        #expect(tiles == 6)
    }

    @Test("nodata cells are left out of the interpolation and filled with --nodata-fill; empty tiles are not written")
    func nodata() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 200 × 100 cells of 0.001° at the equator, the western half nodata, the eastern 500 m.
        let grid = folder + "/half.asc"
        try AsciiGrid.write(
            to: grid, columns: 200, rows: 100, west: 10, south: 0, cell: 0.001, nodata: -9999
        ) { column, _ in column < 100 ? -9999 : 500 }
        var options = DEMImportOptions()
        options.nodataFill = -5
        options.minimumZoom = 14
        options.maximumZoom = 14
        let output = folder + "/half.pmtiles"
        let summary = try DEMImport(inputs: [grid], options: options).write(to: output)
        // Every pixel with data is 500 m: nodata never pulled a neighbour down.
        #expect(summary.heightRange == 500...500)
        #expect(summary.emptyTiles > 0)
        let archive = try PMTilesArchive(reader: try FileByteRangeReader.archive(at: output))
        // The tile at 10.03° E lies in the nodata half: not written; the one at 10.17° E is.
        let zoom14 = { (longitude: Double) in
            TilePath(z: 14, x: Int((longitude + 180) / 360 * 16384), y: 8191)
        }
        #expect(try archive.tile(zoom14(10.03)) == nil)
        let tile = try #require(try archive.tile(zoom14(10.17)))
        let heights = try GDALOracle.decode(tile, side: 256).map {
            ElevationEncoding.terrarium.height(red: $0.0, green: $0.1, blue: $0.2)
        }
        #expect(Set(heights) == [500])
        // The tile across the edge at 10.1° E: the fill west of it, 500 east.
        let edge = try #require(try archive.tile(zoom14(10.1)))
        let edgeHeights = Set(
            try GDALOracle.decode(edge, side: 256).map {
                ElevationEncoding.terrarium.height(red: $0.0, green: $0.1, blue: $0.2)
            })
        #expect(edgeHeights == [-5, 500])
    }

    @Test("a missing file, a file that is not a raster, one without a CRS, one all nodata: errors, and no archive")
    func badInputs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/out.pmtiles"
        func failure(_ inputs: [String]) -> MapError? {
            do {
                try DEMImport(inputs: inputs, options: DEMImportOptions()).write(to: output)
                return nil
            } catch { return error }
        }
        let missing = failure([folder + "/none.tif"])
        #expect(missing?.kind == .missingInput && missing?.location?.file == folder + "/none.tif")

        let text = folder + "/notes.tif"
        try "not a raster\n".write(toFile: text, atomically: true, encoding: .utf8)
        let notRaster = failure([text])
        #expect(notRaster?.kind == .invalidData && notRaster?.message.contains("not a raster GDAL reads") == true)

        // An ASCII grid without its .prj: cells, but nowhere on the Earth.
        let noCRS = folder + "/nocrs.asc"
        try AsciiGrid.write(to: noCRS, columns: 4, rows: 4, west: 0, south: 0, cell: 1, nodata: nil, crs: false) {
            _, _ in 1
        }
        let unplaced = failure([noCRS])
        #expect(unplaced?.kind == .invalidData && unplaced?.message.contains("no coordinate reference system") == true)
        #expect(unplaced?.location?.file == noCRS)

        let empty = folder + "/empty.asc"
        try AsciiGrid.write(to: empty, columns: 4, rows: 4, west: 0, south: 0, cell: 0.01, nodata: -9999) { _, _ in
            -9999
        }
        let allNodata = failure([empty])
        #expect(allNodata?.kind == .invalidData && allNodata?.message.contains("every cell is nodata") == true)
        #expect(allNodata?.location?.file == empty)
        // Several files, one of them empty: it is left out and named.
        let mixed = try DEMImport(inputs: [empty, Self.santiagoModel], options: DEMImportOptions())
        #expect(mixed.emptyInputs == [empty])

        let unwritable = folder + "/no/such/folder/out.pmtiles"
        do throws(MapError) {
            try DEMImport(inputs: [Self.santiagoModel], options: DEMImportOptions()).write(to: unwritable)
            Issue.record("wrote into a missing folder")
        } catch { #expect(error.kind == .cannotCreate) }
        // Nothing but the inputs is left in the folder.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == ["empty.asc", "empty.prj", "nocrs.asc", "notes.tif"])
    }
}

/// ESRI ASCII grids written by the tests, GDAL's AAIGrid driver reads them, with a `.prj`
/// of WGS 84 beside them unless told not to.
enum AsciiGrid {
    static func write(
        to path: String, columns: Int, rows: Int, west: Double, south: Double, cell: Double, nodata: Double?,
        crs: Bool = true, value: (Int, Int) -> Double
    ) throws {
        var text = "ncols \(columns)\nnrows \(rows)\nxllcorner \(west)\nyllcorner \(south)\ncellsize \(cell)\n"
        if let nodata { text += "NODATA_value \(nodata)\n" }
        for row in 0..<rows {
            text += (0..<columns).map { String(format: "%.3f", value($0, row)) }.joined(separator: " ") + "\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        if crs {
            let prj = String(path.dropLast(4)) + ".prj"
            try
                "GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,298.257223563]],PRIMEM[\"Greenwich\",0],UNIT[\"degree\",0.0174532925199433]]"
                .write(toFile: prj, atomically: true, encoding: .utf8)
        }
    }

    /// The western and eastern halves of the Santiago fixture's 101 columns (0–50, 51–100).
    static func halves(of model: GDALOracle, west: String, east: String) throws {
        let cell = 1.0 / 3600, left = -70.600_138_888_888_893, south = -33.392_083_333_333_318 - 101 * cell
        for (path, columns) in [(west, 0..<51), (east, 51..<101)] {
            try write(
                to: path, columns: columns.count, rows: model.height, west: left + Double(columns.lowerBound) * cell,
                south: south, cell: cell, nodata: model.nodata
            ) { column, row in model.cells[row * model.width + columns.lowerBound + column] }
        }
    }
}
