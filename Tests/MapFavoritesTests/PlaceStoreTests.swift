import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapDrawing
@testable import MapFavorites
@testable import MapSQLite

// Every test works on real SQLite files in its own temporary directory, created through
// MapSQLite's SQLiteDatabase wrapper (no sqlite3 command needed).

// MARK: - Helpers

/// A fresh directory under the system temporary directory, removed by `remove()`.
private struct TemporaryDirectory {
    let path: String

    init(named name: String = "maprender-placestore") throws {
        path = FileManager.default.temporaryDirectory.path + "/\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the directory, sorted.
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs `body` with a fresh temporary directory and removes it afterwards.
private func withTemporaryDirectory(
    named name: String = "maprender-placestore", _ body: (TemporaryDirectory) throws -> Void
) throws {
    let directory = try TemporaryDirectory(named: name)
    defer { directory.remove() }
    try body(directory)
}

/// DESIGN.md §3, verbatim.
private let nativeSchema = """
    CREATE TABLE places (
      id          INTEGER PRIMARY KEY,
      name        TEXT NOT NULL,
      street      TEXT, city TEXT, state TEXT, postal TEXT,
      latitude    REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
      longitude   REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
      display_proximity INTEGER NOT NULL DEFAULT 0,
      display_radius    REAL,
      going_next  INTEGER NOT NULL DEFAULT 0,
      pin_color   TEXT
    );
    PRAGMA user_version = 1;
    """

/// The same columns without constraints, so that bad rows can be stored (as a hand-made
/// or damaged database could hold them).
private let looseSchema = """
    CREATE TABLE places (
      id INTEGER PRIMARY KEY, name TEXT, street TEXT, city TEXT, state TEXT, postal TEXT,
      latitude REAL, longitude REAL, display_proximity INTEGER, display_radius REAL,
      going_next INTEGER, pin_color TEXT
    );
    """

/// A native row, every column given (internal, as parameterized tests take it).
struct PlaceStoreTestRow {
    var id: Int64
    var name: SQLiteValue = "Somewhere"
    var street: SQLiteValue = nil
    var city: SQLiteValue = nil
    var state: SQLiteValue = nil
    var postal: SQLiteValue = nil
    var latitude: SQLiteValue = 39.75
    var longitude: SQLiteValue = -104.99
    var displayProximity: SQLiteValue = 0
    var displayRadius: SQLiteValue = nil
    var goingNext: SQLiteValue = 0
    var pinColor: SQLiteValue = nil
}

private func insert(_ rows: [PlaceStoreTestRow], into database: SQLiteDatabase) throws {
    let statement = try database.prepare(
        """
        INSERT INTO places (id, name, street, city, state, postal, latitude, longitude,
                            display_proximity, display_radius, going_next, pin_color)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for row in rows {
        try statement.reset()
        try statement.bind([
            .integer(row.id), row.name, row.street, row.city, row.state, row.postal,
            row.latitude, row.longitude, row.displayProximity, row.displayRadius, row.goingNext,
            row.pinColor,
        ])
        try statement.step()
    }
}

/// Creates a database file with a schema and native rows; the connection is closed on
/// return (so a WAL-mode file is checkpointed and its -wal/-shm removed).
private func makeDatabase(
    at path: String, schema: String = nativeSchema, rows: [PlaceStoreTestRow] = [], wal: Bool = false
) throws {
    let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
    if wal { try database.execute("PRAGMA journal_mode = WAL") }
    try database.executeScript(schema)
    if !rows.isEmpty {
        try database.inTransaction(.immediate) { try insert(rows, into: database) }
    }
}

/// Reads the places, expecting a `MapError`, and returns it.
private func readError(_ path: String) -> MapError? {
    #expect(throws: MapError.self) { try PlaceStore.readPlaces(atPath: path) }
}

/// The example database of the repository.
private let examplesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples").path

// MARK: - Good cases

@Suite("PlaceStore")
struct PlaceStoreTests {
    @Test("native schema: titles, subtitles, colours, going-next, proximity, id order")
    func nativeLayout() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(
                at: path,
                rows: [
                    PlaceStoreTestRow(
                        id: 3, name: "Denver Museum of Nature & Science",
                        street: "2001 Colorado Blvd", city: "Denver", state: "CO",
                        postal: "80205", latitude: 39.7475, longitude: -104.9428,
                        displayProximity: 1, displayRadius: 500, pinColor: "green"),
                    PlaceStoreTestRow(
                        id: 1, name: "City Park", street: nil, city: "", state: "CO",
                        postal: "80205", latitude: 39.7472, longitude: -104.95,
                        pinColor: "#1e90ff"),
                    PlaceStoreTestRow(
                        id: 2, name: "Denver Botanic Gardens", street: "1007 York St",
                        city: "Denver", state: "CO", postal: nil, latitude: 39.7322,
                        longitude: -104.9603, goingNext: 1, pinColor: "purple"),
                    PlaceStoreTestRow(id: 10, name: "Nowhere in particular", latitude: -90, longitude: 180),
                    PlaceStoreTestRow(id: 11, name: "Blank colour", displayRadius: 0, pinColor: "  "),
                    PlaceStoreTestRow(id: 12, name: "Shouting", pinColor: "PURPLE"),
                ])

            let places = try PlaceStore(path: path).places()
            #expect(places.map(\.id) == [1, 2, 3, 10, 11, 12])

            let cityPark = places[0]
            #expect(cityPark.title == "City Park")
            #expect(cityPark.subtitle == "CO 80205")
            #expect(cityPark.marker == .pin(Color(hex: 0x1E90FF)))
            #expect(cityPark.coordinate == Coordinate(latitude: 39.7472, longitude: -104.95))
            #expect(!cityPark.showsProximity)
            #expect(cityPark.proximityRadius == nil)

            let gardens = places[1]
            #expect(gardens.subtitle == "1007 York St, Denver, CO")
            #expect(gardens.marker == .goingNext)

            let museum = places[2]
            #expect(museum.title == "Denver Museum of Nature & Science")
            #expect(museum.subtitle == "2001 Colorado Blvd, Denver, CO 80205")
            #expect(museum.marker == .pin(.green))
            #expect(museum.showsProximity)
            #expect(museum.proximityRadius == 500)
            #expect(museum.coordinate.latitude == 39.7475)
            #expect(museum.coordinate.longitude == -104.9428)

            #expect(places[3].subtitle == nil)
            #expect(places[3].marker == .pin(.red))  // NULL pin_color
            #expect(places[3].coordinate == Coordinate(latitude: -90, longitude: 180))
            #expect(places[4].marker == .pin(.red))  // blank pin_color
            #expect(places[4].proximityRadius == nil)  // radius 0 means none
            #expect(places[5].marker == .pin(.purple))
        }
    }

    @Test("the example database: 12 Denver places, one going next, left untouched")
    func exampleDatabase() throws {
        let path = examplesDirectory + "/favorites.db"
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let places = try PlaceStore.readPlaces(atPath: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        #expect(places.count == 12)
        #expect(places.filter { $0.marker == .goingNext }.count == 1)
        #expect(places.filter(\.showsProximity).allSatisfy { ($0.proximityRadius ?? 0) > 0 })
        for place in places {
            #expect((39.6...39.9).contains(place.coordinate.latitude), "\(place.title)")
            #expect((-105.25 ... -104.6).contains(place.coordinate.longitude), "\(place.title)")
        }
        let museum = try #require(places.first)
        #expect(museum.title == "Denver Museum of Nature & Science")
        #expect(museum.subtitle == "2001 Colorado Blvd, Denver, CO 80205")
    }

    @Test("Core Data store: Z columns, red pins, going-next, proximity")
    func coreDataStore() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("FavoritePlaces.sqlite")
            let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
            try database.executeScript(
                """
                CREATE TABLE ZFAVORITEPLACE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER,
                  Z_OPT INTEGER, ZDISPLAYPROXIMITY INTEGER, ZGOINGNEXT INTEGER,
                  ZDISPLAYRADIUS FLOAT, ZLATITUDE FLOAT, ZLONGITUDE FLOAT, ZPLACECITY VARCHAR,
                  ZPLACENAME VARCHAR, ZPLACEPOSTAL VARCHAR, ZPLACESTATE VARCHAR,
                  ZPLACESTREETADDRESS VARCHAR );
                CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR,
                  Z_SUPER INTEGER, Z_MAX INTEGER);
                CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255),
                  Z_PLIST BLOB);
                """)
            let insert = try database.prepare(
                """
                INSERT INTO ZFAVORITEPLACE (Z_PK, Z_ENT, Z_OPT, ZDISPLAYPROXIMITY, ZGOINGNEXT,
                  ZDISPLAYRADIUS, ZLATITUDE, ZLONGITUDE, ZPLACECITY, ZPLACENAME, ZPLACEPOSTAL,
                  ZPLACESTATE, ZPLACESTREETADDRESS) VALUES (?, 1, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let rows: [[SQLiteValue]] = [
                [
                    2, 0, 1, 0.0, 39.7561, -104.9942, "Denver", "Coors Field", "80205", "CO",
                    "2001 Blake St",
                ],
                [
                    1, 1, 0, 1500.0, 39.6653, -105.2057, "Morrison", "Red Rocks Amphitheatre",
                    "80465", "CO", "18300 W Alameda Pkwy",
                ],
            ]
            for row in rows {
                try insert.reset()
                try insert.bind(row)
                try insert.step()
            }
            insert.finalize()

            let places = try PlaceStore.readPlaces(atPath: path)
            #expect(places.map(\.id) == [1, 2])
            #expect(places[0].title == "Red Rocks Amphitheatre")
            #expect(places[0].subtitle == "18300 W Alameda Pkwy, Morrison, CO 80465")
            #expect(places[0].marker == .pin(.red))
            #expect(places[0].showsProximity)
            #expect(places[0].proximityRadius == 1500)
            #expect(places[1].title == "Coors Field")
            #expect(places[1].marker == .goingNext)
            #expect(places[1].proximityRadius == nil)
            #expect(places[1].coordinate == Coordinate(latitude: 39.7561, longitude: -104.9942))
        }
    }

    @Test("older Core Data store without the optional columns")
    func coreDataWithoutOptionalColumns() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("old.sqlite")
            let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
            try database.executeScript(
                """
                CREATE TABLE ZFAVORITEPLACE (Z_PK INTEGER PRIMARY KEY, ZPLACENAME VARCHAR,
                  ZLATITUDE FLOAT, ZLONGITUDE FLOAT);
                """)
            try database.execute(
                "INSERT INTO ZFAVORITEPLACE VALUES (?, ?, ?, ?)",
                [7, "Union Station", 39.7528, -105.0001])
            let places = try PlaceStore.readPlaces(atPath: path)
            #expect(
                places == [
                    Place(
                        id: 7, title: "Union Station", subtitle: nil,
                        coordinate: Coordinate(latitude: 39.7528, longitude: -105.0001),
                        marker: .pin(.red), proximityRadius: nil, showsProximity: false)
                ])
        }
    }

    @Test("a file with both tables is read as the native schema")
    func nativeWinsOverCoreData() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("both.db")
            try makeDatabase(
                at: path,
                schema: nativeSchema
                    + "CREATE TABLE ZFAVORITEPLACE (ZPLACENAME, ZLATITUDE, ZLONGITUDE);",
                rows: [PlaceStoreTestRow(id: 1, name: "Native")])
            #expect(try PlaceStore.readPlaces(atPath: path).map(\.title) == ["Native"])
        }
    }

    @Test("a favorites table without rows gives no places, not an error")
    func emptyTable() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("empty.db")
            try makeDatabase(at: path)
            #expect(try PlaceStore.readPlaces(atPath: path).isEmpty)
        }
    }

    @Test("paths with URI-special characters are opened as file names")
    func specialCharactersInPath() throws {
        try withTemporaryDirectory(named: "maprender a?b#c%20d&mode=rw é") { directory in
            let path = directory.file("fav?mode=rwc#x%41.db")
            try makeDatabase(at: path, rows: [PlaceStoreTestRow(id: 1, name: "Odd")])
            let before = try directory.listing()
            #expect(try PlaceStore.readPlaces(atPath: path).map(\.title) == ["Odd"])
            #expect(try directory.listing() == before)
        }
    }

    // MARK: - The database is never changed

    @Test("reading leaves a rollback-journal database and its directory unchanged")
    func rollbackJournalUnchanged() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(at: path, rows: (1...50).map { PlaceStoreTestRow(id: $0) })
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let listing = try directory.listing()
            #expect(listing == ["favs.db"])
            #expect(try PlaceStore.readPlaces(atPath: path).count == 50)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
            #expect(try directory.listing() == listing)
        }
    }

    @Test("reading a WAL-mode database creates no -wal or -shm file (immutable open)")
    func walModeUnchanged() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(at: path, rows: (1...20).map { PlaceStoreTestRow(id: $0) }, wal: true)
            let listing = try directory.listing()
            #expect(listing == ["favs.db"])  // the writer's close checkpointed and cleaned up
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes[18] == 2 && bytes[19] == 2)  // really WAL mode
            #expect(try PlaceStore.readPlaces(atPath: path).count == 20)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
            #expect(try directory.listing() == listing)
        }
    }

    @Test("rows still in the WAL of an open writer are read; the main file is untouched")
    func walWithActiveWriter() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(at: path, rows: [PlaceStoreTestRow(id: 1)], wal: true)
            let writer = try SQLiteDatabase(path: path, mode: .readWrite)
            try writer.execute("PRAGMA wal_autocheckpoint = 0")
            try insert([PlaceStoreTestRow(id: 2, name: "Only in the WAL")], into: writer)
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))

            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let places = try PlaceStore.readPlaces(atPath: path)
            #expect(places.map(\.title) == ["Somewhere", "Only in the WAL"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
            withExtendedLifetime(writer) {}
        }
    }

    @Test("a writer holding the lock longer than the busy timeout is .unavailable")
    func lockedDatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(at: path, rows: [PlaceStoreTestRow(id: 1)])
            let writer = try SQLiteDatabase(path: path, mode: .readWrite)
            try writer.execute("BEGIN EXCLUSIVE")
            let error = #expect(throws: MapError.self) {
                try PlaceStore(path: path, busyTimeout: 50).places()
            }
            #expect(error?.kind == .unavailable)
            #expect(error?.locatedMessage.hasPrefix("\(path): the database is locked") == true)
            try writer.execute("ROLLBACK")
            #expect(try PlaceStore(path: path).places().count == 1)
        }
    }

    // MARK: - Bad files

    @Test("a missing file is .missingInput")
    func missingFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            let error = readError(path)
            #expect(error?.kind == .missingInput)
            #expect(error?.locatedMessage == "\(path): no such file")
            #expect(error?.remedy != nil)
            let listing = try directory.listing()
            #expect(listing == [])  // and nothing was created
        }
    }

    @Test("a directory is .missingInput")
    func directoryInsteadOfFile() throws {
        try withTemporaryDirectory { directory in
            let error = readError(directory.path)
            #expect(error?.kind == .missingInput)
            #expect(error?.locatedMessage == "\(directory.path): is a directory, not a favorites database")
        }
    }

    @Test(
        "an unreadable file is .missingInput",
        .enabled(if: getuid() != 0, "root can read any file"))
    func unreadableFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(at: path)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o000], ofItemAtPath: path)
            let error = readError(path)
            #expect(error?.kind == .missingInput)
            #expect(error?.locatedMessage == "\(path): cannot be read (permission denied)")
        }
    }

    @Test(
        "a file that is not a SQLite database is .invalidData",
        arguments: [
            ("notes.txt", Data("Buy milk\nCall the museum about the exhibit\n".utf8)),
            (
                "map.png",
                Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 600))
            ),
            ("header-only.db", Data("SQLite format 3".utf8)),
        ])
    func notADatabase(name: String, contents: Data) throws {
        try withTemporaryDirectory { directory in
            let path = directory.file(name)
            try contents.write(to: URL(fileURLWithPath: path))
            let error = readError(path)
            #expect(error?.kind == .invalidData)
            #expect(error?.locatedMessage == "\(path): not a SQLite database (file is not a database)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
            #expect(try directory.listing() == [name])
        }
    }

    @Test("a database with a damaged header is .invalidData")
    func damagedHeader() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(at: path, rows: [PlaceStoreTestRow(id: 1)])
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes.replaceSubrange(0..<16, with: Data(repeating: 0x41, count: 16))
            try bytes.write(to: URL(fileURLWithPath: path))
            let error = readError(path)
            #expect(error?.kind == .invalidData)
            #expect(error?.locatedMessage == "\(path): not a SQLite database (file is not a database)")
        }
    }

    @Test("a truncated database is .invalidData")
    func truncatedDatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            let long = String(repeating: "x", count: 400)
            try makeDatabase(
                at: path, rows: (1...100).map { PlaceStoreTestRow(id: $0, name: .text("\($0) \(long)")) })
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.count > 8 * 4096)
            try bytes.prefix(2 * 4096 + 1000).write(to: URL(fileURLWithPath: path))
            let error = readError(path)
            #expect(error?.kind == .invalidData)
            #expect(error?.locatedMessage.hasPrefix("\(path): damaged SQLite database (") == true)
        }
    }

    @Test("an empty (0-byte) file has no tables")
    func emptyFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let error = readError(path)
            #expect(error?.kind == .invalidData)
            #expect(
                error?.locatedMessage
                    == "\(path): no favorites table (expected 'places' or 'ZFAVORITEPLACE'; found no tables)"
            )
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.isEmpty)
        }
    }

    @Test("a database without a favorites table names the tables it found")
    func noFavoritesTable() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("other.db")
            try makeDatabase(
                at: path,
                schema: """
                    CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
                    CREATE TABLE notes (body TEXT);
                    CREATE VIEW places_view AS SELECT 1;
                    """)
            let error = readError(path)
            #expect(error?.kind == .invalidData)
            #expect(
                error?.locatedMessage
                    == "\(path): no favorites table (expected 'places' or 'ZFAVORITEPLACE'; found: notes, users)"
            )
        }
    }

    @Test("a places table without a required column names the column")
    func missingRequiredColumn() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(
                at: path, schema: "CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT, longitude REAL);")
            let error = readError(path)
            #expect(error?.kind == .invalidData)
            #expect(error?.locatedMessage == "\(path): table places has no column 'latitude'")
        }
    }

    // MARK: - Bad rows

    @Test(
        "bad coordinates, names and colours are .invalidData naming the row",
        arguments: [
            (PlaceStoreTestRow(id: 7, latitude: 91.5), "latitude 91.5 is out of range [-90, 90]"),
            (PlaceStoreTestRow(id: 7, latitude: -90.25), "latitude -90.25 is out of range [-90, 90]"),
            (PlaceStoreTestRow(id: 7, longitude: -180.5), "longitude -180.5 is out of range [-180, 180]"),
            (PlaceStoreTestRow(id: 7, longitude: 200), "longitude 200.0 is out of range [-180, 180]"),
            (PlaceStoreTestRow(id: 7, latitude: nil), "latitude is NULL"),
            (PlaceStoreTestRow(id: 7, longitude: nil), "longitude is NULL"),
            (PlaceStoreTestRow(id: 7, latitude: "north"), "latitude 'north' is not a number"),
            (PlaceStoreTestRow(id: 7, latitude: .real(.infinity)), "latitude inf is not a finite number"),
            (PlaceStoreTestRow(id: 7, longitude: .blob([0])), "longitude is a blob of 1 bytes, not a number"),
            (PlaceStoreTestRow(id: 7, name: nil), "name is NULL"),
            (PlaceStoreTestRow(id: 7, pinColor: "orange"), "pin_color 'orange' is not a known colour"),
            (PlaceStoreTestRow(id: 7, pinColor: "#12345"), "pin_color '#12345' is not a known colour"),
            (PlaceStoreTestRow(id: 7, displayRadius: -5.0), "display_radius -5.0 is not a radius in meters"),
            (PlaceStoreTestRow(id: 7, goingNext: "maybe"), "going_next 'maybe' is not 0 or 1"),
        ])
    func badRow(row: PlaceStoreTestRow, problem: String) throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("favs.db")
            try makeDatabase(
                at: path, schema: looseSchema, rows: [PlaceStoreTestRow(id: 1), row, PlaceStoreTestRow(id: 9)])
            let error = readError(path)
            #expect(error?.kind == .invalidData)
            #expect(error?.locatedMessage == "\(path): places row id 7: \(problem)")
            #expect(error?.remedy != nil)
        }
    }

    @Test("a bad Core Data row names the table, Z_PK and column")
    func badCoreDataRow() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("store.sqlite")
            let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
            try database.executeScript(
                "CREATE TABLE ZFAVORITEPLACE (Z_PK INTEGER PRIMARY KEY, ZPLACENAME VARCHAR, ZLATITUDE FLOAT, ZLONGITUDE FLOAT);"
            )
            try database.execute(
                "INSERT INTO ZFAVORITEPLACE VALUES (?, ?, ?, ?)", [3, "Up north", 100.0, 0.0])
            let error = readError(path)
            #expect(error?.kind == .invalidData)
            #expect(
                error?.locatedMessage
                    == "\(path): ZFAVORITEPLACE row Z_PK 3: ZLATITUDE 100.0 is out of range [-90, 90]"
            )
        }
    }
}

// MARK: - The SQLite wrapper

@Suite("SQLiteDatabase")
struct SQLiteDatabaseTests {
    @Test("values round-trip through bound parameters; column types detect NULL")
    func bindingRoundTrip() throws {
        try withTemporaryDirectory { directory in
            let database = try SQLiteDatabase(
                path: directory.file("t.db"), mode: .readWriteCreate)
            try database.executeScript("CREATE TABLE t (v);")
            let values: [SQLiteValue] = [
                .null, .integer(Int64.min), .real(-104.9428), .text(""),
                .text("O'Brien\"; DROP TABLE t; --"), .text("nul\u{0}inside é"),
                .blob([0, 1, 255]), .blob([]),
            ]
            for value in values { try database.execute("INSERT INTO t VALUES (?)", [value]) }
            let read = try database.query("SELECT v FROM t ORDER BY rowid") { $0.value(at: 0) }
            #expect(read == values)
            let types = try database.query("SELECT v FROM t ORDER BY rowid") {
                $0.columnType(at: 0)
            }
            #expect(types == [.null, .integer, .real, .text, .text, .text, .blob, .blob])

            let statement = try database.prepare("SELECT :a, @b")
            try statement.bind(.text("x"), named: ":a")
            try statement.bind(Int64(5), at: 2)
            #expect(try statement.step())
            #expect(statement.text(at: 0) == "x")
            #expect(statement.int64(at: 1) == 5)
            #expect(statement.columnCount == 2)
            #expect(!statement.isNull(at: 0))
        }
    }

    @Test("inTransaction commits, rolls back on throw, and nests with savepoints")
    func transactions() throws {
        struct Oops: Error {}
        try withTemporaryDirectory { directory in
            let database = try SQLiteDatabase(
                path: directory.file("t.db"), mode: .readWriteCreate)
            try database.executeScript("CREATE TABLE t (v INTEGER);")
            func count() throws -> Int64 {
                try database.query("SELECT count(*) FROM t") { $0.int64(at: 0) }[0]
            }

            try database.inTransaction { try database.execute("INSERT INTO t VALUES (1)") }
            #expect(try count() == 1)

            #expect(throws: Oops.self) {
                try database.inTransaction(.immediate) {
                    try database.execute("INSERT INTO t VALUES (2)")
                    throw Oops()
                }
            }
            #expect(try count() == 1)
            #expect(database.isAutocommit)

            try database.inTransaction {
                try database.execute("INSERT INTO t VALUES (3)")
                try? database.inTransaction {
                    try database.execute("INSERT INTO t VALUES (4)")
                    throw Oops()
                }
                try database.inTransaction { try database.execute("INSERT INTO t VALUES (5)") }
            }
            #expect(try database.query("SELECT v FROM t ORDER BY v") { $0.int64(at: 0) } == [1, 3, 5])
            #expect(database.isAutocommit)
        }
    }

    @Test("a read-only connection refuses writes and reports itself read-only")
    func readOnlyConnection() throws {
        try withTemporaryDirectory { directory in
            let path = directory.file("t.db")
            try SQLiteDatabase(path: path, mode: .readWriteCreate).executeScript(
                "CREATE TABLE t (v);")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let database = try SQLiteDatabase(path: path, mode: .readOnly)
            #expect(database.isReadOnly)
            let error = #expect(throws: MapError.self) {
                try database.execute("INSERT INTO t VALUES (1)")
            }
            #expect(error?.kind == .cannotCreate)
            #expect(error?.locatedMessage.hasPrefix(path + ": ") == true)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        }
    }

    @Test("opening a missing file read-only fails with .missingInput and creates nothing")
    func openMissingReadOnly() throws {
        try withTemporaryDirectory { directory in
            let error = #expect(throws: MapError.self) {
                try SQLiteDatabase(path: directory.file("nope.db"), mode: .readOnly)
            }
            #expect(error?.kind == .missingInput)
            let listing = try directory.listing()
            #expect(listing == [])
        }
    }

    @Test("file URIs are absolute and percent-encode everything but unreserved bytes and /")
    func fileURIs() {
        #expect(
            SQLiteDatabase.fileURI(forPath: "/tmp/a b?c#d%e&é.db", query: ["mode=ro"])
                == "file:///tmp/a%20b%3Fc%23d%25e%26%C3%A9.db?mode=ro")
        #expect(
            SQLiteDatabase.fileURI(forPath: "//server/x.db", query: [])
                == "file:////server/x.db")
        let relative = SQLiteDatabase.fileURI(forPath: "x.db", query: ["mode=ro", "immutable=1"])
        #expect(relative.hasPrefix("file:///"))
        #expect(relative.hasSuffix("/x.db?mode=ro&immutable=1"))
    }
}
