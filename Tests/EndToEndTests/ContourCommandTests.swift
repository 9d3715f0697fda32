import Foundation
import MapRenderCairo
import MapTestSupport
import Testing

/// `--contours auto|none` with `--terrain`, end to end over the Santiago example archive
/// (Cerro Manquehue, 669–1,619 m): the lines and their labels in the output, in metres and in
/// feet, off with `none`, from a configuration file and a batch manifest, and the refusal.
@Suite("Contour lines, end to end", .serialized)
struct ContourCommandTests {
    static let terrain = Maprender.packageRoot.appendingPathComponent("examples/santiago/santiago-terrain.pmtiles")
        .path
    let view = ["--center=-33.357,-70.58", "--zoom", "14", "--size", "400x300", "--terrain", Self.terrain]

    /// The contour labels of an SVG map: texts in the default look's contour label colour
    /// (the scale bar's are in another).
    func labels(inSVG path: String) throws -> [String] {
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "fill=\"#785532\"[^>]*>(-?[0-9]+) (m|ft)</text")
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            (svg as NSString).substring(with: match.range(at: 1)) + " "
                + (svg as NSString).substring(with: match.range(at: 2))
        }
    }

    @Test("labelled in metres, every 100 m at zoom 14, as text in SVG; in feet with --imperial, every 250 ft")
    func labelsInUnits() throws {
        let folder = try TemporaryDirectory()
        let metric = try Maprender.run(["render"] + view + ["-o", folder.path("m.svg")])
        #expect(metric.status == 0, "\(metric.errors)")
        let metres = try labels(inSVG: folder.path("m.svg"))
        #expect(metres.count >= 3, "\(metres)")
        for label in metres {
            let value = try #require(Int(label.split(separator: " ")[0]))
            #expect(label.hasSuffix(" m") && value % 100 == 0 && (0...1700).contains(value), "\(label)")
        }
        let imperial = try Maprender.run(["render"] + view + ["--imperial", "-o", folder.path("ft.svg")])
        #expect(imperial.status == 0, "\(imperial.errors)")
        let feet = try labels(inSVG: folder.path("ft.svg"))
        #expect(feet.count >= 3, "\(feet)")
        for label in feet {
            let value = try #require(Int(label.split(separator: " ")[0]))
            #expect(label.hasSuffix(" ft") && value % 250 == 0 && (0...5500).contains(value), "\(label)")
        }
    }

    @Test("--contours none leaves the hillshade alone; auto is the default; the configuration and a batch say none too")
    func turnedOff() throws {
        let folder = try TemporaryDirectory()
        func png(_ name: String, _ extra: [String], environment: [String: String]? = nil) throws -> RasterImage {
            let run = try Maprender.run(
                ["render"] + view + extra + ["-o", folder.path(name)], environment: environment)
            #expect(run.status == 0, "\(run.errors)")
            return try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path(name)))))
        }
        let auto = try png("default.png", [])
        let named = try png("auto.png", ["--contours", "auto"])
        let none = try png("none.png", ["--contours", "none"])
        #expect(auto.pixels == named.pixels)
        #expect(none.pixels != auto.pixels)
        // The lines darken what they cross: a few percent of the map, not all of it.
        var darker = 0
        for index in stride(from: 0, to: auto.pixels.count, by: 4)
        where Int(auto.pixels[index]) + 8 < Int(none.pixels[index]) {
            darker += 1
        }
        let share = Double(darker) / Double(auto.width * auto.height)
        #expect(share > 0.03 && share < 0.5, "\(share) of the pixels darkened by contours")

        let config = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: config.url.appendingPathComponent("maprender"), withIntermediateDirectories: true)
        try Data("{\"contours\": \"none\"}\n".utf8).write(
            to: config.url.appendingPathComponent("maprender/config.json"))
        let configured = try png(
            "configured.png", [], environment: ["XDG_CONFIG_HOME": config.url.path, "HOME": config.url.path])
        #expect(configured.pixels == none.pixels)

        let manifest = folder.path("jobs.jsonl")
        let job: [String: Any] = [
            "id": "hill", "output": folder.path("batch.png"), "center": "-33.357,-70.58", "zoom": 14,
            "size": "400x300", "terrain": Self.terrain, "contours": "none",
        ]
        try (String(data: try JSONSerialization.data(withJSONObject: job), encoding: .utf8)! + "\n")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let batch = try Maprender.run(["batch", manifest])
        #expect(batch.status == 0, "\(batch.errors)")
        let batched = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("batch.png")))))
        #expect(batched.pixels == none.pixels)
    }

    @Test("--contours with another value is a usage error (64) naming the choices, and writes nothing")
    func refused() throws {
        let folder = try TemporaryDirectory()
        let run = try Maprender.run(["render"] + view + ["--contours", "some", "-o", folder.path("x.png")])
        #expect(run.status == 64)
        #expect(run.errors.contains("--contours") && run.errors.contains("auto or none"), "\(run.errors)")
        #expect(try folder.listing().isEmpty)
    }
}
