import Foundation
import MapTerrain
import Testing

/// `Isolines` against GDAL's `gdal_contour` on a real elevation model: the fixtures are a
/// 48 × 48 clip of the Copernicus GLO-90 DEM round Cerro Manquehue and what `gdal_contour`
/// 3.6.2 traced on it (Fixtures/README.md), so this runs without GDAL.
@Suite("Contour lines compared with gdal_contour")
struct IsolineComparisonTests {
    /// The farthest a traced point may lie from GDAL's line of the same level, in DEM pixels.
    /// Both interpolate linearly along the cells' edges; what is left is GDAL's coordinates
    /// written with 5 decimals and saddles, which it may resolve otherwise.
    static let distanceTolerance = 0.001
    /// The share of points that must be within that distance.
    static let requiredShare = 0.99
    /// How much the total length of a level's lines may differ, as a fraction of GDAL's.
    static let lengthTolerance = 0.01

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The grid of an ESRI ASCII file, rows from the top.
    func grid() throws -> ElevationTile {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("manquehue-48.asc"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let side = Int(lines[0].split(separator: " ").last!)!
        let values = lines.dropFirst(5).flatMap { $0.split(separator: " ").map { Float($0)! } }
        return ElevationTile(side: side, elevations: values)
    }

    /// GDAL's lines by level, in pixels with y pointing south (its y points north from 0 at the bottom).
    func gdalLines(side: Int) throws -> [Double: [[IsolinePoint]]] {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("manquehue-48-gdal-contours.geojson"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var lines: [Double: [[IsolinePoint]]] = [:]
        for case let feature as [String: Any] in try #require(document["features"] as? [Any]) {
            let level = try #require((feature["properties"] as? [String: Any])?["ele"] as? Double)
            let geometry = try #require(feature["geometry"] as? [String: Any])
            let coordinates = try #require(geometry["coordinates"] as? [[Double]])
            lines[level, default: []].append(coordinates.map { IsolinePoint(x: $0[0], y: Double(side) - $0[1]) })
        }
        return lines
    }

    func distance(_ p: IsolinePoint, toSegment a: IsolinePoint, _ b: IsolinePoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1)
        return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }

    func length(_ line: [IsolinePoint]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    @Test("the same levels, every point on GDAL's line, the same lengths")
    func againstGDAL() throws {
        let tile = try grid()
        let expected = try gdalLines(side: tile.side)
        let levels = stride(from: 800.0, through: 1600, by: 100).map { $0 }
        let lines = Isolines.lines(of: BorderedElevations(tile: tile) { _, _ in nil }, levels: levels, origin: (0, 0))
        #expect(Set(lines.map(\.elevation)) == Set(expected.keys))
        var within = 0, total = 0
        for level in expected.keys.sorted() {
            let ours = lines.filter { $0.elevation == level }.map(\.points)
            let theirs = expected[level]!
            for point in ours.joined() {
                let nearest = theirs.flatMap { line in
                    zip(line, line.dropFirst()).map { distance(point, toSegment: $0.0, $0.1) }
                }.min()!
                total += 1
                if nearest <= Self.distanceTolerance { within += 1 }
            }
            // Both extend the lines half a pixel past the outer pixel centres, to the grid's edge.
            let ourLength = ours.map(length).reduce(0, +), theirLength = theirs.map(length).reduce(0, +)
            #expect(
                abs(ourLength - theirLength) <= Self.lengthTolerance * theirLength,
                "level \(level): \(ourLength) px of lines against GDAL's \(theirLength)")
        }
        let share = Double(within) / Double(total)
        #expect(total > 500)
        #expect(share >= Self.requiredShare, "\(within) of \(total) points within \(Self.distanceTolerance) px")
    }
}
