import Foundation
import MapErrors
import MapFormats
import MapInputs
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapDrawing

// Marker and callout images: PNGFile reads the size through ImageHeader.PNGHeader and keeps
// its own messages.

@Suite struct PNGFileTests {
    /// Writes `bytes` to a fresh temporary file and reads it with `PNGFile`.
    private static func read(_ bytes: [UInt8]) throws(MapError) -> EncodedImage {
        let path = temporaryPath("marker.png")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try PNGFile.read(atPath: path)
    }

    @Test func readsTheSizeFromIHDR() throws {
        let image = try Self.read(TestImages.png(width: 300, height: 20))
        #expect((image.encoding, image.pixelWidth, image.pixelHeight) == (.png, 300, 20))
        #expect(image.data == TestImages.png(width: 300, height: 20))
    }

    @Test(arguments: [
        ("a JPEG", TestImages.jpeg()),
        ("text", Array("not an image".utf8)),
        ("a PNG cut inside IHDR", Array(TestImages.png(width: 8).prefix(26))),
    ])
    func refusesWhatIsNoPNG(what: String, bytes: [UInt8]) {
        do {
            _ = try Self.read(bytes)
            Issue.record("\(what) was read")
        } catch {
            #expect(
                error.kind == .invalidData && error.locatedMessage.hasSuffix(": not a PNG file"), "\(what): \(error)")
            #expect(error.remedy == "give a .png image")
        }
    }

    @Test(arguments: [(0, 10), (2049, 10), (10, 70_000)])
    func refusesSizesNoMarkerHas(width: Int, height: Int) {
        do {
            _ = try Self.read(TestImages.png(width: 1, height: 1).patchingSize(width: width, height: height))
            Issue.record("\(width)×\(height) was read")
        } catch {
            #expect(error.kind == .invalidData, "\(error)")
            #expect(
                error.locatedMessage.hasSuffix(": a \(width)×\(height) image is too large for a marker"), "\(error)")
        }
    }
}

extension [UInt8] {
    /// A PNG whose IHDR claims `width` × `height` pixels (its pixels and CRC left as they are).
    fileprivate func patchingSize(width: Int, height: Int) -> [UInt8] {
        var bytes = self
        bytes.replaceSubrange(16..<24, with: TestImages.bigEndian(UInt32(width)) + TestImages.bigEndian(UInt32(height)))
        return bytes
    }
}
