import Dispatch
import Foundation
import MapGeometry
import MapRenderCore
import MapTestSupport
import Synchronization
import Testing

@testable import MapSQLite
@testable import MapTiles

// Against a real server on 127.0.0.1 (tile_server.py, started and stopped by each test).

@Suite(.enabled(if: TileServer.python != nil, "python3 is missing: the HTTP tile tests need it to run tile_server.py"))
struct HTTPTileSourceTests {
    static let tile = TilePath(z: 2, x: 1, y: 2)
    static func row(_ count: Int, z: Int = 4) -> [TilePath] { (0..<count).map { TilePath(z: z, x: $0, y: 3) } }

    @Test func fetchesTilesPolitely() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let source = HTTPTileSource(template: server.template("delay"), options: testOptions())
        let tiles = Self.row(8)
        let results = await fetch(source, tiles + [tiles[0]])
        #expect(results.count == 8)
        for tile in tiles {
            #expect(results[tile]?.image?.pixelWidth == 256, "\(tile): \(results[tile]?.reason ?? "")")
        }
        let stats = try await server.stats()
        #expect(stats.total == 8)
        #expect(Set(stats.userAgents) == ["maprender-tests/1.0 (+https://example.invalid/maprender)"])
        // OSM tile usage policy: at most 2 connections at once.
        #expect(stats.maxConnections <= 2 && stats.maxActiveRequests <= 2)
        #expect(stats.maxActiveRequests == 2, "the tiles are fetched in parallel")
    }

    @Test func fetchesRetinaTiles() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let source = HTTPTileSource(template: server.template("tiles", suffix: "{r}"), options: testOptions())
        #expect(source.hasHighResolutionTiles)
        #expect(await fetch(source, [Self.tile], highResolution: true)[Self.tile]?.image?.pixelWidth == 512)
        #expect(try await server.stats().requests.keys.sorted() == ["/tiles/2/1/2@2x.png"])
    }

    @Test func retriesServerErrorsButNotClientErrors() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let options = testOptions()
        let failing = await fetch(HTTPTileSource(template: server.template("500"), options: options), [Self.tile])
        #expect(failing[Self.tile]?.reason == "HTTP 500 (3 attempts)")
        let flaky = await fetch(HTTPTileSource(template: server.template("flaky"), options: options), [Self.tile])
        #expect(flaky[Self.tile]?.image != nil)
        let missing = await fetch(HTTPTileSource(template: server.template("404"), options: options), [Self.tile])
        #expect(missing[Self.tile]?.reason == "HTTP 404")
        let requests = try await server.stats().requests
        #expect(requests["/500/2/1/2.png"] == 3)
        #expect(requests["/flaky/2/1/2.png"] == 2)
        #expect(requests["/404/2/1/2.png"] == 1)
    }

    @Test func rejectsGarbageAndTruncatedBodies() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let garbage = await fetch(
            HTTPTileSource(template: server.template("garbage"), options: testOptions()), [Self.tile])
        #expect(garbage[Self.tile]?.reason == "not a PNG or JPEG image")
        let truncated = await fetch(
            HTTPTileSource(template: server.template("truncated"), options: testOptions()), [Self.tile])
        #expect(truncated[Self.tile]?.reason == "truncated PNG image")
    }

    @Test func redirectsAreFollowedOverHTTPOnlyAndBodiesAreCapped() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let moved = await fetch(HTTPTileSource(template: server.template("moved"), options: testOptions()), [Self.tile])
        #expect(moved[Self.tile]?.image?.pixelWidth == 256, "\(moved[Self.tile]?.reason ?? "")")
        let toFile = await fetch(
            HTTPTileSource(template: server.template("tofile"), options: testOptions()), [Self.tile])
        #expect(toFile[Self.tile]?.reason?.hasPrefix("bad redirect") == true, "\(toFile[Self.tile]?.reason ?? "")")
        let huge = await fetch(HTTPTileSource(template: server.template("huge"), options: testOptions()), [Self.tile])
        #expect(huge[Self.tile]?.reason == "answer larger than 32 MiB")
        let requests = try await server.stats().requests
        #expect(requests["/moved/2/1/2.png"] == 1 && requests["/tiles/2/1/2.png"] == 1)
        #expect(requests["/huge/2/1/2.png"] == 1, "a refused answer is not retried")
    }

    @Test func responseHeadersAreParsedAsRFC9110Fields() {
        let head =
            "HTTP/1.1 301 Moved\r\nLocation: /x\r\n\r\nHTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\n"
            + "cache-control: public\r\nETag:  \"v1\" \r\nX-Folded: a\r\n  b\r\nbroken line\r\n\r\n"
        // The client keeps only the final response's head; a leftover status line is skipped.
        let fields = HTTPConnection.fields(of: head)
        #expect(fields["cache-control"] == "max-age=60, public")
        #expect(fields["etag"] == "\"v1\"")
        #expect(fields["x-folded"] == "a b")
        #expect(fields["location"] == "/x")
        #expect(fields.count == 4)
    }

    @Test func timeoutsAreBounded() async throws {
        let server = try await TileServer.start(slowSeconds: 2)
        defer { server.stop() }
        let source = HTTPTileSource(
            template: server.template("slow"), options: testOptions(timeout: 0.5, maxRetries: 1))
        let (results, elapsed) = await timedFetch(source, [Self.tile])
        #expect(results[Self.tile]?.reason == "timed out after 0.5 s (2 attempts)")
        #expect(elapsed < 1.9, "two 0.5 s attempts and a 0.05 s pause took \(elapsed) s")
        #expect(try await server.stats().requests["/slow/2/1/2.png"] == 2)

        // A host that times out is given up on: the tiles queued behind fail at once.
        let quick = HTTPTileSource(template: server.template("slow"), options: testOptions(timeout: 0.5, maxRetries: 0))
        let many = Self.row(6)
        let (manyResults, manyElapsed) = await timedFetch(quick, many)
        #expect(manyElapsed < 1.9)
        let reasons = many.compactMap { manyResults[$0]?.reason }
        #expect(reasons.count == 6)
        #expect(reasons.filter { $0 == "timed out after 0.5 s" }.count == 2)
        #expect(reasons.filter { $0.hasPrefix("skipped: 127.0.0.1 is not answering") }.count == 4)
    }

    @Test func theDeadlineEndsTheWait() async throws {
        let server = try await TileServer.start(slowSeconds: 2)
        defer { server.stop() }
        let source = HTTPTileSource(template: server.template("slow"), options: testOptions(timeout: 5, deadline: 0.5))
        let (results, elapsed) = await timedFetch(source, [Self.tile])
        #expect(elapsed < 1.5)
        #expect(results[Self.tile]?.reason == "no answer within the deadline of 0.5 s")
    }

    @Test func callersBlockingDispatchWorkersDoNotStall() async throws {
        // Batch renders may call tiles() from every worker of Dispatch's global queues; the
        // retries must still run (they need no global-queue worker).
        let server = try await TileServer.start()
        defer { server.stop() }
        let source = HTTPTileSource(template: server.template("flaky"), options: testOptions())
        let seconds = try await offPool {
            let start = Date()
            let failures = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 8) { caller in
                let tile = TilePath(z: 5, x: caller, y: 7)
                if source.tiles([tile], highResolution: false)[tile]?.image == nil { failures.withLock { $0 += 1 } }
            }
            #expect(failures.withLock { $0 } == 0)
            return Date().timeIntervalSince(start)
        }
        #expect(seconds < 3, "8 callers, each with one retry after 0.05 s, took \(seconds) s")
        #expect(try await server.stats().total == 16)
    }

    @Test func refusedConnectionsFailFast() async throws {
        // Port 9 (discard) on the loopback interface: nothing listens there in a test box.
        let template = try TileTemplate("http://127.0.0.1:9/{z}/{x}/{y}.png")
        let results = await fetch(HTTPTileSource(template: template, options: testOptions()), Self.row(4))
        #expect(results.count == 4)
        #expect(results.values.allSatisfy { $0.reason?.contains("127.0.0.1") == true })
    }

    @Test func theCacheServesFreshTilesWithoutARequest() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("cache.sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        let first = await fetch(
            HTTPTileSource(template: server.template("tiles"), options: testOptions(cache: cache)), [Self.tile])
        // A second source (a later run) over the same cache file.
        let second = await fetch(
            HTTPTileSource(template: server.template("tiles"), options: testOptions(cache: cache)), [Self.tile])
        #expect(second[Self.tile]?.image == first[Self.tile]?.image)
        #expect(second[Self.tile]?.image != nil)
        #expect(try await server.stats().total == 1)

        // no-store is never cached; an Expires in the past is stale at once.
        for kind in ["nostore", "expires"] {
            let source = HTTPTileSource(template: server.template(kind), options: testOptions(cache: cache))
            _ = await fetch(source, [Self.tile])
            #expect(await fetch(source, [Self.tile])[Self.tile]?.image != nil)
            #expect(try await server.stats().requests["/\(kind)/2/1/2.png"] == 2)
        }
    }

    @Test func usesWithinTheHourWriteNothingToTheCache() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("access.sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        let url = server.template("tiles").url(for: Self.tile, highResolution: false)
        let source = HTTPTileSource(template: server.template("tiles"), options: testOptions(cache: cache))
        _ = await fetch(source, [Self.tile])
        let stored = try #require(source.cache?.entries(for: [url])[url]?.lastAccess)
        func lastAccessAfterAnotherRun() async -> Double? {
            let run = HTTPTileSource(template: server.template("tiles"), options: testOptions(cache: cache))
            #expect(await fetch(run, [Self.tile])[Self.tile]?.image != nil)
            return run.cache?.entries(for: [url])[url]?.lastAccess
        }
        #expect(await lastAccessAfterAnotherRun() == stored, "a use within the hour is not written")
        // Two hours later (moved back in the file), a use is recorded again.
        let database = try SQLiteDatabase(path: cache, mode: .readWrite)
        try database.execute("UPDATE tiles SET last_access = last_access - 7200")
        let later = try #require(await lastAccessAfterAnotherRun())
        #expect(abs(later - stored) < 60, "the use was recorded as now")
        #expect(try await server.stats().total == 1)
    }

    @Test func staleTilesAreRevalidated() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("etag.sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        let source = HTTPTileSource(template: server.template("etag"), options: testOptions(cache: cache))
        let first = await fetch(source, [Self.tile])
        let second = await fetch(source, [Self.tile])
        #expect(second[Self.tile]?.image == first[Self.tile]?.image && second[Self.tile]?.image != nil)
        let stats = try await server.stats()
        #expect(stats.total == 2 && stats.conditional == 1 && stats.notModified == 1)
    }

    @Test func aStaleTileIsBetterThanAnError() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("stale.sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        let source = HTTPTileSource(template: server.template("500"), options: testOptions(cache: cache, maxRetries: 0))
        let url = source.template.url(for: Self.tile, highResolution: false)
        let png = TestImages.png()
        let expired = TileCache.Entry(data: png, expires: 0, mustRevalidate: false, etag: nil, lastModified: nil)
        source.cache?.record(stored: [url: expired], revalidated: [:], used: [])
        #expect(await fetch(source, [Self.tile])[Self.tile]?.image?.data == png)
        #expect(try await server.stats().total == 1)
    }

    @Test func offlineModeNeverTouchesTheNetwork() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("offline.sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        let offline = HTTPTileSource(
            template: server.template("tiles"), options: testOptions(cache: cache, offline: true))
        #expect(await fetch(offline, [Self.tile])[Self.tile]?.reason == "not in the tile cache (offline)")
        #expect(try await server.stats().total == 0)

        _ = await fetch(
            HTTPTileSource(template: server.template("tiles"), options: testOptions(cache: cache)), [Self.tile])
        let results = await fetch(offline, [Self.tile, TilePath(z: 2, x: 0, y: 0)])
        #expect(results[Self.tile]?.image != nil)
        #expect(results[TilePath(z: 2, x: 0, y: 0)]?.reason == "not in the tile cache (offline)")
        #expect(try await server.stats().total == 1)
    }

    @Test func evictionKeepsTheCacheUnderItsCap() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let cache = temporaryPath("small.sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        let limit = 2_000  // each tile is about 760 bytes: two fit
        let source = HTTPTileSource(
            template: server.template("tiles"), options: testOptions(cache: cache, sizeLimit: limit))
        for batch in stride(from: 0, to: 6, by: 2) {
            let tiles = (batch..<batch + 2).map { TilePath(z: 3, x: $0, y: 1) }
            _ = await fetch(source, tiles)
            let usage = try #require(source.cache).usage()
            #expect(usage.bytes <= limit && usage.tiles <= 2)
        }
        let offline = HTTPTileSource(
            template: server.template("tiles"), options: testOptions(cache: cache, offline: true))
        let results = await fetch(offline, (0..<6).map { TilePath(z: 3, x: $0, y: 1) })
        #expect(results.values.filter { $0.image != nil }.count == 2)
        #expect(results[TilePath(z: 3, x: 5, y: 1)]?.image != nil)
    }
}
