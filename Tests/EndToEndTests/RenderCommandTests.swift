import Foundation
import MapRenderCairo
import MapTestSupport
import Testing

@testable import MapFavorites

/// How far a sidecar position may sit from the Web Mercator formula, in canvas points.
let sidecarTolerance = 0.01

@Suite("maprender render, end to end")
struct RenderCommandTests {
    let favorites = Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path

    @Test("the README's main job: every pin of the example database sits where Web Mercator puts it")
    func exampleFavorites() throws {
        let folder = try TemporaryDirectory()
        let before = try Data(contentsOf: URL(fileURLWithPath: favorites))
        let result = try Maprender.run([
            "--places", favorites, "-o", folder.path("map.png"), "--size", "640x480", "--sidecar",
            folder.path("map.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        // Callouts that find no room become numbered badges and legend lines: nothing to warn about.
        #expect(result.errors.isEmpty, "stderr: \(result.errors)")

        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("map.png")))))
        #expect(image.width == 640 && image.height == 480)

        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("map.json"))))
                as? [String: Any])
        let center = try #require(sidecar["center"] as? [String: Double])
        let zoom = try #require(sidecar["zoom"] as? Double)
        #expect(
            sidecar["width"] as? Double == 640 && sidecar["height"] as? Double == 480
                && sidecar["scale"] as? Double == 1)
        let annotations = try #require(sidecar["annotations"] as? [[String: Any]])
        let places = try PlaceStore.readPlaces(atPath: favorites)
        #expect(annotations.count == places.count && places.count >= 10)
        for (annotation, place) in zip(annotations, places) {
            #expect(annotation["title"] as? String == place.title)
            let latitude = try #require(annotation["latitude"] as? Double),
                longitude = try #require(annotation["longitude"] as? Double)
            #expect(latitude == place.coordinate.latitude && longitude == place.coordinate.longitude)
            let expected = webMercatorCanvasPoint(
                latitude: latitude, longitude: longitude, centerLatitude: center["latitude"]!,
                centerLongitude: center["longitude"]!,
                zoom: zoom, width: 640, height: 480)
            let x = try #require(annotation["x"] as? Double), y = try #require(annotation["y"] as? Double)
            #expect(
                abs(x - expected.x) <= sidecarTolerance && abs(y - expected.y) <= sidecarTolerance,
                "\(place.title): (\(x), \(y)) vs \(expected)")
            // Fitting keeps every pin, head included, inside the 20-point padding.
            #expect(x >= 20 && x <= 620 && y - 33 >= 20 - 1e-6 && y <= 460)
        }
        // The database is opened read-only: not one byte changes and no file appears beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: favorites)) == before)
        let siblings = try FileManager.default.contentsOfDirectory(
            atPath: Maprender.packageRoot.appendingPathComponent("examples").path)
        #expect(!siblings.contains { $0.hasPrefix("favorites.db-") })
    }

    @Test("the README's first command runs clean: no warnings, every place on the map or in the legend")
    func readmeFirstCommand() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--places", favorites, "-o", folder.path("map.png"), "--sidecar", folder.path("map.json"),
        ])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("map.json"))))
                as? [String: Any])
        #expect((sidecar["diagnostics"] as? [Any])?.isEmpty == true)
        let legend = sidecar["legend"] as? [[String: Any]] ?? []
        let annotations = try #require(sidecar["annotations"] as? [[String: Any]])
        for (index, entry) in legend.enumerated() {
            #expect(entry["number"] as? Int == index + 1)
            let annotation = try #require(entry["annotation"] as? Int)
            #expect(annotations[annotation]["badge"] as? Int == index + 1)
            #expect(entry["title"] as? String == annotations[annotation]["title"] as? String)
        }
    }

    @Test("--callouts all keeps the old behaviour: a dropped callout is a warning, and --strict fails on it")
    func calloutsAllStillWarns() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(["--places", favorites, "-o", folder.path("map.png"), "--callouts", "all"])
        #expect(result.status == 0)
        #expect(result.errors.contains("warning: callout for "), "stderr: \(result.errors)")
        let strict = try Maprender.run([
            "--places", favorites, "-o", folder.path("strict.png"), "--callouts", "all", "--strict",
        ])
        #expect(strict.status == 69)
        let auto = try Maprender.run(["--places", favorites, "-o", folder.path("auto.png"), "--strict"])
        #expect(auto.status == 0, "stderr: \(auto.errors)")
    }

    @Test("--legend outside widens the image by the panel; --cluster and --legend take optional values")
    func legendOutsideAndCluster() throws {
        let folder = try TemporaryDirectory()
        let outside = try Maprender.run([
            "--places", favorites, "-o", folder.path("out.png"), "--legend", "outside", "--sidecar",
            folder.path("out.json"),
        ])
        #expect(outside.status == 0 && outside.errors.isEmpty, "stderr: \(outside.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("out.png")))))
        #expect(image.width > 800 && image.height == 600)
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("out.json"))))
                as? [String: Any])
        #expect(sidecar["width"] as? Double == 800)
        #expect((sidecar["legend"] as? [Any])?.count == (sidecar["annotations"] as? [Any])?.count)
        // `--cluster` before another option takes its default; `--cluster 60` its value.
        for arguments in [["--cluster", "--legend"], ["--cluster", "60"], ["--cluster=60", "--legend", "corner"]] {
            let run = try Maprender.run(
                ["--places", favorites] + arguments + ["-o", folder.path("c.png"), "--sidecar", folder.path("c.json")])
            #expect(run.status == 0 && run.errors.isEmpty, "\(arguments): \(run.errors)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("c.json"))))
                    as? [String: Any])
            #expect((json["clusters"] as? [Any])?.isEmpty == false, "\(arguments)")
        }
        let bad = try Maprender.run(["--places", favorites, "-o", folder.path("bad.png"), "--cluster=-3"])
        #expect(bad.status == 64)
    }

    @Test(
        "a pin is drawn where the sidecar says: the needle's tip pixel is dark, the head above it in the pin's colour")
    func pinPixels() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--pin", "39.75,-104.99,Here", "--center", "39.75,-104.99", "--zoom", "14", "--size", "200x200",
            "--basemap", "none", "-o", folder.path("pin.png"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("pin.png")))))
        let head = image.pixel(x: 100, y: 100 - 24)
        #expect(head.red > 200 && head.green < 120 && head.blue < 120, "head pixel \(head)")
        let corner = image.pixel(x: 2, y: 2)
        #expect(corner.red > 230 && corner.green > 230 && corner.alpha == 255)
    }

    @Test("--center with --zoom puts the centre in the middle; --scale 2 doubles the pixels, not the points")
    func centerZoomScale() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--pin", "48.8584,2.2945,Eiffel Tower", "--center", "48.8584,2.2945", "--zoom", "15.5", "--size", "300x200",
            "--scale", "2", "-o", folder.path("paris.png"), "--sidecar", folder.path("paris.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("paris.png")))))
        #expect(image.width == 600 && image.height == 400)
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("paris.json"))))
                as? [String: Any])
        let annotation = try #require((sidecar["annotations"] as? [[String: Any]])?.first)
        #expect(
            abs((annotation["x"] as! Double) - 150) <= sidecarTolerance
                && abs((annotation["y"] as! Double) - 100) <= sidecarTolerance)
        #expect(sidecar["zoom"] as? Double == 15.5 && sidecar["scale"] as? Double == 2)
    }

    @Test("--span shows the distance asked for")
    func span() throws {
        let result = try Maprender.run(["fit", "--center", "0,0", "--span", "10kmx10km", "--size", "500x500"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let viewport = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        let bounds = try #require(viewport["bounds"] as? [String: Double])
        // At the equator 10 km is 0.0898° of longitude and 0.0904° of latitude; on a
        // square canvas the latitude span is the tighter one and touches the edges.
        let width = bounds["east"]! - bounds["west"]!, height = bounds["north"]! - bounds["south"]!
        #expect(abs(height - 10_000 / 110_574.27) < 1e-6)
        #expect(width >= 10_000 / 111_319.49)
    }

    @Test("fit prints the viewport it would use, and draws nothing")
    func fit() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(["fit", "--places", favorites, "--size", "800x600"], in: folder.url)
        #expect(result.status == 0, "stderr: \(result.errors)")
        let viewport = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        let zoom = try #require(viewport["zoom"] as? Double)
        #expect(zoom > 9 && zoom < 13)
        #expect(try folder.listing().isEmpty)
    }

    @Test("-o - writes the PNG to standard output")
    func standardOutput() throws {
        let result = try Maprender.run(["--pin", "0,0", "--size", "64x48", "-o", "-"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(result.output))
        #expect(image.width == 64 && image.height == 48)
    }

    @Test("SVG and PDF come from the same drawing", arguments: ["svg", "pdf"])
    func vectorFormats(format: String) throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("map.\(format)")
        let result = try Maprender.run(["--places", favorites, "-o", output])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        if format == "svg" {
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains("<svg") && text.contains("width=\"800") && text.contains("height=\"600"))
        } else {
            #expect(data.starts(with: Array("%PDF-".utf8)))
            #expect(String(decoding: data.suffix(16), as: UTF8.self).contains("%%EOF"))
        }
    }

    @Test("the same inputs give byte-identical PNG files")
    func deterministic() throws {
        let first = try Maprender.run(["--places", favorites, "-o", "-"])
        let second = try Maprender.run(["--places", favorites, "-o", "-"])
        #expect(first.status == 0 && first.output == second.output)
    }

    @Test("--help and --version")
    func helpAndVersion() throws {
        let help = try Maprender.run(["--help"])
        #expect(help.status == 0 && help.outputText.contains("USAGE") && help.outputText.contains("--places DB"))
        let fitHelp = try Maprender.run(["fit", "--help"])
        #expect(fitHelp.status == 0 && fitHelp.outputText.contains("maprender fit"))
        let version = try Maprender.run(["--version"])
        #expect(version.status == 0 && version.outputText.hasPrefix("maprender "))
    }
}

@Suite("maprender rendering features, end to end")
struct RenderFeatureTests {
    let favorites = Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path
    let overlays = Maprender.packageRoot.appendingPathComponent("examples/overlays.geojson").path

    @Test("the PDF keeps real text: its callout titles extract with pdftotext")
    func pdfText() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--geojson", overlays, "--title", "Cherry Creek Trail", "-o", folder.path("map.pdf"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else {
            Issue.record("pdftotext is missing: apt-get install poppler-utils")
            return
        }
        let extract = try Tool.run("/usr/bin/pdftotext", [folder.path("map.pdf"), folder.path("map.txt")])
        let text = try String(contentsOfFile: folder.path("map.txt"), encoding: .utf8)
        #expect(extract.status == 0, "\(extract.errors)")
        for title in ["Cherry Creek Trail", "Union Station", "1701 Wynkoop St"] {
            #expect(text.contains(title), "'\(title)' not in the PDF's text: \(text)")
        }
    }

    @Test("the PDF embeds its fonts")
    func pdfFonts() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(["--geojson", overlays, "-o", folder.path("map.pdf")])
        #expect(result.status == 0, "stderr: \(result.errors)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdffonts") else {
            Issue.record("pdffonts is missing: apt-get install poppler-utils")
            return
        }
        let listing = try Tool.run("/usr/bin/pdffonts", [folder.path("map.pdf")]).outputText
        // pdffonts prints a header of two lines, then one line per font with "emb" yes/no.
        let rows = listing.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.contains(" yes ") }, "every font embedded: \(listing)")
    }

    @Test("--transparent gives a see-through PNG background")
    func transparent() throws {
        let result = try Maprender.run([
            "--pin", "0,0", "--center", "0,0", "--zoom", "5", "--transparent", "--size", "60x60", "-o", "-",
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(result.output))
        #expect(image.pixel(x: 1, y: 1).alpha == 0)
        #expect(image.pixel(x: 30, y: 30 - 24).alpha == 255)
    }

    @Test("the SVG holds the callouts as text, fit to inline in HTML")
    func svgText() throws {
        let result = try Maprender.run(["--geojson", overlays, "--format", "svg", "-o", "-"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let svg = result.outputText
        #expect(svg.contains("viewBox=\"0 0 800 600\""))
        #expect(svg.contains(">Union Station</text>"))
        #expect(!svg.contains("href=\"http"))
    }

    @Test("--strict turns a dropped callout into exit 69 with no output")
    func strict() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--places", favorites, "--strict", "--callouts", "all", "-o", folder.path("map.png"),
        ])
        #expect(result.status == 69, "stderr: \(result.errors)")
        #expect(result.errors.contains("error: --strict: callout for"))
        #expect(try folder.listing().isEmpty)
        let relaxed = try Maprender.run([
            "--places", favorites, "--strict", "--callouts", "none", "-o", folder.path("map.png"),
        ])
        #expect(relaxed.status == 0, "stderr: \(relaxed.errors)")
    }

    @Test("dropped callouts are listed in the sidecar's diagnostics")
    func sidecarDiagnostics() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--places", favorites, "-o", folder.path("map.png"), "--sidecar", folder.path("map.json"),
        ])
        #expect(result.status == 0)
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("map.json"))))
                as? [String: Any])
        let diagnostics = try #require(sidecar["diagnostics"] as? [[String: String]])
        let warnings = result.errors.split(separator: "\n").count
        #expect(diagnostics.count == warnings)
        #expect(diagnostics.allSatisfy { $0["severity"] == "warning" && $0["message"]!.contains("dropped") })
    }

    @Test("an image marker sits on its anchor")
    func markerImage() throws {
        let folder = try TemporaryDirectory()
        let star = Maprender.packageRoot.appendingPathComponent("examples/icons/star.png").path
        let result = try Maprender.run([
            "--pin", "0,0", "--marker-image", "\(star),0.5,0.5", "--center", "0,0", "--zoom", "10", "--size", "100x100",
            "--basemap", "none", "-o", folder.path("star.png"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("star.png")))))
        let middle = image.pixel(x: 50, y: 51)
        #expect(middle.red > 200 && middle.green > 120 && middle.blue < 100, "the star's gold at the centre: \(middle)")
        let bad = try Maprender.run(["--pin", "0,0", "--marker-image", favorites, "-o", folder.path("x.png")])
        #expect(bad.status == 65 && bad.errors.contains("not a PNG"))
    }

    @Test("styles: by name, unknown names, and bad files")
    func styles() throws {
        let folder = try TemporaryDirectory()
        let dark = try Maprender.run([
            "--pin", "0,0", "--style", "dark", "--size", "50x50", "-o", folder.path("dark.png"),
        ])
        #expect(dark.status == 0, "stderr: \(dark.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("dark.png")))))
        let corner = image.pixel(x: 1, y: 1)
        #expect(Int(corner.red) + Int(corner.green) + Int(corner.blue) < 150, "dark background: \(corner)")
        let unknown = try Maprender.run(["--pin", "0,0", "--style", "drak", "-o", folder.path("x.png")])
        #expect(unknown.status == 64 && unknown.errors.contains("dark"))
        try Data("{\"callout\": {\"titleSize\": \"big\"}}".utf8).write(
            to: URL(fileURLWithPath: folder.path("bad.json")))
        let bad = try Maprender.run(["--pin", "0,0", "--style", folder.path("bad.json"), "-o", folder.path("x.png")])
        #expect(bad.status == 65 && bad.errors.contains("callout.titleSize"), "stderr: \(bad.errors)")
        #expect(try folder.listing() == ["bad.json", "dark.png"])
    }

    @Test("a broken GeoJSON file: exit 65 naming the position")
    func badGeoJSON() throws {
        let folder = try TemporaryDirectory()
        try Data("{\"type\": \"Point\", \"coordinates\": [10, 95]}".utf8).write(
            to: URL(fileURLWithPath: folder.path("bad.geojson")))
        let result = try Maprender.run(["--geojson", folder.path("bad.geojson"), "-o", folder.path("x.png")])
        #expect(
            result.status == 65 && result.errors.contains("bad.geojson:1:") && result.errors.contains("latitude 95"),
            "stderr: \(result.errors)")
    }
}
