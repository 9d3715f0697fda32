import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapTiles

@Suite struct DirectoryTileSourceTests {
    /// Writes `files` (relative path → bytes) under a fresh folder and returns its path.
    static func folder(_ files: [String: [UInt8]]) throws -> String {
        let root = temporaryPath("tiles")
        for (relative, bytes) in files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    @Test func readsZXYFoldersWithRetinaVariants() throws {
        let root = try Self.folder([
            "0/0/0.png": TestImages.png(width: 256, gray: 1),
            "0/0/0@2x.png": TestImages.png(width: 512, gray: 2),
            "3/2/5.png": TestImages.png(width: 256, gray: 3),
            "README.txt": Array("tiles".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try DirectoryTileSource(path: root, attribution: ["© Test"])
        #expect(source.zoomRange == 0...3)
        #expect(source.hasHighResolutionTiles && !source.isImagery && !source.isTMS && source.tileSize == 256)
        #expect(source.attribution == ["© Test"])

        let normal = source.tiles([TilePath(z: 0, x: 0, y: 0), TilePath(z: 3, x: 2, y: 5)], highResolution: false)
        #expect(normal[TilePath(z: 0, x: 0, y: 0)]?.image?.pixelWidth == 256)
        #expect(normal[TilePath(z: 3, x: 2, y: 5)]?.image?.data == TestImages.png(width: 256, gray: 3))
        let retina = source.tiles([TilePath(z: 0, x: 0, y: 0), TilePath(z: 3, x: 2, y: 5)], highResolution: true)
        #expect(retina[TilePath(z: 0, x: 0, y: 0)]?.image?.pixelWidth == 512)
        // No @2x file: the ordinary tile.
        #expect(retina[TilePath(z: 3, x: 2, y: 5)]?.image?.pixelWidth == 256)
    }

    @Test func missingAndBrokenTilesAreFailures() throws {
        let root = try Self.folder([
            "1/0/0.jpg": TestImages.jpeg(),
            "1/1/0.jpg": Array("garbage".utf8),
            "1/1/1.png": Array(TestImages.png().prefix(100)),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try DirectoryTileSource(path: root)
        #expect(source.isImagery)  // JPEG tiles
        let results = source.tiles(
            [
                TilePath(z: 1, x: 0, y: 0), TilePath(z: 1, x: 1, y: 0), TilePath(z: 1, x: 1, y: 1),
                TilePath(z: 1, x: 0, y: 1),
            ],
            highResolution: false)
        #expect(results[TilePath(z: 1, x: 0, y: 0)]?.image?.encoding == .jpeg)
        #expect(results[TilePath(z: 1, x: 1, y: 0)]?.reason == "not a PNG or JPEG image")
        #expect(results[TilePath(z: 1, x: 1, y: 1)]?.reason == "truncated PNG image")
        #expect(results[TilePath(z: 1, x: 0, y: 1)]?.reason == "not in the tile folder")
    }

    @Test func flipsTMSFoldersAndReadsMetadataJSON() throws {
        let root = try Self.folder([
            "2/1/0.png": TestImages.png(width: 256, gray: 10),  // TMS row 0 = XYZ row 3
            "tilemapresource.xml": Array("<TileMap/>".utf8),
            "metadata.json": Array(#"{"name": "x", "attribution": "<a href='#'>&copy; Someone</a>"}"#.utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try DirectoryTileSource(path: root)
        #expect(source.isTMS)
        #expect(source.attribution == ["© Someone"])
        #expect(
            source.tiles([TilePath(z: 2, x: 1, y: 3)], highResolution: false)[TilePath(z: 2, x: 1, y: 3)]?.image != nil)
    }

    @Test func foldersWithoutTilesAreErrors() throws {
        let empty = try Self.folder(["notes.txt": Array("no tiles".utf8), "2/readme": [1]])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect {
            try DirectoryTileSource(path: empty)
        } throws: { error in
            let error = error as? MapError
            return error?.kind == .invalidData && error?.locatedMessage.contains("{z}/{x}/{y}.png") == true
        }
        #expect {
            try DirectoryTileSource(path: temporaryPath("absent"))
        } throws: { ($0 as? MapError)?.kind == .missingInput }
        var huge = TestImages.png(width: 1)
        huge.replaceSubrange(16..<24, with: TestImages.bigEndian(4000) + TestImages.bigEndian(4000))
        let absurd = try Self.folder(["0/0/0.png": huge])
        defer { try? FileManager.default.removeItem(atPath: absurd) }
        #expect {
            try DirectoryTileSource(path: absurd)
        } throws: { ($0 as? MapError)?.kind == .invalidData }
        // The factory sends folders here.
        let root = try Self.folder(["5/0/0.png": TestImages.png()])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try TileSourceFactory.source(for: root, options: testOptions()) is DirectoryTileSource)
    }
}
