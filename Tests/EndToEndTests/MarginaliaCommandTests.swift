import Foundation
import Testing

/// The texts of an SVG's `<text>` elements, in document order.
private func svgTexts(_ path: String) throws -> [String] {
    let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    return svg.components(separatedBy: "<text").dropFirst().compactMap { element in
        guard let start = element.firstIndex(of: ">"), let end = element.range(of: "</text>") else { return nil }
        return String(element[element.index(after: start)..<end.lowerBound])
    }
}

@Suite("--grid, --north-arrow, --subtitle and --date, end to end")
struct MarginaliaCommandTests {
    let map = [
        "--pin", "60.1699,24.9384,Senate Square", "--center", "60.17,24.94", "--zoom", "12", "--size", "600x400",
        "--basemap", "world",
    ]

    @Test("an SVG map gets its grid labels, arrow and title block as real text")
    func svg() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(
            map + [
                "--grid", "--north-arrow", "--title", "Helsinki", "--subtitle", "Favourite places", "--date",
                "2026-12-01", "-o", folder.path("map.svg"),
            ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let texts = try svgTexts(folder.path("map.svg"))
        #expect(texts.contains("60°10′N"))
        #expect(texts.contains { $0.hasSuffix("′E") })
        #expect(texts.contains("N"))
        #expect(texts.contains("Favourite places"))
        #expect(texts.contains("2026-12-01"))
        // The title is set once, in the block, not also on the map's own title plate.
        #expect(texts.filter { $0 == "Helsinki" }.count == 1)
    }

    @Test("a PDF map's grid labels are text (pdftotext)")
    func pdf() throws {
        guard let pdftotext = Tool.path(of: "pdftotext") else {
            Issue.record("pdftotext is missing: apt-get install poppler-utils")
            return
        }
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(map + ["--grid", "--north-arrow", "-o", folder.path("map.pdf")])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let text = try Tool.run(pdftotext, [folder.path("map.pdf"), "-"]).outputText
        #expect(text.contains("60°10′N"), "pdftotext: \(text)")
        #expect(text.contains("24°56′E"), "pdftotext: \(text)")
    }

    @Test("decimal labels and an explicit interval")
    func decimal() throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(
            map + ["--grid", "0.02", "--grid-format", "decimal", "-o", folder.path("map.svg")])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let texts = try svgTexts(folder.path("map.svg"))
        #expect(texts.contains("24.94°E"))
        #expect(texts.contains("60.16°N") || texts.contains("60.18°N"))
    }

    @Test("fitting keeps the pins clear of the taller title block, and fit agrees with render")
    func fitting() throws {
        let pins = ["--pin", "60.17,24.94", "--pin", "60.20,24.90", "--size", "400x300", "--basemap", "world"]
        let block = ["--title", "Helsinki", "--subtitle", "Favourite places", "--date", "2026-12-01"]
        func zoom(_ json: String) throws -> Double {
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return try #require(object?["zoom"] as? Double)
        }
        let plain = try Maprender.run(["fit"] + pins + ["--title", "Helsinki"])
        let withBlock = try Maprender.run(["fit"] + pins + block)
        #expect(plain.status == 0 && withBlock.status == 0, "stderr: \(withBlock.errors)")
        // The block is taller than the title alone: the map zooms out to keep the pins below it.
        #expect(try zoom(withBlock.outputText) < zoom(plain.outputText) - 0.05)
        let folder = try TemporaryDirectory()
        let render = try Maprender.run(
            pins + block + ["-o", folder.path("map.png"), "--sidecar", folder.path("map.json")])
        #expect(render.status == 0, "stderr: \(render.errors)")
        let sidecar = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path("map.json"))), as: UTF8.self)
        #expect(try zoom(sidecar) == zoom(withBlock.outputText))
    }

    @Test(
        "bad values are usage errors and write nothing",
        arguments: [
            (["--grid", "0.0005"], "--grid: 0.0005° draws"), (["--grid-format", "utm"], "--grid-format: 'utm'"),
            (["--date", "2026-02-30"], "--date: '2026-02-30' is not a date"),
            (["--grid", "0"], "--grid: '0' is not auto or a positive interval"),
        ])
    func refusals(arguments: [String], message: String) throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(map + arguments + ["-o", folder.path("map.png")])
        #expect(result.status == 64)
        #expect(result.errors.contains(message), "stderr: \(result.errors)")
        #expect(try folder.listing() == [])
    }
}
