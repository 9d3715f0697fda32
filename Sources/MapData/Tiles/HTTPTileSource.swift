import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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
///
/// `tiles(_:highResolution:)` blocks its caller until every tile is in or the overall
/// deadline (`HTTPTileOptions.deadline`) has passed. It never needs Swift concurrency's
/// cooperative pool or Dispatch's global queues (completion handlers run on URLSession's
/// own queue, timeouts and retries on a private serial queue), so calling it from a task or
/// from a global queue cannot deadlock.
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
    /// The session, shared by every fetch of this source (and its copies).
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
        cache = options.usesCache
            ? TileCache(path: options.cachePath ?? TileCache.defaultPath(), sizeLimit: options.cacheSizeLimit) : nil
        session = SessionBox(options: options)
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
        var results: [TilePath: Result<EncodedImage, TileFailure>] = [:]
        var pathsByURL: [String: [TilePath]] = [:]
        for tile in Set(paths) {
            guard (0...30).contains(tile.z), (0..<tile.tilesPerSide).contains(tile.x), (0..<tile.tilesPerSide).contains(tile.y) else {
                results[tile] = .failure(TileFailure(tile: tile, reason: "not a tile of the world"))
                continue
            }
            let url = template.url(for: tile, highResolution: highResolution && hasHighResolutionTiles)
            pathsByURL[url, default: []].append(tile)
        }
        func succeed(_ url: String, _ image: EncodedImage) {
            for tile in pathsByURL[url] ?? [] { results[tile] = .success(image) }
        }
        func fail(_ url: String, _ reason: String) {
            for tile in pathsByURL[url] ?? [] { results[tile] = .failure(TileFailure(tile: tile, reason: reason)) }
        }

        // 1. The cache: fresh tiles (any cached tile when offline) are served from it.
        let now = cache?.now() ?? Date().timeIntervalSince1970
        let cached = cache?.entries(for: Array(pathsByURL.keys)) ?? [:]
        var used: [String] = []
        var jobs: [FetchBatch.Job] = []
        var stale: [String: (image: EncodedImage, entry: TileCache.Entry)] = [:]
        for url in pathsByURL.keys.sorted() {
            if let entry = cached[url], let image = try? EncodedImage(validating: entry.data) {
                if options.offline || entry.expires > now {
                    succeed(url, image)
                    used.append(url)
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
        let outcomes = jobs.isEmpty ? [] : FetchBatch(jobs: jobs, session: session.session, options: options).run()
        for (job, outcome) in zip(jobs, outcomes) {
            let url = job.key
            let fallback = stale[url].flatMap { $0.entry.mustRevalidate ? nil : $0.image }
            switch outcome {
            case .fetched(let bytes, let headers):
                do {
                    let image = try EncodedImage(validating: bytes)
                    succeed(url, image)
                    if let freshness = Freshness.of(headers: headers, now: cache?.now() ?? now) {
                        stored[url] = TileCache.Entry(
                            data: bytes, expires: freshness.expires, mustRevalidate: freshness.mustRevalidate,
                            etag: freshness.etag, lastModified: freshness.lastModified)
                    }
                } catch {
                    fail(url, error.reason)
                }
            case .notModified(let headers):
                if let image = stale[url]?.image {
                    succeed(url, image)
                    used.append(url)
                    revalidated[url] = Freshness.of(headers: headers, now: cache?.now() ?? now)
                } else {
                    fail(url, "HTTP 304 for a tile not in the cache")
                }
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

/// Holds the URLSession of a source, and invalidates it when the last copy is gone.
final class SessionBox: @unchecked Sendable {
    let session: URLSession

    init(options: HTTPTileOptions) {
        let configuration = URLSessionConfiguration.ephemeral
        // OSM tile usage policy: at most 2 connections to a host; also enforced by FetchBatch.
        configuration.httpMaximumConnectionsPerHost = FetchBatch.connectionsPerHost
        configuration.timeoutIntervalForRequest = SessionBox.wholeSeconds(options.timeout)
        configuration.timeoutIntervalForResource = SessionBox.wholeSeconds(max(options.timeout * 3, options.timeout + 5))
        // The TileCache is the cache; URLSession's own would only hide the server's answers.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // Completion handlers run on a serial queue of the session's own, not on a global
        // queue's worker that blocked callers may all be holding.
        let delegateQueue = OperationQueue()
        delegateQueue.underlyingQueue = DispatchQueue(label: "maprender.tiles.session")
        delegateQueue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: nil, delegateQueue: delegateQueue)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// A timeout rounded up to whole seconds, at least 1 (see `FetchBatch.attempt`).
    static func wholeSeconds(_ seconds: Double) -> Double { max(1, seconds.rounded(.up)) }
}

/// One round of downloads: every job run, at most `connectionsPerHost` at once per host,
/// retried after 5xx answers and timeouts with exponential backoff, until all are done or
/// the deadline passes. Used once, from one `tiles(_:highResolution:)` call.
final class FetchBatch: @unchecked Sendable {
    /// At most 2 requests in flight per host (OSM tile usage policy).
    static let connectionsPerHost = 2

    /// Where timeouts and retries are scheduled: a serial queue of its own (an overcommit
    /// queue, so its timers run on time even when the callers block every worker of
    /// Dispatch's global queues, as a batch of renders on those queues would).
    static let timers = DispatchQueue(label: "maprender.tiles.timers")

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
        /// Anything else, in a few words.
        case failed(String)
    }

    private let jobs: [Job]
    private let session: URLSession
    private let options: HTTPTileOptions
    private let group = DispatchGroup()
    private let lock = NSLock()
    // Guarded by lock:
    private var waiting: [String: [Int]] = [:]
    private var running: [String: Int] = [:]
    private var deadHosts: [String: String] = [:]
    private var outcomes: [Int: Outcome] = [:]
    private var tasks: [Int: URLSessionDataTask] = [:]
    private var expired: Set<Int> = []
    private var closed = false

    init(jobs: [Job], session: URLSession, options: HTTPTileOptions) {
        self.jobs = jobs
        self.session = session
        self.options = options
    }

    /// Runs every job and returns their outcomes, in order. Returns by the deadline at the
    /// latest: jobs still running then are cancelled and fail.
    func run() -> [Outcome] {
        lock.withLock {
            for (index, job) in jobs.enumerated() {
                group.enter()
                waiting[job.host, default: []].append(index)
            }
        }
        for host in Set(jobs.map(\.host)) {
            for _ in 0..<FetchBatch.connectionsPerHost { startNext(on: host) }
        }
        if group.wait(timeout: .now() + max(0, options.deadline)) == .timedOut {
            let cancelled: [URLSessionDataTask] = lock.withLock {
                closed = true
                for index in jobs.indices where outcomes[index] == nil {
                    outcomes[index] = .failed("no answer within the deadline of \(seconds(options.deadline))")
                    group.leave()
                }
                defer { tasks = [:] }
                return Array(tasks.values)
            }
            for task in cancelled { task.cancel() }
        }
        return lock.withLock { jobs.indices.map { outcomes[$0] ?? .failed("not fetched") } }
    }

    /// Starts the next waiting job of a host if a connection is free; jobs of a host found
    /// dead (timing out or refusing connections) fail at once instead.
    private func startNext(on host: String) {
        let next: Int? = lock.withLock {
            while !closed, running[host, default: 0] < FetchBatch.connectionsPerHost,
                let index = waiting[host]?.first
            {
                waiting[host]?.removeFirst()
                if let reason = deadHosts[host] {
                    settle(index, .failed("skipped: \(host) \(reason)"))
                    continue
                }
                running[host, default: 0] += 1
                return index
            }
            return nil
        }
        if let next { attempt(next, number: 0) }
    }

    private func attempt(_ index: Int, number: Int) {
        let job = jobs[index]
        // swift-corelibs-foundation truncates timeoutInterval to whole seconds (0.5 s would
        // time out at once), so URLSession gets a rounded-up backstop and the timer below
        // enforces the real timeout of each attempt.
        var request = URLRequest(
            url: job.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: SessionBox.wholeSeconds(options.timeout))
        request.setValue(options.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("image/png,image/jpeg;q=0.9,*/*;q=0.1", forHTTPHeaderField: "Accept")
        if let etag = job.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = job.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        let task = session.dataTask(with: request) { data, response, error in
            self.handle(index, number: number, data: data, response: response, error: error)
        }
        let started: Bool = lock.withLock {
            guard !closed else { return false }
            tasks[index] = task
            return true
        }
        guard started else { return finish(index, .failed("cancelled")) }
        task.resume()
        FetchBatch.timers.asyncAfter(deadline: .now() + options.timeout) {
            let late: Bool = self.lock.withLock {
                guard self.tasks[index] === task else { return false }  // answered, or a later attempt
                self.expired.insert(index)
                return true
            }
            if late { task.cancel() }
        }
    }

    private func handle(_ index: Int, number: Int, data: Data?, response: URLResponse?, error: (any Error)?) {
        let host = jobs[index].host
        let timedOut: Bool = lock.withLock {
            tasks[index] = nil
            return expired.remove(index) != nil
        }
        var retry: String?
        var outcome = Outcome.failed("")
        var dead: String?
        if let error {
            let code = timedOut ? .timedOut : (error as? URLError)?.code
            switch code {
            case .timedOut?: retry = "timed out after \(seconds(options.timeout))"
            case .networkConnectionLost?: retry = "connection to \(host) lost"
            case .cancelled?: outcome = .failed("cancelled")
            case .cannotConnectToHost?: dead = "refused the connection"; outcome = .failed("cannot connect to \(host)")
            case .cannotFindHost?, .dnsLookupFailed?: dead = "is unknown"; outcome = .failed("cannot find host \(host)")
            case .notConnectedToInternet?: dead = "is unreachable"; outcome = .failed("no network connection")
            case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
                .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?:
                outcome = .failed("TLS connection to \(host) failed")
            default: outcome = .failed("network error (\(code.map { "URLError \($0.rawValue)" } ?? "\(error)"))")
            }
        } else if let response = response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for case let (name as String, value as String) in response.allHeaderFields { headers[name.lowercased()] = value }
            switch response.statusCode {
            case 204: outcome = .failed("HTTP 204 (no tile)")
            case 200..<300: outcome = .fetched(Array(data ?? Data()), headers: headers)
            case 304: outcome = .notModified(headers: headers)
            case 500..<600: retry = "HTTP \(response.statusCode)"
            default: outcome = .failed("HTTP \(response.statusCode)")  // 4xx: no retry
            }
        } else {
            outcome = .failed("no HTTP answer")
        }
        if let retry {
            if number < options.maxRetries {
                // Exponential backoff: base, 2 × base, 4 × base…
                let delay = options.retryBaseDelay * Double(1 << min(number, 16))
                FetchBatch.timers.asyncAfter(deadline: .now() + delay) { self.attempt(index, number: number + 1) }
                return
            }
            outcome = .failed(number > 0 ? "\(retry) (\(number + 1) attempts)" : retry)
            if retry.hasPrefix("timed out") { dead = "is not answering (\(retry))" }
        }
        finish(index, outcome, deadHost: dead)
    }

    private func finish(_ index: Int, _ outcome: Outcome, deadHost: String? = nil) {
        let host = jobs[index].host
        lock.withLock {
            settle(index, outcome)
            tasks[index] = nil
            running[host, default: 1] -= 1
            if let deadHost { deadHosts[host] = deadHost }
        }
        startNext(on: host)
    }

    /// Records an outcome once (a late answer after the deadline is dropped). Call locked.
    private func settle(_ index: Int, _ outcome: Outcome) {
        guard outcomes[index] == nil else { return }
        outcomes[index] = outcome
        group.leave()
    }
}

/// "10 s", "0.5 s".
fileprivate func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
}
