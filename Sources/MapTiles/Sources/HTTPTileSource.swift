import Dispatch
import Foundation
public import MapDrawing
import MapErrors
import MapFormats
public import MapGeometry
public import MapRenderCore

/// Raster tiles from a tile server, by URL template, through a persistent cache.
///
/// Behaves the way tile servers ask clients to (OSM tile usage policy,
/// https://operations.osmfoundation.org/policies/tiles/): an identifying User-Agent, at most
/// 2 connections per host, caching by the response headers (RFC 9111) in a persistent
/// `TileCache`, fresh tiles served without a request, stale ones revalidated with
/// `If-None-Match`/`If-Modified-Since` (RFC 9111 §4.3.1). Retries with exponential backoff
/// after 5xx answers and timeouts, none after 4xx. When the server fails, a stale cached tile
/// is served unless it was marked `must-revalidate` or `no-cache` (RFC 9111 §4.2.4).
/// A request the host policy refuses (a redirect to a refused host) fails its tile with a
/// `TileFailure.refusal`, which fails the map rather than leaving a gap.
///
/// `tiles(_:highResolution:)` blocks its caller until every tile is in or the overall
/// deadline (`HTTPTileOptions.deadline`) has passed. It never needs Swift concurrency's
/// cooperative pool or Dispatch's global queues (downloads run on threads of their own, see
/// `FetchBatch`), so calling it from a task or from a global queue cannot deadlock.
public struct HTTPTileSource: RasterTileSource {
    /// The URL template.
    public let template: TileTemplate
    public let attribution: [String]
    public let zoomRange: ClosedRange<Int>
    public let tileSize: Int
    /// Whether the template has `{r}`, so `@2x` tiles can be fetched for `--scale 2`.
    public var hasHighResolutionTiles: Bool { template.hasHighResolutionPlaceholder }
    public let isImagery: Bool
    /// How requests are made and cached.
    public let options: HTTPTileOptions
    /// The cache, or `nil` when `options.usesCache` is off.
    public let cache: TileCache?
    /// Connections and per-host limits, shared by every fetch of this source (and its copies).
    let session: SessionBox

    /// A source for a URL template.
    ///
    /// - Parameters:
    ///   - template: the parsed URL template.
    ///   - attribution: the credits the provider asks for.
    ///   - zoomRange: the zooms the server has.
    ///   - tileSize: 256, or 512 for tiles addressed one zoom lower.
    ///   - isImagery: whether the tiles are imagery.
    ///   - options: user agent, timeouts, retries, cache.
    public init(
        template: TileTemplate, attribution: [String] = [], zoomRange: ClosedRange<Int> = 0...19,
        tileSize: Int = 256, isImagery: Bool = false, options: HTTPTileOptions = HTTPTileOptions()
    ) {
        self.template = template
        self.attribution = attribution
        self.zoomRange = zoomRange
        self.tileSize = tileSize == 512 ? 512 : 256
        self.isImagery = isImagery
        self.options = options
        cache =
            options.usesCache
            ? TileCache(path: options.cachePath ?? TileCache.defaultPath(), sizeLimit: options.cacheSizeLimit) : nil
        session = SessionBox()
    }

    /// A source for a preset provider (`osm`, `opentopomap`, `esri-imagery`).
    public init(preset: TilePreset, options: HTTPTileOptions = HTTPTileOptions()) {
        // Presets are constants of this module, known to parse.
        let template = (try? TileTemplate(preset.template))!
        self.init(
            template: template, attribution: preset.attribution, zoomRange: preset.zoomRange,
            isImagery: preset.isImagery, options: options)
    }

    /// The source for the preset with this name, or `nil` when there is none.
    public static func preset(named name: String, options: HTTPTileOptions = HTTPTileOptions()) -> HTTPTileSource? {
        TilePreset.preset(named: name).map { HTTPTileSource(preset: $0, options: options) }
    }

    // MARK: Fetching

    public func tiles(_ paths: [TilePath], highResolution: Bool) -> [TilePath: Result<EncodedImage, TileFailure>] {
        fetch(paths, highResolution: highResolution) { bytes throws(MapError) in
            do throws(ImageRejection) {
                return try EncodedImage(validating: bytes)
            } catch {
                throw MapError(.invalidData, error.reason)
            }
        }
    }

    /// The tiles at `paths`, each made from its bytes by `decode` (whose error message is
    /// the failure's reason): `tiles(_:highResolution:)` for any kind of tile, through the
    /// same cache, limits and retries.
    package func fetch<Tile>(
        _ paths: [TilePath], highResolution: Bool, decode: ([UInt8]) throws(MapError) -> Tile
    ) -> [TilePath: Result<Tile, TileFailure>] {
        var results: [TilePath: Result<Tile, TileFailure>] = [:]
        var pathsByURL: [String: [TilePath]] = [:]
        for tile in Set(paths) {
            guard (0...30).contains(tile.z), (0..<tile.tilesPerSide).contains(tile.x),
                (0..<tile.tilesPerSide).contains(tile.y)
            else {
                results[tile] = .failure(TileFailure(tile: tile, reason: "not a tile of the world"))
                continue
            }
            let url = template.url(for: tile, highResolution: highResolution && hasHighResolutionTiles)
            pathsByURL[url, default: []].append(tile)
        }
        func succeed(_ url: String, _ image: Tile) {
            for tile in pathsByURL[url] ?? [] { results[tile] = .success(image) }
        }
        func fail(_ url: String, _ reason: String, refusal: MapError? = nil) {
            for tile in pathsByURL[url] ?? [] {
                results[tile] = .failure(TileFailure(tile: tile, reason: reason, refusal: refusal))
            }
        }

        // 1. The cache: fresh tiles (any cached tile when offline) are served from it.
        let now = cache?.now() ?? Date().timeIntervalSince1970
        let cached = cache?.entries(for: Array(pathsByURL.keys)) ?? [:]
        var used: [String] = []
        var jobs: [FetchBatch.Job] = []
        var stale: [String: (image: Tile, entry: TileCache.Entry)] = [:]
        for url in pathsByURL.keys.sorted() {
            if let entry = cached[url], let image = try? decode(entry.data) {
                if options.offline || entry.expires > now {
                    succeed(url, image)
                    if entry.lastAccess < now - TileCache.accessResolution { used.append(url) }
                    continue
                }
                stale[url] = (image, entry)
            }
            if options.offline {
                fail(url, "not in the tile cache (offline)")
            } else if let parsed = URL(string: url) {
                let entry = stale[url]?.entry
                jobs.append(FetchBatch.Job(key: url, url: parsed, etag: entry?.etag, lastModified: entry?.lastModified))
            } else {
                fail(url, "invalid URL \(url)")
            }
        }

        // 2. The network, for the rest.
        var stored: [String: TileCache.Entry] = [:]
        var revalidated: [String: Freshness] = [:]
        let outcomes = jobs.isEmpty ? [] : FetchBatch(jobs: jobs, session: session, options: options).run()
        for (job, outcome) in zip(jobs, outcomes) {
            let url = job.key
            let fallback = stale[url].flatMap { $0.entry.mustRevalidate ? nil : $0.image }
            switch outcome {
            case .fetched(let bytes, let headers):
                do {
                    let image = try decode(bytes)
                    succeed(url, image)
                    if let freshness = Freshness.of(headers: headers, now: cache?.now() ?? now) {
                        stored[url] = TileCache.Entry(
                            data: bytes, expires: freshness.expires, mustRevalidate: freshness.mustRevalidate,
                            etag: freshness.etag, lastModified: freshness.lastModified)
                    }
                } catch {
                    fail(url, error.message)
                }
            case .notModified(let headers):
                if let image = stale[url]?.image {
                    succeed(url, image)
                    used.append(url)
                    revalidated[url] = Freshness.of(headers: headers, now: cache?.now() ?? now)
                } else {
                    fail(url, "HTTP 304 for a tile not in the cache")
                }
            case .refused(let reason):
                // No stale copy instead: what the policy refuses now fails the map, as the
                // template's own host would (the request named the host; the tile is the place).
                let refusal = MapError(.invalidData, reason, at: InputLocation(file: url), remedy: HostPolicy.remedy)
                fail(url, reason, refusal: refusal)
            case .failed(let reason):
                if let fallback {
                    succeed(url, fallback)
                    used.append(url)
                } else {
                    fail(url, reason)
                }
            }
        }
        cache?.record(stored: stored, revalidated: revalidated, used: used)
        return results
    }
}

/// What the copies of a source share: idle connections to reuse (keep-alive), and the
/// count of requests in flight per host, which never exceeds `FetchBatch.connectionsPerHost`
/// however many threads fetch through the source at once.
final class SessionBox: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by condition:
    private var idle: [HTTPConnection] = []
    private var inFlight: [String: Int] = [:]

    /// A connection to use on one thread, then give back with `recycle`.
    func connection() -> HTTPConnection {
        condition.withLock { idle.popLast() } ?? HTTPConnection()
    }

    func recycle(_ connection: HTTPConnection) {
        condition.withLock { idle.append(connection) }
    }

    /// Waits until fewer than `FetchBatch.connectionsPerHost` requests to `host` are in
    /// flight, then counts one more; `false` when `deadline` came first.
    func acquire(_ host: String, before deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while inFlight[host, default: 0] >= FetchBatch.connectionsPerHost {
            guard condition.wait(until: deadline) else { return false }
        }
        inFlight[host, default: 0] += 1
        return true
    }

    func release(_ host: String) {
        condition.withLock { inFlight[host, default: 1] -= 1 }
        condition.broadcast()
    }
}

/// One round of downloads: every job run, at most `connectionsPerHost` at once per host,
/// retried after 5xx answers and timeouts with exponential backoff, until all are done or
/// the deadline passes. Used once, from one `tiles(_:highResolution:)` call.
///
/// Each host gets up to `connectionsPerHost` threads of the batch's own, each taking the
/// host's next job and making blocking requests on a reused connection: nothing waits on
/// Swift concurrency's cooperative pool or Dispatch's global queues, so callers blocking
/// those cannot stall it.
final class FetchBatch: @unchecked Sendable {
    /// At most 2 requests in flight per host (OSM tile usage policy).
    static let connectionsPerHost = 2
    /// The largest tile body accepted, in bytes; a larger answer is refused without being
    /// kept in memory (a 4096×4096 PNG tile is a few MiB).
    static let maxTileBytes = 32 << 20

    /// One download.
    struct Job: Sendable {
        /// The URL as the template wrote it (the cache key).
        var key: String
        var url: URL
        /// Validators of a stale cached copy, for a conditional request.
        var etag: String?
        var lastModified: String?
        var host: String { url.host ?? "" }
    }

    /// How a job ended.
    enum Outcome: Sendable {
        /// A 2xx answer: the body and the headers (names lowercased).
        case fetched([UInt8], headers: [String: String])
        /// 304 Not Modified: the cached copy is still good; the headers update its freshness.
        case notModified(headers: [String: String])
        /// The host policy refused the request or one of its redirects; the reason names
        /// the host and ends in "; refused".
        case refused(String)
        /// Anything else, in a few words.
        case failed(String)
    }

    private let jobs: [Job]
    private let session: SessionBox
    private let options: HTTPTileOptions
    private let deadline: Date
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Guarded by lock:
    private var waiting: [String: [Int]] = [:]
    private var deadHosts: [String: String] = [:]
    private var outcomes: [Int: Outcome] = [:]
    private var closed = false

    init(jobs: [Job], session: SessionBox, options: HTTPTileOptions) {
        self.jobs = jobs
        self.session = session
        self.options = options
        deadline = Date(timeIntervalSinceNow: max(0, options.deadline))
    }

    /// Runs every job and returns their outcomes, in order. Returns by the deadline at the
    /// latest: jobs unfinished then fail (their threads end within one request's timeout).
    func run() -> [Outcome] {
        if case .failure(let failure) = HTTPConnection.availability() {
            return jobs.map { _ in .failed(failure.reason) }
        }
        for (index, job) in jobs.enumerated() { waiting[job.host, default: []].append(index) }
        let workers = waiting.map { host, indices in (host, min(indices.count, FetchBatch.connectionsPerHost)) }
        for (host, count) in workers {
            for _ in 0..<count { Thread.detachNewThread { self.work(on: host) } }
        }
        if finished.wait(wallTimeout: .now() + max(0, options.deadline)) == .timedOut {
            lock.withLock {
                closed = true
                for index in jobs.indices where outcomes[index] == nil { outcomes[index] = overdue }
            }
        }
        return lock.withLock { jobs.indices.map { outcomes[$0] ?? .failed("not fetched") } }
    }

    /// One worker: the host's jobs one after another, until none is left or the batch is
    /// over. Jobs of a host found dead (timing out or refusing connections) fail at once.
    private func work(on host: String) {
        let connection = session.connection()
        defer { session.recycle(connection) }
        while let index = next(on: host) {
            let (outcome, dead) = fetch(jobs[index], on: connection)
            lock.withLock {
                if let dead { deadHosts[host] = dead }
                settle(index, outcome)
            }
        }
    }

    /// The host's next job, or `nil` when there is none or the batch is over.
    private func next(on host: String) -> Int? {
        lock.withLock {
            while !closed, let index = waiting[host]?.first {
                waiting[host]?.removeFirst()
                guard let reason = deadHosts[host] else { return index }
                settle(index, .failed("skipped: \(host) \(reason)"))
            }
            return nil
        }
    }

    /// The outcome of every job still unanswered when the deadline passes.
    private var overdue: Outcome { .failed("no answer within the deadline of \(seconds(options.deadline))") }

    /// A job's attempts: the outcome, and why the host is dead if it seems to be.
    private func fetch(_ job: Job, on connection: HTTPConnection) -> (Outcome, deadHost: String?) {
        var headers = [
            (name: "User-Agent", value: options.userAgent),
            (name: "Accept", value: "image/png,image/jpeg;q=0.9,*/*;q=0.1"),
        ]
        if let etag = job.etag { headers.append((name: "If-None-Match", value: etag)) }
        if let date = job.lastModified { headers.append((name: "If-Modified-Since", value: date)) }
        var number = 0
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, session.acquire(job.host, before: deadline) else { return (overdue, nil) }
            // Never past the batch's deadline: the answer would be dropped anyway.
            let answer = connection.get(
                job.url.absoluteString, headers: headers, timeout: min(options.timeout, remaining),
                maxBodyBytes: FetchBatch.maxTileBytes, policy: options.hostPolicy)
            session.release(job.host)
            let retry: String
            switch answer {
            case .success(let response):
                switch response.status {
                case 204: return (.failed("HTTP 204 (no tile)"), nil)
                case 200..<300: return (.fetched(response.body, headers: response.headers), nil)
                case 304: return (.notModified(headers: response.headers), nil)
                case 500..<600: retry = "HTTP \(response.status)"
                default: return (.failed("HTTP \(response.status)"), nil)  // 4xx: no retry
                }
            case .failure(.timedOut):
                // Cut short by the batch's deadline, not by the request's own timeout.
                guard deadline.timeIntervalSinceNow > 0 else { return (overdue, nil) }
                retry = "timed out after \(seconds(options.timeout))"
            case .failure(.connectionLost): retry = "connection to \(job.host) lost"
            case .failure(.cannotConnect): return (.failed("cannot connect to \(job.host)"), "refused the connection")
            case .failure(.cannotResolveHost): return (.failed("cannot find host \(job.host)"), "is unknown")
            case .failure(.tls): return (.failed("TLS connection to \(job.host) failed"), nil)
            // Not a dead host: a redirect may be what was refused, and only for this tile.
            case .failure(.refused(let reason)): return (.refused(reason), nil)
            case .failure(let failure): return (.failed(failure.reason), nil)
            }
            guard number < options.maxRetries else {
                let reason = number > 0 ? "\(retry) (\(number + 1) attempts)" : retry
                return (.failed(reason), retry.hasPrefix("timed out") ? "is not answering (\(retry))" : nil)
            }
            // Exponential backoff: base, 2 × base, 4 × base…
            let delay = options.retryBaseDelay * Double(1 << min(number, 16))
            Thread.sleep(forTimeInterval: max(0, min(delay, deadline.timeIntervalSinceNow)))
            number += 1
        }
    }

    /// Records an outcome once (a late answer after the deadline is dropped). Call locked.
    private func settle(_ index: Int, _ outcome: Outcome) {
        guard !closed, outcomes[index] == nil else { return }
        outcomes[index] = outcome
        if outcomes.count == jobs.count { finished.signal() }
    }
}

/// "10 s", "0.5 s".
private func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
}
