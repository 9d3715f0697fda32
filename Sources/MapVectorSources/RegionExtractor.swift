import Foundation
public import MapErrors
import MapPMTiles
public import MapTiles
import MapVectorLayout
import Synchronization

/// Copies a planned region out of a PMTiles archive into a new clustered archive: the
/// plan's byte ranges fetched (up to four at once from a server), spooled beside the
/// destination, then written in tile id order through `PMTilesWriter`, which stores each
/// distinct content once. Nothing is at the destination until the whole archive is.
public enum RegionExtractor {
    /// How far a run has come, for a progress bar.
    public struct Progress: Sendable {
        /// Tile bytes fetched so far.
        public var fetchedBytes: UInt64
        /// Tile bytes to fetch in all.
        public var totalBytes: UInt64
    }

    /// How many requests are in flight at once: what the protocol's users expect of a
    /// polite client (as browsers limit connections per host), and enough to hide latency.
    public static let connections = 4

    /// The reader of `source`: an `http://` or `https://` URL read with range requests
    /// through up to `connections` connections (never through the tile cache: a region is
    /// read once), or a local file.
    ///
    /// - Throws: `MapError` `.missingInput` for a file that does not exist, `.unavailable`
    ///   offline for a URL.
    public static func reader(for source: String, options: HTTPTileOptions) throws(MapError) -> any ByteRangeReader {
        let lowered = source.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            return try FileByteRangeReader.archive(at: source)
        }
        guard !options.offline else {
            throw MapError(
                .unavailable, "offline: a PMTiles archive on a server cannot be read", at: InputLocation(file: source),
                remedy: "download the archive and give its path")
        }
        var direct = options
        direct.usesCache = false
        return CachedRangeReader(url: source, options: direct)
    }

    /// Fetches the plan's tiles from `reader` and writes the new archive at `destination`.
    ///
    /// - Parameter progress: called (from any thread) as tile bytes come.
    /// - Throws: `MapError` `.unavailable` when the server fails, ignores ranges, changes
    ///   the archive or cuts an answer short; `.invalidData` for a damaged local file;
    ///   `.cannotCreate` or `.ioFailure` when writing fails. Nothing is left at the
    ///   destination.
    @discardableResult
    public static func extract(
        _ plan: ExtractPlan, from reader: any ByteRangeReader, to destination: String,
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) throws(MapError) -> PMTilesWriter.Summary {
        let writer = try PMTilesWriter(destination: destination)
        let spool = try SpoolFile(folder: folder(of: destination), owner: destination)
        let location = InputLocation(file: reader.name)
        let isLocal = reader is FileByteRangeReader
        let total = plan.bytesToFetch
        let fetched = Atomic<UInt64>(0)
        // Where each request's bytes start in the spool.
        var spooled: [UInt64] = []
        spooled.reserveCapacity(plan.requests.count)
        // A few requests per connection at a time, so memory holds only a batch.
        let batchSize = connections * 2
        for start in stride(from: 0, to: plan.requests.count, by: batchSize) {
            let batch = Array(plan.requests[start..<min(plan.requests.count, start + batchSize)])
            let answers = ParallelWork.map(batch, workers: connections) { range in
                let answer = Result { () throws(PMTilesError) -> [UInt8] in try reader.bytes(in: range) }
                if case .success(let bytes) = answer {
                    let done = fetched.add(UInt64(bytes.count), ordering: .relaxed).newValue
                    progress(Progress(fetchedBytes: done, totalBytes: total))
                }
                return answer
            }
            for (range, answer) in zip(batch, answers) {
                let bytes: [UInt8]
                switch answer {
                case .success(let value): bytes = value
                case .failure(let error):
                    // Which bytes failed, so that a cut-off answer reads as more than "connection lost".
                    var located = error
                    located.reason = "reading bytes \(range.lowerBound)-\(range.upperBound - 1): \(error.reason)"
                    throw PMTilesSource.mapError(located, at: location)
                }
                let expected = range.upperBound - range.lowerBound
                guard UInt64(bytes.count) == expected else {
                    let reason =
                        "tile data is cut short (bytes \(range.lowerBound)-\(range.upperBound - 1): \(bytes.count) of \(expected) came)"
                    throw isLocal
                        ? MapError(.invalidData, reason, at: location, remedy: "give a whole PMTiles v3 archive")
                        : MapError(.unavailable, reason, at: location, remedy: "try again later")
                }
                spooled.append(try spool.append(bytes))
            }
        }
        let base = plan.header.tileData.lowerBound
        for entry in plan.entries {
            // An empty tile is in no request (merging drops empty ranges).
            guard entry.length > 0 else {
                try writer.add(tileID: entry.tileID, runLength: entry.runLength, contents: [])
                continue
            }
            let start = base + entry.offset
            let index = ExtractPlan.firstRequest(in: plan.requests, holding: start..<start)
            let at = spooled[index] + (start - plan.requests[index].lowerBound)
            let contents = try spool.bytes(in: at..<(at + UInt64(entry.length)))
            try writer.add(tileID: entry.tileID, runLength: entry.runLength, contents: contents)
        }
        return try writer.finish(description(of: plan))
    }

    /// The new archive's description: the source's tiles and metadata, the region's bounds
    /// (within the source's) and center.
    static func description(of plan: ExtractPlan) -> PMTilesWriter.Description {
        let source = plan.header.bounds, region = plan.region
        let crosses = region.west > region.east
        let west = crosses ? region.west : max(region.west, source.west)
        let east = crosses ? region.east : min(region.east, source.east)
        let south = max(region.south, source.south), north = min(region.north, source.north)
        let valid = crosses || (west < east && south < north)
        let bounds = valid ? (west, south, east, north) : (region.west, region.south, region.east, region.north)
        var centerLongitude = (bounds.0 + bounds.2) / 2
        if crosses { centerLongitude = centerLongitude > 0 ? centerLongitude - 180 : centerLongitude + 180 }
        let compression: PMTilesHeader.Compression = plan.header.internalCompression == .none ? .none : .gzip
        let center = (
            min(max(plan.centerZoom, plan.zoomRange.lowerBound), plan.zoomRange.upperBound), centerLongitude,
            (bounds.1 + bounds.3) / 2
        )
        return PMTilesWriter.Description(
            tileType: plan.header.tileType, tileCompression: plan.header.tileCompression,
            internalCompression: compression,
            metadata: ExtractMetadata.updated(plan.metadata, bounds: bounds, center: center), zoomRange: plan.zoomRange,
            bounds: bounds, center: center)
    }

    /// The folder `path` is in.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
