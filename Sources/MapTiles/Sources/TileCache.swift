import Foundation
import MapErrors
import MapRenderCore
import MapSQLite

/// A persistent cache of downloaded tiles: an SQLite file keyed by URL, holding each tile's
/// bytes, when it goes stale (RFC 9111 §4.2), its validators (ETag, Last-Modified, for
/// revalidation, §4.3) and when it was last used. The total size is capped; the least
/// recently used tiles are evicted first, in the same transaction that stores new ones.
///
/// The cache is a help, never a failure: a file that is not an SQLite database or is damaged
/// is moved aside (to `PATH.corrupt`) and recreated; a cache that cannot be created at all is
/// switched off (`problem` says why) and tiles are fetched without it. A file at the path
/// that is some other SQLite database is never changed.
///
/// Thread-safe: one connection, used under a lock.
public final class TileCache: @unchecked Sendable {
    /// The cache file.
    public let path: String
    /// The most bytes of tile data kept.
    public let sizeLimit: Int
    /// The clock, in seconds since 1970 (tests move it).
    package let now: @Sendable () -> Double

    private let lock = NSLock()
    private var database: SQLiteDatabase?
    private var disabledReason: String?

    /// `PRAGMA application_id` of a maprender tile cache ("mrtc").
    static let applicationID: Int64 = 0x6D72_7463
    /// The default size limit, 256 MB.
    public static let defaultSizeLimit = 256 << 20

    /// The default cache file, following the XDG Base Directory specification:
    /// `$XDG_CACHE_HOME/maprender/tiles.sqlite` when that variable holds an absolute path,
    /// else `$HOME/.cache/maprender/tiles.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return cache + "/maprender/tiles.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/maprender/tiles.sqlite"
    }

    /// A cache at `path` holding at most `sizeLimit` bytes of tiles. Nothing is opened or
    /// created until the cache is first used.
    public convenience init(path: String, sizeLimit: Int = TileCache.defaultSizeLimit) {
        self.init(path: path, sizeLimit: sizeLimit, now: { Date().timeIntervalSince1970 })
    }

    init(path: String, sizeLimit: Int, now: @escaping @Sendable () -> Double) {
        self.path = path
        self.sizeLimit = max(0, sizeLimit)
        self.now = now
    }

    /// Why the cache is switched off, or `nil` while it works.
    public var problem: String? { lock.withLock { disabledReason } }

    // MARK: Entries

    /// One cached tile.
    package struct Entry: Hashable, Sendable {
        package var data: [UInt8]
        /// When it goes stale, in seconds since 1970.
        package var expires: Double
        /// Whether it must not be served stale (`must-revalidate`, `no-cache`).
        package var mustRevalidate: Bool
        package var etag: String?
        package var lastModified: String?
        /// When it was last used (or stored), in seconds since 1970.
        package var lastAccess: Double = 0

        package init(
            data: [UInt8], expires: Double, mustRevalidate: Bool, etag: String?, lastModified: String?,
            lastAccess: Double = 0
        ) {
            (self.data, self.expires, self.mustRevalidate) = (data, expires, mustRevalidate)
            (self.etag, self.lastModified, self.lastAccess) = (etag, lastModified, lastAccess)
        }
    }

    /// How stale a tile's last access may get before a use records it, in seconds. Least
    /// recently used eviction needs no finer clock, and maps drawn from tiles used within
    /// the hour write nothing to the cache at all (no transaction, no sync).
    package static let accessResolution: Double = 3600

    /// The cached tiles among `urls`, fresh or stale.
    package func entries(for urls: [String]) -> [String: Entry] {
        withDatabase { database in
            let statement = try database.prepare(
                "SELECT expires, must_revalidate, etag, last_modified, last_access, data FROM tiles WHERE url = ?1")
            var found: [String: Entry] = [:]
            for url in Set(urls) {
                try statement.reset()
                try statement.bind(.text(url), at: 1)
                guard try statement.step() else { continue }
                found[url] = Entry(
                    data: statement.blob(at: 5) ?? [], expires: statement.double(at: 0),
                    mustRevalidate: statement.int64(at: 1) != 0, etag: statement.text(at: 2),
                    lastModified: statement.text(at: 3), lastAccess: statement.double(at: 4))
            }
            return found
        } ?? [:]
    }

    /// Records one fetch's worth of changes in one transaction: new tiles stored (replacing
    /// old ones), revalidated tiles given a new expiry, every used tile's last access set to
    /// now; then the least recently used tiles evicted until the total fits `sizeLimit`.
    package func record(stored: [String: Entry], revalidated: [String: Freshness], used: [String]) {
        guard !stored.isEmpty || !revalidated.isEmpty || !used.isEmpty else { return }
        _ = withDatabase { database in
            let time = now()
            try database.inTransaction(.immediate) {
                let insert = try database.prepare(
                    """
                    INSERT OR REPLACE INTO tiles (url, size, expires, last_access, must_revalidate, etag, last_modified, data)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                    """)
                for (url, entry) in stored where entry.data.count <= sizeLimit {
                    try insert.reset()
                    try insert.bind([
                        .text(url), .integer(Int64(entry.data.count)), .real(entry.expires), .real(time),
                        .integer(entry.mustRevalidate ? 1 : 0), entry.etag.map(SQLiteValue.text) ?? .null,
                        entry.lastModified.map(SQLiteValue.text) ?? .null, .blob(entry.data),
                    ])
                    try insert.step()
                }
                for (url, freshness) in revalidated {
                    try database.execute(
                        """
                        UPDATE tiles SET expires = ?1, must_revalidate = ?2, etag = coalesce(?3, etag),
                          last_modified = coalesce(?4, last_modified) WHERE url = ?5
                        """,
                        [
                            .real(freshness.expires), .integer(freshness.mustRevalidate ? 1 : 0),
                            freshness.etag.map(SQLiteValue.text) ?? .null,
                            freshness.lastModified.map(SQLiteValue.text) ?? .null, .text(url),
                        ])
                }
                let touch = try database.prepare("UPDATE tiles SET last_access = ?1 WHERE url = ?2")
                for url in Set(used).subtracting(stored.keys) {
                    try touch.reset()
                    try touch.bind([.real(time), .text(url)])
                    try touch.step()
                }
                // Keep the most recently used tiles whose running total fits the limit.
                try database.execute(
                    """
                    DELETE FROM tiles WHERE url IN (
                      SELECT url FROM (SELECT url, SUM(size) OVER (ORDER BY last_access DESC, url) AS total FROM tiles)
                      WHERE total > ?1)
                    """, [.integer(Int64(sizeLimit))])
            }
            return true
        }
    }

    /// The bytes of tile data stored and the number of tiles.
    func usage() -> (bytes: Int, tiles: Int) {
        let rows = withDatabase { database in
            try database.query("SELECT coalesce(SUM(size), 0), COUNT(*) FROM tiles") {
                (bytes: Int($0.int64(at: 0)), tiles: Int($0.int64(at: 1)))
            }
        }
        return rows?.first ?? (0, 0)
    }

    // MARK: Opening, recovering

    /// Runs `body` with the open connection under the lock; `nil` when the cache is off or
    /// the body failed. A damaged file is moved aside, so the next use starts afresh.
    private func withDatabase<T>(_ body: (SQLiteDatabase) throws -> T) -> T? {
        lock.withLock {
            guard let database = connection() else { return nil }
            do {
                return try body(database)
            } catch let error as MapError where isDamage(error) {
                self.database = nil
                moveAside()
                return nil
            } catch {
                return nil
            }
        }
    }

    /// The open connection, opening (and if need be recreating) the file first.
    private func connection() -> SQLiteDatabase? {
        if let database { return database }
        guard disabledReason == nil else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            // XDG Base Directory spec: create missing folders with permissions 0700.
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        for attempt in 0..<2 {
            do {
                database = try open()
                return database
            } catch let error as MapError where isDamage(error) && attempt == 0 {
                moveAside()
            } catch {
                disabledReason = (error as? MapError)?.locatedMessage ?? "\(path): \(error)"
                return nil
            }
        }
        return nil
    }

    private func open() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        // The first read: a file that is not a database fails here (SQLITE_NOTADB, .invalidData).
        let id = try database.query("PRAGMA application_id") { $0.int64(at: 0) }.first ?? 0
        let tables = try database.tableNames()
        guard id == TileCache.applicationID || (id == 0 && tables.isEmpty) else {
            // Another program's database: never moved aside or changed.
            throw MapError(
                .unavailable, "is another program's SQLite database, not a maprender tile cache",
                at: InputLocation(file: path))
        }
        // An existing cache is only read here: setting the id or running CREATE … IF NOT
        // EXISTS would still write (and sync) the file at every start.
        let isNew = id == 0
        let journalMode = try database.query("PRAGMA journal_mode") { $0.text(at: 0) }.first ?? nil
        if isNew || journalMode != "wal" {
            _ = try database.query("PRAGMA journal_mode = WAL") { _ in () }
        }
        // In WAL mode NORMAL syncs at checkpoints, not at every commit: a power cut may lose
        // the last few last-access updates of a cache, never its integrity, and a batch of
        // maps no longer waits for one fsync per map (about 20 ms each on a shared VM).
        _ = try database.query("PRAGMA synchronous = NORMAL") { _ in () }
        guard isNew || !tables.contains("tiles") else { return database }
        try database.executeScript(
            """
            PRAGMA application_id = \(TileCache.applicationID);
            CREATE TABLE IF NOT EXISTS tiles (
              url TEXT PRIMARY KEY NOT NULL,
              size INTEGER NOT NULL,
              expires REAL NOT NULL,
              last_access REAL NOT NULL,
              must_revalidate INTEGER NOT NULL DEFAULT 0,
              etag TEXT,
              last_modified TEXT,
              data BLOB NOT NULL
            );
            CREATE INDEX IF NOT EXISTS tiles_by_last_access ON tiles (last_access);
            """)
        // Small columns come before the blob, so sizes and dates are read without touching
        // the blob's overflow pages.
        return database
    }

    /// Whether an error says the file is not a database or is damaged (SQLITE_NOTADB,
    /// SQLITE_CORRUPT, as the wrapper words them), as opposed to other `.invalidData` errors such
    /// as a rejected value, which must not cost the whole cache.
    private func isDamage(_ error: MapError) -> Bool {
        error.kind == .invalidData
            && (error.locatedMessage.hasPrefix("\(path): not a SQLite database")
                || error.locatedMessage.hasPrefix("\(path): damaged SQLite database"))
    }

    /// Renames a damaged cache file to `PATH.corrupt` (replacing an older one) and removes its
    /// WAL and shared-memory files.
    private func moveAside() {
        let files = FileManager.default
        try? files.removeItem(atPath: path + ".corrupt")
        try? files.moveItem(atPath: path, toPath: path + ".corrupt")
        for suffix in ["-wal", "-shm", "-journal"] { try? files.removeItem(atPath: path + suffix) }
    }
}

// MARK: - Freshness (RFC 9111)

/// How long a response stays fresh and how to revalidate it, from its headers.
package struct Freshness: Hashable, Sendable {
    /// When it goes stale, in seconds since 1970.
    package var expires: Double
    package var mustRevalidate: Bool
    package var etag: String?
    package var lastModified: String?

    /// The freshness of a response received at `now`, or `nil` when it must not be stored.
    ///
    /// RFC 9111: `no-store` forbids storing (§5.2.2.5); `max-age` wins over `Expires`
    /// (§5.2.2.1, §5.3), and an invalid `Expires` means already stale (§5.3); `s-maxage` is
    /// for shared caches and ignored here (§5.2.2.10); `no-cache` stores but revalidates every
    /// time (§5.2.2.4); the `Age` header is subtracted (§4.2.3). Without any of these, the
    /// heuristic of §4.2.2: 10% of the time since `Last-Modified`, at most a week, or
    /// `heuristicLifetime` when there is no `Last-Modified`.
    ///
    /// - Parameter headers: the response headers, names lowercased.
    package static func of(headers: [String: String], now: Double, heuristicLifetime: Double = 86_400) -> Freshness? {
        var directives: [String: String] = [:]
        for item in (headers["cache-control"] ?? "").split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pair.first?.lowercased(), !name.isEmpty else { continue }
            directives[name] = pair.count > 1 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
        }
        if directives["no-store"] != nil { return nil }
        let date = headers["date"].flatMap(HTTPDate.parse) ?? now
        let lifetime: Double
        if let maxAge = directives["max-age"] {
            lifetime = Double(maxAge).map { max(0, $0) } ?? 0
        } else if let expires = headers["expires"] {
            lifetime = HTTPDate.parse(expires).map { max(0, $0 - date) } ?? 0
        } else if let modified = headers["last-modified"].flatMap(HTTPDate.parse), modified < date {
            lifetime = min(0.1 * (date - modified), 7 * 86_400)
        } else {
            lifetime = heuristicLifetime
        }
        let age = headers["age"].flatMap(Double.init).map { max(0, $0) } ?? 0
        let noCache = directives["no-cache"] != nil
        return Freshness(
            expires: now + (noCache ? 0 : max(0, lifetime - age)),
            mustRevalidate: noCache || directives["must-revalidate"] != nil,
            etag: headers["etag"], lastModified: headers["last-modified"])
    }
}

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, and the
/// obsolete RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
/// (`Sun Nov  6 08:49:37 1994`) forms recipients must also accept.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Seconds since 1970, or `nil` when the text is not an HTTP date.
    static func parse(_ text: String) -> Double? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" }.map { $0.lowercased() }
        guard let month = tokens.lazy.compactMap({ months.firstIndex(of: $0) }).first,
            let time = tokens.first(where: { $0.contains(":") })
        else { return nil }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        let numbers = tokens.filter { !$0.isEmpty && $0.allSatisfy(\.isNumber) }.compactMap { Int($0) }
        guard clock.count == 3, numbers.count == 2, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]),
            (0...60).contains(clock[2])
        else { return nil }
        // In all three forms the day comes before the year.
        let (day, rawYear) = (numbers[0], numbers[1])
        let year = rawYear < 100 ? rawYear + (rawYear < 70 ? 2000 : 1900) : rawYear
        guard (1...31).contains(day) else { return nil }
        // Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
        let m = month + 1
        let y = m <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2])
    }
}
