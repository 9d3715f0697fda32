import Foundation
import MapGeometry
import MapRenderCore
import Testing

@testable import MapDrawing
@testable import MapFavorites
@testable import MapInputs

// Export to GeoJSON, GPX and CSV, import back, and import from files other programs wrote.

/// Places with every native field set somewhere, and text that needs escaping in each format.
private let samples: [FavoritePlace] = [
    FavoritePlace(
        id: 1, name: "Denver Museum of Nature & Science", street: "2001 Colorado Blvd", city: "Denver", state: "CO",
        postal: "80205", coordinate: Coordinate(latitude: 39.747_532_1, longitude: -104.942_812_345_678_9),
        showsProximity: true, radius: 250.5, isGoingNext: false, pinColor: "purple"),
    FavoritePlace(
        id: 2, name: "\"Quotes\", commas <and> 'tags'", street: "Line one\nline two", city: "Zürich", state: nil,
        postal: "8001", coordinate: Coordinate(latitude: 47.3769, longitude: 8.5417), showsProximity: false,
        radius: nil, isGoingNext: true, pinColor: "#1e90ff"),
    FavoritePlace(
        id: 3, name: "Café ☕ on the edge", street: "Crlf\r\nstreet",
        coordinate: Coordinate(latitude: -90, longitude: 180),
        radius: 1e-3, pinColor: nil),
    FavoritePlace(id: 4, name: "Bare", coordinate: Coordinate(latitude: 0, longitude: -180)),
]

/// The places as an import gives them back: without ids.
private func withoutIDs(_ places: [FavoritePlace]) -> [FavoritePlace] {
    places.map { place in
        var copy = place
        copy.id = nil
        return copy
    }
}

@Suite("Favorites export and import")
struct FavoritesExportTests {
    @Test("Export then import gives back every native field", arguments: FavoritesFormat.allCases)
    func roundTrip(format: FavoritesFormat) throws {
        let bytes = FavoritesExport.encode(samples, as: format)
        let decoded = try FavoritesImport.decode(bytes, format: format, fileName: "favorites.\(format.rawValue)")
        #expect(decoded == withoutIDs(samples))
    }

    @Test(
        "Through a database and back: export → import → export is byte-identical", arguments: FavoritesFormat.allCases)
    func roundTripThroughDatabase(format: FavoritesFormat) throws {
        let scratch = try FavoritesScratch()
        let writer = FavoritesWriter(path: scratch.file("favs.db"))
        try writer.add(contentsOf: withoutIDs(samples))
        let exported = FavoritesExport.encode(try favorites(of: writer), as: format)
        let copy = FavoritesWriter(path: scratch.file("copy.db"))
        try copy.add(contentsOf: try FavoritesImport.decode(exported, format: format, fileName: "x"))
        #expect(FavoritesExport.encode(try favorites(of: copy), as: format) == exported)
        #expect(try favorites(of: copy) == favorites(of: writer))
    }

    @Test("CSV: the documented header, CRLF, RFC 4180 quoting")
    func csvText() {
        let text = FavoritesExport.csv(Array(samples.prefix(2)))
        let lines = text.components(separatedBy: "\r\n")
        #expect(
            lines[0]
                == "name,street,city,state,postal,latitude,longitude,display_proximity,display_radius,going_next,pin_color"
        )
        #expect(
            lines[1]
                == "Denver Museum of Nature & Science,2001 Colorado Blvd,Denver,CO,80205,39.7475321,-104.9428123456789,1,250.5,0,purple"
        )
        #expect(
            lines[2]
                == "\"\"\"Quotes\"\", commas <and> 'tags'\",\"Line one\nline two\",Zürich,,8001,47.3769,8.5417,0,,1,#1e90ff"
        )
        #expect(text.hasSuffix("\r\n"))
    }

    @Test("GeoJSON export draws with --geojson: title, the address as subtitle, the pin colour")
    func geoJSONRendersLikeTheDatabase() throws {
        let bytes = FavoritesExport.encode(samples, as: .geojson)
        let content = try GeoJSONDecoder().decode(bytes, fileName: "favorites.geojson")
        #expect(content.places.map(\.title) == samples.map(\.name))
        #expect(content.places.map(\.subtitle) == samples.map(\.addressLine))
        #expect(content.places[0].marker == .pin(.purple))
        #expect(content.places[1].marker == .pin(Color(hex: 0x1E90FF)))
        #expect(content.places.map(\.coordinate) == samples.map(\.coordinate))
    }

    @Test("GPX export is GPX 1.1 any reader takes: waypoints with name and desc")
    func gpxReadsAsWaypoints() throws {
        let bytes = FavoritesExport.encode(samples, as: .gpx)
        let content = try GPXDecoder.decode(bytes, fileName: "favorites.gpx")
        #expect(content.waypoints.map(\.title) == samples.map(\.name))
        #expect(content.waypoints.map(\.coordinate) == samples.map(\.coordinate))
        #expect(content.waypoints[0].subtitle == "2001 Colorado Blvd, Denver, CO 80205")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<gpx version=\"1.1\" creator=\"maprender\" xmlns=\"http://www.topografix.com/GPX/1/1\""))
        #expect(text.contains("<name>\"Quotes\", commas &lt;and&gt; 'tags'</name>"))
    }

    @Test("What GPX cannot hold is reported, place and column named; GeoJSON and CSV hold everything")
    func reportedChanges() throws {
        let places = [
            FavoritePlace(
                id: 7, name: "Bell\u{7}", street: "Esc\u{1B}ape\u{1B}",
                coordinate: Coordinate(latitude: 1, longitude: 2)),
            FavoritePlace(id: 8, name: "Fine\ttab\nand lines", coordinate: Coordinate(latitude: 1, longitude: 2)),
        ]
        let changes = FavoritesExport.changes(in: places, as: .gpx)
        #expect(changes.map(\.severity) == [.warning, .warning])
        #expect(
            changes.map(\.message) == [
                "place 7: name holds U+0007, which XML cannot hold; the GPX has U+FFFD instead (export as GeoJSON or CSV to keep it)",
                "place 7: street holds U+001B, which XML cannot hold; the GPX has U+FFFD instead (export as GeoJSON or CSV to keep it)",
            ])
        let read = try GPXDecoder.decode(FavoritesExport.encode(places, as: .gpx), fileName: "c.gpx")
        #expect(read.waypoints.map(\.title) == ["Bell\u{FFFD}", "Fine\ttab\nand lines"])
        for format in [FavoritesFormat.geojson, .csv] {
            #expect(FavoritesExport.changes(in: places, as: format).isEmpty)
            let back = try FavoritesImport.decode(
                FavoritesExport.encode(places, as: format), format: format, fileName: "c")
            #expect(back.map(\.name) == places.map(\.name), "\(format)")
        }
    }

    @Test("A minimal CSV and aliases import")
    func minimalCSV() throws {
        let text = "name,latitude,longitude\r\nHome,39.7,-104.9\r\n\r\nWork,\"40.0\",-105\n"
        let places = try FavoritesImport.decode(Array(text.utf8), format: .csv, fileName: "min.csv")
        #expect(
            places == [
                FavoritePlace(name: "Home", coordinate: Coordinate(latitude: 39.7, longitude: -104.9)),
                FavoritePlace(name: "Work", coordinate: Coordinate(latitude: 40, longitude: -105)),
            ])
        let aliased = "Title,Lat,Lng,Radius,Proximity,Colour\nA,1,2,100,yes,GREEN\n"
        let place = try #require(try FavoritesImport.decode(Array(aliased.utf8), format: .csv, fileName: "a.csv").first)
        #expect(place.radius == 100 && place.showsProximity && place.pinColor == "green")
    }

    @Test(
        "Bad CSV names the file and line",
        arguments: [
            ("name,latitude\nA,1\n", "min.csv:1: the header has no longitude column"),
            ("name,latitude,longitude\nA,1,2\nB,x,2\n", "min.csv:3: column 'latitude': 'x' is not a number"),
            ("name,latitude,longitude\nA,1,2\nB,1,200\n", "min.csv:3: 'B': longitude 200.0 is out of range"),
            ("name,latitude,longitude\n,1,2\n", "min.csv:2: the place has no name"),
            ("name,latitude,longitude\nA,1\n", "min.csv:2: 2 fields, but the header has 3"),
            (
                "name,latitude,longitude,going_next\nA,1,2,maybe\n",
                "min.csv:2: column 'going_next': 'maybe' is not 0 or 1"
            ),
            ("name,latitude,longitude\n", "min.csv: no places to import"),
        ])
    func badCSV(text: String, message: String) {
        let error = mapError { _ = try FavoritesImport.decode(Array(text.utf8), format: .csv, fileName: "min.csv") }
        #expect(error?.kind == .invalidData)
        #expect(error?.locatedMessage.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test("GPX from other programs: desc becomes the street, Garmin addresses are read, tracks ignored")
    func foreignGPX() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3" xmlns:other="urn:other">
              <metadata><name>Not a place</name></metadata>
              <wpt lat="39.7" lon="-104.9"><name>Trailhead</name><desc>Parking lot</desc></wpt>
              <wpt lat="40" lon="-105"><name>Shop</name><desc>ignored</desc>
                <extensions><other:street>not ours</other:street><gpxx:WaypointExtension><gpxx:Address>
                  <gpxx:StreetAddress>1 Main St</gpxx:StreetAddress><gpxx:City>Boulder</gpxx:City>
                  <gpxx:State>CO</gpxx:State><gpxx:PostalCode>80302</gpxx:PostalCode>
                </gpxx:Address></gpxx:WaypointExtension></extensions></wpt>
              <trk><name>Ride</name><trkseg><trkpt lat="1" lon="2"><name>pt</name></trkpt></trkseg></trk>
            </gpx>
            """
        let places = try FavoritesImport.decode(Array(text.utf8), format: .gpx, fileName: "x.gpx")
        #expect(
            places == [
                FavoritePlace(
                    name: "Trailhead", street: "Parking lot", coordinate: Coordinate(latitude: 39.7, longitude: -104.9)),
                FavoritePlace(
                    name: "Shop", street: "1 Main St", city: "Boulder", state: "CO", postal: "80302",
                    coordinate: Coordinate(latitude: 40, longitude: -105)),
            ])
    }

    @Test("GPX another program wrote with a gpx: prefix on every element, extensions under other prefixes")
    func prefixedGPX() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1" xmlns:fav="urn:maprender:favorites:1"
                     xmlns:g="http://www.garmin.com/xmlschemas/GpxExtensions/v3" version="1.1" creator="other">
              <gpx:metadata><gpx:name>Not a place</gpx:name></gpx:metadata>
              <gpx:wpt lat="39.7475" lon="-104.9428">
                <gpx:name>Museum &amp; Garden</gpx:name><gpx:desc>ignored: the address is given</gpx:desc>
                <gpx:extensions>
                  <fav:street>2001 Colorado Blvd</fav:street><fav:city>Denver</fav:city>
                  <fav:display_radius>250</fav:display_radius><fav:display_proximity>1</fav:display_proximity>
                  <fav:pin_color>purple</fav:pin_color>
                </gpx:extensions>
              </gpx:wpt>
              <gpx:wpt lat="40" lon="-105"><gpx:name>Shop</gpx:name>
                <gpx:extensions><g:WaypointExtension><g:Address><g:City>Boulder</g:City></g:Address></g:WaypointExtension></gpx:extensions>
              </gpx:wpt>
            </gpx:gpx>
            """
        let places = try FavoritesImport.decode(Array(text.utf8), format: .gpx, fileName: "prefixed.gpx")
        #expect(
            places == [
                FavoritePlace(
                    name: "Museum & Garden", street: "2001 Colorado Blvd", city: "Denver",
                    coordinate: Coordinate(latitude: 39.7475, longitude: -104.9428), showsProximity: true, radius: 250,
                    pinColor: "purple"),
                FavoritePlace(name: "Shop", city: "Boulder", coordinate: Coordinate(latitude: 40, longitude: -105)),
            ])
    }

    @Test("GPX with a default namespace, and extensions that declare their own default namespace")
    func defaultNamespaceGPX() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0">
              <wpt lat="1" lon="2"><name>Camp</name><cmt>by the lake</cmt>
                <extensions>
                  <city xmlns="urn:maprender:favorites:1">Estes Park</city>
                  <going_next xmlns="urn:maprender:favorites:1">1</going_next>
                  <city xmlns="urn:someone-else">not ours</city>
                  <city>not ours either: the GPX namespace</city>
                </extensions>
              </wpt>
              <wpt lat="3" lon="4"><name>Spring</name><cmt>by the oak</cmt></wpt>
            </gpx>
            """
        let places = try FavoritesImport.decode(Array(text.utf8), format: .gpx, fileName: "default.gpx")
        #expect(
            places == [
                FavoritePlace(
                    name: "Camp", city: "Estes Park", coordinate: Coordinate(latitude: 1, longitude: 2),
                    isGoingNext: true),
                FavoritePlace(name: "Spring", street: "by the oak", coordinate: Coordinate(latitude: 3, longitude: 4)),
            ])
    }

    @Test("GPX export of awkward names reads back through GPXDecoder with the same names")
    func awkwardNamesRoundTrip() throws {
        let names = [
            "Fish & Chips", "<b>bold</b>", "\"Quoted\" and 'single'", "]]> end of CDATA", "&amp; already escaped",
            "Zürich – 東京 🗺", "tab\there", "two\nlines", "crlf\r\nline", "e\u{301} combining",
        ]
        let places = names.enumerated().map { index, name in
            FavoritePlace(
                name: name, street: "\(name) street", coordinate: Coordinate(latitude: Double(index), longitude: 0))
        }
        let bytes = FavoritesExport.encode(places, as: .gpx)
        let content = try GPXDecoder.decode(bytes, fileName: "awkward.gpx")
        #expect(content.waypoints.map(\.title) == names)
        #expect(content.waypoints.map(\.subtitle) == names.map { "\($0) street" })
        #expect(try FavoritesImport.decode(bytes, format: .gpx, fileName: "awkward.gpx").map(\.name) == names)
    }

    @Test(
        "Bad GPX names the file and line",
        arguments: [
            (
                "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<wpt lat=\"1\" lon=\"2\"></wpt></gpx>",
                "x.gpx:2: wpt 1: the place has no name"
            ),
            ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<wpt lat=\"95\" lon=\"2\"/></gpx>", "x.gpx:2:"),
            ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt lat=\"1\" lon=\"2\"><name>A</name>", "x.gpx:1:"),
            ("<kml/>", "x.gpx:1:"),
            ("<?xml version=\"1.0\"?><!DOCTYPE gpx [<!ENTITY a \"b\">]><gpx/>", "the DOCTYPE declares entities"),
            ("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk/></gpx>", "x.gpx: no places to import"),
        ])
    func badGPX(text: String, fragment: String) {
        let error = mapError { _ = try FavoritesImport.decode(Array(text.utf8), format: .gpx, fileName: "x.gpx") }
        #expect(error?.kind == .invalidData)
        #expect(error?.locatedMessage.contains(fragment) == true, "\(String(describing: error))")
    }

    @Test("GeoJSON from other programs: name, description, MultiPoint; lines skipped")
    func foreignGeoJSON() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "Spring", "description": "by the oak"},
               "geometry": {"type": "Point", "coordinates": [-105.1, 39.9, 1700]}},
              {"type": "Feature", "properties": {"title": "Pair", "display_proximity": 1},
               "geometry": {"type": "MultiPoint", "coordinates": [[1, 2], [3, 4]]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}},
              {"type": "Feature", "properties": null, "geometry": null}
            ]}
            """
        let places = try FavoritesImport.decode(Array(text.utf8), format: .geojson, fileName: "x.geojson")
        #expect(places.map(\.name) == ["Spring", "Pair", "Pair"])
        #expect(places[0].street == "by the oak")
        #expect(places[1].showsProximity && places[2].coordinate == Coordinate(latitude: 4, longitude: 3))

        let untitled = #"{"type": "Point", "coordinates": [1, 2]}"#
        let error = mapError {
            _ = try FavoritesImport.decode(Array(untitled.utf8), format: .geojson, fileName: "p.geojson")
        }
        #expect(
            error?.locatedMessage.hasPrefix("p.geojson:1:1: the place has no name") == true,
            "\(String(describing: error))")
        let badRadius =
            #"{"type": "Feature", "properties": {"title": "A", "display_radius": "far"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}"#
        let radiusError = mapError {
            _ = try FavoritesImport.decode(Array(badRadius.utf8), format: .geojson, fileName: "r.geojson")
        }
        #expect(
            radiusError?.description.contains("properties.display_radius: expected meters") == true,
            "\(String(describing: radiusError))")
    }

    @Test("GeoJSON import reads points through GeoJSONDecoder: its structure rules, GeometryCollections, sources")
    func geoJSONThroughDecoder() throws {
        let collection = """
            {"type": "Feature", "properties": {"title": "Twin", "city": "Denver"},
             "geometry": {"type": "GeometryCollection", "geometries": [
               {"type": "Point", "coordinates": [-105, 39.7]},
               {"type": "LineString", "coordinates": [[0, 0], [1, 1]]},
               {"type": "Point", "coordinates": [-104.9, 39.8]}]}}
            """
        let places = try FavoritesImport.decode(Array(collection.utf8), format: .geojson, fileName: "c.geojson")
        #expect(places.map(\.name) == ["Twin", "Twin"] && places.allSatisfy { $0.city == "Denver" })
        #expect(places.map(\.coordinate.longitude) == [-105, -104.9])

        // A Feature must have a geometry member (RFC 7946 §3.2), and a line its two positions,
        // even in a file imported for its points: the decoder's rules are the import's.
        let noGeometry =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"title": "A"}}]}"#
        let missing = mapError {
            _ = try FavoritesImport.decode(Array(noGeometry.utf8), format: .geojson, fileName: "g.geojson")
        }
        #expect(
            missing?.locatedMessage.hasPrefix("g.geojson:") == true
                && missing?.locatedMessage.contains("features[0]: missing \"geometry\"") == true,
            "\(String(describing: missing))")
        let shortLine = #"{"type": "LineString", "coordinates": [[0, 0]]}"#
        let line = mapError {
            _ = try FavoritesImport.decode(Array(shortLine.utf8), format: .geojson, fileName: "l.geojson")
        }
        #expect(line?.message.contains("a line needs at least 2 positions") == true, "\(String(describing: line))")
    }

    @Test("GeoJSON points past ±180° import as the same meridian within [-180, 180]; latitudes past ±90° do not")
    func geoJSONPastTheAntimeridian() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"title": "Hilo"}, "geometry": {"type": "Point", "coordinates": [205.3, 19.7]}},
              {"type": "Feature", "properties": {"title": "Attu"}, "geometry": {"type": "Point", "coordinates": [-187.1, 52.9]}},
              {"type": "Feature", "properties": {"title": "Date line"}, "geometry": {"type": "Point", "coordinates": [180, 0]}}
            ]}
            """
        let places = try FavoritesImport.decode(Array(text.utf8), format: .geojson, fileName: "p.geojson")
        let expected = [-154.7, 172.9, 180]
        #expect(places.count == expected.count)
        for (place, longitude) in zip(places, expected) {
            #expect(abs(place.coordinate.longitude - longitude) < 1e-9, "\(place.name): \(place.coordinate)")
        }
        let polar =
            #"{"type": "Feature", "properties": {"title": "Pole"}, "geometry": {"type": "Point", "coordinates": [205.3, 90.5]}}"#
        let error = mapError {
            _ = try FavoritesImport.decode(Array(polar.utf8), format: .geojson, fileName: "q.geojson")
        }
        #expect(
            error?.message.contains("latitude 90.5 is out of range [-90, 90]") == true, "\(String(describing: error))")
    }

    @Test("Formats from file names")
    func formatsFromNames() {
        #expect(FavoritesFormat(fileName: "a/b.GeoJSON") == .geojson)
        #expect(FavoritesFormat(fileName: "b.json") == .geojson)
        #expect(FavoritesFormat(fileName: "x.gpx") == .gpx)
        #expect(FavoritesFormat(fileName: "x.CSV") == .csv)
        #expect(FavoritesFormat(fileName: "x.txt") == nil)
        #expect(FavoritesFormat(fileName: "dir.gpx/file") == nil)
    }
}
