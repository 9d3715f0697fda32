import Foundation
import MapRenderCairo
import MapTestSupport
import Testing

/// `--terrain ARCHIVE|auto`: a hillshade under the street map's built-in look, in each look and
/// schema, the installed archive chosen by default, and the refusals.
@Suite("--terrain under the built-in looks", .serialized)
struct TerrainOptionTests {
    static let hill = Maprender.packageRoot.appendingPathComponent(
        "Tests/EndToEndTests/Fixtures/terrain/helsinki-hill.pmtiles"
    )
    .path
    static let helsinki = Maprender.packageRoot.appendingPathComponent("examples/helsinki").path
    let view = ["--center", "60.1716,24.9443", "--zoom", "14", "--size", "300x200"]

    func render(_ arguments: [String], in folder: TemporaryDirectory, to name: String) throws -> RasterImage {
        let run = try Maprender.run(["render"] + arguments + view + ["-o", folder.path(name)])
        #expect(run.status == 0, "\(run.errors)")
        return try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path(name)))))
    }

    /// The share of pixels that differ, and the mean luminance change over the north-west
    /// quarter (towards the light, from 335°) and the south-east one (away from it).
    func comparison(_ plain: RasterImage, _ shaded: RasterImage) -> (changed: Double, lit: Double, shade: Double) {
        var changed = 0
        var quarters = [0.0, 0.0]
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let i = (y * plain.width + x) * 4
                func luminance(_ image: RasterImage) -> Double {
                    0.2126 * Double(image.pixels[i]) + 0.7152 * Double(image.pixels[i + 1]) + 0.0722
                        * Double(image.pixels[i + 2])
                }
                let change = luminance(shaded) - luminance(plain)
                if change != 0 { changed += 1 }
                if x < plain.width / 2 && y < plain.height / 2 { quarters[0] += change }
                if x >= plain.width / 2 && y >= plain.height / 2 { quarters[1] += change }
            }
        }
        let quarter = Double(plain.width * plain.height / 4)
        return (Double(changed) / Double(plain.width * plain.height), quarters[0] / quarter, quarters[1] / quarter)
    }

    @Test(
        "the hill is shaded in every look and schema",
        arguments: [
            ("helsinki.pmtiles", "default"), ("helsinki-protomaps.pmtiles", "dark"),
            ("helsinki-shortbread.pmtiles", "print"),
        ])
    func shadedInEveryLook(_ archive: String, _ look: String) throws {
        let folder = try TemporaryDirectory()
        let basemap = ["--basemap", "\(Self.helsinki)/\(archive)", "--style", look]
        let plain = try render(basemap, in: folder, to: "plain.png")
        let shaded = try render(basemap + ["--terrain", Self.hill], in: folder, to: "shaded.png")
        let none = try render(basemap + ["--terrain", "none"], in: folder, to: "none.png")
        #expect(none == plain)
        let (changed, lit, shade) = comparison(plain, shaded)
        #expect(changed > 0.3, "\(look): \(changed) of the pixels changed")
        #expect(shade < 0, "\(look): the flank away from the light darkens (\(shade))")
        #expect(lit > shade + 1, "\(look): the lit flank is lighter than the shaded one (\(lit), \(shade))")
    }

    @Test("the archive's credit is in the sidecar")
    func credited() throws {
        let folder = try TemporaryDirectory()
        let run = try Maprender.run(
            ["render", "--basemap", "\(Self.helsinki)/helsinki.pmtiles", "--terrain", Self.hill] + view + [
                "-o", folder.path("map.png"), "--sidecar", folder.path("map.json"),
            ])
        #expect(run.status == 0, "\(run.errors)")
        let sidecar = try String(contentsOfFile: folder.path("map.json"), encoding: .utf8)
        #expect(sidecar.contains("synthetic test heights"))
    }

    @Test("over the embedded world and over no basemap, the hill is shaded too", arguments: ["world", "none"])
    func overTheWorld(_ basemap: String) throws {
        let folder = try TemporaryDirectory()
        let plain = try render(["--basemap", basemap], in: folder, to: "plain.png")
        let shaded = try render(["--basemap", basemap, "--terrain", Self.hill], in: folder, to: "shaded.png")
        let (changed, lit, shade) = comparison(plain, shaded)
        #expect(changed > 0.3, "\(basemap): \(changed) of the pixels changed")
        #expect(lit > shade + 1, "\(basemap): lit \(lit), shaded \(shade)")
    }

    @Test("auto, the default: the installed elevation archive covering the map, said in the sidecar and by fit")
    func automatic() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path("store")
        let added = try Maprender.run(["basemap", "add", Self.hill, "--basemaps-dir", store])
        #expect(added.status == 0, "\(added.errors)")
        let street = ["--basemap", "\(Self.helsinki)/helsinki.pmtiles"]
        let chosen = try render(
            street + ["--basemaps-dir", store, "--sidecar", folder.path("auto.json")], in: folder, to: "auto.png")
        let named = try render(street + ["--terrain", Self.hill], in: folder, to: "named.png")
        let none = try render(street + ["--basemaps-dir", store, "--terrain", "none"], in: folder, to: "none.png")
        let bare = try render(street + ["--basemaps-dir", folder.path("empty")], in: folder, to: "bare.png")
        #expect(chosen.pixels == named.pixels, "auto draws the installed archive as --terrain ARCHIVE does")
        #expect(none.pixels == bare.pixels && none.pixels != chosen.pixels, "none, or nothing installed: no relief")

        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("auto.json"))))
                as? [String: Any])
        let terrain = try #require(sidecar["terrain"] as? [String: Any], "\(sidecar.keys)")
        #expect(terrain["name"] as? String == "helsinki-hill")
        #expect((terrain["reason"] as? String)?.contains("covers the whole map") == true, "\(terrain)")

        // Far from the archive: no relief, and fit says why.
        let fit = try Maprender.run(["fit", "--center", "-33.4,-70.6", "--zoom", "12", "--basemaps-dir", store])
        #expect(fit.status == 0, "\(fit.errors)")
        let fitted = try #require(
            try JSONSerialization.jsonObject(with: Data(fit.outputText.utf8)) as? [String: Any])
        let elsewhere = try #require(fitted["terrain"] as? [String: Any], "\(fit.outputText)")
        #expect(elsewhere["name"] as? String == "none")
        #expect(elsewhere["location"] is NSNull)
    }

    @Test("refused: with --basemap-style (64), a missing archive (66)")
    func refusals() throws {
        let folder = try TemporaryDirectory()
        let missing = try Maprender.run(
            ["render", "--basemap", "\(Self.helsinki)/helsinki.pmtiles", "--terrain", folder.path("nowhere.pmtiles")]
                + view + ["-o", folder.path("b.png")])
        #expect(missing.status == 66)
        #expect(missing.errors.contains("nowhere.pmtiles"))
        let styled = try Maprender.run(
            [
                "render", "--basemap-style",
                Maprender.packageRoot.appendingPathComponent("examples/santiago/relief.json").path,
                "--terrain", Self.hill,
            ] + view + ["-o", folder.path("c.png")])
        #expect(styled.status == 64)
        #expect(try folder.listing().isEmpty)
    }
}
