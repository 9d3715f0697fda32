import Foundation
import MapRenderCairo
import Testing

/// `-o map.jpg`, `-o map.webp`, `--format`, `--quality` and the configuration file's
/// `quality`, through the built binary.
@Suite("JPEG and WebP output, end to end")
struct LossyOutputTests {
    /// A small map with a pin and a title over the embedded world basemap.
    static let map = [
        "--pin", "60.17,24.94,Helsinki", "--center", "60.17,24.94", "--zoom", "5", "--size", "320x200", "--title",
        "Helsinki",
    ]

    /// The PNG of the same map, decoded.
    static func png(_ folder: TemporaryDirectory, _ extra: [String] = []) throws -> RasterImage {
        let run = try Maprender.run(map + extra + ["-o", folder.path("reference.png")])
        #expect(run.status == 0, "\(run.errors)")
        return try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("reference.png")))))
    }

    static func meanDifference(_ a: RasterImage, _ b: RasterImage) -> Double {
        let count = a.width * a.height
        let total = (0..<count).reduce(0) { sum, index in
            sum + (0..<3).reduce(0) { $0 + abs(Int(a.pixels[index * 4 + $1]) - Int(b.pixels[index * 4 + $1])) }
        }
        return Double(total) / Double(count * 3)
    }

    @Test("-o map.jpg and -o map.jpeg write a JPEG close to the PNG", arguments: ["map.jpg", "map.JPEG"])
    func jpegFromExtension(name: String) throws {
        let folder = try TemporaryDirectory()
        let run = try Maprender.run(Self.map + ["-o", folder.path(name)])
        #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path(name))))
        let jpeg = try RasterImage(jpeg: bytes)
        let png = try Self.png(folder)
        #expect(jpeg.width == 320 && jpeg.height == 200)
        let difference = Self.meanDifference(jpeg, png)
        #expect(difference < 2.5, "mean absolute difference \(difference)")
    }

    @Test("-o map.webp writes a lossy WebP close to the PNG; --quality 100 the exact pixels")
    func webpFromExtension() throws {
        let folder = try TemporaryDirectory()
        let png = try Self.png(folder)
        let lossy = try Maprender.run(Self.map + ["-o", folder.path("map.webp")])
        #expect(lossy.status == 0 && lossy.errors.isEmpty, "\(lossy.errors)")
        let webp = try RasterImage(webp: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("map.webp")))))
        let difference = Self.meanDifference(webp, png)
        #expect(difference < 3, "mean absolute difference \(difference)")
        let lossless = try Maprender.run(Self.map + ["--quality", "100", "-o", folder.path("exact.webp")])
        #expect(lossless.status == 0, "\(lossless.errors)")
        let exact = try RasterImage(
            webp: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("exact.webp")))))
        #expect(exact == png)
    }

    @Test("--format webp -o - writes WebP to standard output; a transparent map keeps its alpha")
    func webpToStandardOutput() throws {
        let folder = try TemporaryDirectory()
        let run = try Maprender.run(Self.map + ["--transparent", "--format", "webp", "--quality", "100", "-o", "-"])
        #expect(run.status == 0, "\(run.errors)")
        let webp = try RasterImage(webp: Array(run.output))
        #expect(webp == (try Self.png(folder, ["--transparent"])))
        #expect(webp.pixel(x: 1, y: 199).alpha == 0)
    }

    @Test("a lower --quality gives a smaller JPEG; the configuration file's quality is used")
    func qualityFromFlagAndConfiguration() throws {
        let (folder, environment) = try ConfigurationTests.setUp("{\"quality\": 20}")
        func size(_ extra: [String], _ name: String) throws -> Int {
            let run = try Maprender.run(Self.map + extra + ["-o", folder.path(name)], environment: environment)
            #expect(run.status == 0, "\(run.errors)")
            return try Data(contentsOf: URL(fileURLWithPath: folder.path(name))).count
        }
        let fromFile = try size([], "file.jpg")
        let high = try size(["--quality", "95"], "high.jpg")
        let low = try size(["--quality", "20"], "low.jpg")
        #expect(low < high)
        #expect(fromFile == low)
    }

    @Test(
        "--quality outside 1-100 is a usage error naming the value and range; nothing is written",
        arguments: ["0", "101", "high", "9.5"])
    func badQuality(value: String) throws {
        let folder = try TemporaryDirectory()
        let run = try Maprender.run(Self.map + ["--quality", value, "-o", folder.path("map.jpg")])
        #expect(run.status == 64)
        #expect(run.errors.contains("error: --quality: '\(value)'") && run.errors.contains("1 to 100"), "\(run.errors)")
        #expect(try folder.listing().isEmpty)
    }

    @Test("an unknown --format or extension lists the known ones; nothing is written")
    func unknownFormat() throws {
        let folder = try TemporaryDirectory()
        let flag = try Maprender.run(Self.map + ["--format", "gif", "-o", folder.path("map.gif")])
        #expect(flag.status == 64)
        #expect(flag.errors.contains("'gif' is not one of png, svg, pdf, jpeg, webp"), "\(flag.errors)")
        let extensionRun = try Maprender.run(Self.map + ["-o", folder.path("map.gif")])
        #expect(extensionRun.status == 64)
        #expect(extensionRun.errors.contains(".jpg, .webp"), "\(extensionRun.errors)")
        #expect(try folder.listing().isEmpty)
    }

    @Test("batch jobs take format and quality keys; a bad quality fails its job naming the manifest line")
    func batchKeys() throws {
        let folder = try TemporaryDirectory()
        let manifest = """
            {"id": "a", "output": "a.jpg", "pin": "60.17,24.94", "quality": 30}
            {"id": "b", "output": "b.img", "pin": "60.17,24.94", "format": "webp", "quality": 100}
            {"id": "c", "output": "c.jpg", "pin": "60.17,24.94", "quality": 101}

            """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let run = try Maprender.run(
            ["batch", "jobs.jsonl", "--out-dir", "out", "--size", "300x200"], in: folder.url)
        #expect(run.status != 0)
        #expect(run.errors.contains("jobs.jsonl:3: --quality: '101'"), "\(run.errors)")
        let jpeg = try RasterImage(jpeg: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("out/a.jpg")))))
        let webp = try RasterImage(webp: Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("out/b.img")))))
        #expect(jpeg.width == 300 && webp.width == 300)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/c.jpg")))
    }
}
