import Foundation
public import MapErrors
public import MapGeometry
import MapImageEncoding
import MapPMTiles
public import MapRenderCore
public import MapTerrain
import MapTiles
public import MapVectorLayout

/// The elevation tiles of a `raster-dem` source: PNG or WebP images from a PMTiles archive
/// (a file or a server), or PNG images through any raster tile source (MBTiles, a folder, a
/// URL template), decoded with the source's `encoding`.
public struct ElevationTileSource: ElevationTileProvider {
    /// Where the encoded tiles come from.
    enum Tiles: Sendable {
        case pmtiles(PMTilesArchive)
        case raster(any RasterTileSource)
    }

    public let name: String
    public let zoomRange: ClosedRange<Int>
    public let attribution: [String]
    /// How the images store elevations.
    public let encoding: DEMEncoding
    let source: Tiles

    /// The largest tile side decoded, in pixels.
    static let maximumSide = 4096

    /// Elevation tiles through a raster tile source of PNG images.
    public init(raster: any RasterTileSource, name: String, encoding: DEMEncoding) {
        self.name = name
        self.encoding = encoding
        zoomRange = raster.zoomRange
        attribution = raster.attribution
        source = .raster(raster)
    }

    /// Elevation tiles from a PMTiles archive of PNG or WebP images.
    ///
    /// - Throws: `MapError` `.invalidData` for an archive of other tiles.
    public init(archive: PMTilesArchive, encoding: DEMEncoding) throws(MapError) {
        name = archive.reader.name
        switch archive.header.tileType {
        case .png, .webp: break
        default:
            throw MapError(
                .invalidData, "holds \(archive.header.tileType) tiles, not elevation tiles (PNG or WebP)",
                at: InputLocation(file: name), remedy: "give a PMTiles archive of terrarium or mapbox elevation tiles")
        }
        self.encoding = encoding
        zoomRange = archive.header.zoomRange
        attribution = PMTilesSource.attribution(in: (try? archive.metadata()) ?? [])
        source = .pmtiles(archive)
    }

    public func elevationTiles(_ paths: [TilePath]) -> [TilePath: Result<ElevationTile?, TileFailure>] {
        var results: [TilePath: Result<ElevationTile?, TileFailure>] = [:]
        switch source {
        case .pmtiles(let archive):
            for path in paths where results[path] == nil {
                do {
                    results[path] = try archive.tile(path).map { bytes in decoded(bytes, path) } ?? .success(nil)
                } catch {
                    results[path] = .failure(
                        TileFailure(tile: path, reason: "cannot read the PMTiles archive (\(error.reason))"))
                }
            }
        case .raster(let raster):
            for (path, result) in raster.tiles(paths, highResolution: false) {
                switch result {
                case .success(let image): results[path] = decoded(image.data, path)
                case .failure(let failure) where Self.isMissing(failure): results[path] = .success(nil)
                case .failure(let failure): results[path] = .failure(failure)
                }
            }
        }
        return results
    }

    /// Whether a raster source's failure only says it has no such tile (outside its coverage).
    static func isMissing(_ failure: TileFailure) -> Bool {
        failure.refusal == nil && (failure.reason.hasPrefix("not in the") || failure.reason == "HTTP 404")
    }

    /// A tile's image decoded into elevations.
    func decoded(_ bytes: [UInt8], _ path: TilePath) -> Result<ElevationTile?, TileFailure> {
        do {
            return .success(try Self.decode(bytes, encoding: encoding))
        } catch {
            return .failure(TileFailure(tile: path, reason: error.message))
        }
    }

    /// The elevations of a PNG or WebP tile image.
    ///
    /// - Throws: `MapError` `.invalidData` for another format, an image that does not decode,
    ///   or one that is not square.
    static func decode(_ bytes: [UInt8], encoding: DEMEncoding) throws(MapError) -> ElevationTile {
        let isWebP =
            bytes.count >= 12 && bytes[0..<4].elementsEqual(Array("RIFF".utf8))
            && bytes[8..<12].elementsEqual(Array("WEBP".utf8))
        if isWebP {
            let image = try WebPDecoder.rgbaPixels(bytes, maximumSide: maximumSide)
            guard image.width == image.height else { throw notSquare(image.width, image.height) }
            return ElevationTile(rgba: image.pixels, side: image.width, encoding: encoding)
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw MapError(.invalidData, "not a PNG or WebP elevation tile")
        }
        guard let image = try PNGDecoder.argbPixels(bytes, maximumSide: maximumSide) else {
            throw MapError(.invalidData, "a PNG elevation tile must have 8 bits a channel and no interlacing")
        }
        guard image.width == image.height else { throw notSquare(image.width, image.height) }
        return ElevationTile(argb: image.pixels, side: image.width, encoding: encoding)
    }

    private static func notSquare(_ width: Int, _ height: Int) -> MapError {
        MapError(.invalidData, "a \(width)×\(height) elevation tile is not square")
    }
}
