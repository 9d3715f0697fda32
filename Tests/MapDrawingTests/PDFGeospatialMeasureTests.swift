import MapErrors
import Testing

@testable import MapDrawing

/// A small PDF built by hand: a catalog (1), a page tree (2) with a nested node (3), and
/// `pages` pages from object 4 on, with a classic cross-reference table whose offsets are
/// counted as the bytes are written.
private func handMadePDF(pages: Int, pageExtra: String = "", trailerExtra: String = "") -> [UInt8] {
    var bytes = Array("%PDF-1.5\n%\u{e2}\u{e3}\n".utf8)
    var offsets: [Int] = []
    func add(_ body: String) {
        offsets.append(bytes.count)
        bytes += Array("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8)
    }
    let pageNumbers = (0..<pages).map { 4 + $0 }
    // The first page hangs under a nested node, the others directly under the root: page
    // order is depth first.
    add("<< /Type /Catalog /Pages 2 0 R >>")
    let rest = pageNumbers.dropFirst().map { "\($0) 0 R" }.joined(separator: " ")
    add("<< /Type /Pages /Kids [ 3 0 R \(rest) ] /Count \(pages) >>")
    add("<< /Type /Pages /Parent 2 0 R /Kids [ 4 0 R ] /Count 1 >>")
    for (index, _) in pageNumbers.enumerated() {
        add(
            "<< /Type /Page % page \(index + 1)\n /Parent \(index == 0 ? 3 : 2) 0 R /MediaBox [ 0 0 200 100 ]"
                + " /Title (a \\) paren (nested)) \(pageExtra) >>")
    }
    let table = bytes.count
    var text = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
    for offset in offsets { text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
    text += "trailer\n<< /Size \(offsets.count + 1)\n /Root 1 0 R \(trailerExtra) >>\nstartxref\n\(table)\n%%EOF\n"
    return bytes + Array(text.utf8)
}

private let sampleMeasure = PDFGeospatialMeasure(
    frame: .init(x: 10, y: 20, width: 180, height: 60),
    corners: [
        .init(latitude: 60.25, longitude: 24.75), .init(latitude: 60.125, longitude: 24.75),
        .init(latitude: 60.125, longitude: 25.0000000001), .init(latitude: 60.25, longitude: 25.0000000001),
    ],
    wellKnownText: #"PROJCS["a (b) \ c"]"#, epsgCode: 3857)

@Suite("PDF geospatial measure and incremental update")
struct PDFGeospatialMeasureTests {
    @Test("the measure is appended as an update: the old bytes are a prefix, the pages read back in order")
    func appendsToPages() throws {
        let original = handMadePDF(pages: 3)
        let second = PDFGeospatialMeasure(
            frame: .init(x: 0, y: 0, width: 200, height: 100), corners: sampleMeasure.corners.reversed(),
            wellKnownText: "X", epsgCode: 4326)
        let updated = try PDFGeospatialMeasure.georeference(original, pages: [0: sampleMeasure, 2: second])
        #expect(updated.starts(with: original))
        #expect(updated.count > original.count)
        let measures = try PDFGeospatialMeasure.measures(in: updated)
        #expect(measures.count == 3)
        #expect(measures[0] == sampleMeasure, "corners, frame, escaped WKT and EPSG read back as written")
        #expect(measures[1] == nil)
        #expect(measures[2] == second)
        // The untouched page and the other dictionary entries survive.
        let update = try PDFIncrementalUpdate(reading: updated)
        #expect(update.pages.map(\.number) == [4, 5, 6])
        #expect(update.pages[0].dictionary["Title"] == .string(Array(#"(a \) paren (nested))"#.utf8)))
        #expect(update.pages[0].dictionary["Parent"] == .reference(number: 3, generation: 0))
        let tail = String(decoding: updated[original.count...], as: UTF8.self)
        // Objects 4 and 6 are not consecutive: two subsections of one entry each.
        #expect(tail.contains("xref\n4 1\n"), "\(tail)")
        #expect(tail.contains("\n6 1\n"), "\(tail)")
        #expect(
            tail.contains("/Prev \(String(decoding: original, as: UTF8.self).split(separator: "\n").dropLast().last!)"))
        #expect(tail.hasSuffix("%%EOF\n"))
    }

    @Test("georeferencing twice replaces the page's /VP: the newest version wins, one /VP in it")
    func replaces() throws {
        let once = try PDFGeospatialMeasure.georeference(handMadePDF(pages: 1), pages: [0: sampleMeasure])
        var moved = sampleMeasure
        moved.frame.x = 0
        let twice = try PDFGeospatialMeasure.georeference(once, pages: [0: moved])
        #expect(try PDFGeospatialMeasure.measures(in: twice) == [moved])
        let newest = String(decoding: twice[once.count...], as: UTF8.self)
        #expect(newest.components(separatedBy: "/VP").count == 2)
        #expect(newest.contains("/Prev"))
    }

    @Test("the trailer's other entries (Info, ID) are carried over and /Size kept")
    func trailer() throws {
        let original = handMadePDF(pages: 1, trailerExtra: "/Info 1 0 R /ID [<0A1B> <0A1B>]")
        let updated = try PDFGeospatialMeasure.georeference(original, pages: [0: sampleMeasure])
        let tail = String(decoding: updated[original.count...], as: UTF8.self)
        #expect(tail.contains("/Size 5 /Root 1 0 R /Info 1 0 R /ID [<0A1B> <0A1B>] /Prev "), "\(tail)")
    }

    @Test(
        "files this reader cannot follow are refused with a reason, not changed",
        arguments: [
            ("no startxref", Array("%PDF-1.5\n1 0 obj\n<< >>\nendobj\n".utf8)),
            (
                "a cross-reference stream",
                Array(
                    "%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size 1 >>\nstream\n\nendstream\nendobj\nstartxref\n9\n%%EOF\n"
                        .utf8)
            ),
            ("an offset past the end", Array("%PDF-1.5\nstartxref\n99999\n%%EOF\n".utf8)),
            ("a truncated file", Array(handMadePDF(pages: 2).prefix(300)) + Array("startxref\n200\n%%EOF".utf8)),
        ])
    func refuses(name: String, bytes: [UInt8]) {
        let error = #expect(throws: MapError.self, "\(name)") {
            try PDFGeospatialMeasure.georeference(bytes, pages: [0: sampleMeasure])
        }
        #expect(error?.kind == .invalidData)
        #expect(error?.message.hasPrefix("the PDF cannot be updated: ") == true, "\(String(describing: error))")
    }

    @Test("a measure for a page the file lacks is refused")
    func missingPage() {
        let error = #expect(throws: MapError.self) {
            try PDFGeospatialMeasure.georeference(handMadePDF(pages: 1), pages: [1: sampleMeasure])
        }
        #expect(error?.kind == .invalidData)
    }

    @Test("numbers are written in fixed notation, never with an exponent")
    func numbers() {
        #expect(PDFObject.fixedNotation(1e-12, decimals: 10) == "0")
        #expect(PDFObject.fixedNotation(-1e-12, decimals: 10) == "0")
        #expect(PDFObject.fixedNotation(2.5e-7, decimals: 10) == "0.00000025")
        #expect(PDFObject.fixedNotation(-179.99999999999, decimals: 10) == "-180")
        #expect(PDFObject.fixedNotation(841.8897637795, decimals: 4) == "841.8898")
        #expect(PDFObject.fixedNotation(60, decimals: 4) == "60")
        #expect(PDFObject.fixedNotation(1.5e12, decimals: 10) == "1500000000000")
        #expect(PDFObject.fixedNotation(-1e300, decimals: 4) == "-9000000000000000000")
        #expect(PDFObject.fixedNotation(.nan, decimals: 4) == "0")
    }
}

@Suite("PDF incremental update read through a reader")
struct PDFIncrementalUpdateReaderTests {
    @Test("a file read in windows: a table longer than the first window is read whole, and far from all the file")
    func windows() throws {
        // 400 pages: a cross-reference table of some 8 KB, more than the first 4 KiB window.
        let pdf = handMadePDF(pages: 400)
        var largest = 0
        let update = try PDFIncrementalUpdate(size: pdf.count) { offset, count in
            largest = max(largest, count)
            return Array(pdf[offset..<min(offset + count, pdf.count)])
        }
        #expect(update.pages.count == 400)
        #expect(update.pages.last?.number == 403)
        let appendix = try PDFGeospatialMeasure.appendix(to: update, pages: [399: sampleMeasure])
        let measures = try PDFGeospatialMeasure.measures(in: pdf + appendix)
        #expect(measures.last == sampleMeasure)
        #expect(measures.dropLast().allSatisfy { $0 == nil })
        // The table needed a second, larger window (up to the end of the file, where it
        // lies); no read asked for the whole file.
        #expect(largest > 4096)
        #expect(largest < pdf.count / 2, "\(pdf.count) bytes")
    }
}
