import Foundation
import MapGeometry
import MapTestSupport
import MapTiles
import Testing

@testable import MapVectorSources

@Suite("Ground heights from an elevation archive")
struct TerrainHeightsTests {
    static let archive = packageRoot + "/examples/santiago/santiago-terrain.pmtiles"
    static let options = HTTPTileOptions(userAgent: "maprender tests")

    /// How far a height read from the archive may lie from GDAL's bilinear height on the DEM
    /// it was made from, in metres: the archive holds the DEM warped bilinearly onto zoom-13
    /// pixels (16 m here, against the DEM's 77 × 93 m cells) and rounded to 0.25 m, and a
    /// bilinear surface sampled on a finer grid and interpolated again bends off it by up to
    /// a few metres where the slope turns sharply (the summit ridge).
    static let resamplingTolerance = 3.0
    /// The mean of those differences stays far smaller, in metres.
    static let meanTolerance = 0.4

    /// The rows of `Fixtures/terrain-heights/expected.csv`: a point, GDAL's bilinear height
    /// and the height of the cell it falls in.
    static func expected() throws -> [(coordinate: Coordinate, bilinear: Double, cell: Double)] {
        let text = try String(
            contentsOfFile: packageRoot + "/Tests/MapVectorSourcesTests/Fixtures/terrain-heights/expected.csv",
            encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",").map { Double($0)! }
            return (Coordinate(latitude: fields[0], longitude: fields[1]), fields[2], fields[3])
        }
    }

    @Test("heights along the hike agree with GDAL's reading of the DEM the archive was made from")
    func againstGDAL() throws {
        let heights = try TerrainHeights.open(archive: Self.archive, options: Self.options)
        #expect(heights.zoom == 13)
        let rows = try Self.expected()
        #expect(rows.count == 39)
        var differences: [Double] = []
        var cellDifferences: [Double] = []
        for row in rows {
            let height = try #require(heights.height(at: row.coordinate), "no height at \(row.coordinate)")
            differences.append(abs(height - row.bilinear))
            cellDifferences.append(abs(height - row.cell))
        }
        let worst = differences.max()!, mean = differences.reduce(0, +) / Double(differences.count)
        #expect(worst <= Self.resamplingTolerance, "worst \(worst) m")
        #expect(mean <= Self.meanTolerance, "mean \(mean) m")
        // The cell a point falls in is no height for it on a slope: interpolating matters.
        #expect(cellDifferences.max()! > 4 * Self.resamplingTolerance)
        #expect(heights.failures.isEmpty)
    }

    @Test("outside the archive there is no height; invalid coordinates have none")
    func outside() throws {
        let heights = try TerrainHeights.open(archive: Self.archive, options: Self.options)
        #expect(heights.height(at: Coordinate(latitude: 60.17, longitude: 24.94)) == nil)
        #expect(heights.height(at: Coordinate(latitude: .nan, longitude: 0)) == nil)
    }

    @Test("a long track reads each tile about once: tiles are kept in a bounded cache")
    func tilesReadOnce() throws {
        let heights = try TerrainHeights.open(archive: Self.archive, options: Self.options)
        let rows = try Self.expected().prefix(30)
        // 100,000 fixes along the hike's points, there and back.
        let path = Array(rows) + rows.reversed()
        var sampled = 0
        var tiles = Set<TilePath>()
        for index in 0..<100_000 {
            let t = Double(index) / 100_000 * Double(path.count - 1)
            let (a, b) = (path[Int(t)].coordinate, path[min(Int(t) + 1, path.count - 1)].coordinate)
            let f = t - t.rounded(.down)
            let coordinate = Coordinate(
                latitude: a.latitude + (b.latitude - a.latitude) * f,
                longitude: a.longitude + (b.longitude - a.longitude) * f)
            if heights.height(at: coordinate) != nil { sampled += 1 }
            let point = MapPoint(coordinate)
            tiles.insert(
                TilePath(
                    z: 13, x: Int(point.x / MapSize.world.width * 8192), y: Int(point.y / MapSize.world.width * 8192)))
        }
        #expect(sampled == 100_000)
        // The tiles under the fixes and the neighbours their edges' pixels reach into.
        #expect(heights.tilesRead <= tiles.count + 4, "\(heights.tilesRead) reads for \(tiles.count) tiles")
        #expect(TerrainHeights.cacheBytes < 16 << 20)
    }

    @Test("--terrain auto for tracks: the installed elevation archive holding most of their fixes")
    func choiceForTracks() throws {
        func archive(_ name: String, _ bounds: CoordinateBounds, zooms: ClosedRange<Int>) -> InstalledBasemap {
            var entry = InstalledBasemap(
                name: name, location: "/basemaps/\(name).pmtiles", origin: name, isRemote: false, layerNames: [],
                schema: "terrarium elevation", bounds: bounds, zoomRange: zooms, byteCount: 1)
            entry.elevationEncoding = "terrarium"
            return entry
        }
        let santiago = archive(
            "santiago", CoordinateBounds(north: -33.33, south: -33.42, east: -70.51, west: -70.61), zooms: 9...13)
        let chile = archive("chile", CoordinateBounds(north: -17, south: -56, east: -66, west: -76), zooms: 0...10)
        let helsinki = archive(
            "helsinki", CoordinateBounds(north: 60.3, south: 60.1, east: 25.1, west: 24.8), zooms: 0...12)
        let hike = Track(
            locations: try Self.expected().map { Location(coordinate: $0.coordinate, horizontalAccuracy: 5) })
        let both = ElevationChoice.choose(among: [chile, helsinki, santiago], forTracks: [hike])
        #expect(both.archive?.name == "santiago")
        #expect(both.reason == "santiago covers the whole track")
        #expect(ElevationChoice.choose(among: [helsinki], forTracks: [hike]).archive == nil)
        // Half the fixes in Helsinki, half in Santiago: a tie, won by the finer archive.
        let away = Track(
            locations: (0..<39).map {
                Location(
                    coordinate: Coordinate(latitude: 60.2, longitude: 24.9 + 0.001 * Double($0)), horizontalAccuracy: 5)
            })
        let split = ElevationChoice.choose(among: [helsinki, santiago], forTracks: [hike, away])
        #expect(split.archive?.name == "santiago")
        #expect(split.reason.contains("covers 50% of the track"))
        #expect(ElevationChoice.choose(among: [], forTracks: [hike]).reason == "no elevation archive is installed")
    }
}
