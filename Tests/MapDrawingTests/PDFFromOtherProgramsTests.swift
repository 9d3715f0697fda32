import Foundation
import MapErrors
import MapTestSupport
import Testing

@testable import MapDrawing

/// The incremental update on PDFs that Cairo did not write (Fixtures/README.md): mandoc's own
/// writer (PDF 1.1) and poppler's pdftocairo. Each gains the measure, keeps its bytes as a
/// prefix, reads back, and stays a PDF that poppler opens.
@Suite("PDF geospatial measure on files of other programs")
struct PDFFromOtherProgramsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let measure = PDFGeospatialMeasure(
        frame: .init(x: 0, y: 0, width: 100, height: 50),
        corners: [
            .init(latitude: 60.2, longitude: 24.9), .init(latitude: 60.1, longitude: 24.9),
            .init(latitude: 60.1, longitude: 25.0), .init(latitude: 60.2, longitude: 25.0),
        ],
        wellKnownText: WebMercatorGeoTransform.wellKnownText, epsgCode: 3857)

    @Test("georeferenced and read back", arguments: ["mandoc.pdf", "pdftocairo.pdf"])
    func georeferenced(name: String) throws {
        let original = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        let updated = try PDFGeospatialMeasure.georeference(original, pages: [0: Self.measure])
        #expect(Array(updated.prefix(original.count)) == original, "nothing written before is rewritten")
        #expect(try PDFGeospatialMeasure.measures(in: updated) == [Self.measure])
        // poppler reads the updated file as one page, without complaint.
        let pdfinfo = ["/usr/bin/pdfinfo", "/bin/pdfinfo"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let pdfinfo else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("maprender-\(UUID().uuidString).pdf")
        try Data(updated).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try ChildProcess.run(pdfinfo, [file.path])
        #expect(
            run.status == 0
                && run.outputText.split(separator: "\n").contains { $0.split(separator: " ") == ["Pages:", "1"] },
            "\(run.outputText)")
        #expect(run.errors.isEmpty, "\(run.errors)")
    }
}
