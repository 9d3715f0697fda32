import Foundation
import MapRenderCairo
import Testing

/// Maps past 16 megapixels, painted and encoded in bands, through the built binary.
@Suite("Posters, end to end")
struct PosterOutputTests {
    /// A pin and a title on a 4,200 × 4,100 canvas (17.2 megapixels) without a basemap.
    static let poster = [
        "--pin", "60.17,24.94,Helsinki", "--center", "60.17,24.94", "--zoom", "12", "--size", "4200x4100",
        "--basemap", "none", "--title", "Helsinki",
    ]

    @Test("a PNG past 16 megapixels is written in bands: a whole PNG of the size asked")
    func bandedPNG() throws {
        let folder = try TemporaryDirectory()
        let run = try Maprender.run(Self.poster + ["-o", folder.path("poster.png")])
        #expect(run.status == 0, "\(run.errors)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("poster.png"))))
        // IHDR's width and height (PNG §11.2.2): 4,200 = 0x1068, 4,100 = 0x1004.
        #expect(Array(bytes[12..<24]) == Array("IHDR".utf8) + [0, 0, 0x10, 0x68, 0, 0, 0x10, 0x04])
        #expect(Array(bytes.suffix(8)) == Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    }

    @Test("a JPEG past 16 megapixels is written in bands: a whole baseline JPEG of the size asked")
    func bandedJPEG() throws {
        let folder = try TemporaryDirectory()
        let run = try Maprender.run(Self.poster + ["-o", folder.path("poster.jpg")])
        #expect(run.status == 0, "\(run.errors)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("poster.jpg"))))
        #expect(Array(bytes.prefix(2)) == [0xFF, 0xD8] && Array(bytes.suffix(2)) == [0xFF, 0xD9])
        // The baseline frame header (SOF0, ITU T.81 §B.2.2): precision 8, height, width.
        let frame = try #require((0..<(bytes.count - 9)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        #expect(Array(bytes[(frame + 4)..<(frame + 9)]) == [8, 0x10, 0x04, 0x10, 0x68])
    }
}
