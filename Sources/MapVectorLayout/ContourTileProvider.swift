public import MapGeometry
import MapRenderCore
public import MapTerrain
import MapVectorTiles
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Contour lines of an elevation source as vector tiles, so that a style's ordinary `line`
/// layers draw them and its `symbol` layers label them along the line (as maplibre-contour
/// does for MapLibre GL JS): one layer, `contour`, of line features with the properties
/// `ele` (the elevation, an integer in the provider's unit) and `level` (1 for an index
/// contour, 0 otherwise).
///
/// A vector tile of zoom z is traced from the elevation tiles of the zoom a hillshade of the
/// same view is shaded from (z + 1 for 256-pixel DEM tiles, z for 512, clamped to the
/// source's zooms: past its top zoom, the part of the parent tile under the vector tile),
/// each bordered by its neighbours, at the interval `ContourInterval` gives for the map zoom
/// z + 1; lines meet at tile edges in the same points.
public struct ContourTileProvider: VectorTileProvider {
    /// The source layer's name.
    public static let layerName = "contour"
    /// The extent of the tiles made.
    static let extent = 4096

    /// The elevation source.
    public let elevation: any ElevationTileProvider
    /// The DEM tiles' side (`tileSize` of the `raster-dem` source): 256 or 512.
    public let demTileSize: Int
    /// The unit of the levels and of `ele`.
    public let unit: ContourUnit
    /// How far a line may move when it is simplified, as a fraction of a DEM pixel.
    public static let simplification = 0.125
    /// The steepest rise between neighbouring DEM pixels that is ground, in metres per metre
    /// (tan 84°): steeper steps are the fill round a clipped DEM, and are not traced.
    public static let steepestRise = 10.0

    /// The ground size of a DEM pixel at the middle of tile row `y` of zoom `zoom`, in metres.
    static func pixelMetres(zoom: Int, y: Int, side: Int) -> Double {
        let n = Double(1 << zoom)
        let mercatorY = Double.pi * (1 - 2 * (Double(y) + 0.5) / n)
        let latitude = atan(sinh(mercatorY))
        return 40_075_016.686 / (n * Double(side)) * cos(latitude)
    }

    private let traced: TracedTiles

    /// A provider of the contours of `elevation`, whose tiles have `demTileSize` pixels.
    public init(elevation: any ElevationTileProvider, demTileSize: Int, unit: ContourUnit) {
        self.elevation = elevation
        self.demTileSize = demTileSize == 512 ? 512 : 256
        self.unit = unit
        traced = TracedTiles()
    }

    public var name: String { "contours of \(elevation.name)" }
    /// Any zoom: the elevation tiles are over-zoomed past their top zoom.
    public var zoomRange: ClosedRange<Int> { 0...24 }
    public var attribution: [String] { elevation.attribution }

    /// The DEM zoom a vector tile of zoom `z` is traced from.
    func demZoom(forTileZoom z: Int) -> Int {
        let range = elevation.zoomRange
        return min(max(z + (demTileSize == 256 ? 1 : 0), range.lowerBound), range.upperBound)
    }

    /// The DEM tiles under vector tile `path`: its descendants at `zoom` or its ancestor.
    static func demTiles(under path: TilePath, zoom: Int) -> [TilePath] {
        if zoom <= path.z {
            let shift = path.z - zoom
            return [TilePath(z: zoom, x: path.x >> shift, y: path.y >> shift)]
        }
        let shift = zoom - path.z, count = 1 << shift
        return (0..<count).flatMap { dy in
            (0..<count).map { dx in TilePath(z: zoom, x: (path.x << shift) + dx, y: (path.y << shift) + dy) }
        }
    }

    public func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
        guard layerNames?.contains(Self.layerName) ?? true else {
            return Dictionary(uniqueKeysWithValues: paths.map { ($0, .empty) })
        }
        // Every DEM tile the paths need, with its eight neighbours for the border, asked at once.
        var under: [TilePath: [TilePath]] = [:]
        var wanted: Set<TilePath> = []
        for path in paths {
            let tiles = Self.demTiles(under: path, zoom: demZoom(forTileZoom: path.z))
            under[path] = tiles
            for tile in tiles where traced.lines(for: tile, interval: interval(at: path.z)) == nil {
                wanted.formUnion(Self.neighbourhood(of: tile))
            }
        }
        let fetched = wanted.isEmpty ? [:] : elevation.elevationTiles(wanted.sorted { ($0.y, $0.x) < ($1.y, $1.x) })
        var result: [TilePath: VectorTileResult] = [:]
        for path in paths {
            let interval = interval(at: path.z)
            var features: [VectorTileFeature] = []
            var failure: TileFailure?
            for tile in under[path] ?? [] {
                switch lines(of: tile, interval: interval, fetched: fetched) {
                case .success(let traced):
                    features += self.features(
                        of: traced.lines, side: traced.side, tile: tile, in: path, interval: interval)
                case .failure(let reason): failure = reason
                }
            }
            if let failure, features.isEmpty {
                result[path] = .failure(failure)
            } else if features.isEmpty {
                result[path] = .empty
            } else {
                let layer = VectorTileLayer(name: Self.layerName, extent: Self.extent, features: features)
                result[path] = .tile(VectorTile(layers: [layer]), diagnostics: [])
            }
        }
        return result
    }

    /// The interval of vector tiles of zoom `z` (the map zoom z + 1).
    func interval(at z: Int) -> ContourInterval { ContourInterval.at(zoom: Double(z + 1), unit: unit) }

    private static func neighbourhood(of tile: TilePath) -> [TilePath] {
        let count = 1 << tile.z
        return (-1...1).flatMap { dy in
            (-1...1).compactMap { dx in
                (0..<count).contains(tile.y + dy)
                    ? TilePath(z: tile.z, x: ((tile.x + dx) % count + count) % count, y: tile.y + dy) : nil
            }
        }
    }

    /// The lines of one DEM tile, traced now or kept from before; none where the source has
    /// no tile.
    private func lines(
        of tile: TilePath, interval: ContourInterval, fetched: [TilePath: Result<ElevationTile?, TileFailure>]
    ) -> Result<(lines: [Isoline], side: Int), TileFailure> {
        if let kept = traced.lines(for: tile, interval: interval) { return .success(kept) }
        func decoded(_ path: TilePath) -> ElevationTile? {
            if case .success(let tile) = fetched[path] { return tile } else { return nil }
        }
        switch fetched[tile] {
        case .failure(let failure): return .failure(failure)
        case .success(nil), nil: return .success(([], demTileSize))
        case .success(let center?):
            let count = 1 << tile.z
            let grid = BorderedElevations(tile: center) { dx, dy in
                guard (0..<count).contains(tile.y + dy) else { return nil }
                return decoded(TilePath(z: tile.z, x: ((tile.x + dx) % count + count) % count, y: tile.y + dy))
            }
            let low = Double(grid.values.min() ?? 0), high = Double(grid.values.max() ?? 0)
            let levels = interval.levels(from: low, to: high).map(\.metres)
            let side = center.side
            let lines = Isolines.lines(
                of: grid, levels: levels, origin: (tile.x * side, tile.y * side),
                simplification: Self.simplification,
                maximumStep: Self.steepestRise * Self.pixelMetres(zoom: tile.z, y: tile.y, side: side))
            traced.keep((lines, side), for: tile, interval: interval)
            return .success((lines, side))
        }
    }

    /// The lines of DEM tile `tile` in vector tile `path`'s coordinates, cut to its square.
    private func features(
        of lines: [Isoline], side: Int, tile: TilePath, in path: TilePath, interval: ContourInterval
    ) -> [VectorTileFeature] {
        // World pixels at the DEM zoom → the vector tile's units: both are powers of two.
        let perPixel = Double(Self.extent) * pow2(path.z - tile.z) / Double(side)
        let tileSpan = Double(side) * pow2(tile.z - path.z)
        let clip = (
            minX: Double(path.x) * tileSpan, minY: Double(path.y) * tileSpan,
            maxX: Double(path.x + 1) * tileSpan, maxY: Double(path.y + 1) * tileSpan
        )
        let needsCut = tile.z < path.z
        var features: [VectorTileFeature] = []
        for line in lines {
            let value = (line.elevation / interval.unit.metres).rounded()
            let isIndex = value.truncatingRemainder(dividingBy: interval.index) == 0
            for piece in needsCut ? Isolines.clipped(line.points, to: clip) : [line.points] {
                var points: [VectorTilePoint] = []
                points.reserveCapacity(piece.count)
                for point in piece {
                    // Inside the tile's square, so never negative: + 0.5 and truncation round.
                    let quantized = VectorTilePoint(
                        x: Int((point.x - clip.minX) * perPixel + 0.5), y: Int((point.y - clip.minY) * perPixel + 0.5))
                    if quantized != points.last { points.append(quantized) }
                }
                guard points.count >= 2 else { continue }
                features.append(
                    VectorTileFeature(
                        properties: ["ele": .int(Int64(value)), "level": .int(isIndex ? 1 : 0)],
                        geometry: .lineStrings([points])))
            }
        }
        return features
    }

    private func pow2(_ exponent: Int) -> Double {
        exponent >= 0 ? Double(1 << exponent) : 1 / Double(1 << -exponent)
    }
}

/// The lines of recently traced DEM tiles (with the tiles' side), shared by the threads
/// laying out one map and the maps of a batch: an over-zoomed DEM tile lies under several
/// vector tiles, and a view's two halves of tiles share their neighbours.
final class TracedTiles: Sendable {
    private struct Key: Hashable {
        var tile: TilePath
        var interval: Double
        var unit: ContourUnit
    }

    /// The most DEM tiles kept.
    static let capacity = 64
    private let kept = Mutex(LeastRecentlyUsed<Key, (lines: [Isoline], side: Int)>())

    func lines(for tile: TilePath, interval: ContourInterval) -> (lines: [Isoline], side: Int)? {
        kept.withLock { $0.value(for: Key(tile: tile, interval: interval.interval, unit: interval.unit)) }
    }

    func keep(_ traced: (lines: [Isoline], side: Int), for tile: TilePath, interval: ContourInterval) {
        kept.withLock { cache in
            cache.insert(traced, for: Key(tile: tile, interval: interval.interval, unit: interval.unit))
            cache.evict(downTo: Self.capacity)
        }
    }
}
