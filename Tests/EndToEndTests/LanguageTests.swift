import Foundation
import Testing

/// `--language`: street map labels in the reader's language, read back from the PDF's text
/// (pdftotext). The Protomaps archive carries `name:xx` for some 30 languages, the
/// Shortbread one `name_en` and `name_de`, the OpenMapTiles example none (only
/// `name:latin`): there every label keeps its name.
@Suite("Labels in the reader's language, end to end", .serialized)
struct LanguageTests {
    static let root = Maprender.packageRoot.path
    static let schemas = root + "/Tests/MapVectorLayoutTests/Fixtures/schemas/"
    static let protomaps = [
        "--basemap", root + "/examples/helsinki/helsinki-protomaps.pmtiles", "--basemap-style",
        schemas + "protomaps-light.json", "--center", "60.1716,24.9443", "--size", "1024x768",
    ]

    /// The text of the PDF the arguments render, runs of white space made one space (a
    /// label's lines are one name), or `nil` (an issue recorded) when the run fails or
    /// pdftotext is missing.
    static func pdfText(_ arguments: [String], environment: [String: String]? = nil) throws -> String? {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(arguments + ["-o", folder.path("map.pdf")], environment: environment)
        #expect(result.status == 0, "stderr: \(result.errors)")
        guard result.status == 0 else { return nil }
        guard let pdftotext = Tool.path(of: "pdftotext") else {
            Issue.record("pdftotext is missing: apt-get install poppler-utils")
            return nil
        }
        let text = try Tool.run(pdftotext, [folder.path("map.pdf"), "-"]).outputText
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("Protomaps: Swedish names where features have them, the others keep theirs")
    func protomapsSwedish() throws {
        let base = Self.protomaps + ["--zoom", "16"]
        let finnish = try #require(try Self.pdfText(base))
        let swedish = try #require(try Self.pdfText(base + ["--language", "sv"]))
        // The style's own language is English (name:en, then name).
        #expect(finnish.contains("Helsinki Cathedral") && !finnish.contains("Helsingfors domkyrka"))
        #expect(swedish.contains("Helsingfors domkyrka") && swedish.contains("Järnvägstorget"), "\(swedish)")
        #expect(!swedish.contains("Rautatientori"))
        // No name:sv: the school keeps its Finnish name.
        #expect(finnish.contains("Kaisaniemen ala-aste") && swedish.contains("Kaisaniemen ala-aste"))
    }

    @Test("the first language a feature has wins: --language xx,sv falls through to Swedish")
    func fallsThroughTheList() throws {
        let text = try #require(try Self.pdfText(Self.protomaps + ["--zoom", "14", "--language", "kl,sv"]))
        #expect(text.contains("Helsingfors") && text.contains("GARDESSTADEN"), "\(text)")
    }

    @Test("Arabic and Japanese names come out as text in their scripts")
    func otherScripts() throws {
        let arabic = try #require(try Self.pdfText(Self.protomaps + ["--zoom", "14", "--language", "ar"]))
        #expect(arabic.contains("هلسنكي"), "\(arabic)")
        let japanese = try #require(try Self.pdfText(Self.protomaps + ["--zoom", "14", "--language", "ja"]))
        #expect(japanese.contains("ヘルシンキ"), "\(japanese)")
    }

    @Test("Devanagari clusters drawn with several glyphs (a reph, a conjunct) keep their text in the PDF")
    func devanagariClusters() throws {
        // The reph of "र्ग" is shaped after the ग: one cluster of three characters, two
        // glyphs, whose text a PDF can only carry as /ActualText.
        let names = ["बीटा मार्ग", "धर्म कर्म", "क्षितिज पथ"]
        let pins = zip(names, [77.2, 77.4, 77.6]).flatMap { name, longitude in
            ["--pin", "28.6,\(longitude),\(name)"]
        }
        let text = try #require(try Self.pdfText(pins + ["--callouts", "all", "--size", "500x300"]))
        for name in names { #expect(text.contains(name), "\(name) not in \(text)") }
        #expect(!text.contains("\u{FFFD}"), "a glyph without text: \(text)")
    }

    @Test("Shortbread with VersaTiles' style: name_de instead of the style's name_en")
    func shortbreadGerman() throws {
        let base = [
            "--basemap", Self.root + "/examples/helsinki/helsinki-shortbread.pmtiles", "--basemap-style",
            Self.schemas + "versatiles-colorful.json", "--center", "60.1716,24.9443", "--zoom", "16", "--size",
            "1024x768",
        ]
        let english = try #require(try Self.pdfText(base))
        let german = try #require(try Self.pdfText(base + ["--language", "de"]))
        #expect(english.contains("University of Helsinki"))
        #expect(!german.contains("University of Helsinki") && german.contains("Helsingin yliopisto"), "\(german)")
    }

    @Test("the built-in look over Protomaps: Swedish names where features have them, Finnish where not")
    func builtInProtomaps() throws {
        let base = [
            "--basemap", Self.root + "/examples/helsinki/helsinki-protomaps.pmtiles", "--center", "60.1716,24.9443",
            "--zoom", "16", "--size", "1024x768",
        ]
        let plain = try #require(try Self.pdfText(base))
        let swedish = try #require(try Self.pdfText(base + ["--language", "sv"]))
        #expect(
            plain.contains("Rautatientori") && plain.contains("Mannerheimintie") && !plain.contains("Järnvägstorget"))
        #expect(
            swedish.contains("Järnvägstorget") && swedish.contains("Mannerheimvägen") && swedish.contains("Helsingfors")
        )
        #expect(!swedish.contains("Rautatientori"), "\(swedish)")
        // Streets with no Swedish name keep theirs.
        #expect(swedish.contains("Eero Erkkos gata") || swedish.contains("Baana"))
    }

    @Test(
        "the built-in look over Shortbread: name_en where there is one; Swedish, which Shortbread 1.0 lacks, changes nothing"
    )
    func builtInShortbread() throws {
        let base = [
            "--basemap", Self.root + "/examples/helsinki/helsinki-shortbread.pmtiles", "--center", "60.1716,24.9443",
            "--zoom", "17", "--size", "1024x768",
        ]
        let plain = try #require(try Self.pdfText(base))
        let english = try #require(try Self.pdfText(base + ["--language", "en"]))
        let swedish = try #require(try Self.pdfText(base + ["--language", "sv"]))
        // The university library, a POI with name_en.
        #expect(plain.contains("Helsingin yliopiston pääkirjasto") && !plain.contains("Helsinki University Library"))
        #expect(
            english.contains("Helsinki University Library") && !english.contains("Helsingin yliopiston pääkirjasto"),
            "\(english)")
        #expect(swedish == plain)
    }

    @Test("the built-in look over OpenMapTiles: name:sv and name_de first, per street, else name:latin")
    func builtInOpenMapTiles() throws {
        let archive = Self.root + "/Tests/EndToEndTests/Fixtures/names/omt-names.mbtiles"
        let base = ["--basemap", archive, "--center", "60.1688,24.9280", "--zoom", "15", "--size", "600x600"]
        let plain = try #require(try Self.pdfText(base))
        #expect(plain.contains("Pohjoisesplanadi Eteläesplanadi Mannerheimintie"), "\(plain)")
        let swedish = try #require(try Self.pdfText(base + ["--language", "sv"]))
        #expect(swedish.contains("Norra esplanaden Södra esplanaden Mannerheimintie"), "\(swedish)")
        let germanThenSwedish = try #require(try Self.pdfText(base + ["--language", "de,sv"]))
        #expect(
            germanThenSwedish.contains("Nördliche Esplanade Södra esplanaden Mannerheimintie"), "\(germanThenSwedish)")
        #expect(try #require(try Self.pdfText(base + ["--language", "kl"])) == plain)
    }

    @Test("the OpenMapTiles example has no name:xx: every label keeps its name")
    func openMapTilesKeepsNames() throws {
        let base = [
            "--basemap", Self.root + "/examples/helsinki/helsinki.pmtiles", "--center", "60.1716,24.9443", "--zoom",
            "16", "--size", "1024x768",
        ]
        let plain = try #require(try Self.pdfText(base))
        let swedish = try #require(try Self.pdfText(base + ["--language", "sv"]))
        #expect(plain.contains("Kaisaniemenkatu"))
        #expect(swedish == plain)
    }

    @Test("the language configuration key works as --language")
    func configuration() throws {
        let folder = try TemporaryDirectory()
        try Data(#"{"language": "sv"}"#.utf8).write(to: URL(fileURLWithPath: folder.path("config.json")))
        let text = try #require(
            try Self.pdfText(
                Self.protomaps + ["--zoom", "14"], environment: ["MAPRENDER_CONFIG": folder.path("config.json")]))
        #expect(text.contains("Helsingfors"), "\(text)")
    }

    @Test("a batch job's language key")
    func batchJob() throws {
        let folder = try TemporaryDirectory()
        let job: [String: Any] = [
            "id": "sv", "output": folder.path("sv.pdf"), "center": "60.1716,24.9443", "zoom": 14, "size": "600x600",
            "basemap": Self.root + "/examples/helsinki/helsinki-protomaps.pmtiles",
            "basemap-style": Self.schemas + "protomaps-light.json", "language": "sv", "sidecar": folder.path("sv.json"),
        ]
        try JSONSerialization.data(withJSONObject: job).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let result = try Maprender.run([
            "batch", folder.path("jobs.jsonl"), "--progress", "never", "--allow-outside-paths",
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        // The sidecar says which languages were asked for.
        let sidecar = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder.path("sv.json"))))
        #expect((sidecar as? [String: Any])?["languages"] as? [String] == ["sv"])
        let pdftotext = try #require(Tool.path(of: "pdftotext"))
        #expect(try Tool.run(pdftotext, [folder.path("sv.pdf"), "-"]).outputText.contains("Helsingfors"))
    }

    @Test("a value that is not a language code is a usage error naming it, with nothing written")
    func badValue() throws {
        let folder = try TemporaryDirectory()
        for value in ["x1", "fi,", "en-GB", "suomi"] {
            let result = try Maprender.run(
                Self.protomaps + ["--zoom", "14", "--language", value, "-o", folder.path("m.png")])
            #expect(result.status == 64, "\(value): \(result.status)")
            #expect(result.errors.contains("error: --language:") && result.errors.contains("not a language code"))
            #expect(!FileManager.default.fileExists(atPath: folder.path("m.png")))
        }
    }
}
