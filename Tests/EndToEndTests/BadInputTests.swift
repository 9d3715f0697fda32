import Foundation
import MapErrors
import MapRenderCore
import Testing

@testable import MapSQLite

@Suite("maprender with bad input, end to end")
struct BadInputTests {
    /// Runs a render into `folder`, expecting a failure: the exit status, one `error:` line
    /// containing every fragment, and no output file left behind.
    func expectFailure(
        _ arguments: [String], status: Int32, mentions fragments: [String], folder: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try folder.listing()
        let result = try Maprender.run(
            arguments + ["-o", folder.path("map.png"), "--sidecar", folder.path("map.json")])
        #expect(result.status == status, "stderr: \(result.errors)", sourceLocation: sourceLocation)
        let lines = result.errors.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].hasPrefix("error: "), "stderr: \(result.errors)",
            sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(
                result.errors.contains(fragment), "'\(fragment)' missing from: \(result.errors)",
                sourceLocation: sourceLocation)
        }
        #expect(try folder.listing() == before, "a failed run left files behind", sourceLocation: sourceLocation)
    }

    func makeDatabase(_ path: String, _ sql: String) throws {
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try database.executeScript(sql)
    }

    static let schema = """
        CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, street TEXT, city TEXT, state TEXT, postal TEXT,
          latitude REAL, longitude REAL, display_proximity INTEGER NOT NULL DEFAULT 0, display_radius REAL,
          going_next INTEGER NOT NULL DEFAULT 0, pin_color TEXT);
        """

    @Test("a missing database: exit 66")
    func missing() throws {
        let folder = try TemporaryDirectory()
        try expectFailure(
            ["--places", folder.path("nope.db")], status: 66, mentions: ["nope.db", "no such file"], folder: folder)
    }

    @Test("a file that is not SQLite: exit 65")
    func notSQLite() throws {
        let folder = try TemporaryDirectory()
        try Data("name,lat,lon\nhome,1,2\n".utf8).write(to: URL(fileURLWithPath: folder.path("favs.db")))
        try expectFailure(
            ["--places", folder.path("favs.db")], status: 65, mentions: ["favs.db", "not a SQLite database"],
            folder: folder)
    }

    @Test("no known table: exit 65, naming the tables found")
    func unknownTables() throws {
        let folder = try TemporaryDirectory()
        try makeDatabase(folder.path("other.db"), "CREATE TABLE notes (id INTEGER); CREATE TABLE users (id INTEGER);")
        try expectFailure(
            ["--places", folder.path("other.db")], status: 65, mentions: ["other.db", "notes", "users"], folder: folder)
    }

    @Test(
        "a NULL or out-of-range coordinate: exit 65, naming the row",
        arguments: [
            ("latitude NULL", "NULL, -104.9", "latitude is NULL"),
            ("latitude 91", "91.5, -104.9", "latitude 91.5 is out of range"),
            ("longitude text", "39.7, 'east'", "longitude 'east' is not a number"),
        ])
    func badRow(name: String, values: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("favs.db")
        try makeDatabase(
            path,
            Self.schema + """
                INSERT INTO places (id, name, latitude, longitude) VALUES (1, 'Good', 39.7, -104.9);
                INSERT INTO places (id, name, latitude, longitude) VALUES (7, 'Bad', \(values));
                """)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try expectFailure(["--places", path], status: 65, mentions: ["favs.db", "row id 7", message], folder: folder)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("an empty database: exit 65")
    func empty() throws {
        let folder = try TemporaryDirectory()
        try makeDatabase(folder.path("empty.db"), Self.schema)
        try expectFailure(
            ["--places", folder.path("empty.db")], status: 65, mentions: ["empty.db", "no places"], folder: folder)
    }

    @Test("a failed run leaves an older output file untouched")
    func keepsOlderOutput() throws {
        let folder = try TemporaryDirectory()
        let old = Data("old map".utf8)
        try old.write(to: URL(fileURLWithPath: folder.path("map.png")))
        let result = try Maprender.run(["--places", folder.path("nope.db"), "-o", folder.path("map.png")])
        #expect(result.status == 66)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("map.png"))) == old)
        #expect(try folder.listing() == ["map.png"])
    }

    @Test(
        "usage errors: exit 64 with a hint",
        arguments: [
            (["--pin", "0,0", "--size", "0x10"], "--size"),
            (["--pin", "0,0", "--plces", "x.db"], "did you mean '--places'"),
            (["--pin", "91,0"], "outside the world"),
            (["--pin", "0,0", "--zoom", "3"], "--zoom needs --center"),
            (["--circle", "0,0,far"], "not a distance"),
            (["--pin", "0,0", "--format", "gif"], "gif"),
        ])
    func usage(arguments: [String], fragment: String) throws {
        let folder = try TemporaryDirectory()
        try expectFailure(arguments, status: 64, mentions: [fragment], folder: folder)
    }

    @Test("no inputs and no output: exit 64")
    func nothing() throws {
        let result = try Maprender.run([])
        #expect(result.status == 64 && result.errors.hasPrefix("error: "))
        let noOutput = try Maprender.run(["--pin", "0,0"])
        #expect(noOutput.status == 64 && noOutput.errors.contains("-o"))
    }

    @Test("an output that names an input is refused; the favorites database is untouched")
    func outputIsInput() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("favs.db")
        try makeDatabase(
            path, Self.schema + "INSERT INTO places (id, name, latitude, longitude) VALUES (1, 'A', 39.7, -104.9);")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try Maprender.run(["--places", path, "--format", "png", "-o", path])
        #expect(result.status == 64 && result.errors.contains("is also an input"), "stderr: \(result.errors)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("an output folder that does not exist: exit 73")
    func unwritable() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(["--pin", "0,0", "-o", folder.path("missing/map.png")])
        #expect(result.status == 73 && result.errors.contains("missing/map.png"), "stderr: \(result.errors)")
    }
}

/// Inputs found by fuzzing the argument parser (Tests/Fuzz) that trapped.
@Suite("argument fuzzing regressions")
struct ArgumentFuzzingRegressionTests {
    @Test("crash: --span with no distance in it", arguments: ["", "x", "X"])
    func emptySpan(span: String) throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(["--center", "0,0", "--span", span, "-o", folder.path("map.png")])
        #expect(result.status == 64, "stderr: \(result.errors)")
        #expect(result.errors.hasPrefix("error: --span:"), "stderr: \(result.errors)")
        #expect(try folder.listing().isEmpty)
    }
}
