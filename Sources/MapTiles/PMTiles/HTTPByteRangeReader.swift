import MapPMTiles
import Synchronization

/// Byte ranges of an archive on an HTTP server, one range request each (RFC 9110 §14):
/// `--basemap https://host/planet.pmtiles` reads the header, the directories a map needs
/// and its tiles, never the whole file.
///
/// The first answer's `ETag` is remembered and every later one must carry the same: an
/// archive replaced on the server while a map is read is an error, never a map mixing the
/// old file's directories with the new file's tiles.
public final class HTTPByteRangeReader: ByteRangeReader, Sendable {
    public let name: String
    /// The request headers every request sends (`User-Agent`).
    private let headers: [(name: String, value: String)]
    /// Seconds a request may take.
    private let timeout: Double
    /// The hosts requests may reach.
    private let policy: HostPolicy?
    /// One connection, reused; requests take turns.
    private let connection = Mutex(HTTPConnection())
    /// The archive's ETag, from the first answer that had one.
    private let entityTag = Mutex<String?>(nil)

    /// A reader of the archive at `url`; nothing is requested until the first read.
    /// - Parameter policy: the hosts the reader may reach; `nil`: any.
    public init(url: String, userAgent: String, timeout: Double, policy: HostPolicy? = nil) {
        self.policy = policy
        name = url
        headers = [("User-Agent", userAgent)]
        self.timeout = timeout
    }

    public func bytes(in range: Range<UInt64>) throws(PMTilesError) -> [UInt8] {
        guard range.byteCount > 0 else { return [] }
        let last = range.upperBound - 1
        let result = connection.withLock { connection in
            connection.get(
                name, headers: headers + [("Range", "bytes=\(range.lowerBound)-\(last)")], timeout: timeout,
                maxBodyBytes: Int(min(UInt64(Gzip.maximumOutput), range.byteCount)) + 1, policy: policy)
        }
        let response: HTTPResponse
        switch result {
        case .success(let answer): response = answer
        case .failure(.refused(let reason)): throw PMTilesError(reason, kind: .invalid)
        case .failure(let failure): throw PMTilesError(failure.reason, kind: .unavailable)
        }
        switch response.status {
        case 206: break
        case 200:
            throw PMTilesError(
                "the server does not answer range requests (HTTP 200 with the whole file for bytes"
                    + " \(range.lowerBound)-\(last)); serve the archive from a server that supports them",
                kind: .unavailable)
        case 416: return []  // asked past the end: what a short file gives
        default: throw PMTilesError("the server answered HTTP \(response.status)", kind: .unavailable)
        }
        if let tag = response.headers["etag"] {
            let known = entityTag.withLock { known in
                if known == nil { known = tag }
                return known
            }
            guard known == tag else {
                throw PMTilesError(
                    "the archive changed on the server while it was read (ETag \(known ?? "") then \(tag));"
                        + " render again", kind: .unavailable)
            }
        }
        guard UInt64(response.body.count) <= range.byteCount else {
            throw PMTilesError("the server answered more bytes than asked for", kind: .unavailable)
        }
        return response.body
    }
}
