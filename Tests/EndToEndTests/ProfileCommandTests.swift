import Foundation
import MapRenderCairo
import Testing

/// `--profile` end to end: the panel in PNG, SVG and PDF, its numbers against `track stats`,
/// the distance markers on the map, wide canvases, paper, batch jobs and the configuration file.
@Suite("--profile, end to end")
struct ProfileCommandTests {
    let ride = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx").path

    /// The texts of an SVG's `<text>` elements, in document order.
    func svgTexts(_ path: String) throws -> [String] {
        let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        return svg.components(separatedBy: "<text").dropFirst().compactMap { element in
            guard let start = element.firstIndex(of: ">"), let end = element.range(of: "</text>") else { return nil }
            return String(element[element.index(after: start)..<end.lowerBound])
        }
    }

    func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("the PNG keeps its size, the map takes the top and the panel the bottom; ascent is track stats' own")
    func png() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--gpx", ride, "--profile", "--size", "800x600", "-o", folder.path("ride.png"), "--sidecar",
            folder.path("ride.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("ride.png")))))
        #expect(image.width == 800 && image.height == 600)
        let sidecar = try json(folder.path("ride.json"))
        // The map's own viewport is what is left above the panel.
        #expect(sidecar["width"] as? Double == 800 && sidecar["height"] as? Double == 420)
        let profile = try #require(sidecar["profile"] as? [String: Any])
        let panel = try #require(profile["panel"] as? [String: Double])
        #expect(panel == ["x": 0, "y": 420, "width": 800, "height": 180])
        #expect(profile["distance_ticks"] as? [Double] == [0, 2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000])
        // The panel's plate is white; the map above it is not.
        let plate = image.pixel(x: 400, y: 595)
        #expect(plate.red > 240 && plate.green > 240 && plate.blue > 240, "panel pixel \(plate)")
        // One way to count the climb: the profile's numbers are track stats'.
        let stats = try Maprender.run(["track", "stats", "--json", ride])
        #expect(stats.status == 0)
        let measured = try #require(try JSONSerialization.jsonObject(with: stats.output) as? [String: Any])
        #expect(profile["ascent"] as? Double == measured["elevation_gain"] as? Double)
        #expect(profile["descent"] as? Double == measured["elevation_loss"] as? Double)
        let method = try #require(measured["ascent_method"] as? [String: Any])
        #expect(method["name"] as? String == "hysteresis" && method["threshold_meters"] as? Double == 3)
        #expect(method["smoothing"] as? String == "none")
        #expect((profile["ascent_method"] as? [String: Any])?["name"] as? String == "hysteresis")
    }

    @Test("a distance marker stands on the track where the fixes put its distance")
    func markerOnTheTrack() throws {
        let folder = try TemporaryDirectory()
        // Every fix kept, so the distance along the fixes below is the profile's.
        let result = try Maprender.run([
            "--gpx", ride, "--profile", "--max-accuracy", "none", "--no-track-markers", "--callouts", "none",
            "--basemap", "none", "-o", folder.path("ride.png"), "--sidecar", folder.path("ride.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let gpx = try String(contentsOfFile: ride, encoding: .utf8)
        let pattern = try Regex(#"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)""#)
        let fixes = gpx.matches(of: pattern).map {
            (Double(String($0.output[1].substring!))!, Double(String($0.output[2].substring!))!)
        }
        #expect(fixes.count > 400)
        // Haversine on the mean radius: within 0.3 % of the geodesic, 6 m at 2 km, under a pixel here.
        func meters(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
            let (p1, p2) = (a.0 * .pi / 180, b.0 * .pi / 180)
            let (dp, dl) = (p2 - p1, (b.1 - a.1) * .pi / 180)
            let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
            return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
        }
        var along = 0.0, target = (0.0, 0.0)
        for (a, b) in zip(fixes, fixes.dropFirst()) {
            let step = meters(a, b)
            if along + step >= 4000 {
                let t = (4000 - along) / step
                target = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
                break
            }
            along += step
        }
        let sidecar = try json(folder.path("ride.json"))
        let center = try #require(sidecar["center"] as? [String: Double])
        let point = webMercatorCanvasPoint(
            latitude: target.0, longitude: target.1, centerLatitude: try #require(center["latitude"]),
            centerLongitude: try #require(center["longitude"]), zoom: try #require(sidecar["zoom"] as? Double),
            width: 800, height: 420)
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("ride.png")))))
        // The marker is a white dot (3.5 pt) ringed in the track's colour, drawn over the
        // line: where the line is red, the marker's centre (within 1.5 px of the point) is white.
        var centreFound = false
        for dy in -1...1 {
            for dx in -1...1 {
                let pixel = image.pixel(x: Int(point.x.rounded()) + dx, y: Int(point.y.rounded()) + dy)
                if pixel.red > 250 && pixel.green > 250 && pixel.blue > 250 { centreFound = true }
            }
        }
        #expect(centreFound, "no white marker centre at \(point)")
        let svg = try Maprender.run([
            "--gpx", ride, "--profile", "--max-accuracy", "none", "--basemap", "none", "-o", folder.path("ride.svg"),
        ])
        #expect(svg.status == 0)
        #expect(try svgTexts(folder.path("ride.svg")).filter { $0 == "4 km" }.count == 2, "the tick and the marker")
    }

    @Test("a marker's label stands on the look's plate colour: light text on a dark halo in the dark look")
    func markerHaloFollowsTheLook() throws {
        let folder = try TemporaryDirectory()
        for (look, text, halo) in [("default", "#333333", "#ffffff"), ("dark", "#e5e5ea", "#1c1c1e")] {
            let path = folder.path("\(look).svg")
            let result = try Maprender.run([
                "--gpx", ride, "--profile", "--max-accuracy", "none", "--basemap", "none", "--style", look, "-o", path,
            ])
            #expect(result.status == 0, "\(result.errors)")
            let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            // The marker's label is the bold "4 km"; the profile's tick label is not bold.
            let marker = svg.components(separatedBy: "<text").first {
                $0.contains("font-weight=\"bold\"") && $0.contains(">4 km<")
            }
            #expect(marker?.contains("fill=\"\(text)\"") == true, "\(look): \(marker ?? "no marker label")")
            #expect(marker?.contains("stroke=\"\(halo)\"") == true, "\(look): \(marker ?? "no marker label")")
        }
    }

    @Test("SVG has the tick labels, the extremes and the ascent as text; --imperial in feet and miles")
    func svg() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(["--gpx", ride, "--profile", "-o", folder.path("ride.svg")])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let texts = try svgTexts(folder.path("ride.svg"))
        for label in ["0 km", "8 km", "16 km", "1560 m", "1600 m", "1640 m", "▲ 1626 m", "▼ 1574 m"] {
            #expect(texts.contains(label), "missing \(label) in \(texts)")
        }
        #expect(texts.contains("Ascent 50 m  ·  Descent 51 m"))
        #expect(texts.contains("Washington Park Boathouse"))
        let imperial = try Maprender.run(["--gpx", ride, "--profile", "--imperial", "-o", folder.path("mi.svg")])
        #expect(imperial.status == 0)
        let miles = try svgTexts(folder.path("mi.svg"))
        #expect(miles.contains("10 mi") && miles.contains("5300 ft"), "\(miles)")
        #expect(!miles.contains("1600 m"))
    }

    @Test("on A4 the panel is in the frame and its labels are PDF text")
    func paper() throws {
        guard let pdftotext = Tool.path(of: "pdftotext") else {
            Issue.record("pdftotext is missing: apt-get install poppler-utils")
            return
        }
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--gpx", ride, "--profile", "--paper", "a4", "-o", folder.path("ride.pdf"), "--sidecar",
            folder.path("ride.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let text = try Tool.run(pdftotext, [folder.path("ride.pdf"), "-"]).outputText
        for label in ["Ascent 50 m", "1600 m", "10 km", "▲ 1626 m"] { #expect(text.contains(label), "\(text)") }
        let profile = try #require(try json(folder.path("ride.json"))["profile"] as? [String: Any])
        let panel = try #require(profile["panel"] as? [String: Double])
        // A4 is 595.3 × 841.9 pt with 10 mm (28.3 pt) margins: the panel ends at the frame's bottom.
        #expect(abs(panel["y"]! + panel["height"]! - (841.89 - 28.35)) < 0.5, "\(panel)")
        #expect(abs(panel["x"]! - 28.35) < 0.5)
    }

    @Test("fit frames the map in the room the profile leaves, as render does")
    func fitAgrees() throws {
        let folder = try TemporaryDirectory()
        let fit = try Maprender.run(["fit", "--gpx", ride, "--profile", "--size", "800x600"])
        #expect(fit.status == 0, "stderr: \(fit.errors)")
        let viewport = try #require(try JSONSerialization.jsonObject(with: fit.output) as? [String: Any])
        #expect(viewport["width"] as? Double == 800 && viewport["height"] as? Double == 420)
        let render = try Maprender.run([
            "--gpx", ride, "--profile", "--size", "800x600", "-o", folder.path("ride.png"), "--sidecar",
            folder.path("ride.json"),
        ])
        #expect(render.status == 0)
        let sidecar = try json(folder.path("ride.json"))
        #expect(sidecar["zoom"] as? Double == viewport["zoom"] as? Double)
    }

    @Test("--legend outside widens the image by its column; the panel stays under the map")
    func legendOutside() throws {
        let folder = try TemporaryDirectory()
        let favorites = Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path
        let result = try Maprender.run([
            "--gpx", ride, "--places", favorites, "--legend", "outside", "--profile", "-o", folder.path("ride.png"),
            "--sidecar", folder.path("ride.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("ride.png")))))
        let profile = try #require(try json(folder.path("ride.json"))["profile"] as? [String: Any])
        #expect(image.width > 800 && image.height == 600)
        #expect(profile["width"] as? Double == Double(image.width))
        #expect((profile["panel"] as? [String: Double])?["y"] == 420)
    }

    @Test("a canvas wider than 2:1 has the panel beside the map")
    func wide() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--gpx", ride, "--profile-color", "grade", "--size", "1600x500", "-o", folder.path("ride.png"),
            "--sidecar", folder.path("ride.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let sidecar = try json(folder.path("ride.json"))
        let panel = try #require((sidecar["profile"] as? [String: Any])?["panel"] as? [String: Double])
        #expect(panel == ["x": 1080, "y": 0, "width": 520, "height": 500])
        #expect(sidecar["width"] as? Double == 1080 && sidecar["height"] as? Double == 500)
    }

    @Test("a track without elevation: the panel says so; no track: a warning and no panel; bad values: 64")
    func withoutElevation() throws {
        let folder = try TemporaryDirectory()
        let gpx = try String(contentsOfFile: ride, encoding: .utf8).replacing(try Regex("<ele>[^<]*</ele>"), with: "")
        try Data(gpx.utf8).write(to: folder.url.appendingPathComponent("flat.gpx"))
        let result = try Maprender.run([
            "--gpx", folder.path("flat.gpx"), "--profile", "-o", folder.path("flat.svg"), "--sidecar",
            folder.path("flat.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let texts = try svgTexts(folder.path("flat.svg"))
        #expect(texts.contains("Elevation profile: the track has no elevation"))
        #expect(!texts.contains("0 m") && !texts.contains { $0.hasPrefix("Ascent") })
        let profile = try #require(try json(folder.path("flat.json"))["profile"] as? [String: Any])
        #expect(profile["elevation"] as? Bool == false)
        #expect(profile["ascent"] is NSNull)

        let pins = try Maprender.run([
            "--pin", "39.75,-104.99,Here", "--profile", "-o", folder.path("pins.png"), "--sidecar",
            folder.path("pins.json"),
        ])
        #expect(pins.status == 0)
        #expect(pins.errors.contains("warning: --profile: the map has no track, so no elevation profile is drawn"))
        #expect(try json(folder.path("pins.json"))["profile"] == nil)

        let bad = try Maprender.run(["--gpx", ride, "--profile-color", "slope", "-o", folder.path("x.png")])
        #expect(bad.status == 64)
        #expect(bad.errors.contains("--profile-color: 'slope' is not track or grade"))
        #expect(try !folder.listing().contains("x.png"))
    }

    @Test("the profile and profile-color keys of a batch job and of the configuration file")
    func batchAndConfiguration() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: ride, toPath: folder.path("ride.gpx"))
        let manifest = #"{"id": "a", "gpx": "ride.gpx", "profile": true, "output": "a.png", "sidecar": "a.json"}"#
        try Data((manifest + "\n").utf8).write(to: folder.url.appendingPathComponent("jobs.jsonl"))
        let batch = try Maprender.run(["batch", "jobs.jsonl"], in: folder.url)
        #expect(batch.status == 0, "stderr: \(batch.errors)")
        #expect(try json(folder.path("a.json"))["profile"] != nil)

        let configFolder = folder.url.appendingPathComponent("config/maprender")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        try Data(#"{"profile-color": "grade"}"#.utf8).write(to: configFolder.appendingPathComponent("config.json"))
        let environment = ["XDG_CONFIG_HOME": folder.path("config"), "HOME": folder.url.path]
        let configured = try Maprender.run(
            ["--gpx", "ride.gpx", "-o", "b.png", "--sidecar", "b.json"], in: folder.url, environment: environment)
        #expect(configured.status == 0, "stderr: \(configured.errors)")
        #expect(try json(folder.path("b.json"))["profile"] != nil)
        let shown = try Maprender.run(["config"], in: folder.url, environment: environment)
        #expect(shown.outputText.contains("profile-color"), "\(shown.outputText)")
    }
}
