import Foundation
public import MapErrors
public import MapGeometry
import MapPMTiles
import MapRenderCore
public import MapTiles
public import MapVectorLayout
public import MapVectorStyle
import MapVectorTiles

/// The tiles of a vector archive — a PMTiles archive (a file, or on a server read by range
/// requests) or an MBTiles file of `format: pbf` — for a style's vector source. A tile the
/// archive does not have is empty; one that cannot be read or decoded is a failure with a
/// one-line reason.
public final class ArchiveVectorTileProvider: VectorTileProvider, Sendable {
    /// The archive.
    public let archive: any VectorTileArchive
    public let attribution: [String]
    /// The archive's layers: its metadata's `vector_layers`, else those of one tile.
    public let layerNames: [String]
    /// What tells the archive's schema: its layers, its metadata's name and version, the
    /// property keys its metadata lists (or, with no `vector_layers`, the sampled tile has).
    public let schemaEvidence: VectorTileSchemaEvidence
    /// How many tiles are read at once: several for a server, one for a file.
    let parallelReads: Int
    /// The archive file as it was when opened, for a local archive; its decoded tiles are
    /// kept in `tileCache` under it.
    public let fileIdentity: FileIdentity?
    /// Where decoded tiles of a local archive are kept across the maps of the process.
    let tileCache: DecodedTileCache?

    public var name: String { archive.name }
    public var zoomRange: ClosedRange<Int> { archive.zoomRange }

    /// A provider of `archive`'s tiles with the credits and layers its metadata gives.
    ///
    /// - Parameters:
    ///   - fileIdentity: the archive's file as opened, for a local archive: its decoded
    ///     tiles are then kept in `tileCache` (a file changed since is another key).
    ///   - tileCache: the decoded tiles kept across maps; `nil` decodes every tile asked for.
    public init(
        archive: any VectorTileArchive, facts: VectorArchiveFacts, sampleTile: TilePath?, parallelReads: Int = 1,
        fileIdentity: FileIdentity? = nil, tileCache: DecodedTileCache? = .shared
    ) {
        self.archive = archive
        self.fileIdentity = fileIdentity
        self.tileCache = fileIdentity == nil ? nil : tileCache
        var layers = facts.layerNames
        var sampleKeys: Set<String> = []
        if layers.isEmpty, let sampleTile, let sample = try? archive.vectorTile(sampleTile) {
            layers = sample.tile.layers.map(\.name)
            // A few features per layer show the property scheme (Protomaps v3's "pmap:kind").
            for layer in sample.tile.layers {
                for feature in layer.features.prefix(16) { sampleKeys.formUnion(feature.properties.keys) }
            }
        }
        layerNames = layers
        schemaEvidence = facts.schemaEvidence(layers: layers, sampleKeys: sampleKeys)
        attribution = facts.credits(evidence: schemaEvidence)
        self.parallelReads = max(1, parallelReads)
    }

    public func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
        let unique = Array(Set(paths))
        let results = ParallelWork.map(unique, workers: parallelReads) { tile in
            self.read(tile, layerNames: layerNames)
        }
        return Dictionary(uniqueKeysWithValues: zip(unique, results))
    }

    private func read(_ tile: TilePath, layerNames: Set<String>?) -> VectorTileResult {
        guard tile.z >= 0, tile.z <= 30, (0..<1 << tile.z).contains(tile.x), (0..<1 << tile.z).contains(tile.y) else {
            return .empty
        }
        let key = fileIdentity.map { DecodedTileCache.Key(archive: $0, tile: tile, layerNames: layerNames) }
        if let key, let kept = tileCache?.tile(for: key) { return .tile(kept.tile, diagnostics: kept.diagnostics) }
        do {
            guard let decoded = try archive.vectorTile(tile, layerNames: layerNames) else { return .empty }
            if let key {
                tileCache?.store(
                    DecodedTileCache.Decoded(tile: decoded.tile, diagnostics: decoded.diagnostics), for: key)
            }
            return .tile(decoded.tile, diagnostics: decoded.diagnostics)
        } catch {
            return .failure(TileFailure(tile: tile, reason: Self.reason(error, tile: tile)))
        }
    }

    /// An error's message without the tile it names first (the failure names it).
    static func reason(_ error: MapError, tile: TilePath) -> String {
        let prefix = "tile \(tile): "
        return error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
    }
}

extension ArchiveVectorTileProvider {
    /// The provider of a local PMTiles archive whose tiles are MVT, or `nil` when they are
    /// raster tiles.
    ///
    /// - Throws: `MapError` `.missingInput` for a missing file; `.invalidData` for a file that
    ///   is not PMTiles v3 or is damaged.
    public static func pmtiles(path: String) throws(MapError) -> ArchiveVectorTileProvider? {
        // Taken before the file is opened: a file replaced in between is then seen as changed
        // by the next look, never kept under the identity of what it replaced.
        let identity = FileIdentity(path: path)
        let reader = try ConfinedArchive.reader(at: path)
        return try pmtiles(reader: reader, parallelReads: 1, fileIdentity: identity)
    }

    /// The provider of a PMTiles archive on a server, read with range requests through the
    /// tile cache (see `CachedRangeReader`), or `nil` when its tiles are raster tiles.
    ///
    /// - Throws: `MapError` `.unavailable` for a server that cannot be reached or answers no
    ///   range requests; `.invalidData` for an archive that is not PMTiles v3, or a host the
    ///   options' host policy refuses (before the cache is looked at).
    public static func pmtiles(url: String, options: HTTPTileOptions) throws(MapError) -> ArchiveVectorTileProvider? {
        try options.hostPolicy?.requirePermitted(url)
        return try pmtiles(reader: CachedRangeReader(url: url, options: options), parallelReads: 4)
    }

    static func pmtiles(
        reader: any ByteRangeReader, parallelReads: Int, fileIdentity: FileIdentity? = nil,
        cache: DecodedTileCache? = .shared
    ) throws(MapError) -> ArchiveVectorTileProvider? {
        let location = InputLocation(file: reader.name)
        let archive: PMTilesArchive
        do {
            archive = try PMTilesArchive(reader: reader)
        } catch {
            throw PMTilesSource.mapError(error, at: location)
        }
        guard archive.header.tileType == .mvt else { return nil }
        let facts = (try? archive.metadata()).map(VectorArchiveFacts.init(json:)) ?? VectorArchiveFacts()
        let bounds = archive.header.bounds
        let sample = TilePath(
            z: archive.header.zoomRange.lowerBound,
            mercatorLongitude: (bounds.west + bounds.east) / 2, latitude: (bounds.south + bounds.north) / 2)
        return ArchiveVectorTileProvider(
            archive: try PMTilesVectorArchive(archive), facts: facts, sampleTile: sample,
            parallelReads: parallelReads, fileIdentity: fileIdentity, tileCache: cache)
    }

    /// The provider of an MBTiles file of vector tiles (`format: pbf`), or `nil` when the
    /// file holds something else (the raster source reads those).
    ///
    /// - Throws: `MapError` as `MBTilesVectorArchive(path:)`.
    public static func mbtiles(path: String) throws(MapError) -> ArchiveVectorTileProvider? {
        let identity = FileIdentity(path: path)
        guard let facts = MBTilesFacts(path: path), facts.isVector else { return nil }
        return ArchiveVectorTileProvider(
            archive: try MBTilesVectorArchive(path: path), facts: VectorArchiveFacts(mbtilesMetadata: facts.metadata),
            sampleTile: facts.firstTile, fileIdentity: identity)
    }
}

extension TilePath {
    /// The tile of zoom `z` holding a coordinate (Web Mercator), clamped to the world.
    init(z: Int, mercatorLongitude longitude: Double, latitude: Double) {
        let side = Double(1 << z)
        let radians = min(max(latitude, -85.05), 85.05) * .pi / 180
        let x = (longitude + 180) / 360 * side
        let y = (1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * side
        let last = (1 << z) - 1
        self.init(z: z, x: min(max(Int(x), 0), last), y: min(max(Int(y), 0), last))
    }
}
