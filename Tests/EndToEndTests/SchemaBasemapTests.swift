import Foundation
import MapGeometry
import MapTestSupport
import Testing

/// Street maps over archives of the three tile schemas with the built-in looks, and archives
/// of no known schema refused, run through the built binary.
@Suite("Tile schemas, end to end", .serialized)
struct SchemaBasemapTests {
    let example = Maprender.packageRoot.appendingPathComponent("examples/helsinki").path
    let view = ["--center", "60.1716,24.9443", "--zoom", "16", "--size", "640x480", "--tile-cache", "none"]

    /// The width and height a PNG's IHDR chunk gives.
    func pngSize(_ path: String) throws -> (Int, Int)? {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test(
        "Protomaps v4 and Shortbread archives draw in each built-in look, credited to OpenStreetMap",
        arguments: ["helsinki-protomaps.pmtiles", "helsinki-shortbread.pmtiles"])
    func looks(_ archive: String) throws {
        let folder = try TemporaryDirectory()
        for look in ["default", "dark", "print"] {
            let result = try Maprender.run(
                view + [
                    "--basemap", example + "/" + archive, "--style", look, "-o", folder.path("\(look).png"),
                    "--sidecar", folder.path("\(look).json"),
                ])
            #expect(result.status == 0, "\(archive) \(look): \(result.errors)")
            #expect(!result.errors.contains("warning:"), "\(archive) \(look): \(result.errors)")
            let size = try pngSize(folder.path("\(look).png"))
            #expect(size?.0 == 640 && size?.1 == 480, "\(archive) \(look)")
            let sidecar =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: folder.path("\(look).json")))) as? [String: Any]
            let credits = sidecar?["attribution"] as? [String] ?? []
            #expect(credits.contains { $0.contains("OpenStreetMap") }, "\(archive) \(look): \(credits)")
        }
        // Three looks, three different pictures.
        let pictures = try ["default", "dark", "print"].map {
            try Data(contentsOf: URL(fileURLWithPath: folder.path("\($0).png")))
        }
        #expect(Set(pictures).count == 3)
    }

    @Test(
        "street names along the streets are the SVG's text in every schema",
        arguments: ["helsinki.pmtiles", "helsinki-protomaps.pmtiles", "helsinki-shortbread.pmtiles"])
    func streetNames(_ archive: String) throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(
            view + ["--size", "1024x768", "--basemap", example + "/" + archive, "-o", folder.path("map.svg")])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let svg = try String(contentsOfFile: folder.path("map.svg"), encoding: .utf8)
        for name in ["Mannerheimintie", "Kaivokatu", "Unioninkatu"] {
            #expect(svg.contains(">\(name)</text>"), "\(archive): no <text> of '\(name)'")
        }
    }

    @Test("an archive of no known schema is exit 64 listing its layers and the known schemas; Protomaps v3 by version")
    func refused() throws {
        let folder = try TemporaryDirectory()
        let streets = folder.path("streets-v7.mbtiles")
        let layers = ["water", "landuse", "building", "road", "place_label"]
        try makeMBTiles(
            at: streets,
            metadata: [
                "format": "pbf", "name": "streets",
                "json": #"{"vector_layers": ["# + layers.map { #"{"id": "\#($0)"}"# }.joined(separator: ", ") + "]}",
            ], tiles: [TilePath(z: 0, x: 0, y: 0): []])
        let result = try Maprender.run(view + ["--basemap", streets, "-o", folder.path("map.png")])
        #expect(result.status == 64, "stderr: \(result.errors)")
        #expect(result.errors.hasPrefix("error: "), "\(result.errors)")
        #expect(result.errors.contains(layers.joined(separator: ", ")), "\(result.errors)")
        #expect(result.errors.contains("OpenMapTiles, Protomaps basemap v4, Shortbread"), "\(result.errors)")
        #expect(result.errors.contains("--basemap-style"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("map.png")))

        let v3 = folder.path("planet-v3.mbtiles")
        try makeMBTiles(
            at: v3,
            metadata: [
                "format": "pbf", "name": "Protomaps Basemap", "version": "3.7.1",
                "json": #"{"vector_layers": [{"id": "earth"}, {"id": "natural"}, {"id": "roads"}, {"id": "transit"}]}"#,
            ], tiles: [TilePath(z: 0, x: 0, y: 0): []])
        let old = try Maprender.run(view + ["--basemap", v3, "-o", folder.path("map.png")])
        #expect(old.status == 64, "stderr: \(old.errors)")
        #expect(old.errors.contains("Protomaps basemap v3") && old.errors.contains("3.7.1"), "\(old.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("map.png")))
    }
}
