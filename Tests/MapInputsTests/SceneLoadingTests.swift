import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapInputs

/// A fresh file in the temporary folder holding `bytes`.
private func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("scene-\(UUID().uuidString)-\(name)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite("Input file kinds")
struct InputFileKindTests {
    @Test("extensions name their kinds, in any case")
    func extensions() {
        #expect(InputFileKind(pathExtension: "GPX") == .gpx)
        #expect(InputFileKind(pathExtension: "geojson") == .geoJSON)
        #expect(InputFileKind(pathExtension: "json") == .geoJSON)
        #expect(InputFileKind(pathExtension: "Csv") == .locationCSV)
        #expect(InputFileKind(pathExtension: "xml") == nil)
        #expect(InputFileKind(pathExtension: "") == nil)
    }

    @Test(
        "content tells the kind when the name does not",
        arguments: [
            ("<?xml version=\"1.0\"?>\n<!-- exported -->\n<gpx version=\"1.1\">", InputFileKind.gpx),
            ("\u{FEFF}<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">", .gpx),
            ("<?xml version=\"1.0\"?><!DOCTYPE gpx><g:gpx xmlns:g=\"http://www.topografix.com/GPX/1/1\">", .gpx),
            ("  \n{\"type\": \"FeatureCollection\", \"features\": []}", .geoJSON),
            ("latitude,longitude,timestamp\n39.7,-105.0,2024-06-08T15:00:00Z\n", .locationCSV),
            ("\"lat\",\"lon\"\n1,2\n", .locationCSV),
        ])
    func sniffing(text: String, kind: InputFileKind) {
        #expect(InputFileKind(sniffing: Array(text.utf8)) == kind)
    }

    @Test("GPX in UTF-16 with a byte-order mark is recognised")
    func utf16() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx version=\"1.1\"></gpx>"
        #expect(InputFileKind(sniffing: [0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)) == .gpx)
        #expect(InputFileKind(sniffing: [0xFE, 0xFF] + Array(text.data(using: .utf16BigEndian)!)) == .gpx)
    }

    @Test(
        "other content is no kind",
        arguments: ["", "hello", "<html><body>", "<svg>", "[1, 2]", "name,x\n1,2", "SQLite format 3\0"])
    func unknown(text: String) {
        #expect(InputFileKind(sniffing: Array(text.utf8)) == nil)
    }
}

@Suite("Scene loading")
struct SceneLoadingTests {
    let ride = packageRoot + "/examples/denver-ride.gpx"
    let overlays = packageRoot + "/examples/overlays.geojson"

    @Test("a GPX file named .xml decodes as GPX, the same as under its own name")
    func gpxByContent() throws {
        let misnamed = try temporaryFile("route.xml", Array(try Data(contentsOf: URL(fileURLWithPath: ride))))
        defer { try? FileManager.default.removeItem(atPath: misnamed) }
        #expect(try SceneFile.kind(ofFileAt: misnamed) == .gpx)
        #expect(try SceneFile.read(atPath: misnamed) == SceneFile.read(atPath: ride))
    }

    @Test("unknown content is .invalidData naming the file and what was expected")
    func unknownContent() throws {
        let path = try temporaryFile("notes.txt", Array("hello\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try SceneFile.read(atPath: path)
        } throws: { error in
            let error = error as? MapError
            return error?.kind == .invalidData && error?.location?.file == path
                && error?.message.contains("not a track or place file maprender reads") == true
        }
        #expect(throws: MapError.self) { try SceneFile.read(atPath: "/nonexistent/file") }
    }

    @Test("GeoJSON reads as overlays or as tracks, as asked")
    func geoJSONRoles() throws {
        let asOverlays = try SceneFile.read(atPath: overlays)
        #expect(!asOverlays.places.isEmpty && !asOverlays.polylines.isEmpty && asOverlays.tracks.isEmpty)
        let timed = """
            {"type": "Feature", "properties": {"name": "Walk", "coordTimes": ["2024-06-08T15:00:00Z", "2024-06-08T15:01:00Z"]},
             "geometry": {"type": "LineString", "coordinates": [[-105.0, 39.7], [-105.001, 39.701]]}}
            """
        let path = try temporaryFile("walk.geojson", Array(timed.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let asTracks = try SceneFile.read(atPath: path, geoJSON: .tracks)
        #expect(asTracks.tracks.count == 1 && asTracks.places.isEmpty)
        #expect(asTracks.tracks[0].locations.count == 2)
    }

    @Test("the loader puts places in order, cleans tracks, adds markers and pins")
    func loader() throws {
        var inputs = SceneInputs()
        inputs.overlayFiles = [overlays]
        inputs.trackPaths = [ride]
        inputs.pins = [Place(id: 99, title: "Given", coordinate: Coordinate(latitude: 39.7, longitude: -105))]
        let first = Place(id: 1, title: "From a database", coordinate: Coordinate(latitude: 39.75, longitude: -104.99))
        let scene = try SceneLoader.scene(from: inputs, places: [first])
        let geoJSON = try GeoJSONDecoder.read(atPath: overlays)
        let gpx = try GPXDecoder.read(atPath: ride)
        let titles = scene.places.map(\.title)
        #expect(titles.first == "From a database" && titles.last == "Given")
        #expect(Array(titles[1...geoJSON.places.count]) == geoJSON.places.map(\.title))
        #expect(titles.contains("Start") && titles.contains("End"))
        #expect(scene.tracks.count == gpx.tracks.count)
        #expect(scene.tracks[0].locations.count == gpx.tracks[0].cleaned().track.locations.count)
        #expect(scene.polylines.count == geoJSON.polylines.count + gpx.routes.count)
        #expect(scene.polygons == geoJSON.polygons)
    }

    @Test("a GPX track file with nothing in it is an error; no track paths add no track markers")
    func emptyAndAbsentTracks() throws {
        let empty = packageRoot + "/Tests/MapInputsTests/Fixtures/gpx/no-points.gpx"
        var inputs = SceneInputs()
        inputs.trackPaths = [empty]
        #expect(throws: MapError.self) { try SceneLoader.scene(from: inputs) }
        var pinsOnly = SceneInputs()
        pinsOnly.pins = [Place(id: 1, title: "A", coordinate: Coordinate(latitude: 1, longitude: 2))]
        #expect(try SceneLoader.scene(from: pinsOnly).places.map(\.title) == ["A"])
    }
}
