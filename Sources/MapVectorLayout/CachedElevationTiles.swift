public import MapGeometry
public import MapRenderCore
public import MapTerrain
import Synchronization

/// An elevation source whose decoded tiles are kept for a while, for a style that reads the
/// same tiles twice: its hillshade and its contour lines (each DEM tile and its neighbours
/// are otherwise read and decoded once for each, and the contours' two halves of a view
/// share their neighbours).
public final class CachedElevationTiles: ElevationTileProvider {
    /// The source the tiles are read from.
    public let source: any ElevationTileProvider
    /// The most bytes of decoded elevations kept (4 a pixel): 24 MiB, some 100 tiles of 256 pixels.
    public static let capacity = 24 << 20
    private let kept = Mutex(LeastRecentlyUsed<TilePath, ElevationTile?>())

    /// Keeps the decoded tiles of `source`.
    public init(_ source: any ElevationTileProvider) { self.source = source }

    public var name: String { source.name }
    public var zoomRange: ClosedRange<Int> { source.zoomRange }
    public var attribution: [String] { source.attribution }

    public func elevationTiles(_ paths: [TilePath]) -> [TilePath: Result<ElevationTile?, TileFailure>] {
        var results: [TilePath: Result<ElevationTile?, TileFailure>] = [:]
        var missing: [TilePath] = []
        kept.withLock { cache in
            for path in paths {
                if let tile = cache.value(for: path) { results[path] = .success(tile) } else { missing.append(path) }
            }
        }
        guard !missing.isEmpty else { return results }
        let fetched = source.elevationTiles(missing)
        kept.withLock { cache in
            for (path, result) in fetched {
                results[path] = result
                // Failures are not kept: the next map asks again.
                guard case .success(let tile) = result else { continue }
                cache.insert(tile, weight: max((tile?.side ?? 0) * (tile?.side ?? 0) * 4, 1), for: path)
            }
            cache.evict(downTo: Self.capacity)
        }
        return results
    }
}
