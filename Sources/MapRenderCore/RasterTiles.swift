public import MapDrawing
public import MapErrors
public import MapGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a tile could not be drawn.
public struct TileFailure: Error, Hashable, Sendable {
    /// The tile.
    public var tile: TilePath
    /// What went wrong, in one line ("HTTP 404", "not a PNG or JPEG", "timed out").
    public var reason: String
    /// The error naming the host that fails the map when the host policy refused the request (a redirect), else `nil`.
    public var refusal: MapError?

    /// Creates a failure; `refusal` when the host policy refused the tile's request.
    public init(tile: TilePath, reason: String, refusal: MapError? = nil) {
        (self.tile, self.reason, self.refusal) = (tile, reason, refusal)
    }
}

extension TileFailure {
    /// Failures grouped by reason, in the order each reason first comes, with the tiles of
    /// each (sorted) and up to three of them named ("1/2/3, 1/2/4 and 5 more"): so that a
    /// dead server or a damaged archive gives a line per cause instead of a screenful.
    public static func grouped(_ failures: [TileFailure]) -> [(reason: String, tiles: [TilePath], named: String)] {
        var reasons: [String] = []
        var tilesByReason: [String: [TilePath]] = [:]
        for failure in failures {
            if tilesByReason[failure.reason] == nil { reasons.append(failure.reason) }
            tilesByReason[failure.reason, default: []].append(failure.tile)
        }
        return reasons.map { reason in
            let tiles = tilesByReason[reason]!.sorted { ($0.z, $0.y, $0.x) < ($1.z, $1.y, $1.x) }
            let named = tiles.prefix(3).map(\.description).joined(separator: ", ")
            return (reason, tiles, named + (tiles.count > 3 ? " and \(tiles.count - 3) more" : ""))
        }
    }

    /// One warning per distinct reason of missing raster tiles, naming up to three.
    public static func summaries(_ failures: [TileFailure]) -> [Diagnostic] {
        grouped(failures.sorted { ($0.tile.y, $0.tile.x) < ($1.tile.y, $1.tile.x) }).map { group in
            let subject =
                group.tiles.count == 1
                ? "tile \(group.named) missing" : "\(group.tiles.count) tiles missing (\(group.named))"
            return Diagnostic(.warning, "\(subject): \(group.reason); drawn in the background colour")
        }
    }
}

/// A source of raster basemap tiles in the XYZ scheme: an MBTiles file, a folder, an HTTP
/// server. Implemented in the data layer; the snapshotter asks it for the tiles a viewport
/// needs, all at once, so it can fetch them in parallel.
public protocol RasterTileSource: Sendable {
    /// Credits to show for this source.
    var attribution: [String] { get }
    /// The zooms the source has tiles for.
    var zoomRange: ClosedRange<Int> { get }
    /// The side of one tile in canvas points at scale 1: 256, or 512 for "retina" sets
    /// addressed like 256 ones one zoom lower.
    var tileSize: Int { get }
    /// Whether the source serves tiles at twice the pixel density (`{r}` = `@2x`).
    var hasHighResolutionTiles: Bool { get }
    /// Whether this is imagery (satellite), as opposed to a street map; decides what
    /// `hybrid` draws on top.
    var isImagery: Bool { get }

    /// The tiles at the given paths (x within [0, 2^z)); `highResolution` asks for the @2x
    /// variant. Every path gets a result: an image or a failure, never an abort.
    func tiles(_ paths: [TilePath], highResolution: Bool) -> [TilePath: Result<EncodedImage, TileFailure>]
}

/// The tiles fetched for one viewport, ready to draw.
public struct RasterTileSet: Sendable {
    /// The tiles as one grid of cells on the canvas of `viewport`; failed tiles leave the
    /// background.
    public func commands(in viewport: Viewport) -> [DrawCommand] { BasemapLayout.tileCommands(self, in: viewport) }

    /// The zoom the tiles were fetched at.
    public var zoom: Int
    /// Each tile path as placed on the canvas (x may run outside the world for world copies)
    /// with its image, or `nil` where the tile failed.
    public var tiles: [(path: TilePath, image: EncodedImage?)]
    /// What went wrong and what the map shows instead.
    public var diagnostics: [Diagnostic]
}

extension RasterTileSource {
    /// The tile zoom for a viewport zoom: tiles drawn 1:1 at a whole viewport zoom, 512-point
    /// tiles one level lower, clamped to what the source has.
    public func tileZoom(forViewportZoom zoom: Double) -> (zoom: Int, clamped: Bool) {
        let ideal = Int((zoom - log2(Double(tileSize) / 256)).rounded())
        let clampedZoom = min(max(ideal, zoomRange.lowerBound), zoomRange.upperBound)
        return (clampedZoom, clampedZoom != ideal)
    }

    /// Fetches every tile the viewport shows. Missing tiles become diagnostics (the gap shows
    /// the background colour); a refused one is thrown (`TileFailure.refusal`).
    public func tileSet(for viewport: Viewport, scale: Double) throws(MapError) -> RasterTileSet {
        let (zoom, clamped) = tileZoom(forViewportZoom: viewport.zoom)
        var diagnostics: [Diagnostic] = []
        if clamped, Double(zoom) < viewport.zoom - log2(Double(tileSize) / 256) - 0.5 {
            diagnostics.append(
                Diagnostic(
                    .info,
                    "the tile source goes up to zoom \(zoomRange.upperBound); its tiles are enlarged to zoom \(viewport.zoom.decimalString(places: 1))"
                ))
        }
        let paths = TilePath.covering(viewport.visibleMapRect, zoom: zoom)
        let wanted = Array(Set(paths.map(\.wrapped))).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        let fetched = tiles(wanted, highResolution: scale > 1 && hasHighResolutionTiles)
        var failures: [TileFailure] = []
        var tiles: [(path: TilePath, image: EncodedImage?)] = []
        for path in paths {
            let nothing = TileFailure(tile: path.wrapped, reason: "the source returned nothing")
            switch fetched[path.wrapped] ?? .failure(nothing) {
            case .success(let image): tiles.append((path, image))
            case .failure(let failure):
                if let refusal = failure.refusal { throw refusal }
                tiles.append((path, nil))
                if !failures.contains(failure) { failures.append(failure) }
            }
        }
        diagnostics += TileFailure.summaries(failures)
        return RasterTileSet(zoom: zoom, tiles: tiles, diagnostics: diagnostics)
    }
}
