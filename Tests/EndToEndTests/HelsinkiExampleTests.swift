import Foundation
import Testing

/// The Helsinki street-map example of the README and docs/basemaps.md (examples/helsinki), drawn by the built
/// binary: names of streets that run at an angle or letter-spaced names read whole in the
/// PDF's and the SVG's text, and the PNG is the same bytes every time.
@Suite("The Helsinki street map, end to end", .serialized)
struct HelsinkiExampleTests {
    let example = Maprender.packageRoot.appendingPathComponent("examples/helsinki").path
    var arguments: [String] {
        [
            "--places", example + "/favorites.db", "--basemap", example + "/helsinki.pmtiles", "--center",
            "60.1716,24.9443", "--zoom", "16", "--size", "1024x768",
        ]
    }
    /// A diagonal street, a vertical one, a curved one, a letter-spaced district name.
    let names = ["Kaisaniemenkatu", "Unioninkatu", "Mannerheimintie", "KAISANIEMI"]

    @Test("street names read whole in the PDF's text (pdftotext), along their streets")
    func pdfText() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(arguments + ["-o", folder.path("map.pdf")])
        #expect(result.status == 0, "stderr: \(result.errors)")
        guard let pdftotext = Tool.path(of: "pdftotext") else {
            Issue.record("pdftotext is missing: apt-get install poppler-utils")
            return
        }
        let text = try Tool.run(pdftotext, [folder.path("map.pdf"), "-"]).outputText
        for name in names { #expect(text.contains(name), "'\(name)' not in the PDF's text: \(text)") }
    }

    @Test("street names are the SVG's text, one element each, with a rotation per character")
    func svgText() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(arguments + ["-o", folder.path("map.svg")])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let svg = try String(contentsOfFile: folder.path("map.svg"), encoding: .utf8)
        for name in names { #expect(svg.contains(">\(name)</text>"), "no <text> element of '\(name)'") }
        #expect(svg.contains(" rotate=\""))
    }

    @Test("the same inputs give byte-identical PNGs")
    func deterministic() throws {
        let folder = try TemporaryDirectory()
        for name in ["a.png", "b.png"] {
            let result = try Maprender.run(arguments + ["-o", folder.path(name)])
            #expect(result.status == 0, "stderr: \(result.errors)")
        }
        let first = try Data(contentsOf: URL(fileURLWithPath: folder.path("a.png")))
        let second = try Data(contentsOf: URL(fileURLWithPath: folder.path("b.png")))
        #expect(first == second && first.count > 100_000)
    }
}
