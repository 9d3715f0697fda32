import Foundation
import MapRenderCairo
import MapTestSupport
import Testing

// The track and place formats people record, end to end through the built binary: a map
// from each, the same reading whatever the file is named, places import, OwnTracks stores
// and FIT folders read for the window only, damaged files.

private let inputs = Maprender.packageRoot.appendingPathComponent("Tests/MapInputsTests/Fixtures")
private func fixture(_ path: String) -> String { inputs.appendingPathComponent(path).path }

/// One file of every format, written by another program (see each folder's README).
private let formatFixtures = [
    "fit/garmin-edge-800.fit", "fit/wahoo-element-bolt.fit", "fit/sample_mulitple_header.fit",
    "tcx/gpsbabel-history.tcx", "tcx/togeojson-garmin_connect.tcx", "kml/gpsbabel-opentracks.kml",
    "kml/gxmultitrack.kml", "kml/kmz/earth-gc.kmz", "history/Records.json", "history/2026_DECEMBER.json",
    "history/Timeline-android.json", "history/Timeline-iphone.json", "history/demo-iphone.rec",
    "history/owntracks-ocat.json", "history/overland-batch.json",
]

/// `track stats --json` of `path`, parsed.
private func stats(_ path: String, _ extra: [String] = []) throws -> [String: Any] {
    let result = try Maprender.run(["track", "stats", "--json", "--max-accuracy", "none"] + extra + [path])
    #expect(result.status == 0, "\(path): \(result.errors)")
    return try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
}

@Suite("track formats, end to end")
struct TrackFormatTests {
    @Test("a map is drawn from every format", arguments: formatFixtures)
    func mapOfEachFormat(name: String) throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(
            [
                "--track", fixture(name), "--max-accuracy", "none", "-o", folder.path("map.png"), "--sidecar",
                folder.path("map.json"),
            ])
        #expect(result.status == 0, "\(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("map.png")))))
        #expect(image.width == 800 && image.height == 600)
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("map.json"))))
                as? [String: Any])
        #expect(sidecar["center"] != nil)
    }

    @Test("a file is read the same whatever it is called: its content tells", arguments: formatFixtures)
    func sniffedByContent(name: String) throws {
        let folder = try TemporaryDirectory()
        let renamed = folder.path("export")
        try FileManager.default.copyItem(atPath: fixture(name), toPath: renamed)
        if name.hasSuffix(".kmz") {
            // Placemarks, no track: the maps are the same.
            for (input, output) in [(fixture(name), "named.png"), (renamed, "renamed.png")] {
                #expect(try Maprender.run(["--geojson", input, "-o", folder.path(output)]).status == 0)
            }
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder.path("named.png")))
                    == Data(contentsOf: URL(fileURLWithPath: folder.path("renamed.png"))))
            return
        }
        var named = try stats(fixture(name))
        var unnamed = try stats(renamed)
        named["files"] = nil
        unnamed["files"] = nil
        #expect(NSDictionary(dictionary: named) == NSDictionary(dictionary: unnamed))
        #expect((named["fixes"] as? Int ?? 0) > 0)
    }

    @Test("places import takes placemarks, course points, saved places and visits, with address and colour")
    func placesImport() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("favs.db")
        let files = [
            Maprender.packageRoot.appendingPathComponent("examples/helsinki/saved-places.kml").path,
            fixture("tcx/gpsbabel-gtrnctr-readcp.tcx"), fixture("history/Saved Places.json"),
            fixture("history/2026_DECEMBER.json"),
        ]
        let result = try Maprender.run(["places", "import", "--db", db] + files)
        #expect(result.status == 0, "\(result.errors)")
        let list = try Maprender.run(["places", "list", "--db", db, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: list.output) as? [String: Any])
        let rows = try #require(json["places"] as? [[String: Any]])
        let cathedral = try #require(rows.first { $0["name"] as? String == "Helsinki Cathedral" })
        #expect(cathedral["street"] as? String == "Unioninkatu 29, 00170 Helsinki")
        #expect(cathedral["pin_color"] as? String == "#2f4ab0", "KML's aabbggrr: ffb04a2f")
        let ekberg = try #require(rows.first { $0["name"] as? String == "Café Ekberg" })
        #expect(ekberg["street"] as? String == "Bakery since 1852", "the description without its HTML")
        // 3 placemarks (the line is no place), 16 course points, the saved places and visits.
        #expect(rows.filter { ($0["name"] as? String)?.hasPrefix("Tp ") == true }.count >= 1)
        #expect(rows.count >= 3 + 16 + 2)
        // A file with nothing to import adds nothing, and says so.
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let none = try Maprender.run(["places", "import", "--db", db, fixture("history/Records.json")])
        #expect(none.status == 65 && none.errors.contains("no places to import"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    @Test("an OwnTracks store is read for the months the window needs, one track per device")
    func ownTracksStore() throws {
        let folder = try TemporaryDirectory()
        let device = folder.url.appendingPathComponent("store/rec/anna/phone")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: fixture("history/demo-iphone.rec"), toPath: device.appendingPathComponent("2015-08.rec").path)
        // A damaged month the window never needs: reading it would fail.
        try Data("not a recording\n".utf8).write(to: device.appendingPathComponent("2016-03.rec"))
        let window = ["--day", "2015-08-24", "--timezone", "Europe/Berlin"]
        let day = try stats(folder.path("store"), window)
        let alone = try stats(fixture("history/demo-iphone.rec"), window)
        #expect(day["fixes"] as? Int == alone["fixes"] as? Int && (day["fixes"] as? Int ?? 0) > 0)
        let files = try #require(day["files"] as? [String])
        #expect(files.count == 1 && files[0].hasSuffix("2015-08.rec"))
        let whole = try Maprender.run(["track", "stats", folder.path("store")])
        #expect(whole.status == 65 && whole.errors.contains("2016-03.rec"), "without a window every month is read")
        let empty = try Maprender.run(["track", "stats", folder.path("store"), "--day", "2020-01-01"])
        #expect(empty.status == 65 && empty.errors.contains("no fix of the track files lies in the time window"))
    }

    @Test("a folder's FIT files that cannot hold the window are not read")
    func fitFolder() throws {
        let folder = try TemporaryDirectory()
        let ride = folder.path("2012-04-12-ride.fit")
        try FileManager.default.copyItem(atPath: fixture("fit/garmin-edge-800.fit"), toPath: ride)
        // Damaged files, one written long before the day, one begun after it (its first
        // messages are a real file's): neither is read past its start.
        let old = folder.path("2011-01-01-old.fit")
        try Data(Array(try Data(contentsOf: URL(fileURLWithPath: fixture("fit/garmin-edge-800.fit")))).prefix(4000))
            .write(to: URL(fileURLWithPath: old))
        try FileManager.default.setAttributes(
            [.modificationDate: ISO8601DateFormatter().date(from: "2011-01-01T12:00:00Z")!], ofItemAtPath: old)
        let later = folder.path("2013-06-13-later.fit")
        let run = Array(try Data(contentsOf: URL(fileURLWithPath: fixture("fit/garmin-forerunner-10.fit"))))
        try Data(run.prefix(run.count / 2)).write(to: URL(fileURLWithPath: later))
        let result = try Maprender.run(
            ["track", "stats", "--json", folder.url.path, "--day", "2012-04-12", "--timezone", "UTC"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("old.fit") && !result.errors.contains("later.fit"), "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        #expect(json["files"] as? [String] == [ride])
        // Without a window both damaged files are read, and warn.
        let all = try Maprender.run(["track", "stats", folder.url.path])
        #expect(all.errors.contains("old.fit") && all.errors.contains("later.fit"), "\(all.errors)")
    }

    @Test("a damaged FIT is drawn from its valid part with a warning; --strict refuses it, leaving nothing")
    func damagedFIT() throws {
        let folder = try TemporaryDirectory()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture("fit/garmin-edge-800.fit"))))
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: folder.path("cut.fit")))
        let drawn = try Maprender.run(["--track", folder.path("cut.fit"), "-o", folder.path("cut.png")])
        #expect(drawn.status == 0)
        #expect(drawn.errors.contains("warning: \(folder.path("cut.fit")): the file ends at byte"), "\(drawn.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.path("cut.png")))
        let strict = try Maprender.run(["--track", folder.path("cut.fit"), "--strict", "-o", folder.path("s.png")])
        #expect(strict.status != 0 && strict.errors.contains("--strict"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("s.png")))
        // Not FIT at all after its header: exit 65 naming the file.
        try Data(bytes.prefix(14) + [UInt8](repeating: 0xFF, count: 64)).write(
            to: URL(fileURLWithPath: folder.path("junk.fit")))
        let junk = try Maprender.run(["--track", folder.path("junk.fit"), "-o", folder.path("j.png")])
        #expect(junk.status == 65 && junk.errors.hasPrefix("error: \(folder.path("junk.fit"))"), "\(junk.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("j.png")))
    }

    @Test("a corrupt KMZ and a JSON log that is not JSON are exit 65, naming the file and where")
    func corruptFiles() throws {
        let folder = try TemporaryDirectory()
        var kmz = Array(try Data(contentsOf: URL(fileURLWithPath: fixture("kml/kmz/python-deflate.kmz"))))
        for index in 60..<min(200, kmz.count) { kmz[index] ^= 0x5A }
        try Data(kmz).write(to: URL(fileURLWithPath: folder.path("bad.kmz")))
        let bad = try Maprender.run(["--geojson", folder.path("bad.kmz"), "-o", folder.path("k.png")])
        #expect(bad.status == 65 && bad.errors.contains("bad.kmz"), "\(bad.errors)")
        var records = try String(contentsOfFile: fixture("history/Records.json"), encoding: .utf8)
        records.insert(contentsOf: "\n  oops,", at: records.index(records.startIndex, offsetBy: 40))
        try Data(records.utf8).write(to: URL(fileURLWithPath: folder.path("Records.json")))
        let json = try Maprender.run(["--track", folder.path("Records.json"), "-o", folder.path("r.png")])
        #expect(json.status == 65 && json.errors.contains("Records.json:"), "\(json.errors)")
        #expect(try folder.listing() == ["Records.json", "bad.kmz"])
    }
}

@Suite("examples/nightly.sh from an OwnTracks store")
struct NightlyStoreTests {
    @Test("renders the day's fixes of a store and skips a day without any")
    func store() throws {
        let folder = try TemporaryDirectory()
        let device = folder.url.appendingPathComponent("store/rec/anna/phone")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: fixture("history/demo-iphone.rec"), toPath: device.appendingPathComponent("2015-08.rec").path)
        func run(_ day: String) throws -> (Int32, String) {
            let run = try ChildProcess.run(
                Maprender.packageRoot.appendingPathComponent("examples/nightly.sh").path,
                [folder.path("store"), folder.path("maps"), day],
                environment: [
                    "MAPRENDER": Maprender.productsDirectory.appendingPathComponent("maprender").path,
                    "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": Maprender.noConfigurationFolder,
                    "TZ": "Europe/Berlin",
                ])
            return (run.status, run.outputText + run.errors)
        }
        let (status, text) = try run("2015-08-24")
        #expect(status == 0, "\(text)")
        let image = try RasterImage(
            png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("maps/2015-08-24.png")))))
        #expect(image.width == 800)
        let (skipStatus, skipText) = try run("2015-09-02")
        #expect(skipStatus == 0 && skipText.contains("nothing to render"), "\(skipText)")
    }
}
