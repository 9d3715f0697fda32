import Foundation
import MapPMTiles
import MapTiles
import Synchronization

/// Byte ranges of a PMTiles archive on an HTTP server (RFC 9110 §14), read through the
/// tile cache and several connections at once, so a viewport's tiles come in parallel.
///
/// The first read of a run (the header) always asks the server, and its `ETag` names
/// the archive's version: every range is cached under the URL, that ETag and the range,
/// so the directories and tiles of a replaced archive are never mixed with the new header.
/// Every later answer must carry the same ETag; a change while a map is read is an error.
/// Without an ETag nothing is cached. Offline, the archive's last known version is read
/// from the cache alone.
final class CachedRangeReader: ByteRangeReader, Sendable {
    let name: String
    private let options: HTTPTileOptions
    private let cache: TileCache?
    /// Idle connections; a read takes one, or opens another.
    private let idle = Mutex<[HTTPConnection]>([])
    /// The archive's ETag, from the first answer; "" when the server sends none.
    private let version = Mutex<String?>(nil)

    /// How long cached ranges are kept: their key names the archive's version, so they
    /// never go stale, only out of use.
    private static let lifetime: Double = 365 * 86_400

    init(url: String, options: HTTPTileOptions) {
        name = url
        self.options = options
        cache =
            options.usesCache
            ? TileCache(path: options.cachePath ?? TileCache.defaultPath(), sizeLimit: options.cacheSizeLimit) : nil
    }

    /// The cache key of a range of one version of the archive.
    private func key(_ range: Range<UInt64>, version: String) -> String {
        "pmtiles:\(name)#\(version)#bytes=\(range.lowerBound)-\(range.upperBound - 1)"
    }

    /// The cache key of the archive's last known version.
    private var versionKey: String { "pmtiles:\(name)#version" }

    func bytes(in range: Range<UInt64>) throws(PMTilesError) -> [UInt8] {
        guard range.count > 0 else { return [] }
        var known = version.withLock { $0 }
        if known == nil, options.offline {
            guard let entry = cache?.entries(for: [versionKey])[versionKey] else {
                throw PMTilesError(
                    "offline, and the archive is not in the tile cache; render once online", kind: .unavailable)
            }
            known = String(decoding: entry.data, as: UTF8.self)
            version.withLock { $0 = known }
        }
        if let known, !known.isEmpty, let cache {
            let rangeKey = key(range, version: known)
            if let entry = cache.entries(for: [rangeKey])[rangeKey] {
                if entry.lastAccess < cache.now() - TileCache.accessResolution {
                    cache.record(stored: [:], revalidated: [:], used: [rangeKey])
                }
                return entry.data
            }
        }
        guard !options.offline else {
            throw PMTilesError("not in the tile cache (offline)", kind: .unavailable)
        }
        guard let (body, tag) = try fetch(range) else { return [] }
        let expected = version.withLock { current in
            if current == nil { current = tag ?? "" }
            return current!
        }
        guard expected == (tag ?? "") else {
            throw PMTilesError(
                "the archive changed on the server while it was read (ETag \(expected) then \(tag ?? "none"));"
                    + " render again", kind: .unavailable)
        }
        if let cache, let tag, !tag.isEmpty {
            let expires = cache.now() + Self.lifetime
            var stored = [key(range, version: tag): entry(body, expires, tag)]
            if known == nil { stored[versionKey] = entry(Array(tag.utf8), expires, tag) }
            cache.record(stored: stored, revalidated: [:], used: [])
        }
        return body
    }

    private func entry(_ data: [UInt8], _ expires: Double, _ tag: String) -> TileCache.Entry {
        TileCache.Entry(data: data, expires: expires, mustRevalidate: false, etag: tag, lastModified: nil)
    }

    /// One range request, retried after 5xx answers and timeouts: the body and the ETag, or
    /// `nil` for a range past the end of the archive.
    private func fetch(_ range: Range<UInt64>) throws(PMTilesError) -> ([UInt8], String?)? {
        let last = range.upperBound - 1
        let connection = idle.withLock { $0.popLast() } ?? HTTPConnection()
        defer { idle.withLock { $0.append(connection) } }
        let headers = [("User-Agent", options.userAgent), ("Range", "bytes=\(range.lowerBound)-\(last)")]
        var attempt = 0
        while true {
            let result = connection.get(
                name, headers: headers, timeout: options.timeout,
                maxBodyBytes: Int(min(UInt64(32 << 20), UInt64(range.count))) + 1, policy: options.hostPolicy)
            let retry: String
            switch result {
            case .success(let response):
                switch response.status {
                case 206:
                    guard response.body.count <= range.count else {
                        throw PMTilesError("the server answered more bytes than asked for", kind: .unavailable)
                    }
                    return (response.body, response.headers["etag"])
                case 200:
                    throw PMTilesError(
                        "the server does not answer range requests (HTTP 200 with the whole file for bytes"
                            + " \(range.lowerBound)-\(last)); serve the archive from a server that supports them",
                        kind: .unavailable)
                case 416: return nil  // past the end: what a short file gives
                case 500..<600: retry = "the server answered HTTP \(response.status)"
                default: throw PMTilesError("the server answered HTTP \(response.status)", kind: .unavailable)
                }
            case .failure(.timedOut): retry = "timed out"
            case .failure(.bodyTooLarge):
                // A range answer is never larger than the range: the whole file came.
                throw PMTilesError(
                    "the server does not answer range requests (more than bytes \(range.lowerBound)-\(last) came);"
                        + " serve the archive from a server that supports them", kind: .unavailable)
            case .failure(.refused(let reason)): throw PMTilesError(reason, kind: .invalid)
            case .failure(let failure): throw PMTilesError(failure.reason, kind: .unavailable)
            }
            guard attempt < options.maxRetries else { throw PMTilesError(retry, kind: .unavailable) }
            Thread.sleep(forTimeInterval: options.retryBaseDelay * Double(1 << min(attempt, 16)))
            attempt += 1
        }
    }
}
