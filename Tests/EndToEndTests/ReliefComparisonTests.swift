import Foundation
import MapRenderCairo
import MapTestSupport
import Testing

/// Hillshade and colour relief drawn by the built binary against MapLibre Native's renders
/// of the same styles, tiles and views (Fixtures/terrain, README there): every hillshade
/// method, custom colours and lights, colour relief, an over-zoomed view, the mapbox
/// encoding from MBTiles and 512-pixel WebP tiles.
@Suite("Relief layers against MapLibre Native", .serialized)
struct ReliefComparisonTests {
    static let fixtures = Maprender.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/terrain")

    /// A pixel agrees when no channel differs by more than this many levels of 255.
    static let tolerance = 8
    /// The share of pixels that must agree, unless the reference says otherwise
    /// (`minimumShare`: basic and multidirectional on the steep GLO-90 view, where MapLibre's
    /// own maths, copied in numpy, agree with its renders on 96.7% and 98.3%).
    static let requiredShare = 0.99
    /// Rows drawn above and below the compared square, where the credit line sits.
    static let margin = 32

    struct Reference: Decodable, CustomTestStringConvertible {
        var name: String
        var style: String
        var image: String
        var lat: Double
        var lon: Double
        var zoom: Double
        var size: Int
        var minimumShare: Double?
        var testDescription: String { name }
    }

    static let references: [Reference] = {
        let data = try? Data(contentsOf: fixtures.appendingPathComponent("references.json"))
        return (data.flatMap { try? JSONDecoder().decode([Reference].self, from: $0) }) ?? []
    }()

    @Test("the fixtures list the references") func referencesListed() {
        #expect(Self.references.count == 10)
    }

    /// The share of pixels of `drawn` (its rows from `top`) within `tolerance` of `expected`,
    /// and the mean of the largest channel difference.
    static func agreement(_ drawn: RasterImage, top: Int, _ expected: RasterImage) -> (share: Double, mean: Double) {
        var within = 0, total = 0, sum = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let a = ((y + top) * drawn.width + x) * 4, b = (y * expected.width + x) * 4
                let difference = (0..<3).map { abs(Int(drawn.pixels[a + $0]) - Int(expected.pixels[b + $0])) }.max()!
                if difference <= tolerance { within += 1 }
                sum += difference
                total += 1
            }
        }
        return (Double(within) / Double(total), Double(sum) / Double(total))
    }

    @Test("agrees with MapLibre Native", arguments: references)
    func agreesWithMapLibre(_ reference: Reference) throws {
        let folder = try TemporaryDirectory()
        // No scale bar; the credit line falls in the margin below the compared square.
        try #"{"furniture": {"showsScaleBar": false}}"#.write(
            toFile: folder.path("look.json"), atomically: true, encoding: .utf8)
        let output = folder.path("relief.png")
        let run = try Maprender.run([
            "render", "--basemap-style", Self.fixtures.appendingPathComponent(reference.style).path,
            "--center=\(reference.lat),\(reference.lon)", "--zoom", "\(reference.zoom)",
            "--size", "\(reference.size)x\(reference.size + 2 * Self.margin)", "--style", folder.path("look.json"),
            "-o", output,
        ])
        #expect(run.status == 0, "\(run.errors)")
        let drawn = try RasterImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        let expected = try RasterImage(
            png: Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(reference.image))))
        #expect(drawn.width == expected.width && drawn.height == expected.height + 2 * Self.margin)
        let (share, mean) = Self.agreement(drawn, top: Self.margin, expected)
        #expect(
            share >= reference.minimumShare ?? Self.requiredShare,
            "\(reference.name): \(share) of the pixels within \(Self.tolerance) levels (mean difference \(mean))")
        #expect(mean <= 2, "\(reference.name): mean difference \(mean)")
    }
}
