import MapGeometry
import Testing

@testable import MapPage

/// Paper sizes, page sizes, lengths and margins, in points of 1/72 inch.
@Suite("Paper and margins")
struct PaperTests {
    /// Points are derived from millimetres; PDF writers print them to a thousandth.
    static let pointTolerance = 0.001

    @Test("ISO and North American sizes, in points, portrait unless turned")
    func namedSizes() throws {
        let a4 = try Paper(named: "A4")
        #expect(abs(a4.width - 595.276) < Self.pointTolerance)
        #expect(abs(a4.height - 841.890) < Self.pointTolerance)
        let landscape = try Paper(named: "a4-landscape")
        #expect(landscape.width == a4.height && landscape.height == a4.width)
        #expect(try Paper(named: "A4-portrait") == a4)
        let letter = try Paper(named: "letter")
        #expect(abs(letter.width - 612) < Self.pointTolerance && abs(letter.height - 792) < Self.pointTolerance)
        #expect(abs(try Paper(named: "tabloid").height - 1224) < Self.pointTolerance)
        #expect(abs(try Paper(named: "B0").height - PageLength.points(millimeters: 1414)) < Self.pointTolerance)
        #expect(abs(try Paper(named: "A6").width - PageLength.points(millimeters: 105)) < Self.pointTolerance)
    }

    @Test("an unknown paper name is refused with the names that exist")
    func unknownName() {
        #expect {
            try Paper(named: "A7")
        } throws: { error in
            let error = error as? PageValueError
            return error?.reason.contains("'A7'") == true && error?.allowed.contains("tabloid") == true
        }
    }

    @Test("--page sizes in mm, cm, in and pt")
    func pageSizes() throws {
        #expect(try Paper(size: "210x297mm") == (try Paper(named: "A4")))
        let inches = try Paper(size: "8.5x11in")
        #expect(abs(inches.width - 612) < Self.pointTolerance && abs(inches.height - 792) < Self.pointTolerance)
        #expect(abs(try Paper(size: "21x29.7cm").width - 595.276) < Self.pointTolerance)
        #expect(try Paper(size: "300x200pt") == Paper(width: 300, height: 200))
        #expect(abs(try Paper(size: "10cmx4in").height - 288) < Self.pointTolerance)
        for bad in ["210x297", "210mm", "0x297mm", "-5x10mm", "axbmm", "99999x1in"] {
            #expect(throws: PageValueError.self, "\(bad)") { try Paper(size: bad) }
        }
    }

    @Test("margins: one length, or four in CSS order top, right, bottom, left")
    func margins() throws {
        let ten = PageLength.points(millimeters: 10)
        #expect(try EdgeInsets(margins: "10mm") == EdgeInsets(all: ten))
        let four = try EdgeInsets(margins: "1in,2in,3in,4in")
        #expect(four == EdgeInsets(top: 72, left: 288, bottom: 216, right: 144))
        for bad in ["10", "1mm,2mm", "-1mm", "10mm,,10mm,10mm"] {
            #expect(throws: PageValueError.self, "\(bad)") { try EdgeInsets(margins: bad) }
        }
    }

    @Test("the page layout: frame inside the margins, pixels of paper × dpi, margins too large refused")
    func layout() throws {
        let a4 = try Paper(named: "A4")
        let layout = try PageLayout(page: a4, margins: try EdgeInsets(margins: "10mm"), dpi: 300)
        let ten = PageLength.points(millimeters: 10)
        #expect(layout.frame.origin == CanvasPoint(x: ten, y: ten))
        #expect(abs(layout.frame.width - (a4.width - 2 * ten)) < Self.pointTolerance)
        #expect(abs(layout.frame.height - (a4.height - 2 * ten)) < Self.pointTolerance)
        #expect(layout.deviceScale == 300.0 / 72)
        #expect(layout.pixelSize == (2480, 3508))
        let aligned = layout.pixelAligned
        #expect(Int((aligned.pageSize.width * aligned.deviceScale).rounded(.up)) == 2480)
        #expect(Int((aligned.pageSize.height * aligned.deviceScale).rounded(.up)) == 3508)
        #expect(abs(aligned.pageSize.width - a4.width) < 72.0 / 300)
        // The frame's edges fall on pixel boundaries, each moved by at most half a pixel.
        let halfPixel = 0.5 / aligned.deviceScale
        for (edge, before) in [
            (aligned.frame.minX, layout.frame.minX), (aligned.frame.maxX, layout.frame.maxX),
            (aligned.frame.minY, layout.frame.minY), (aligned.frame.maxY, layout.frame.maxY),
        ] {
            let pixels = edge * aligned.deviceScale
            #expect(abs(pixels - pixels.rounded()) < 1e-9 && abs(edge - before) <= halfPixel + 1e-12)
        }
        #expect(throws: PageValueError.self) {
            try PageLayout(page: a4, margins: try EdgeInsets(margins: "105mm,10mm"), dpi: 300)
        }
        #expect(throws: PageValueError.self) {
            try PageLayout(page: a4, margins: try EdgeInsets(margins: "10mm,105mm,10mm,105mm"), dpi: 300)
        }
    }

    @Test("a frame shrinks to an aspect, centred, never grows")
    func fittedFrame() {
        let rect = CanvasRect(x: 10, y: 20, width: 400, height: 200)
        let square = rect.fitted(toAspect: 1)
        #expect(square == CanvasRect(x: 110, y: 20, width: 200, height: 200))
        let wide = rect.fitted(toAspect: 4)
        #expect(wide == CanvasRect(x: 10, y: 70, width: 400, height: 100))
    }
}
