import Foundation
public import MapErrors
public import MapGeometry
public import MapRenderCore
import MapTerrain
public import MapTiles
import MapVectorLayout
import MapVectorStyle

/// The ground height at coordinates, read from an elevation archive (terrarium or mapbox
/// tiles): bilinear between the pixel centres of its top zoom (`DEMSamplePoint`), each tile
/// decoded once and kept in a small cache bounded in bytes, so a track's fixes, which visit
/// tiles in order, read each tile about once however long the track.
public final class TerrainHeights {
    /// The archive, as given.
    public let archive: String
    /// The zoom heights are read at: the archive's highest, its finest heights.
    public let zoom: Int
    /// The tiles that could not be read or decoded, each once.
    public private(set) var failures: [TileFailure] = []
    /// How many tiles were read (a tile evicted and read again counts twice).
    public private(set) var tilesRead = 0

    private let provider: any ElevationTileProvider
    /// Decoded tiles, `nil` for those the archive does not have.
    private var cache = LeastRecentlyUsed<TilePath, ElevationTile?>()
    /// The last tile looked up: consecutive fixes are nearly always in the same tile.
    private var last: (path: TilePath, tile: ElevationTile?)?
    private var failed: Set<TilePath> = []

    /// The most bytes of decoded heights kept: 32 tiles of 256 pixels, or 8 of 512.
    public static let cacheBytes = 8 << 20

    /// Heights from the tiles of `provider`, at `zoom` (default its highest).
    public init(provider: any ElevationTileProvider, zoom: Int? = nil) {
        self.provider = provider
        archive = provider.name
        self.zoom = min(max(zoom ?? provider.zoomRange.upperBound, provider.zoomRange.lowerBound), 24)
    }

    /// Heights from the elevation archive at `path` (PMTiles or MBTiles; its metadata's
    /// `encoding`, else terrarium).
    ///
    /// - Throws: `MapError` `.missingInput` for a file that does not exist; `.invalidData`
    ///   for one that is not an archive of elevation tiles.
    public static func open(archive path: String, options: HTTPTileOptions) throws(MapError) -> TerrainHeights {
        guard FileManager.default.fileExists(atPath: path) else {
            throw MapError(
                .missingInput, "no such elevation archive", at: InputLocation(file: path),
                remedy: "give --terrain a PMTiles or MBTiles file of terrarium or mapbox tiles"
                    + " (maprender basemap import-dem makes one from a GeoTIFF)")
        }
        let (encoding, tileSize) = TerrainOverlay.facts(of: path)
        var source = VectorStyleSource(name: "terrain", kind: .rasterDEM, url: path, tileSize: tileSize)
        source.encoding = encoding
        let provider = try StreetBasemapResolver.elevationSource(
            source, folder: "", options: options, confinement: nil, styleFile: path)
        return TerrainHeights(provider: provider)
    }

    /// The ground height at `coordinate`, in metres; `nil` outside the archive (no tile
    /// there) or for an invalid coordinate.
    public func height(at coordinate: Coordinate) -> Double? {
        guard coordinate.isValid else { return nil }
        let point = MapPoint(coordinate)
        let world = MapSize.world.width
        if knownSide == nil {
            // The tile under the point, whatever the side: it tells the side of the others.
            let tiles = Double(1 << zoom)
            let x = min(max(Int(point.x / world * tiles), 0), (1 << zoom) - 1)
            let y = min(max(Int(point.y / world * tiles), 0), (1 << zoom) - 1)
            _ = tile(TilePath(z: zoom, x: x, y: y))
        }
        let side = knownSide ?? 256
        let sample = DEMSamplePoint(x: point.x / world, y: point.y / world, zoom: zoom, side: side)
        return sample.height { x, y in tile(TilePath(z: zoom, x: x, y: y)) }
    }

    /// The side of the archive's tiles in pixels, learnt from the first tile read.
    private var knownSide: Int?

    /// The decoded tile at `path`, read on first use.
    private func tile(_ path: TilePath) -> ElevationTile? {
        if let last, last.path == path { return last.tile }
        let found: ElevationTile?
        if let cached = cache.value(for: path) {
            found = cached
        } else {
            found = read(path)
            let bytes = (found?.elevations.count ?? 0) * MemoryLayout<Float>.size + 64
            cache.insert(found, weight: bytes, for: path)
            cache.evict(downTo: Self.cacheBytes)
        }
        last = (path, found)
        return found
    }

    private func read(_ path: TilePath) -> ElevationTile? {
        tilesRead += 1
        switch provider.elevationTiles([path])[path] {
        case .success(let tile)?:
            if let tile, knownSide == nil {
                knownSide = tile.side
            }
            return tile
        case .failure(let failure)?:
            if failed.insert(path).inserted { failures.append(failure) }
            return nil
        case nil:
            return nil
        }
    }
}
