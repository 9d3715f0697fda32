import Foundation
public import MapErrors
import MapSQLite

/// The favorites of a database read one at a time, in id order, for work that handles each
/// place on its own (`maprender batch --each place`): memory holds one page of rows, not
/// the table, so a million favorites cost what a thousand do.
///
/// Rows are read a page at a time by keyset pagination (`WHERE (key, rowid) > (last key,
/// last rowid) ORDER BY key, rowid LIMIT n`, https://use-the-index-luke.com/no-offset), each
/// page in a read transaction of its own: a writer never waits for a whole batch, and an
/// index on the key (the primary key of both layouts) makes every page as quick as the
/// first. The price is that a long run sees the table as it is when each page is read: a
/// row added meanwhile with a larger id is read, one with a smaller id is not.
///
/// Every row goes through `FavoritesRowReader`, so a bad value is the same error, naming
/// the row, as for `PlaceStore.favorites()`; the cursor stops there. The file is opened as
/// `FavoritesFile` opens it, never changed by a byte.
///
/// ```swift
/// let cursor = try PlaceStore(path: "favs.db").favoritesCursor()
/// while let favorite = try cursor.next() { … }
/// ```
public final class FavoritesCursor {
    /// The database path, as given; error messages start with it.
    public let path: String
    /// How many rows are read from the database at a time (at least 1).
    public let pageSize: Int
    /// How many rows have been read from the database so far: the rows handed out plus the
    /// rest of the current page. Tells a caller (and a test) how far ahead of `next()` the
    /// reading is.
    public private(set) var rowsRead = 0

    private let database: SQLiteDatabase
    private let reader: FavoritesRowReader
    private var page: [FavoritePlace] = []
    private var pageStart = 0
    /// The key and rowid of the last row read, where the next page starts.
    private var last: (key: Int64, rowid: Int64)?
    private var isExhausted = false

    /// Opens the database at `path` and finds its favorites table; no row is read yet.
    ///
    /// - Throws: `MapError`, as `PlaceStore.favorites()` does for the file and its layout.
    init(path: String, busyTimeout: Int32, pageSize: Int) throws(MapError) {
        self.path = path
        self.pageSize = max(1, pageSize)
        (database, reader) = try Self.guarded(path) {
            let database = try FavoritesFile.openReadOnly(path, busyTimeout: busyTimeout)
            let layout = try database.inTransaction(.deferred) { try FavoritesLayout.find(in: database, path: path) }
            return (database, FavoritesRowReader(layout: layout, path: path))
        }
    }

    /// The next favorite, or `nil` after the last.
    ///
    /// - Throws: `MapError` `.invalidData` for a row that breaks a rule of
    ///   `FavoritesRowReader` (naming the table, the row and the column), `.unavailable` when a
    ///   writer keeps the database locked, `.invalidData` when the file is damaged.
    public func next() throws(MapError) -> FavoritePlace? {
        if pageStart == page.count {
            guard !isExhausted else { return nil }
            try readPage()
            guard pageStart < page.count else { return nil }
        }
        defer { pageStart += 1 }
        return page[pageStart]
    }

    /// Reads the page after the last row read.
    private func readPage() throws(MapError) {
        let reader = self.reader, database = self.database, last = self.last
        let size = pageSize, ordinal = rowsRead
        let (rows, end) = try Self.guarded(path) {
            try database.inTransaction(.deferred) { () throws -> ([FavoritePlace], (Int64, Int64)?) in
                var sql = reader.selectClause
                var parameters: [SQLiteValue] = []
                if let last {
                    // A row value comparison (SQLite 3.15): ties on the key are ordered by rowid.
                    sql += " WHERE (\(reader.keyColumn), rowid) > (?, ?)"
                    parameters = [.integer(last.key), .integer(last.rowid)]
                }
                sql += " ORDER BY \(reader.keyColumn), rowid LIMIT ?"
                parameters.append(.integer(Int64(size)))
                let statement = try database.prepare(sql)
                try statement.bind(parameters)
                var rows: [FavoritePlace] = []
                var end: (Int64, Int64)?
                while try statement.step() {
                    let favorite = try reader.place(from: statement, ordinal: ordinal + rows.count + 1)
                    let rowid = statement.int64(at: FavoritesRowReader.rowidIndex)
                    // The row reader refuses a key that is not an integer, so the id is the key.
                    end = (favorite.id ?? rowid, rowid)
                    rows.append(favorite)
                }
                return (rows, end)
            }
        }
        page = rows
        pageStart = 0
        rowsRead += rows.count
        if let end { self.last = (end.0, end.1) }
        isExhausted = rows.count < size
    }

    /// `body`'s result, with any error that is not a `MapError` made one.
    private static func guarded<T>(_ path: String, _ body: () throws -> T) throws(MapError) -> T {
        do {
            return try body()
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.internalFailure, "\(error)", at: InputLocation(file: path), remedy: "report this as a bug")
        }
    }
}

extension PlaceStore {
    /// A cursor over every favorite, ordered by id, reading `pageSize` rows at a time:
    /// `favorites()` for callers that handle one place at a time and must not hold the table.
    ///
    /// - Throws: what `favorites()` throws for the file and its layout; row errors come from
    ///   the cursor's `next()`.
    public func favoritesCursor(pageSize: Int = 256) throws(MapError) -> FavoritesCursor {
        try FavoritesCursor(path: path, busyTimeout: busyTimeout, pageSize: pageSize)
    }
}
