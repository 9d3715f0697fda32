import Foundation
public import MapDrawing
public import MapErrors
import MapFormats
public import MapGeometry
import MapPMTiles
public import MapRenderCore

/// Raster basemap tiles (PNG or JPEG) from a local PMTiles v3 archive: `--basemap
/// FILE.pmtiles`. Vector archives (MVT) are drawn as street maps through
/// `PMTilesVectorArchive`, never by this source.
public struct PMTilesSource: RasterTileSource {
    /// The archive.
    public let archive: PMTilesArchive
    public let attribution: [String]
    public let zoomRange: ClosedRange<Int>
    public let tileSize: Int
    public var hasHighResolutionTiles: Bool { false }
    public let isImagery: Bool

    /// Opens the archive at `path` and checks that its tiles are raster images.
    ///
    /// - Throws: `MapError` `.missingInput` when the file cannot be opened; `.invalidData`
    ///   when it is not a PMTiles v3 archive, is damaged, or holds tiles other than PNG or
    ///   JPEG (vector tiles, WebP, AVIF).
    public init(path: String, isImagery: Bool? = nil) throws(MapError) {
        let reader = try ConfinedArchive.reader(at: path)
        try self.init(reader: reader, isImagery: isImagery)
    }

    /// Opens the archive at an http(s) URL, read with range requests.
    ///
    /// - Throws: `MapError` `.unavailable` when the server cannot be reached, does not
    ///   answer range requests, or replaces the archive while it is read; `.invalidData` as
    ///   `init(path:isImagery:)`. Offline, `.unavailable` without a request.
    public init(url: String, options: HTTPTileOptions, isImagery: Bool? = nil) throws(MapError) {
        guard !options.offline else {
            throw MapError(
                .unavailable, "offline: a PMTiles archive on a server cannot be read", at: InputLocation(file: url),
                remedy: "download the archive and give its path")
        }
        try self.init(
            reader: HTTPByteRangeReader(
                url: url, userAgent: options.userAgent, timeout: options.timeout, policy: options.hostPolicy),
            isImagery: isImagery)
    }

    /// Opens the archive `reader` reads and checks that its tiles are raster images.
    init(reader: any ByteRangeReader, isImagery: Bool?) throws(MapError) {
        let archive: PMTilesArchive
        do {
            archive = try PMTilesArchive(reader: reader)
        } catch {
            throw Self.mapError(error, at: InputLocation(file: reader.name))
        }
        try self.init(archive: archive, isImagery: isImagery)
    }

    /// Serves an open archive, checking that its tiles are raster images.
    public init(archive: PMTilesArchive, isImagery: Bool? = nil) throws(MapError) {
        let location = InputLocation(file: archive.reader.name)
        switch archive.header.tileType {
        case .png, .jpeg: break
        case .mvt:
            throw MapError(
                .invalidData, "holds vector tiles (MVT), not raster tiles", at: location,
                remedy: "open it as a vector archive (PMTilesVectorArchive)")
        case .webp, .avif, .unknown:
            throw MapError(
                .invalidData, "holds \(archive.header.tileType) tiles, which are not supported", at: location,
                remedy: "give a PMTiles archive of PNG or JPEG raster tiles")
        }
        self.archive = archive
        zoomRange = archive.header.zoomRange
        tileSize = 256
        self.isImagery = isImagery ?? (archive.header.tileType == .jpeg)
        attribution = Self.attribution(in: (try? archive.metadata()) ?? [])
    }

    /// The `MapError` of a reading failure: the archive's fault is invalid data, the
    /// server's (or the network's) unavailability.
    package static func mapError(_ error: PMTilesError, at location: InputLocation) -> MapError {
        switch error.kind {
        case .invalid where error.reason.hasSuffix(HostPolicy.refusalSuffix):
            MapError(.invalidData, error.reason, at: location, remedy: HostPolicy.remedy)
        case .invalid: MapError(.invalidData, error.reason, at: location, remedy: "give a PMTiles v3 archive")
        case .unavailable: MapError(.unavailable, error.reason, at: location)
        }
    }

    /// The `attribution` of the archive's JSON metadata, as plain text (it is often HTML).
    package static func attribution(in metadata: [UInt8]) -> [String] {
        guard let document = try? JSONDocument(parsing: metadata, fileName: "metadata"),
            let text = document.root["attribution"]?.string
        else { return [] }
        let plain = MBTilesSource.plainText(fromHTML: text)
        return plain.isEmpty ? [] : [plain]
    }

    public func tiles(_ paths: [TilePath], highResolution: Bool) -> [TilePath: Result<EncodedImage, TileFailure>] {
        var results: [TilePath: Result<EncodedImage, TileFailure>] = [:]
        for tile in paths where results[tile] == nil {
            results[tile] = fetch(tile)
        }
        return results
    }

    private func fetch(_ tile: TilePath) -> Result<EncodedImage, TileFailure> {
        let bytes: [UInt8]?
        do {
            bytes = try archive.tile(tile)
        } catch {
            return .failure(TileFailure(tile: tile, reason: "cannot read the PMTiles archive (\(error.reason))"))
        }
        guard let bytes else { return .failure(TileFailure(tile: tile, reason: "not in the PMTiles archive")) }
        do {
            return .success(try EncodedImage(validating: bytes))
        } catch {
            return .failure(TileFailure(tile: tile, reason: error.reason))
        }
    }
}
