import Foundation
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapSQLite
@testable import MapTiles

/// A clock tests can move, in seconds since 1970.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double = 1_800_000_000
    var now: Double { lock.withLock { time } }
    func advance(_ seconds: Double) { lock.withLock { time += seconds } }
}

@Suite struct TileCacheTests {
    static let now = 1_800_000_000.0

    @Test func freshnessFollowsRFC9111() throws {
        func expiry(_ headers: [String: String]) -> Double? {
            Freshness.of(headers: headers, now: Self.now).map { $0.expires - Self.now }
        }
        #expect(expiry(["cache-control": "public, max-age=3600"]) == 3600)
        #expect(expiry(["cache-control": "max-age=3600", "age": "600"]) == 3000)
        #expect(expiry(["cache-control": "no-store, max-age=3600"]) == nil)
        #expect(expiry(["cache-control": "max-age=60", "expires": "Thu, 01 Jan 2099 00:00:00 GMT"]) == 60)
        #expect(expiry(["cache-control": "s-maxage=60, max-age=600"]) == 600)
        // Expires relative to the server's Date; an invalid one means already stale.
        #expect(expiry(["expires": "Sun, 06 Nov 1994 09:49:37 GMT", "date": "Sun, 06 Nov 1994 08:49:37 GMT"]) == 3600)
        #expect(expiry(["expires": "0"]) == 0)
        let noCache = try #require(
            Freshness.of(headers: ["cache-control": "no-cache", "etag": "\"a\""], now: Self.now))
        #expect(noCache.expires == Self.now && noCache.mustRevalidate && noCache.etag == "\"a\"")
        #expect(
            Freshness.of(headers: ["cache-control": "max-age=5, must-revalidate"], now: Self.now)?.mustRevalidate
                == true)
        // Heuristics: 10% of the age since Last-Modified (at most a week), else a day.
        #expect(
            expiry(["last-modified": "Sun, 06 Nov 1994 08:49:37 GMT", "date": "Wed, 16 Nov 1994 08:49:37 GMT"])
                == 86_400)
        #expect(expiry([:]) == 86_400)
    }

    @Test func parsesHTTPDates() {
        // RFC 9110 §5.6.7's example in its three forms.
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        #expect(HTTPDate.parse("yesterday") == nil)
        #expect(HTTPDate.parse("0") == nil)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(
            TileCache.defaultPath(environment: ["XDG_CACHE_HOME": "/var/cache/u", "HOME": "/home/u"])
                == "/var/cache/u/maprender/tiles.sqlite")
        // A relative XDG_CACHE_HOME is invalid and ignored (XDG Base Directory spec).
        #expect(
            TileCache.defaultPath(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"])
                == "/home/u/.cache/maprender/tiles.sqlite")
    }

    static func entry(_ size: Int, expires: Double = now + 3600) -> TileCache.Entry {
        TileCache.Entry(
            data: [UInt8](repeating: 7, count: size), expires: expires, mustRevalidate: false, etag: "\"e\"",
            lastModified: nil)
    }

    @Test func storesAndEvictsTheLeastRecentlyUsed() throws {
        let path = temporaryPath("cache/dir/tiles.sqlite")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let clock = TestClock()
        let cache = TileCache(path: path, sizeLimit: 1000, now: { clock.now })
        cache.record(stored: ["a": Self.entry(400)], revalidated: [:], used: [])
        clock.advance(1)
        cache.record(stored: ["b": Self.entry(400)], revalidated: [:], used: [])
        clock.advance(1)
        cache.record(stored: [:], revalidated: [:], used: ["a"])  // a is now more recent than b
        clock.advance(1)
        cache.record(stored: ["c": Self.entry(400)], revalidated: [:], used: [])
        let kept = cache.entries(for: ["a", "b", "c"])
        #expect(Set(kept.keys) == ["a", "c"])
        #expect(kept["a"]?.data == Self.entry(400).data && kept["a"]?.etag == Self.entry(400).etag)
        #expect(kept["a"]?.lastAccess == Self.now + 2, "the use at +2 s was recorded")
        #expect(cache.usage().bytes <= 1000 && cache.usage().tiles == 2)
        // A tile larger than the whole cache is not stored.
        cache.record(stored: ["huge": Self.entry(5000)], revalidated: [:], used: [])
        #expect(cache.entries(for: ["huge"]).isEmpty)
        // Revalidation moves the expiry and keeps the bytes.
        let later = Freshness(expires: Self.now + 99_999, mustRevalidate: true, etag: "\"f\"", lastModified: nil)
        cache.record(stored: [:], revalidated: ["a": later], used: ["a"])
        let revalidated = try #require(cache.entries(for: ["a"])["a"])
        #expect(revalidated.expires == later.expires && revalidated.etag == "\"f\"" && revalidated.mustRevalidate)
        #expect(revalidated.data.count == 400)
        #expect(cache.problem == nil)
    }

    @Test func movesACorruptFileAsideAndStartsAfresh() throws {
        let path = temporaryPath("corrupt.sqlite")
        defer {
            for suffix in ["", ".corrupt", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        _ = FileManager.default.createFile(atPath: path, contents: garbage)
        let cache = TileCache(path: path)
        #expect(cache.entries(for: ["x"]).isEmpty)
        cache.record(stored: ["x": Self.entry(10)], revalidated: [:], used: [])
        #expect(cache.entries(for: ["x"]).count == 1)
        #expect(cache.problem == nil)
        #expect(FileManager.default.contents(atPath: path + ".corrupt") == garbage)
    }

    @Test func neverTouchesAnotherProgramsDatabase() throws {
        let path = temporaryPath("favorites.sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("CREATE TABLE places (name TEXT)")
        let before = FileManager.default.contents(atPath: path)
        let cache = TileCache(path: path)
        cache.record(stored: ["x": Self.entry(10)], revalidated: [:], used: [])
        #expect(cache.entries(for: ["x"]).isEmpty)
        #expect(cache.problem?.contains("another program's SQLite database") == true)
        #expect(FileManager.default.contents(atPath: path) == before)
    }
}
