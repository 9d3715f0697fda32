import Foundation
import MapRenderCairo
import MapTestSupport
import Testing

// GeoJSON written past ±180° of longitude, run through the built binary: rendered where it
// is, reported within [-180, 180], imported into a favorites database.

@Suite("GeoJSON past the antimeridian, end to end")
struct AntimeridianTests {
    /// Writes `text` into `folder` as `name`, returning its path.
    func write(_ text: String, named name: String, in folder: TemporaryDirectory) throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The sidecar of a run.
    func sidecar(at path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Where the sidecar's centre, zoom and size put a coordinate, in the world copy nearest
    /// the centre (docs/cli.md, "The sidecar").
    func canvasPoint(latitude: Double, longitude: Double, sidecar: [String: Any]) throws -> (x: Double, y: Double) {
        let center = try #require(sidecar["center"] as? [String: Double])
        let centerLongitude = try #require(center["longitude"])
        let nearest = longitude + ((centerLongitude - longitude) / 360).rounded() * 360
        return webMercatorCanvasPoint(
            latitude: latitude, longitude: nearest, centerLatitude: try #require(center["latitude"]),
            centerLongitude: centerLongitude, zoom: try #require(sidecar["zoom"] as? Double),
            width: try #require(sidecar["width"] as? Double), height: try #require(sidecar["height"] as? Double))
    }

    @Test("the Alaska-like MultiPolygon renders to PNG, framed across 180° with the islands west of the mainland")
    func alaska() throws {
        let folder = try TemporaryDirectory()
        let input = try write(AntimeridianSamples.alaskaGeoJSON, named: "alaska.geojson", in: folder)
        let result = try Maprender.run([
            "--geojson", input, "--basemap", "none", "-o", folder.path("alaska.png"), "--sidecar",
            folder.path("alaska.json"),
        ])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("alaska.png")))))
        #expect(image.width == 800 && image.height == 600)

        let sidecar = try sidecar(at: folder.path("alaska.json"))
        let bounds = try #require(sidecar["bounds"] as? [String: Double])
        let (west, east) = (try #require(bounds["west"]), try #require(bounds["east"]))
        // West edge east of 170° E, east edge west of 110° W: the short way across 180°.
        #expect(west > 170 && west < AntimeridianSamples.alaskaWest + 360 && east > -130 && east < -110, "\(bounds)")

        // Attu (172.9° E, written −187.1°), the mainland and Kodiak are filled, in that
        // order west to east; the sea between Attu and the mainland is not.
        func isFilled(_ latitude: Double, _ longitude: Double) throws -> (Bool, Double) {
            let point = try canvasPoint(latitude: latitude, longitude: longitude, sidecar: sidecar)
            let pixel = image.pixel(x: Int(point.x), y: Int(point.y))
            // The polygon fill is the style's translucent blue over the plain background.
            return (Int(pixel.blue) - Int(pixel.red) > 20, point.x)
        }
        let (attu, attuX) = try isFilled(52.85, -186.75)
        let (mainland, mainlandX) = try isFilled(65, -150)
        let (kodiak, kodiakX) = try isFilled(57.5, -153.4)
        let (sea, _) = try isFilled(60, -178)
        #expect(attu && mainland && kodiak && !sea)
        #expect(attuX > 0 && attuX < kodiakX && kodiakX < mainlandX && mainlandX < 800)
    }

    @Test("a pin at 205.3° is drawn at −154.7° and reported there in the sidecar")
    func pin() throws {
        let folder = try TemporaryDirectory()
        let input = try write(
            #"{"type": "Feature", "properties": {"title": "Hilo"}, "geometry": {"type": "Point", "coordinates": [205.3, 19.7]}}"#,
            named: "hilo.geojson", in: folder)
        let result = try Maprender.run([
            "--geojson", input, "--pin", "21.3,-157.9,Honolulu", "--basemap", "none", "-o", folder.path("map.png"),
            "--sidecar", folder.path("map.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let sidecar = try sidecar(at: folder.path("map.json"))
        let annotations = try #require(sidecar["annotations"] as? [[String: Any]])
        let hilo = try #require(annotations.first { $0["title"] as? String == "Hilo" })
        let longitude = try #require(hilo["longitude"] as? Double)
        #expect(abs(longitude - -154.7) < 1e-9)
        let expected = try canvasPoint(latitude: 19.7, longitude: -154.7, sidecar: sidecar)
        let (x, y) = (try #require(hilo["x"] as? Double), try #require(hilo["y"] as? Double))
        #expect(abs(x - expected.x) <= sidecarTolerance && abs(y - expected.y) <= sidecarTolerance)
    }

    @Test("places import stores a point at 205.3° as −154.7°, within the schema's CHECK")
    func favoritesImport() throws {
        let folder = try TemporaryDirectory()
        let input = try write(
            #"{"type": "Feature", "properties": {"title": "Hilo"}, "geometry": {"type": "Point", "coordinates": [205.3, 19.7]}}"#,
            named: "hilo.geojson", in: folder)
        let db = folder.path("favs.db")
        let imported = try Maprender.run(["places", "import", "--db", db, input])
        #expect(imported.status == 0 && imported.outputText == "added 1 place (id 1)\n", "stderr: \(imported.errors)")
        let listed = try Maprender.run(["places", "list", "--db", db, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: listed.output) as? [String: Any])
        let rows = try #require(json["places"] as? [[String: Any]])
        let longitude = try #require(rows.first?["longitude"] as? Double)
        #expect(rows.count == 1 && abs(longitude - -154.7) < 1e-9)
    }
}
