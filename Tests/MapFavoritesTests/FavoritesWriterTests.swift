import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapDrawing
@testable import MapFavorites
@testable import MapSQLite

// FavoritesWriter on real SQLite files, each test in its own temporary folder.

/// A temporary folder removed when the value goes away.
final class FavoritesScratch {
    let path = FileManager.default.temporaryDirectory.path + "/maprender-favorites-\(UUID().uuidString)"
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    func file(_ name: String) -> String { path + "/" + name }
    func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The places a writer's database holds, read by the one reader.
func favorites(of writer: FavoritesWriter) throws -> [FavoritePlace] {
    try PlaceStore(path: writer.path).favorites()
}

/// The bytes of a file, to prove a failed call changed nothing.
func fileBytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

/// The error a call throws, as a `MapError`.
func mapError(_ body: () throws -> Void) -> MapError? {
    do {
        try body()
        return nil
    } catch {
        return error as? MapError
    }
}

private let denver = Coordinate(latitude: 39.7475, longitude: -104.9428)

@Suite("Favorites writer")
struct FavoritesWriterTests {
    @Test("A new file gets DESIGN.md §3's schema, user_version 1, and passes integrity_check")
    func createsSchema() throws {
        let scratch = try FavoritesScratch()
        let writer = FavoritesWriter(path: scratch.file("favs.db"))
        #expect(try writer.add(FavoritePlace(name: "Museum", coordinate: denver)) == 1)
        let database = try SQLiteDatabase(path: writer.path, mode: .readOnly)
        #expect(try database.userVersion() == 1)
        let sql = try database.query("SELECT sql FROM sqlite_schema WHERE name = 'places'") { $0.text(at: 0) }
        #expect(sql == [FavoritesSchema.createTable])
        #expect(try database.query("PRAGMA integrity_check") { $0.text(at: 0) } == ["ok"])
        #expect(try scratch.listing() == ["favs.db"], "no journal left behind")
    }

    @Test("add, then favorites() and places() of PlaceStore agree on every field")
    func addAndRead() throws {
        let scratch = try FavoritesScratch()
        let writer = FavoritesWriter(path: scratch.file("favs.db"))
        let first = FavoritePlace(
            name: "  Museum ", street: "2001 Colorado Blvd", city: "Denver", state: "CO", postal: "80205",
            coordinate: denver, showsProximity: true, radius: 250, pinColor: "Purple")
        let second = FavoritePlace(
            name: "Park", street: " ", coordinate: Coordinate(latitude: 39.75, longitude: -104.95), pinColor: "#1E90FF")
        #expect(try writer.add(first) == 1)
        #expect(try writer.add(second) == 2)
        let places = try favorites(of: writer)
        #expect(places.count == 2)
        #expect(
            places[0]
                == FavoritePlace(
                    id: 1, name: "Museum", street: "2001 Colorado Blvd", city: "Denver", state: "CO", postal: "80205",
                    coordinate: denver, showsProximity: true, radius: 250, pinColor: "purple"))
        #expect(places[1].street == nil && places[1].pinColor == "#1e90ff")
        let drawn = try PlaceStore.readPlaces(atPath: writer.path)
        #expect(drawn == places.map(\.place))
        #expect(drawn[0].subtitle == "2001 Colorado Blvd, Denver, CO 80205")
        #expect(drawn[0].marker == .pin(.purple))
    }

    @Test(
        "Invalid places are refused before anything is written",
        arguments: [
            (FavoritePlace(name: " ", coordinate: denver), "no name"),
            (FavoritePlace(name: "A", coordinate: Coordinate(latitude: 91, longitude: 0)), "latitude 91"),
            (FavoritePlace(name: "A", coordinate: Coordinate(latitude: 0, longitude: .nan)), "longitude nan"),
            (FavoritePlace(name: "A", coordinate: denver, radius: -5), "radius -5"),
            (FavoritePlace(name: "A", coordinate: denver, radius: .infinity), "radius inf"),
            (FavoritePlace(name: "A", coordinate: denver, pinColor: "chartreuse"), "'chartreuse'"),
            (FavoritePlace(name: "A", coordinate: denver, pinColor: "#ff000080"), "'#ff000080'"),
        ])
    func validation(place: FavoritePlace, fragment: String) throws {
        let scratch = try FavoritesScratch()
        let error = mapError { try FavoritesWriter(path: scratch.file("favs.db")).add(place) }
        #expect(error?.kind == .invalidData)
        #expect(error?.locatedMessage.contains(fragment) == true, "\(String(describing: error))")
        #expect(try scratch.listing().isEmpty, "a refused first write leaves no file")
    }

    @Test("A radius of 0 is stored as none; other colour spellings are normalised")
    func normalisation() throws {
        let place = try FavoritePlace(name: "A", coordinate: denver, radius: 0, pinColor: "BLUE").validated()
        #expect(place.radius == nil && place.pinColor == Color.blue.description)
        #expect(FavoritePlace.normalizedPinColor("#F00") == "#ff0000")
        #expect(FavoritePlace.normalizedPinColor("Green") == "green")
        #expect(FavoritePlace.normalizedPinColor("nope") == nil)
    }

    @Test("Going next moves from place to place, never two at once")
    func goingNext() throws {
        let scratch = try FavoritesScratch()
        let writer = FavoritesWriter(path: scratch.file("favs.db"))
        try writer.add(FavoritePlace(name: "A", coordinate: denver, isGoingNext: true))
        try writer.add(FavoritePlace(name: "B", coordinate: denver))
        try writer.add(FavoritePlace(name: "C", coordinate: denver, isGoingNext: true))
        #expect(try favorites(of: writer).map(\.isGoingNext) == [false, false, true])
        var b = try favorites(of: writer)[1]
        b.isGoingNext = true
        try writer.update([b])
        #expect(try favorites(of: writer).map(\.isGoingNext) == [false, true, false])
        let error = mapError {
            try writer.add(contentsOf: [
                FavoritePlace(name: "D", coordinate: denver, isGoingNext: true),
                FavoritePlace(name: "E", coordinate: denver, isGoingNext: true),
            ])
        }
        #expect(error?.kind == .invalidData && error?.locatedMessage.contains("2 places are marked going next") == true)
    }

    @Test("An import is one transaction: a failing row leaves the file byte for byte as it was")
    func importIsAtomic() throws {
        let scratch = try FavoritesScratch()
        let writer = FavoritesWriter(path: scratch.file("favs.db"))
        try writer.add(FavoritePlace(name: "Existing", coordinate: denver, isGoingNext: true))
        // A trigger makes the third insert fail inside the transaction, after two succeeded
        // and after going_next was cleared on the existing row.
        try SQLiteDatabase(path: writer.path, mode: .readWrite).execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON places WHEN NEW.name = 'boom' BEGIN SELECT RAISE(ABORT, 'boom refused'); END"
        )
        let before = try fileBytes(writer.path)
        let error = mapError {
            try writer.add(contentsOf: [
                FavoritePlace(name: "One", coordinate: denver, isGoingNext: true),
                FavoritePlace(name: "Two", coordinate: denver), FavoritePlace(name: "boom", coordinate: denver),
            ])
        }
        #expect(error?.locatedMessage.contains("boom refused") == true, "\(String(describing: error))")
        #expect(try fileBytes(writer.path) == before)
        #expect(try favorites(of: writer).map(\.name) == ["Existing"])
        #expect(try favorites(of: writer)[0].isGoingNext)
        #expect(try scratch.listing() == ["favs.db"])

        // A place that fails validation late in the list: nothing written either.
        let invalid = mapError {
            try writer.add(
                contentsOf: [
                    FavoritePlace(name: "Fine", coordinate: denver), FavoritePlace(name: "", coordinate: denver),
                ],
                labels: ["in.csv:2", "in.csv:3"])
        }
        #expect(invalid?.locatedMessage.hasPrefix("in.csv:3: ") == true)
        #expect(try fileBytes(writer.path) == before)
    }

    @Test("A database in a folder that does not exist cannot be created (exit 73)")
    func missingFolder() throws {
        let scratch = try FavoritesScratch()
        let error = mapError {
            try FavoritesWriter(path: scratch.file("missing/favs.db")).add(FavoritePlace(name: "A", coordinate: denver))
        }
        #expect(error?.kind == .cannotCreate)
        #expect(try scratch.listing().isEmpty)
    }

    @Test("Remove by id or exact name; removing nothing names what was not found")
    func remove() throws {
        let scratch = try FavoritesScratch()
        let writer = FavoritesWriter(path: scratch.file("favs.db"))
        try writer.add(contentsOf: ["A", "B", "B", "C"].map { FavoritePlace(name: $0, coordinate: denver) })
        #expect(try writer.removePlace(id: 1).name == "A")
        #expect(try writer.removePlace(named: "C").id == 4)
        let missingID = mapError { try writer.removePlace(id: 1) }
        #expect(missingID?.kind == .invalidData && missingID?.locatedMessage.contains("no place with id 1") == true)
        let missingName = mapError { try writer.removePlace(named: "c") }
        #expect(missingName?.message.contains("no place named 'c'") == true)
        let ambiguous = mapError { try writer.removePlace(named: "B") }
        #expect(ambiguous?.message.contains("2 places are named 'B' (ids 2, 3)") == true)
        #expect(try favorites(of: writer).map(\.id) == [2, 3])
    }

    @Test("A Core Data store is read but every write is refused, the file untouched")
    func coreDataIsReadOnly() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("app.sqlite")
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try database.executeScript(
            """
            CREATE TABLE ZFAVORITEPLACE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, ZPLACENAME TEXT, ZLATITUDE REAL,
              ZLONGITUDE REAL, ZPLACECITY TEXT, ZDISPLAYRADIUS REAL, ZGOINGNEXT INTEGER);
            INSERT INTO ZFAVORITEPLACE VALUES (7, 1, 'Museum', 39.7475, -104.9428, 'Denver', 300, 1);
            """)
        let before = try fileBytes(path)
        let writer = FavoritesWriter(path: path)
        #expect(
            try favorites(of: writer) == [
                FavoritePlace(id: 7, name: "Museum", city: "Denver", coordinate: denver, radius: 300, isGoingNext: true)
            ])
        let attempts: [() throws -> Void] = [
            { try writer.add(FavoritePlace(name: "X", coordinate: denver)) }, { try writer.removePlace(id: 7) },
            { try writer.removePlace(named: "Museum") }, { try writer.update(try favorites(of: writer)) },
        ]
        for attempt in attempts {
            let error = mapError(attempt)
            #expect(error?.kind == .invalidRequest)
            #expect(
                error?.locatedMessage
                    == "\(path): is a Core Data store exported from the iOS app; maprender reads it but never writes it"
            )
            #expect(error?.remedy == "export it with 'maprender places export' and import into a new database")
        }
        #expect(try fileBytes(path) == before)
        #expect(try scratch.listing() == ["app.sqlite"])
    }

    @Test("A newer schema version is refused; another application's database too")
    func refusesUnknownDatabases() throws {
        let scratch = try FavoritesScratch()
        let newer = scratch.file("newer.db")
        let database = try SQLiteDatabase(path: newer, mode: .readWriteCreate)
        try database.executeScript(FavoritesSchema.createTable + "; PRAGMA user_version = 2;")
        let before = try fileBytes(newer)
        let error = mapError { try FavoritesWriter(path: newer).add(FavoritePlace(name: "A", coordinate: denver)) }
        #expect(error?.kind == .invalidData)
        #expect(error?.locatedMessage.contains("schema version 2 is newer than this maprender understands (1)") == true)
        #expect(try fileBytes(newer) == before)

        let other = scratch.file("other.db")
        try SQLiteDatabase(path: other, mode: .readWriteCreate).execute("CREATE TABLE invoices (id INTEGER)")
        let foreign = mapError { try FavoritesWriter(path: other).add(FavoritePlace(name: "A", coordinate: denver)) }
        #expect(foreign?.message.contains("no places table; found: invoices") == true)
    }

    @Test("Migration from version 0: a hand-made table gets the missing columns and version 1")
    func migratesVersionZero() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("old.db")
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try database.executeScript(
            """
            CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL);
            INSERT INTO places VALUES (1, 'Old', 1.5, 2.5);
            """)
        let writer = FavoritesWriter(path: path)
        #expect(try writer.add(FavoritePlace(name: "New", city: "Denver", coordinate: denver, isGoingNext: true)) == 2)
        let check = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(try check.userVersion() == 1)
        #expect(try check.columnNames(inTable: "places").count == 12)
        #expect(try favorites(of: writer).map(\.name) == ["Old", "New"])
        #expect(try favorites(of: writer)[1].city == "Denver")

        // A version-0 table without a required column cannot be migrated, and stays as it was.
        let broken = scratch.file("broken.db")
        try SQLiteDatabase(path: broken, mode: .readWriteCreate).execute(
            "CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT)")
        let before = try fileBytes(broken)
        let error = mapError { try FavoritesWriter(path: broken).add(FavoritePlace(name: "A", coordinate: denver)) }
        #expect(error?.locatedMessage.contains("has no column 'latitude', 'longitude'") == true)
        #expect(try fileBytes(broken) == before)
    }

    @Test("Bound parameters: names that look like SQL are stored as text")
    func boundParameters() throws {
        let scratch = try FavoritesScratch()
        let writer = FavoritesWriter(path: scratch.file("favs.db"))
        let name = "Robert'); DROP TABLE places;--"
        try writer.add(FavoritePlace(name: name, coordinate: denver))
        #expect(try writer.removePlace(named: name).name == name)
        #expect(try favorites(of: writer).isEmpty)
    }
}
