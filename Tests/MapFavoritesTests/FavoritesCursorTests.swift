import Foundation
import MapErrors
import Testing

@testable import MapFavorites
@testable import MapSQLite

/// A native favorites database of `count` rows with ids 1…count in a shuffled insertion
/// order (so id order is not rowid order), each named after its id.
private func makeDatabase(at path: String, count: Int, badRow: Int? = nil) throws {
    let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
    // No CHECK constraints, so a bad latitude can be stored as a damaged file could hold it.
    try database.executeScript(
        """
        CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, street TEXT, city TEXT, state TEXT,
          postal TEXT, latitude REAL NOT NULL, longitude REAL NOT NULL, display_proximity INTEGER NOT NULL DEFAULT 0,
          display_radius REAL, going_next INTEGER NOT NULL DEFAULT 0, pin_color TEXT);
        PRAGMA user_version = 1;
        """)
    var ids = Array(1...count)
    var generator = SystemRandomNumberGenerator()
    ids.shuffle(using: &generator)
    try database.inTransaction {
        let insert = try database.prepare("INSERT INTO places (id, name, latitude, longitude) VALUES (?, ?, ?, ?)")
        for id in ids {
            try insert.reset()
            let latitude = id == badRow ? 123.0 : Double(id % 160) - 80
            try insert.bind([.integer(Int64(id)), .text("Place \(id)"), .real(latitude), .real(Double(id % 340) - 170)])
            while try insert.step() {}
        }
    }
}

@Suite("Favorites read one page at a time")
struct FavoritesCursorTests {
    @Test("the first place comes after one page is read, not the table")
    func firstRowBeforeTheRest() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("favs.db")
        try makeDatabase(at: path, count: 5_000)
        let cursor = try PlaceStore(path: path).favoritesCursor(pageSize: 100)
        #expect(cursor.rowsRead == 0)
        let first = try cursor.next()
        #expect(first?.id == 1 && first?.name == "Place 1")
        #expect(cursor.rowsRead == 100)
        for _ in 2...150 { _ = try cursor.next() }
        #expect(cursor.rowsRead == 200)
    }

    @Test("every place once, in id order, as favorites() reads them, across pages of any size")
    func sameAsWholeTable() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("favs.db")
        try makeDatabase(at: path, count: 1_000)
        let whole = try PlaceStore(path: path).favorites()
        for size in [1, 7, 256, 1_000, 5_000] {
            let cursor = try PlaceStore(path: path).favoritesCursor(pageSize: size)
            var read: [FavoritePlace] = []
            while let favorite = try cursor.next() { read.append(favorite) }
            #expect(read == whole, "page size \(size)")
            #expect(try cursor.next() == nil)
            #expect(cursor.rowsRead == 1_000)
        }
    }

    @Test("a Core Data store without an id column is paged by rowid")
    func coreDataStore() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("store.sqlite")
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try database.executeScript(
            """
            CREATE TABLE ZFAVORITEPLACE (ZPLACENAME VARCHAR, ZLATITUDE FLOAT, ZLONGITUDE FLOAT);
            INSERT INTO ZFAVORITEPLACE VALUES ('A', 1, 2), ('B', 3, 4), ('C', 5, 6), ('D', 7, 8), ('E', 9, 10);
            """)
        let cursor = try PlaceStore(path: path).favoritesCursor(pageSize: 2)
        var names: [String] = []
        while let favorite = try cursor.next() { names.append(favorite.name) }
        #expect(names == ["A", "B", "C", "D", "E"])
        #expect(try PlaceStore(path: path).favorites().map(\.name) == names)
    }

    @Test("a bad row is the row reader's error, after the places before it")
    func badRowStops() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("favs.db")
        try makeDatabase(at: path, count: 300, badRow: 250)
        let cursor = try PlaceStore(path: path).favoritesCursor(pageSize: 100)
        var read = 0
        let error = mapError {
            while try cursor.next() != nil { read += 1 }
        }
        #expect(read == 200)
        #expect(error?.kind == .invalidData)
        let whole = mapError { _ = try PlaceStore(path: path).favorites() }
        #expect(error?.message == whole?.message && error?.location == whole?.location)
        #expect(error?.location?.row == "places row id 250", "\(String(describing: error))")
    }

    @Test("a missing file fails when the cursor is made, before any row")
    func missingFile() throws {
        let scratch = try FavoritesScratch()
        let error = mapError { _ = try PlaceStore(path: scratch.file("none.db")).favoritesCursor() }
        #expect(error?.kind == .missingInput)
    }
}
