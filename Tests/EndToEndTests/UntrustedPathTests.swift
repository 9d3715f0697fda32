import Foundation
import Testing

/// Files named by data files and batch manifests stay in their folders: a GeoJSON file's
/// pictures and a style's sprite and archives beside it, a batch's inputs inside --in-dir.
@Suite("Untrusted paths, end to end")
struct UntrustedPathTests {
    let star = Maprender.packageRoot.appendingPathComponent("examples/icons/star.png").path
    let pmtiles = Maprender.packageRoot.appendingPathComponent("Tests/MapTilesTests/Fixtures/pmtiles/helsinki.pmtiles")
        .path
    let view = ["--center", "60.1716,24.9443", "--zoom", "14", "--size", "80x60", "--tile-cache", "none"]

    /// A folder with `data/` (where the data files go, with `icons/star.png` in it),
    /// `secret/star.png` beside it and a link `data/out` to `secret`.
    func layout() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for name in ["data/icons", "secret"] {
            try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: star, toPath: folder.path("data/icons/star.png"))
        try FileManager.default.copyItem(atPath: star, toPath: folder.path("secret/star.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("data/out"), withDestinationPath: "../secret")
        return folder
    }

    func geoJSON(_ property: String, _ image: String, in folder: TemporaryDirectory) throws -> String {
        let text = """
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]},
             "properties": {"title": "Here", "\(property)": "\(image)"}}
            """
        try text.write(toFile: folder.path("data/places.geojson"), atomically: true, encoding: .utf8)
        return folder.path("data/places.geojson")
    }

    /// The refusal with the name the file gave taken out, to compare two refusals.
    func refusal(_ errors: String, naming name: String) -> String {
        errors.replacingOccurrences(of: name, with: "NAME")
    }

    @Test(
        "a GeoJSON picture outside its folder is refused, exit 65, the same whether it exists or not",
        arguments: ["marker-image", "callout-image"])
    func geoJSONEscapes(property: String) throws {
        let folder = try layout()
        let escapes = [
            (folder.path("secret/star.png"), folder.path("secret/missing.png")),  // absolute
            ("../secret/star.png", "../secret/missing.png"),  // ..
            ("icons/../../secret/star.png", "icons/../../secret/missing.png"),
            ("out/star.png", "out/missing.png"),  // a symbolic link out of the folder
        ]
        for (existing, missing) in escapes {
            var refusals: [String] = []
            for name in [existing, missing] {
                let file = try geoJSON(property, name, in: folder)
                let result = try Maprender.run(
                    view + ["--basemap", "none", "--geojson", file, "-o", folder.path("m.png")])
                #expect(result.status == 65, "\(name): \(result.errors)")
                #expect(result.errors.contains("outside the GeoJSON file's folder"), "\(name): \(result.errors)")
                #expect(!result.errors.contains("no such file"))
                refusals.append(refusal(result.errors, naming: name))
            }
            #expect(refusals[0] == refusals[1], "the message does not tell whether \(existing) exists")
            #expect(!FileManager.default.fileExists(atPath: folder.path("m.png")))
            // Allowed on request.
            let file = try geoJSON(property, existing, in: folder)
            let allowed = try Maprender.run(
                view + ["--basemap", "none", "--geojson", file, "--allow-outside-paths", "-o", folder.path("m.png")])
            #expect(allowed.status == 0, "\(existing): \(allowed.errors)")
            try FileManager.default.removeItem(atPath: folder.path("m.png"))
        }
        // A relative path inside the folder still works.
        let file = try geoJSON(property, "icons/star.png", in: folder)
        let inside = try Maprender.run(view + ["--basemap", "none", "--geojson", file, "-o", folder.path("m.png")])
        #expect(inside.status == 0, "\(inside.errors)")
    }

    @Test("a style's archive or sprite outside its folder is refused, exit 65; inside it binds")
    func styleEscapes() throws {
        let folder = try layout()
        try FileManager.default.copyItem(atPath: pmtiles, toPath: folder.path("secret/city.pmtiles"))
        try FileManager.default.copyItem(atPath: pmtiles, toPath: folder.path("data/city.pmtiles"))
        func style(url: String, sprite: String? = nil) throws -> String {
            let spriteMember = sprite.map { "\"sprite\": \"\($0)\", " } ?? ""
            let text = """
                {"version": 8, \(spriteMember)"sources": {"city": {"type": "vector", "url": "\(url)"}},
                 "layers": [{"id": "water", "type": "fill", "source": "city", "source-layer": "water"}]}
                """
            try text.write(toFile: folder.path("data/style.json"), atomically: true, encoding: .utf8)
            return folder.path("data/style.json")
        }
        for url in [
            "pmtiles://" + folder.path("secret/city.pmtiles"), "pmtiles://../secret/city.pmtiles",
            "mbtiles://../secret/missing.mbtiles", "pmtiles://out/city.pmtiles", "../secret/city.pmtiles",
        ] {
            let result = try Maprender.run(view + ["--basemap-style", try style(url: url), "-o", folder.path("m.png")])
            #expect(
                result.status == 65 && result.errors.contains("outside the style's folder"), "\(url): \(result.errors)")
        }
        for sprite in ["../secret/icons", "/etc/icons", "out/icons", "file:///etc/icons"] {
            let file = try style(url: "pmtiles://city.pmtiles", sprite: sprite)
            let result = try Maprender.run(view + ["--basemap-style", file, "-o", folder.path("m.png")])
            #expect(
                result.status == 65 && result.errors.contains("outside the style's folder"),
                "\(sprite): \(result.errors)")
        }
        let inside = try Maprender.run(
            view + [
                "--basemap-style", try style(url: "pmtiles://city.pmtiles", sprite: "icons"), "-o",
                folder.path("m.png"),
            ])
        #expect(inside.status == 0, "\(inside.errors)")
        let allowed = try Maprender.run(
            view + [
                "--basemap-style", try style(url: "pmtiles://../secret/city.pmtiles"), "--allow-outside-paths", "-o",
                folder.path("m.png"),
            ])
        #expect(allowed.status == 0, "\(allowed.errors)")
    }

    @Test("batch --in-dir confines what a job reads: absolute, '..' and links out are refused alike")
    func inDirectory() throws {
        let folder = try layout()
        try "{\"type\": \"Point\", \"coordinates\": [24.94, 60.17]}".write(
            toFile: folder.path("secret/p.geojson"), atomically: true, encoding: .utf8)
        try "{\"type\": \"Point\", \"coordinates\": [24.94, 60.17]}".write(
            toFile: folder.path("data/p.geojson"), atomically: true, encoding: .utf8)
        // A track folder inside, one of whose files is a link out.
        let ride = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx").path
        try FileManager.default.copyItem(atPath: ride, toPath: folder.path("secret/ride.gpx"))
        try FileManager.default.createDirectory(atPath: folder.path("data/tracks"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ride, toPath: folder.path("data/tracks/a.gpx"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("data/tracks/b.gpx"), withDestinationPath: folder.path("secret/ride.gpx"))
        let jobs = [
            ("abs", "geojson", folder.path("secret/p.geojson")), ("absmissing", "geojson", folder.path("secret/none")),
            ("up", "geojson", "../secret/p.geojson"), ("upmissing", "geojson", "../secret/none.geojson"),
            ("link", "geojson", "out/p.geojson"), ("linkmissing", "geojson", "out/none.geojson"),
            ("track", "track", "../secret/p.geojson"), ("places", "places", "/etc/passwd"),
            ("image", "marker-image", "../secret/star.png"), ("style", "basemap-style", "../secret/style.json"),
            ("tiles", "basemap", "../secret/city.mbtiles"), ("pm", "basemap", "pmtiles://../secret/city.pmtiles"),
            ("terrain", "terrain", "../secret/hill.pmtiles"), ("trackdir", "track", "tracks"),
            ("inside", "geojson", "p.geojson"),
        ]
        let manifest = jobs.map { id, key, value in
            "{\"id\": \"\(id)\", \"output\": \"\(id).png\", \"\(key)\": \"\(value)\", \"size\": \"64x48\", \"basemap\": \"none\"}"
                .replacingOccurrences(
                    of: "\"basemap\": \"none\"",
                    with: key == "basemap" ? "\"zoom\": 3, \"center\": \"0,0\"" : "\"basemap\": \"none\"")
        }
        try (manifest.joined(separator: "\n") + "\n").write(
            toFile: folder.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let result = try Maprender.run([
            "batch", folder.path("jobs.jsonl"), "--in-dir", folder.path("data"), "--out-dir", folder.path("maps"),
            "--summary", folder.path("summary.json"), "--jobs", "2",
        ])
        #expect(result.status == 64, "\(result.errors)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("summary.json"))))
                as? [String: Any])
        let results = try #require(summary["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == jobs.map { $0.0 }, "in manifest order")
        var errors: [String: String] = [:]
        for entry in results { errors[entry["id"] as? String ?? ""] = entry["error"] as? String ?? "" }
        for (id, _, value) in jobs where id != "inside" {
            #expect(errors[id]?.contains("escapes --in-dir") == true, "\(id): \(errors[id] ?? "")")
            #expect(errors[id]?.contains("no such") == false)
            _ = value
        }
        // The same words whether the file exists or not.
        for (existing, missing) in [("abs", "absmissing"), ("up", "upmissing"), ("link", "linkmissing")] {
            let name = { (id: String) in jobs.first { $0.0 == id }!.2 }
            #expect(
                refusal(errors[existing] ?? "", naming: name(existing))
                    == refusal(errors[missing] ?? "", naming: name(missing)))
        }
        #expect(results.last?["status"] as? String == "ok", "a relative path inside --in-dir is read from there")
        #expect(FileManager.default.fileExists(atPath: folder.path("maps/inside.png")))
    }
}
