internal import CGDAL
import Foundation
public import MapErrors
import MapFormats
import MapGeometry
import MapImageEncoding
import MapPMTiles

/// Elevation models (GeoTIFF, SRTM `.hgt`, any raster GDAL reads) turned into a PMTiles
/// archive of terrarium- or mapbox-encoded PNG or WebP tiles in Web Mercator, for MapLibre's
/// `raster-dem` sources and maprender's terrain.
///
/// `init` opens the models and decides the zooms and tiles; `write` warps each tile
/// (`MercatorTileWarper`), encodes it and hands it to `PMTilesWriter`, in tile id order, so
/// that nothing but one tile is in memory besides GDAL's bounded caches and the directory's
/// entries. Tiles are PNG through the project's own encoder (RGB, deterministic, libdeflate)
/// or lossless WebP through libwebp.
public final class DEMImport {
    /// The models' paths.
    public let inputs: [String]
    /// The options.
    public let options: DEMImportOptions
    /// The area of the models with data, WGS 84 degrees.
    public let bounds: GeographicBounds
    /// The zooms tiled.
    public let zoomRange: ClosedRange<Int>
    /// The finest cell of the models on the ground, metres, which chose the highest zoom.
    public let cellSize: Double
    /// Models left out because every cell is nodata (the others hold data).
    public let emptyInputs: [String]
    /// How many tiles the bounds touch over all zooms: what `write` warps.
    public var tileCount: Int { tiles.reduce(0) { $0 + $1.count } }

    private let rasters: [ElevationRaster]
    /// The tiles to warp, zoom by zoom, each zoom's in PMTiles tile id order.
    private let tiles: [[TilePath]]

    /// Opens the models at `inputs` and plans the tiles.
    ///
    /// - Throws: `MapError` `.missingInput` for a missing or unreadable file; `.invalidData`
    ///   for a file that is not a raster, has no coordinate reference system, or when every
    ///   cell of every model is nodata; `.invalidRequest` for options out of range.
    public init(inputs: [String], options: DEMImportOptions) throws(MapError) {
        guard !inputs.isEmpty else {
            throw MapError(
                .invalidRequest, "no elevation model given", remedy: "give one or more GeoTIFF or .hgt files")
        }
        guard options.tileSize == 256 || options.tileSize == 512 else {
            throw MapError(.invalidRequest, "tiles are 256 or 512 pixels, not \(options.tileSize)")
        }
        self.inputs = inputs
        self.options = options
        let opened = try GDALErrors.quietly { () throws(MapError) in
            var rasters: [ElevationRaster] = []
            for path in inputs { rasters.append(try ElevationRaster(path: path)) }
            return rasters
        }
        let withData = opened.filter { $0.heightRange != nil }
        guard let first = withData.first else {
            let names = inputs.count == 1 ? "" : " (\(inputs.joined(separator: ", ")))"
            throw MapError(
                .invalidData,
                (inputs.count == 1 ? "holds no elevation: every cell is nodata" : "every cell of every model is nodata")
                    + names, at: InputLocation(file: inputs[0]),
                remedy: "give a model with heights; its nodata value is \(opened[0].nodata.map { "\($0)" } ?? "unset")")
        }
        rasters = withData
        emptyInputs = opened.filter { $0.heightRange == nil }.map(\.path)
        bounds = withData.dropFirst().reduce(first.bounds) { $0.union($1.bounds) }
        cellSize = withData.map(\.cellSize).min()!
        let latitude = (bounds.south + bounds.north) / 2
        let automatic = ElevationZooms.defaultRange(cellSize: cellSize, latitude: latitude, tileSize: options.tileSize)
        let high = options.maximumZoom ?? max(automatic.upperBound, options.minimumZoom ?? 0)
        let low = options.minimumZoom ?? max(0, min(automatic.lowerBound, high - ElevationZooms.defaultDepth))
        guard (0...30).contains(low), (0...30).contains(high), low <= high else {
            throw MapError(
                .invalidRequest, "--minzoom \(low) is above --maxzoom \(high)", remedy: "give --minzoom <= --maxzoom")
        }
        zoomRange = low...high
        tiles = (low...high).map { zoom in
            var paths = Set<TilePath>()
            for raster in withData { paths.formUnion(raster.bounds.tilePaths(zoom: zoom)) }
            return paths.sorted { $0.pmtilesID < $1.pmtilesID }
        }
    }

    /// Writes the archive to `destination`, through a staged file renamed at the end: a
    /// failed or interrupted run leaves nothing there (the tiles wait in a nameless spool).
    ///
    /// - Parameter progress: called after each tile with the tiles done and `tileCount`.
    /// - Throws: `MapError` `.cannotCreate` when the destination cannot be written;
    ///   `.ioFailure` when GDAL fails reading a model or the disk fails; `.invalidData` when
    ///   no tile at the chosen zooms holds data.
    @discardableResult
    public func write(
        to destination: String, progress: (Int, Int) -> Void = { _, _ in }
    ) throws(MapError)
        -> DEMImportSummary
    {
        let writer = try PMTilesWriter(destination: destination)
        let total = tileCount
        var done = 0, written = 0, empty = 0
        var lowest = Double.infinity, highest = -Double.infinity
        var zooms: [Int] = []
        try GDALErrors.quietly { () throws(MapError) in
            let warper = try MercatorTileWarper(rasters: rasters, tileSize: options.tileSize)
            for zoomTiles in tiles {
                for tile in zoomTiles {
                    let heights = try warper.heights(of: tile)
                    done += 1
                    defer { progress(done, total) }
                    var any = false
                    for height in heights where height.isFinite {
                        any = true
                        lowest = min(lowest, Double(height))
                        highest = max(highest, Double(height))
                    }
                    guard any else {
                        empty += 1
                        continue
                    }
                    try writer.add(tileID: tile.pmtilesID, contents: try image(heights))
                    written += 1
                    if zooms.last != tile.z { zooms.append(tile.z) }
                }
            }
        }
        guard let low = zooms.first, let high = zooms.last else {
            throw MapError(
                .invalidData, "no tile at zooms \(zoomRange.lowerBound)-\(zoomRange.upperBound) holds data",
                at: InputLocation(file: inputs[0]), remedy: "check the model's nodata value and georeferencing")
        }
        let heightRange = lowest...highest
        let summary = try writer.finish(
            PMTilesWriter.Description(
                tileType: options.format == .png ? .png : .webp, tileCompression: .none,
                metadata: Array(metadata(zooms: low...high, heights: heightRange).serialized().utf8),
                zoomRange: low...high,
                bounds: (bounds.west, bounds.south, bounds.east, bounds.north),
                center: (high, (bounds.west + bounds.east) / 2, (bounds.south + bounds.north) / 2)))
        return DEMImportSummary(
            tiles: written, emptyTiles: empty, zoomRange: low...high, heightRange: heightRange,
            fileBytes: summary.fileBytes)
    }

    /// A tile's heights as an encoded image: nodata filled, each height's channels in an
    /// opaque pixel.
    private func image(_ heights: [Float]) throws(MapError) -> [UInt8] {
        let size = options.tileSize
        let fill = options.nodataFill
        var pixels = [UInt32](repeating: 0, count: size * size)
        for index in 0..<heights.count {
            let height = heights[index]
            let (red, green, blue) = options.encoding.channels(height.isFinite ? Double(height) : fill)
            pixels[index] = 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
        let encoded: Result<[UInt8], MapError> = pixels.withUnsafeBytes { buffer in
            switch options.format {
            case .png:
                return .success(
                    PNGEncoder.encode(
                        pixels: buffer.baseAddress!, width: size, height: size, stride: size * 4, hasAlpha: false))
            case .webp:
                return Result { () throws(MapError) in
                    try WebPEncoder.encode(
                        pixels: buffer.baseAddress!, width: size, height: size, stride: size * 4, quality: 100)
                }
            }
        }
        return try encoded.get()
    }

    /// The archive's JSON metadata: what MapLibre's `raster-dem` source and TileJSON readers
    /// look for (`encoding`, `tileSize`, `format`, zooms, bounds, centre), the heights' range
    /// and where they came from.
    private func metadata(zooms: ClosedRange<Int>, heights: ClosedRange<Double>) -> JSONValue {
        func rounded(_ value: Double, _ places: Double) -> JSONValue {
            .number((value * pow(10, places)).rounded() / pow(10, places))
        }
        let files = inputs.map { ($0 as NSString).lastPathComponent }
        let name = options.name ?? ((files[0] as NSString).deletingPathExtension)
        var members: [(String, JSONValue)] = [
            ("name", .string(name)),
            (
                "description",
                .string("\(options.encoding.rawValue)-encoded elevation tiles from \(files.joined(separator: ", "))")
            ),
        ]
        if let attribution = options.attribution { members.append(("attribution", .string(attribution))) }
        members += [
            ("version", .string("1")), ("type", .string("baselayer")), ("format", .string(options.format.rawValue)),
            ("encoding", .string(options.encoding.rawValue)), ("tileSize", .number(Double(options.tileSize))),
            ("minzoom", .number(Double(zooms.lowerBound))), ("maxzoom", .number(Double(zooms.upperBound))),
            ("bounds", .array([bounds.west, bounds.south, bounds.east, bounds.north].map { rounded($0, 7) })),
            (
                "center",
                .array([
                    rounded((bounds.west + bounds.east) / 2, 7), rounded((bounds.south + bounds.north) / 2, 7),
                    .number(Double(zooms.upperBound)),
                ])
            ),
            ("source", .string(files.joined(separator: ", "))),
            ("elevation_range", .array([rounded(heights.lowerBound, 2), rounded(heights.upperBound, 2)])),
            ("nodata_fill", .number(options.nodataFill)),
            ("generator", .string("maprender basemap import-dem (GDAL \(Self.gdalVersion), bilinear)")),
        ]
        return .object(members)
    }

    /// GDAL's release, e.g. "3.6.2", or "not installed".
    public static var gdalVersion: String {
        guard GDALErrors.loadFailure == nil else { return "not installed" }
        return GDALVersionInfo("RELEASE_NAME").map { String(cString: $0) } ?? "unknown"
    }
}
