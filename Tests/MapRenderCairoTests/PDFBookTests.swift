import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import Testing

@testable import MapRenderCairo

@Suite("PDF book")
struct PDFBookTests {
    /// A folder of its own under the temporary directory, removed afterwards by the caller.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maprender-book-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func page(_ width: Double, _ height: Double, _ text: String) -> DisplayList {
        DisplayList(
            size: CanvasSize(width: width, height: height),
            commands: [
                .clear(.white),
                .text(TextRun(text, origin: CanvasPoint(x: 10, y: 30), font: Font(size: 12), color: .black)),
            ])
    }

    @Test("pages keep their own sizes and order; the measures are appended; only the finished file is left")
    func pages() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("book.pdf").path
        let book = try PDFBook(destination: path)
        try book.addPage(page(300, 200, "first"))
        try book.addPage(page(200, 400, "second"))
        #expect(book.pageCount == 2)
        #expect(!FileManager.default.fileExists(atPath: path), "nothing at the destination before finish")
        let viewport = Viewport(
            center: Coordinate(latitude: 60.17, longitude: 24.93), zoom: 12, size: CanvasSize(width: 200, height: 400))
        let warning = try book.finish(georeferencing: [1: PDFGeospatialMeasure(viewport: viewport)])
        #expect(warning == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["book.pdf"])

        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(
            bytes.starts(with: Array("%PDF-1.4".utf8)) || bytes.starts(with: Array("%PDF-1.5".utf8)),
            "PDF 1.5 where Cairo keeps a classic table for it, else 1.4")
        #expect(String(decoding: bytes, as: UTF8.self).contains("\nxref\n"), "a classic cross-reference table")
        let update = try PDFIncrementalUpdate(reading: bytes)
        let boxes = update.pages.map { $0.dictionary["MediaBox"]?.serialized }
        #expect(boxes == ["[0 0 300 200]", "[0 0 200 400]"])
        let measures = try PDFGeospatialMeasure.measures(in: bytes)
        try #require(measures.count == 2)
        #expect(measures[0] == nil)
        let written = try #require(measures[1]), expected = PDFGeospatialMeasure(viewport: viewport)
        #expect(written.frame == expected.frame && written.epsgCode == 3857)
        // Corners are written with ten decimals.
        for (corner, exact) in zip(written.corners, expected.corners) {
            #expect(abs(corner.latitude - exact.latitude) < 1e-10 && abs(corner.longitude - exact.longitude) < 1e-10)
        }
    }

    @Test("a book without a page writes nothing, not even its temporary file")
    func empty() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try PDFBook(destination: folder.appendingPathComponent("book.pdf").path)
        #expect(try book.finish(georeferencing: [:]) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a page outside PDF's sizes is refused")
    func pageSize() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try PDFBook(destination: folder.appendingPathComponent("book.pdf").path)
        #expect(throws: MapError.self) { try book.addPage(page(20_000, 100, "huge")) }
        #expect(book.pageCount == 0)
    }
}
