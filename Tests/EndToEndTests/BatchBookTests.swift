import Foundation
import MapDrawing
import Testing

@Suite("batch --book, end to end")
struct BatchBookTests {
    /// Five jobs, the third failing (a latitude outside the world), with outputs of several
    /// formats and pages of several sizes.
    static let lines = [
        #"{"id": "a", "output": "a.png", "pin": "60.17,24.94,Alpha Page", "size": "320x240", "basemap": "none"}"#,
        #"{"id": "b", "output": "b.pdf", "pin": "61.5,23.76,Bravo Page", "size": "400x300"}"#,
        #"{"id": "broken", "output": "c.png", "pin": "95,24.94,Broken"}"#,
        #"{"id": "d", "output": "d.svg", "pin": "60.45,22.27,Delta Page", "size": "300x300", "basemap": "none"}"#,
        #"{"id": "e", "output": "e.jpg", "pin": "65.01,25.47,Echo Page", "size": "200x400", "scale": 2}"#,
    ]

    /// Runs the batch with `--jobs N` and returns the folder and the run.
    func runBook(jobs: Int) throws -> (TemporaryDirectory, RunResult) {
        let folder = try TemporaryDirectory()
        try Data((Self.lines.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let result = try Maprender.run(
            [
                "batch", "jobs.jsonl", "--book", "atlas.pdf", "--jobs", String(jobs), "--summary", "summary.json",
                "--progress", "never",
            ], in: folder.url)
        return (folder, result)
    }

    @Test("the book has a page per successful job, in manifest order, each georeferenced; the failed job is named")
    func pages() throws {
        let (folder, result) = try runBook(jobs: 2)
        // A failed job fails the batch (exit 64, its status) but not the book.
        #expect(result.status == 64, "\(result.errors)")
        #expect(result.errors.contains("batch: book atlas.pdf: 4 pages; left out (failed or skipped): broken"))
        #expect(try folder.listing().contains("atlas.pdf"))
        // Every job's own output is still written.
        for name in ["a.png", "b.pdf", "d.svg", "e.jpg"] { #expect(try folder.listing().contains(name), "\(name)") }

        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("atlas.pdf"))))
        let measures = try PDFGeospatialMeasure.measures(in: bytes)
        #expect(measures.count == 4)
        let sizes = measures.map { $0.map { [$0.frame.width, $0.frame.height] } }
        #expect(sizes == [[320, 240], [400, 300], [300, 300], [200, 400]])
        // Each page's frame holds its pin.
        let pins = [(60.17, 24.94), (61.5, 23.76), (60.45, 22.27), (65.01, 25.47)]
        for (measure, (latitude, longitude)) in zip(measures, pins) {
            let corners = try #require(measure).corners
            #expect(corners[1].latitude < latitude && latitude < corners[0].latitude)
            #expect(corners[0].longitude < longitude && longitude < corners[2].longitude)
            #expect(try #require(measure).epsgCode == 3857)
        }

        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("summary.json"))))
                as? [String: Any])
        let results = try #require(summary["results"] as? [[String: Any]])
        #expect(results.map { $0["book_page"] as? Int } == [1, 2, nil, 3, 4])
        #expect(results[2]["status"] as? String == "failed")
        #expect(summary["book_pages"] as? Int == 4)
    }

    @Test(
        "pdfinfo counts the pages and pdftotext reads each page's pin in manifest order",
        .enabled(
            if: Tool.path(of: "pdftotext") != nil, "poppler-utils is not installed (apt-get install poppler-utils)"))
    func pageText() throws {
        let (folder, _) = try runBook(jobs: 2)
        let info = try Tool.run(try #require(Tool.path(of: "pdfinfo")), [folder.path("atlas.pdf")])
        #expect(info.status == 0 && info.errors.isEmpty, "\(info.errors)")
        #expect(info.outputText.contains("Pages:           4"))
        let pdftotext = try #require(Tool.path(of: "pdftotext"))
        for (page, title) in ["Alpha Page", "Bravo Page", "Delta Page", "Echo Page"].enumerated() {
            let text = try Tool.run(
                pdftotext, ["-f", String(page + 1), "-l", String(page + 1), folder.path("atlas.pdf"), "-"]
            ).outputText
            #expect(text.contains(title), "page \(page + 1): \(text)")
            #expect(!text.contains("Broken"))
        }
    }

    @Test("the book's bytes do not depend on --jobs")
    func stable() throws {
        let (one, _) = try runBook(jobs: 1)
        let (two, _) = try runBook(jobs: 3)
        let first = try Data(contentsOf: URL(fileURLWithPath: one.path("atlas.pdf")))
        let second = try Data(contentsOf: URL(fileURLWithPath: two.path("atlas.pdf")))
        #expect(first.count > 1000)
        #expect(first == second)
    }

    @Test("a batch whose every job fails writes no book")
    func noPage() throws {
        let folder = try TemporaryDirectory()
        try Data((#"{"id": "x", "output": "x.png", "pin": "95,0"}"# + "\n").utf8).write(
            to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let result = try Maprender.run(["batch", "jobs.jsonl", "--book", "atlas.pdf"], in: folder.url)
        #expect(result.status == 64)
        #expect(result.errors.contains("atlas.pdf: not written, no job rendered a page"))
        #expect(try !folder.listing().contains("atlas.pdf"))
    }

    @Test("a book in a missing folder fails the batch before its first job: exit 73, nothing written")
    func unwritable() throws {
        let folder = try TemporaryDirectory()
        try Data((Self.lines[0] + "\n").utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let result = try Maprender.run(["batch", "jobs.jsonl", "--book", "missing/atlas.pdf"], in: folder.url)
        #expect(result.status == 73, "\(result.errors)")
        #expect(result.errors.contains("missing/atlas.pdf"), "\(result.errors)")
        #expect(try folder.listing() == ["jobs.jsonl"])
    }

    @Test("with --book a job may have no output: it makes its page (and its sidecar); without --book it is refused")
    func withoutOutput() throws {
        let folder = try TemporaryDirectory()
        let lines = [
            #"{"id": "a", "pin": "60.17,24.94,Alpha Page", "size": "320x240", "basemap": "none", "sidecar": "a.json"}"#,
            #"{"id": "b", "output": "b.png", "pin": "61.5,23.76,Bravo Page", "size": "400x300", "basemap": "none"}"#,
            #"{"id": "c", "pin": "60.45,22.27,Charlie Page", "basemap": "none", "format": "pdf"}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let result = try Maprender.run(["batch", "jobs.jsonl", "--book", "atlas.pdf"], in: folder.url)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try folder.listing() == ["a.json", "atlas.pdf", "b.png", "jobs.jsonl"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("atlas.pdf"))))
        let measures = try PDFGeospatialMeasure.measures(in: bytes)
        #expect(measures.map { $0?.frame.width } == [320, 400, 800])

        let refused = try Maprender.run(["batch", "jobs.jsonl", "--out-dir", "out"], in: folder.url)
        #expect(refused.status == 65)
        #expect(refused.errors.contains(#"job "a" has no output"#), "\(refused.errors)")
        #expect(refused.errors.contains("(with --book, a job may have none)"))
    }

    @Test("the book never replaces a file the batch reads or writes: an input, a job's output, the manifest")
    func bookIsNoOtherFile() throws {
        let folder = try TemporaryDirectory()
        _ = try Maprender.run([
            "places", "add", "--db", folder.path("favs.db"), "--name", "Home", "--lat", "60", "--lon", "25",
        ])
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("favs.db")))
        let lines = [
            #"{"id": "a", "paper": "A6", "places": "favs.db"}"#, #"{"id": "b", "output": "b.pdf", "pin": "60,25"}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        for book in ["favs.db", "b.pdf"] {
            let run = try Maprender.run(["batch", "jobs.jsonl", "--book", book, "--basemap", "none"], in: folder.url)
            #expect(run.status != 0 && run.errors.contains("is also the book (--book)"), "\(book): \(run.errors)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("favs.db"))) == before)
        let manifest = try Maprender.run(["batch", "jobs.jsonl", "--book", "jobs.jsonl"], in: folder.url)
        #expect(manifest.status == 64 && manifest.errors.contains("--book jobs.jsonl: is also the manifest"))
    }

    @Test("a job with no output of its own on paper makes a page of the paper's exact size")
    func paperPageWithoutOutput() throws {
        let folder = try TemporaryDirectory()
        try Data((#"{"id": "a", "paper": "A5", "pin": "60,25", "basemap": "none"}"# + "\n").utf8).write(
            to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let run = try Maprender.run(["batch", "jobs.jsonl", "--book", "atlas.pdf"], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path("atlas.pdf"))), as: UTF8.self)
        #expect(pdf.contains("/MediaBox [0 0 419.52"), "A5 is 419.53 × 595.28 pt")
        #expect(pdf.contains(" 595.27"))
    }
}
