import Foundation
import MapErrors
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapDrawing
@testable import MapFormats

@Suite struct ImageHeaderTests {
    @Test func readsThePNGSizeFromIHDR() throws {
        let header = try ImageHeader(parsing: TestImages.png(width: 512))
        #expect(header == ImageHeader(encoding: .png, pixelWidth: 512, pixelHeight: 512))
        let image = try EncodedImage(validating: TestImages.png(width: 256))
        #expect(image.encoding == .png && image.pixelWidth == 256 && image.pixelHeight == 256)
    }

    @Test(arguments: [UInt8(0xC0), 0xC1, 0xC2])
    func readsTheJPEGSizeFromTheFrameHeader(sof: UInt8) throws {
        let bytes = TestImages.jpeg(width: 512, height: 512, sof: sof)
        #expect(try ImageHeader(parsing: bytes) == ImageHeader(encoding: .jpeg, pixelWidth: 512, pixelHeight: 512))
        #expect(try EncodedImage(validating: bytes).pixelWidth == 512)
        // Width and height are not swapped.
        let wide = try ImageHeader(parsing: TestImages.jpeg(width: 300, height: 200, sof: sof))
        #expect((wide.pixelWidth, wide.pixelHeight) == (300, 200))
    }

    @Test func rejectsLosslessJPEG() {
        #expect(throws: ImageRejection("unsupported JPEG kind (lossless or arithmetic-coded)")) {
            try ImageHeader(parsing: TestImages.jpeg(sof: 0xC3))
        }
    }

    @Test func namesWebP() {
        let webp = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 32)
        #expect(throws: ImageRejection("WebP tiles are not supported")) { try EncodedImage(validating: webp) }
    }

    @Test(arguments: [
        ([UInt8](), "empty answer (0 bytes), not a PNG or JPEG image"),
        (Array("garbage, no image here".utf8), "not a PNG or JPEG image"),
        (Array("  <html><body>Rate limited</body></html>".utf8), "an HTML or XML page, not a PNG or JPEG image"),
        ([0x1F, 0x8B, 8, 0, 0, 0], "gzip data (a vector tile?), not a PNG or JPEG image"),
        (Array("GIF89a".utf8), "a GIF image, not a PNG or JPEG image"),
    ])
    func rejectsWhatIsNoImage(bytes: [UInt8], reason: String) {
        #expect(throws: ImageRejection(reason)) { try EncodedImage(validating: bytes) }
    }

    @Test func rejectsAbsurdSizes() throws {
        // Headers alone: the pixels are never looked at.
        var huge = Array(TestImages.png(width: 1))
        huge.replaceSubrange(16..<24, with: TestImages.bigEndian(60_000) + TestImages.bigEndian(60_000))
        #expect(try ImageHeader(parsing: huge).pixelWidth == 60_000)
        #expect(throws: ImageRejection("absurd image size 60000×60000 pixels (at most 1024 on a side)")) {
            try EncodedImage(validating: huge)
        }
        #expect(throws: ImageRejection("absurd image size 0×0 pixels")) {
            try EncodedImage(validating: TestImages.jpeg(width: 0, height: 0))
        }
        #expect(throws: ImageRejection("a 256×128 pixel tile is not square")) {
            try EncodedImage(validating: TestImages.png(width: 256, height: 128))
        }
        #expect(throws: ImageRejection("absurd image size 2048×2048 pixels (at most 1024 on a side)")) {
            try EncodedImage(validating: TestImages.jpeg(width: 2048, height: 2048))
        }
        // Other limits: a wide marker image is fine.
        let limits = ImageLimits(maximumSide: 2048, requiresSquare: false)
        #expect(try EncodedImage(validating: TestImages.png(width: 300, height: 20), limits: limits).pixelWidth == 300)
    }

    @Test func rejectsTruncatedFiles() {
        let png = TestImages.png(width: 256)
        #expect(throws: ImageRejection("truncated PNG image")) {
            try EncodedImage(validating: Array(png.prefix(png.count / 2)))
        }
        #expect(throws: ImageRejection("truncated PNG image")) { try EncodedImage(validating: Array(png.dropLast(12))) }
        #expect(throws: ImageRejection("truncated PNG image")) { try EncodedImage(validating: Array(png.prefix(20))) }
        let jpeg = TestImages.jpeg()
        #expect(throws: ImageRejection("truncated JPEG image")) {
            try EncodedImage(validating: Array(jpeg.dropLast(2)))
        }
        #expect(throws: ImageRejection("truncated JPEG image")) { try EncodedImage(validating: Array(jpeg.prefix(12))) }
    }

    @Test func neverCrashesOnDamagedBytes() {
        // Every prefix of a PNG and a JPEG, and bytes flipped in the JPEG's segment lengths:
        // a rejection or an image, never a trap.
        var generator = SystemRandomNumberGenerator()
        for original in [TestImages.png(width: 8), TestImages.jpeg()] {
            for length in 0...original.count { _ = try? EncodedImage(validating: Array(original.prefix(length))) }
            for _ in 0..<500 {
                var bytes = original
                for _ in 0..<3 {
                    bytes[Int.random(in: 2..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                _ = try? EncodedImage(validating: bytes)
            }
        }
        for _ in 0..<200 {
            let noise = [0xFF, 0xD8] + (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? EncodedImage(validating: noise)
        }
    }

    // MARK: PNG's IHDR

    /// `TestImages.png` with IHDR's data bytes `index…` replaced (0 is the width's first).
    private static func png(patchingIHDR index: Int, with bytes: [UInt8]) -> [UInt8] {
        var png = TestImages.png(width: 300, height: 20)
        png.replaceSubrange(16 + index..<16 + index + bytes.count, with: bytes)
        return png
    }

    @Test func readsEveryFieldOfIHDR() throws {
        #expect(
            try ImageHeader.PNGHeader(parsing: TestImages.png(width: 300, height: 20))
                == ImageHeader.PNGHeader(pixelWidth: 300, pixelHeight: 20, bitDepth: 8, colourType: 0))
        let header = try ImageHeader.PNGHeader(parsing: Self.png(patchingIHDR: 8, with: [16, 6, 1, 2, 1]))
        #expect((header.pixelWidth, header.pixelHeight) == (300, 20))
        #expect((header.bitDepth, header.colourType) == (16, 6))
        #expect((header.compressionMethod, header.filterMethod, header.interlaceMethod) == (1, 2, 1))
        #expect(header.isInterlaced)
        // The full range of the 32-bit fields, unsigned.
        let widest = try ImageHeader.PNGHeader(parsing: Self.png(patchingIHDR: 0, with: [0xFF, 0xFF, 0xFF, 0xFF]))
        #expect(widest.pixelWidth == 4_294_967_295)
    }

    @Test func readsIHDRChunkData() throws {
        let data: [UInt8] = [0, 0, 1, 0, 0, 0, 0, 200, 4, 3, 0, 0, 0]
        #expect(
            try ImageHeader.PNGHeader(chunkData: data)
                == ImageHeader.PNGHeader(pixelWidth: 256, pixelHeight: 200, bitDepth: 4, colourType: 3))
        #expect(try ImageHeader.PNGHeader(chunkData: data[...]).pixelWidth == 256)
        #expect(throws: ImageRejection("IHDR of 12 bytes")) { try ImageHeader.PNGHeader(chunkData: data.dropLast()) }
        #expect(throws: ImageRejection("IHDR of 14 bytes")) { try ImageHeader.PNGHeader(chunkData: data + [0]) }
    }

    @Test func refusesWhatHasNoIHDR() throws {
        let png = TestImages.png(width: 8)
        #expect(throws: ImageRejection("not a PNG image")) { try ImageHeader.PNGHeader(parsing: TestImages.jpeg()) }
        #expect(throws: ImageRejection("not a PNG image")) { try ImageHeader.PNGHeader(parsing: Array(png.prefix(7))) }
        for length in [8, 23, 24, 28] {
            #expect(throws: ImageRejection("truncated PNG image"), "\(length) bytes") {
                try ImageHeader.PNGHeader(parsing: Array(png.prefix(length)))
            }
        }
        #expect(try ImageHeader.PNGHeader(parsing: Array(png.prefix(29))).pixelWidth == 8)
        var longer = png
        longer[11] = 14
        var other = png
        other[15] = UInt8(ascii: "X")
        for damaged in [longer, other] {
            #expect(throws: ImageRejection("damaged PNG image (no IHDR chunk first)")) {
                try ImageHeader.PNGHeader(parsing: damaged)
            }
            #expect(throws: ImageRejection("damaged PNG image (no IHDR chunk first)")) {
                try ImageHeader(parsing: damaged)
            }
        }
    }

    @Test(
        arguments: [
            ([UInt8](), nil),
            ([0, 0, 0, 0], "a 0×20 image"),
            ([0x80, 0, 0, 0], "a 2147483648×20 image"),
            ([0, 0, 1, 44, 0, 0, 0, 20, 8, 5], "colour type 5"),
            ([0, 0, 1, 44, 0, 0, 0, 20, 16, 3], "bit depth 16 for colour type 3"),
            ([0, 0, 1, 44, 0, 0, 0, 20, 4, 2], "bit depth 4 for colour type 2"),
            ([0, 0, 1, 44, 0, 0, 0, 20, 8, 6, 1], "unknown compression, filter or interlace method"),
            ([0, 0, 1, 44, 0, 0, 0, 20, 8, 6, 0, 1], "unknown compression, filter or interlace method"),
            ([0, 0, 1, 44, 0, 0, 0, 20, 8, 6, 0, 0, 2], "unknown compression, filter or interlace method"),
            ([0, 0, 1, 44, 0, 0, 0, 20, 1, 0, 0, 0, 1], nil),
            ([0, 0, 1, 44, 0, 0, 0, 20, 16, 6, 0, 0, 0], nil),
        ] as [([UInt8], String?)])
    func validatesIHDR(patch: [UInt8], problem: String?) throws {
        let header = try ImageHeader.PNGHeader(parsing: Self.png(patchingIHDR: 0, with: patch))
        if let problem {
            #expect(throws: ImageRejection(problem)) { try header.validate() }
        } else {
            try header.validate()
        }
    }

    @Test func readsTheSizeOfPNGsNoDecoderTakes() throws {
        // Only the size matters for a tile's checks: a colour type no decoder reads is left
        // for the decoder to refuse, as before IHDR was read whole.
        let odd = Self.png(patchingIHDR: 8, with: [8, 5])
        #expect(try ImageHeader(parsing: odd) == ImageHeader(encoding: .png, pixelWidth: 300, pixelHeight: 20))
        let limits = ImageLimits(maximumSide: 2048, requiresSquare: false)
        #expect(try EncodedImage(validating: odd, limits: limits).pixelHeight == 20)
    }

    @Test func fileVariantThrowsBadDataNamingTheSource() {
        #expect(
            throws: MapError(
                .invalidData, "not a PNG or JPEG image", at: InputLocation(file: "tiles/1/0/0.png"),
                remedy: "give a PNG or JPEG image")
        ) {
            try EncodedImage(validating: Array("nope".utf8), source: "tiles/1/0/0.png")
        }
    }
}
