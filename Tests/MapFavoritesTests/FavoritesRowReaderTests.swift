import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapFavorites
@testable import MapSQLite

// One row reader, one set of rules: whatever reads a favorites row (a map, a listing, an
// export, a removal) reads it through FavoritesRowReader and refuses a bad value with the
// same message, naming the database, the table, the row id and the column.

/// A native table without constraints, so that bad rows can be stored as a hand-made or
/// damaged database could hold them; created from the one column list.
private func makeLooseNativeDatabase(at path: String, rows: [String]) throws {
    let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
    let columns = FavoritesColumn.allCases.map { $0 == .id ? "id INTEGER PRIMARY KEY" : $0.name }
    try database.executeScript("CREATE TABLE places (\(columns.joined(separator: ", "))); PRAGMA user_version = 1;")
    for row in rows {
        try database.execute(
            "INSERT INTO places (id, name, latitude, longitude, display_proximity, display_radius, street, pin_color) VALUES \(row)"
        )
    }
}

/// A Core Data store like the app exports, with the given rows (Z_PK, ZPLACENAME, ZLATITUDE,
/// ZLONGITUDE, ZDISPLAYPROXIMITY, ZDISPLAYRADIUS, ZPLACESTREETADDRESS, ZPLACEPOSTAL).
private func makeCoreDataStore(at path: String, rows: [String]) throws {
    let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
    try database.executeScript(
        """
        CREATE TABLE ZFAVORITEPLACE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZDISPLAYPROXIMITY INTEGER,
          ZGOINGNEXT INTEGER, ZDISPLAYRADIUS FLOAT, ZLATITUDE FLOAT, ZLONGITUDE FLOAT, ZPLACECITY VARCHAR,
          ZPLACENAME VARCHAR, ZPLACEPOSTAL VARCHAR, ZPLACESTATE VARCHAR, ZPLACESTREETADDRESS VARCHAR);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        """)
    for row in rows {
        try database.execute(
            "INSERT INTO ZFAVORITEPLACE (Z_PK, ZPLACENAME, ZLATITUDE, ZLONGITUDE, ZDISPLAYPROXIMITY, ZDISPLAYRADIUS,"
                + " ZPLACESTREETADDRESS, ZPLACEPOSTAL) VALUES \(row)")
    }
}

@Suite("One favorites row reader")
struct FavoritesRowReaderTests {
    @Test("display_proximity 'maybe' and display_radius -5: every reader refuses the row with the same message")
    func sameErrorEverywhere() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("favs.db")
        try makeLooseNativeDatabase(
            at: path,
            rows: [
                "(1, 'Good', 39.7, -104.9, 0, NULL, NULL, NULL)", "(2, 'Bad', 1, 2, 'maybe', -5, NULL, NULL)",
            ])
        let before = try fileBytes(path)
        let drawn = mapError { _ = try PlaceStore.readPlaces(atPath: path) }
        let listed = mapError { _ = try PlaceStore(path: path).favorites() }
        let removed = mapError { _ = try FavoritesWriter(path: path).removePlace(id: 2) }
        #expect(drawn?.kind == .invalidData)
        #expect(drawn?.locatedMessage == "\(path): places row id 2: display_proximity 'maybe' is not 0 or 1")
        #expect(drawn?.remedy == "set display_proximity to 0 or 1")
        #expect(drawn?.location == InputLocation(file: path, row: "places row id 2"))
        #expect(listed == drawn)
        #expect(removed == drawn, "removing reads the row to report it, through the same reader")
        #expect(try fileBytes(path) == before)

        // With the flag fixed, the radius is the next problem, again the same everywhere.
        try SQLiteDatabase(path: path, mode: .readWrite).execute("UPDATE places SET display_proximity = 1 WHERE id = 2")
        let radius = mapError { _ = try PlaceStore.readPlaces(atPath: path) }
        #expect(radius?.locatedMessage == "\(path): places row id 2: display_radius -5 is not a radius in meters")
        #expect(mapError { _ = try PlaceStore(path: path).favorites() } == radius)
        // A good row can still be removed: only the rows a command needs are read.
        #expect(try FavoritesWriter(path: path).removePlace(id: 1).name == "Good")
    }

    @Test(
        "the Core Data store goes through the same rules, naming ZFAVORITEPLACE, Z_PK and the Z column",
        arguments: [
            ("(3, 'Up', 39.7, -104.9, 'maybe', 100, NULL, NULL)", "ZDISPLAYPROXIMITY 'maybe' is not 0 or 1"),
            ("(3, 'Up', 39.7, -104.9, 1, -5, NULL, NULL)", "ZDISPLAYRADIUS -5.0 is not a radius in meters"),
            ("(3, 'Up', 95, -104.9, 1, 10, NULL, NULL)", "ZLATITUDE 95.0 is out of range [-90, 90]"),
            ("(3, NULL, 39.7, -104.9, 0, 0, NULL, NULL)", "ZPLACENAME is NULL"),
        ])
    func coreDataRules(row: String, problem: String) throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("app.sqlite")
        try makeCoreDataStore(at: path, rows: ["(1, 'Fine', 39.7, -104.9, 0, 0, NULL, NULL)", row])
        let before = try fileBytes(path)
        let drawn = mapError { _ = try PlaceStore.readPlaces(atPath: path) }
        #expect(drawn?.kind == .invalidData)
        #expect(drawn?.locatedMessage == "\(path): ZFAVORITEPLACE row Z_PK 3: \(problem)")
        #expect(mapError { _ = try PlaceStore(path: path).favorites() } == drawn)
        #expect(try fileBytes(path) == before)
        #expect(try scratch.listing() == ["app.sqlite"])
    }

    @Test("a good Core Data store reads as stored: every field, red pins, the same places a map draws")
    func coreDataValues() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("app.sqlite")
        try makeCoreDataStore(
            at: path,
            rows: [
                "(2, 'Coors Field', 39.7561, -104.9942, 0, 0, '2001 Blake St', '80205')",
                "(1, 'Red Rocks', 39.6653, -105.2057, 1, 1500, '18300 W Alameda Pkwy', 80465)",
            ])
        let favorites = try PlaceStore(path: path).favorites()
        #expect(
            favorites == [
                FavoritePlace(
                    id: 1, name: "Red Rocks", street: "18300 W Alameda Pkwy", postal: "80465",
                    coordinate: Coordinate(latitude: 39.6653, longitude: -105.2057), showsProximity: true, radius: 1500),
                FavoritePlace(
                    id: 2, name: "Coors Field", street: "2001 Blake St", postal: "80205",
                    coordinate: Coordinate(latitude: 39.7561, longitude: -104.9942)),
            ])
        #expect(try PlaceStore.readPlaces(atPath: path) == favorites.map(\.place))
        #expect(favorites.map(\.place.marker) == [.pin(.red), .pin(.red)])
    }

    @Test(
        "values are kept as stored: text exactly, a pin colour in its own spelling, a number in a text column as SQLite spells it"
    )
    func valuesAsStored() throws {
        let scratch = try FavoritesScratch()
        let path = scratch.file("favs.db")
        try makeLooseNativeDatabase(
            at: path,
            rows: [
                "(1, 'A', 1, 2, 'yes', 0, '  Main St ', 'Blue')", "(2, 42, 3, 4, 0, '250', 12, '  ')",
            ])
        let favorites = try PlaceStore(path: path).favorites()
        #expect(favorites[0].street == "  Main St " && favorites[0].pinColor == "Blue")
        #expect(favorites[0].showsProximity && favorites[0].radius == nil, "'yes' is set; a radius of 0 is none")
        #expect(favorites[1].name == "42" && favorites[1].street == "12" && favorites[1].radius == 250)
        #expect(favorites[1].pinColor == nil, "a blank colour is the default, red")
        let drawn = try PlaceStore.readPlaces(atPath: path)
        #expect(drawn[0].marker == .pin(.blue) && drawn[0].subtitle == "Main St")
    }

    @Test("the column list is the one source of the schema, the SELECT and the CSV header")
    func oneColumnList() {
        #expect(
            FavoritesColumn.allCases.map(\.name) == [
                "id", "name", "street", "city", "state", "postal", "latitude", "longitude", "display_proximity",
                "display_radius", "going_next", "pin_color",
            ])
        #expect(
            FavoritesColumn.allCases.map { $0.coreDataName ?? "-" } == [
                "Z_PK", "ZPLACENAME", "ZPLACESTREETADDRESS", "ZPLACECITY", "ZPLACESTATE", "ZPLACEPOSTAL", "ZLATITUDE",
                "ZLONGITUDE", "ZDISPLAYPROXIMITY", "ZDISPLAYRADIUS", "ZGOINGNEXT", "-",
            ])
        #expect(FavoritesExport.csvHeader == Array(FavoritesColumn.allCases.dropFirst().map(\.name)))
        for column in FavoritesColumn.allCases {
            #expect(FavoritesSchema.createTable.contains("  \(column.declaration)"))
        }
    }
}
