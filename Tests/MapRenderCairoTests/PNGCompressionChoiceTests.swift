import Foundation
import MapImageEncoding
import MapRenderCairo
import MapTestSupport
import Testing

/// The PNG encoder compresses at libdeflate's fast level when a sample band of the image
/// loses little by it (flat map colours), else at the thorough level (`PNGEncoder`).
@Suite("PNG compression level")
struct PNGCompressionChoiceTests {
    /// The unfiltered RGB scanlines of an opaque PNG, each after its filter byte.
    static func scanlines(_ path: String) throws -> (bytes: [UInt8], lineBytes: Int, height: Int) {
        let image = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/" + path))))
        let lineBytes = image.width * 3 + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lineBytes * image.height)
        for y in 0..<image.height {
            bytes.append(0)
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                bytes += image.pixels[i..<(i + 3)]
            }
        }
        return (bytes, lineBytes, image.height)
    }

    static func choice(_ path: String) throws -> (usesUp: Bool, level: Int32) {
        let (bytes, lineBytes, height) = try scanlines(path)
        return bytes.withUnsafeBufferPointer {
            PNGEncoder.compressionChoice(scanlines: $0, lineBytes: lineBytes, height: height)
        }
    }

    static let fixtures = "Tests/MapVectorLayoutTests/Fixtures/maplibre/"

    @Test("a street map whose sample band loses 2.7% at the fast level is compressed at it")
    func flatColours() throws {
        #expect(try Self.choice(Self.fixtures + "osm-bright-xyz14.png").level == PNGEncoder.fastLevel)
    }

    @Test("a map whose sample band loses 15% at the fast level is compressed at the thorough level")
    func detailedMap() throws {
        // An earlier default look with its labels: libdeflate level 1 writes its middle 32 rows
        // in 22,325 bytes, level 4 in 19,431.
        #expect(try Self.choice(Self.fixtures + "maprender-default-xyz16.png").level == PNGEncoder.thoroughLevel)
    }

    @Test("shaded relief and imagery at the thorough level")
    func imagery() throws {
        // Smooth shading with fine noise, as hillshade or aerial imagery: the fast matcher
        // finds few of the long matches the thorough one does.
        let width = 512, height = 64, lineBytes = width * 3 + 1
        var generator = SplitMix64(seed: 7)
        var bytes: [UInt8] = []
        for y in 0..<height {
            bytes.append(0)
            for x in 0..<width {
                let shade = 128 + 60 * sin(Double(x) / 23) * cos(Double(y) / 17)
                for channel in 0..<3 {
                    let noise = Double(generator.next() % 9) - 4
                    bytes.append(UInt8(min(max(shade + noise + Double(channel * 20), 0), 255)))
                }
            }
        }
        let choice = bytes.withUnsafeBufferPointer {
            PNGEncoder.compressionChoice(scanlines: $0, lineBytes: lineBytes, height: height)
        }
        #expect(choice.level == PNGEncoder.thoroughLevel)
    }
}
