import Foundation
import MapErrors
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapSQLite

// `maprender places …` run as the built binary, on real files in a temporary folder.

@Suite("maprender places, end to end")
struct PlacesCommandTests {
    /// Runs `maprender places ARGS`, expecting success, and returns standard output.
    @discardableResult
    func places(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try Maprender.run(["places"] + arguments)
        #expect(result.status == 0, "stderr: \(result.errors)", sourceLocation: sourceLocation)
        return result.outputText
    }

    /// Runs `maprender places ARGS` expecting `status` and an `error:` line with `fragment`.
    func failure(
        _ arguments: [String], status: Int32, mentions fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try Maprender.run(["places"] + arguments)
        #expect(result.status == status, "stderr: \(result.errors)", sourceLocation: sourceLocation)
        #expect(
            result.errors.hasPrefix("error: ") && result.errors.contains(fragment), "stderr: \(result.errors)",
            sourceLocation: sourceLocation)
        #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    }

    func integrity(_ path: String) throws -> [String] {
        try SQLiteDatabase(path: path, mode: .readOnly).query("PRAGMA integrity_check") { $0.text(at: 0) ?? "" }
    }

    @Test("add, list, remove; the file passes integrity_check and renders with --places")
    func addListRemove() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        #expect(
            try places([
                "add", "--db", db, "--name", "Denver Museum", "--lat", "39.7475", "--lon", "-104.9428",
                "--radius", "0.5km", "--proximity", "--color", "purple", "--street", "2001 Colorado Blvd",
                "--city", "Denver", "--state", "CO", "--postal", "80205",
            ]) == "1\n")
        #expect(
            try places(["add", "--db", db, "--name=Union Station", "--lat=39.7527", "--lon=-105.0001", "--going-next"])
                == "2\n")
        let table = try places(["list", "--db", db])
        // The address is the callout subtitle: "street, city, state postal".
        #expect(
            table == """
                id  name           address                                latitude    longitude  radius  flags       color
                 1  Denver Museum  2001 Colorado Blvd, Denver, CO 80205  39.747500  -104.942800   500 m  proximity   purple
                 2  Union Station  -                                     39.752700  -105.000100       -  going-next  -

                """)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(places(["list", "--db", db, "--json"]).utf8)) as? [String: Any])
        let rows = try #require(json["places"] as? [[String: Any]])
        #expect(
            rows.count == 2 && rows[0]["street"] as? String == "2001 Colorado Blvd"
                && rows[0]["display_radius"] as? Double == 500)
        #expect(
            rows[0]["city"] as? String == "Denver" && rows[0]["state"] as? String == "CO"
                && rows[0]["postal"] as? String == "80205")
        #expect(rows[0]["subtitle"] as? String == "2001 Colorado Blvd, Denver, CO 80205")
        #expect(rows[1]["subtitle"] is NSNull && rows[1]["street"] is NSNull)
        #expect(rows[1]["going_next"] as? Bool == true)
        #expect(try integrity(db) == ["ok"])

        let render = try Maprender.run(["--places", db, "--basemap", "none", "-o", folder.path("map.png")])
        #expect(render.status == 0, "stderr: \(render.errors)")

        #expect(try places(["remove", "--db", db, "--name", "Denver Museum"]) == "removed 1 Denver Museum\n")
        try failure(["remove", "--db", db, "--id", "1"], status: 65, mentions: "no place with id 1")
        #expect(try places(["remove", "--db", db, "--id", "2"]) == "removed 2 Union Station\n")
        #expect(try places(["list", "--db", db]).split(separator: "\n").count == 1, "only the header is left")
        #expect(try folder.listing() == ["favs.db", "map.png"])
    }

    @Test("export → import → export round trips in every format, through files and standard output")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        let source = folder.path("source.csv")
        let lines = [
            "name,street,city,state,postal,latitude,longitude,display_proximity,display_radius,going_next,pin_color",
            #""Museum, ""Nature""",2001 Colorado Blvd,Denver,CO,80205,39.7475,-104.9428,1,250.5,0,#1e90ff"#,
            "Café,\"two\nlines\",,,,48.8566,2.3522,0,,1,green", "",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: source))
        #expect(try places(["import", "--db", db, source]) == "added 2 places (ids 1–2)\n")
        let reference = try places(["export", "--db", db, "--format", "csv"])
        for format in ["geojson", "gpx", "csv"] {
            let file = folder.path("out.\(format)")
            try places(["export", "--db", db, "-o", file])
            let copy = folder.path("copy-\(format).db")
            #expect(try places(["import", "--db", copy, file]) == "added 2 places (ids 1–2)\n")
            #expect(try places(["export", "--db", copy, "--format", "csv"]) == reference, "\(format)")
            #expect(
                try places(["export", "--db", copy, "--format", format])
                    == String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self))
        }
        // Several files in one import; two going-next places among them are refused.
        let both = folder.path("both.db")
        try failure(
            ["import", "--db", both, folder.path("out.gpx"), folder.path("out.geojson")], status: 65,
            mentions: "2 places are marked going next")
        let minimal = folder.path("minimal.csv")
        try Data("name,latitude,longitude\nCamp,40.1,-105.6\n".utf8).write(to: URL(fileURLWithPath: minimal))
        #expect(try places(["import", "--db", both, folder.path("out.gpx"), minimal]) == "added 3 places (ids 1–3)\n")
    }

    @Test("A failed import changes nothing: the database keeps its exact bytes")
    func failedImport() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        try places(["add", "--db", db, "--name", "Home", "--lat", "1", "--lon", "2", "--going-next"])
        let good = folder.path("good.csv"), bad = folder.path("bad.gpx")
        try Data("name,latitude,longitude,going_next\nA,3,4,1\nB,5,6,0\n".utf8).write(to: URL(fileURLWithPath: good))
        try Data(
            "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<wpt lat=\"1\" lon=\"2\"><name>ok</name></wpt>\n<wpt lat=\"91\" lon=\"2\"><name>bad</name></wpt>\n</gpx>\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: bad))
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        try failure(["import", "--db", db, good, bad], status: 65, mentions: "bad.gpx:3:")
        try failure(
            ["import", "--db", db, good, folder.path("missing.csv")], status: 66, mentions: "missing.csv: no such file")
        try failure(["import", "--db", db, folder.path("notes.txt")], status: 64, mentions: "cannot tell the format")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        // Into a new file: no file is left behind.
        try failure(
            ["import", "--db", folder.path("new.db"), bad], status: 65, mentions: "wpt: latitude 91 is out of range")
        #expect(try folder.listing() == ["bad.gpx", "favs.db", "good.csv"])
    }

    @Test("GPX from other programs imports whether its elements carry a gpx: prefix or a default namespace")
    func importForeignGPX() throws {
        let folder = try TemporaryDirectory()
        let prefixed = folder.path("prefixed.gpx"), plain = folder.path("plain.gpx")
        try Data(
            """
            <?xml version="1.0"?>
            <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1" xmlns:m="urn:maprender:favorites:1" version="1.1">
              <gpx:wpt lat="39.7475" lon="-104.9428"><gpx:name>Museum</gpx:name>
                <gpx:extensions><m:street>2001 Colorado Blvd</m:street><m:city>Denver</m:city></gpx:extensions>
              </gpx:wpt>
            </gpx:gpx>
            """.utf8
        ).write(to: URL(fileURLWithPath: prefixed))
        try Data(
            """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1">
              <wpt lat="39.7527" lon="-105.0001"><name>Union Station</name><desc>1701 Wynkoop St</desc></wpt>
            </gpx>
            """.utf8
        ).write(to: URL(fileURLWithPath: plain))
        let db = folder.path("favs.db")
        #expect(try places(["import", "--db", db, prefixed, plain]) == "added 2 places (ids 1–2)\n")
        let table = try places(["list", "--db", db])
        #expect(table.contains("Museum         2001 Colorado Blvd, Denver"), "\(table)")
        #expect(table.contains("Union Station  1701 Wynkoop St"), "\(table)")
    }

    @Test("A Core Data store is listed and exported but never written")
    func coreDataStore() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path("app.sqlite")
        try SQLiteDatabase(path: store, mode: .readWriteCreate).executeScript(
            """
            CREATE TABLE ZFAVORITEPLACE (Z_PK INTEGER PRIMARY KEY, ZPLACENAME TEXT, ZLATITUDE REAL, ZLONGITUDE REAL,
              ZPLACECITY TEXT, ZDISPLAYRADIUS REAL, ZDISPLAYPROXIMITY INTEGER);
            INSERT INTO ZFAVORITEPLACE VALUES (3, 'Museum', 39.7475, -104.9428, 'Denver', 300, 1);
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let message = "is a Core Data store exported from the iOS app; maprender reads it but never writes it"
        try failure(["add", "--db", store, "--name", "X", "--lat", "1", "--lon", "2"], status: 64, mentions: message)
        try failure(
            ["remove", "--db", store, "--id", "3"], status: 64, mentions: "export it with 'maprender places export'")
        try failure(["geocode", "--db", store], status: 64, mentions: message)
        #expect(try places(["list", "--db", store]).contains("Museum"))
        let exported = folder.path("app.geojson")
        try places(["export", "--db", store, "-o", exported])
        #expect(try places(["import", "--db", folder.path("new.db"), exported]) == "added 1 place (id 1)\n")
        #expect(
            try places(["export", "--db", folder.path("new.db"), "--format", "csv"]).contains(
                "Museum,,Denver,,,39.7475,-104.9428,1,300.0,0,"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(try folder.listing() == ["app.geojson", "app.sqlite", "new.db"])
    }

    /// Runs a render and every `places` command that reads rows on `db`, expecting each to
    /// fail as the render does: exit 65, the same standard error, nothing on standard output,
    /// the database and its folder unchanged.
    func expectRefusedEverywhere(
        _ db: String, in folder: TemporaryDirectory, message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let listing = try folder.listing()
        let render = try Maprender.run(["--places", db, "--basemap", "none", "-o", folder.path("map.png")])
        #expect(render.status == 65, sourceLocation: sourceLocation)
        #expect(
            render.errors.hasPrefix("error: \(db): \(message)"), "stderr: \(render.errors)",
            sourceLocation: sourceLocation)
        let commands = [
            ["list"], ["list", "--json"], ["export", "--format", "csv"], ["export", "--format", "gpx"],
            ["export", "--format", "geojson"], ["export", "-o", folder.path("out.csv")], ["geocode"],
        ]
        for arguments in commands {
            let result = try Maprender.run(["places"] + arguments + ["--db", db])
            #expect(result.status == 65, "\(arguments)", sourceLocation: sourceLocation)
            #expect(result.errors == render.errors, "\(arguments)", sourceLocation: sourceLocation)
            #expect(result.output.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: db)) == before, "byte for byte", sourceLocation: sourceLocation)
        #expect(try folder.listing() == listing, sourceLocation: sourceLocation)
    }

    @Test("A row a map refuses is refused by list and export too, with the same exit status and message")
    func badRowRefusedEverywhere() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        try places(["add", "--db", db, "--name", "Museum", "--lat", "39.7475", "--lon", "-104.9428"])
        // A row another program wrote, with values maprender never writes.
        try SQLiteDatabase(path: db, mode: .readWrite).execute(
            "INSERT INTO places (name, latitude, longitude, display_proximity, display_radius) VALUES ('Bad', 1, 2, 'maybe', -5)"
        )
        try expectRefusedEverywhere(db, in: folder, message: "places row id 2: display_proximity 'maybe' is not 0 or 1")
        // Removing the row reads it (to report what was removed) through the same reader.
        let remove = try Maprender.run(["places", "remove", "--db", db, "--id", "2"])
        #expect(
            remove.status == 65 && remove.errors.contains("places row id 2: display_proximity 'maybe' is not 0 or 1"))

        try SQLiteDatabase(path: db, mode: .readWrite).execute("UPDATE places SET display_proximity = 1 WHERE id = 2")
        try expectRefusedEverywhere(
            db, in: folder, message: "places row id 2: display_radius -5.0 is not a radius in meters")
    }

    @Test("An export says what its format cannot hold instead of changing it silently")
    func exportReportsChanges() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        try places(["add", "--db", db, "--name", "Bell\u{7}", "--lat", "1", "--lon", "2"])
        let gpx = try Maprender.run(["places", "export", "--db", db, "--format", "gpx"])
        #expect(gpx.status == 0)
        #expect(
            gpx.errors == "warning: place 1: name holds U+0007, which XML cannot hold; the GPX has U+FFFD instead"
                + " (export as GeoJSON or CSV to keep it)\n")
        #expect(gpx.outputText.contains("<name>Bell\u{FFFD}</name>"))
        let csv = try Maprender.run(["places", "export", "--db", db, "--format", "csv"])
        #expect(csv.status == 0 && csv.errors.isEmpty && csv.outputText.contains("Bell\u{7},"))
    }

    @Test("A Core Data store's rows follow the same rules")
    func badCoreDataRowRefusedEverywhere() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path("app.sqlite")
        try SQLiteDatabase(path: store, mode: .readWriteCreate).executeScript(
            """
            CREATE TABLE ZFAVORITEPLACE (Z_PK INTEGER PRIMARY KEY, ZPLACENAME TEXT, ZLATITUDE REAL, ZLONGITUDE REAL,
              ZPLACECITY TEXT, ZDISPLAYRADIUS REAL, ZDISPLAYPROXIMITY INTEGER);
            INSERT INTO ZFAVORITEPLACE VALUES (3, 'Museum', 39.7475, -104.9428, 'Denver', 300, 1);
            INSERT INTO ZFAVORITEPLACE VALUES (4, 'Bad', 1, 2, NULL, -5, 'maybe');
            """)
        try expectRefusedEverywhere(
            store, in: folder, message: "ZFAVORITEPLACE row Z_PK 4: ZDISPLAYPROXIMITY 'maybe' is not 0 or 1")
    }

    @Test("--reverse-geocode and places geocode fill city and state offline")
    func reverseGeocode() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        let added = try Maprender.run([
            "places", "add", "--db", db, "--name", "Museum", "--lat", "39.7475", "--lon", "-104.9428",
            "--reverse-geocode",
        ])
        #expect(added.status == 0 && added.outputText == "1\n", "stderr: \(added.errors)")
        try places([
            "add", "--db", db, "--name", "Louvre", "--lat", "48.8606", "--lon", "2.3376", "--city", "Paris 1er",
        ])
        try places(["add", "--db", db, "--name", "Buoy", "--lat", "30", "--lon", "-40"])
        let output = try places(["geocode", "--db", db])
        #expect(
            output.contains("1 Museum: unchanged") && output.contains("2 Louvre: city Paris 1er, state France"),
            "\(output)")
        #expect(output.contains("3 Buoy: unchanged (the nearest populated place"), "\(output)")
        let csv = try places(["export", "--db", db, "--format", "csv"])
        #expect(csv.contains("Museum,,Denver,Colorado,,39.7475"))
        #expect(csv.contains("Louvre,,Paris 1er,France,,"))
        #expect(csv.contains("Buoy,,,,,30.0,-40.0"))
    }

    @Test(
        "--address looks the place up at the --geocoder service, on 127.0.0.1 here",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed"))
    func forwardGeocoding() throws {
        let server = try ScriptServer(
            script: Maprender.packageRoot.appendingPathComponent("Tests/MapFavoritesTests/Geocoder/nominatim_stub.py")
                .path)
        defer { server.stop() }
        let port = server.announcement.dropFirst(5)
        let url = "http://127.0.0.1:\(port)"
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        let result = try Maprender.run([
            "places", "add", "--db", db, "--name", "Museum", "--address", "2001 Colorado Blvd, Denver", "--geocoder",
            url,
        ])
        #expect(result.status == 0 && result.outputText == "1\n", "stderr: \(result.errors)")
        #expect(
            try places(["export", "--db", db, "--format", "csv"])
                .contains("Museum,2001 Colorado Boulevard,Denver,Colorado,80205,39.7475,-104.9428,0,,0,"))
        try failure(
            ["add", "--db", db, "--name", "X", "--address", "nowhere", "--geocoder", url], status: 65,
            mentions: "no match for 'nowhere'")
        try failure(
            ["add", "--db", db, "--name", "X", "--address", "server error", "--geocoder", url], status: 69,
            mentions: "HTTP 500")
        try failure(
            ["add", "--db", db, "--name", "X", "--address", "2001 Colorado Blvd"], status: 64,
            mentions: "--address needs --geocoder URL")
        #expect(try places(["list", "--db", db]).split(separator: "\n").count == 2)
    }

    @Test("Usage errors and exit codes")
    func usage() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        try failure(["list"], status: 64, mentions: "places list needs --db DB")
        try failure(["lsit", "--db", db], status: 64, mentions: "did you mean 'list'?")
        try failure(
            ["add", "--db", db, "--name", "A", "--lat", "91", "--lon", "0"], status: 64, mentions: "outside the world")
        try failure(["add", "--db", db, "--name", "A", "--lat", "1"], status: 64, mentions: "needs --lat and --lon")
        try failure(
            ["add", "--db", db, "--name", "A", "--lat", "1", "--lon", "2", "--color", "teal"], status: 64,
            mentions: "'teal'")
        try failure(
            ["add", "--db", db, "--name", "A", "--lat", "1", "--lon", "2", "--radius", "-3"], status: 64,
            mentions: "--radius")
        try failure(
            ["add", "--db", db, "--name", "A", "--lat", "1", "--lon", "2", "--raduis", "3"], status: 64,
            mentions: "did you mean '--radius'?")
        try failure(["remove", "--db", db], status: 64, mentions: "either --id N or --name NAME")
        try failure(["export", "--db", db], status: 64, mentions: "--format")
        try failure(["list", "--db", db], status: 66, mentions: "no such file")
        try failure(
            ["add", "--db", folder.path("no/such/favs.db"), "--name", "A", "--lat", "1", "--lon", "2"], status: 73,
            mentions: "cannot create")
        #expect(try folder.listing().isEmpty)
        let help = try Maprender.run(["places", "--help"])
        #expect(help.status == 0 && help.outputText.contains("maprender places import --db DB FILE…"))
        #expect(
            try Maprender.run(["--help"]).outputText.contains("maprender places list|add|remove|import|export|geocode"))
    }
}
