import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapSQLite
@testable import MapTiles

// The embedded world basemap: the shipped resource, the reader's queries, the geometry
// blob, and the converter (only where python3 and the Natural Earth data are at hand).

// MARK: - Helpers

/// Paths of the repository, the converter and the Natural Earth data next to it.
private enum Converter {
    /// The repository root.
    static let root = packageRoot
    static let script = root + "/Sources/MapTiles/WorldBasemap/make_world_basemap.py"
    static let shipped = root + "/Sources/MapTiles/Resources/world.sqlite"
    /// The converter's default input folder, ../shared/data/naturalearth.
    static let data = URL(fileURLWithPath: root + "/../shared/data/naturalearth").standardized.path

    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static var hasData: Bool { FileManager.default.fileExists(atPath: data + "/110m/ne_110m_land.json") }

    /// Runs the converter into `output`.
    static func run(into output: String) throws {
        let run = try ChildProcess.run(python ?? "/usr/bin/python3", [script, data, output])
        #expect(run.status == 0, "make_world_basemap.py failed: \(run.errors)")
    }

    /// A fresh temporary path ending in `name`.
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.path + "/maprender-world-\(UUID().uuidString)-\(name)"
    }
}

/// A rect around a coordinate, `width` × `height` canvas points at `zoom` (XYZ convention:
/// the world is 256 · 2^zoom points wide).
private func rect(
    around coordinate: Coordinate, zoom: Double, width: Double = 800, height: Double = 600
)
    -> MapRect
{
    let perPoint = MapSize.world.width / (256 * pow(2, zoom))
    let center = MapPoint(coordinate)
    return MapRect(
        minX: center.x - width / 2 * perPoint, minY: center.y - height / 2 * perPoint,
        maxX: center.x + width / 2 * perPoint, maxY: center.y + height / 2 * perPoint)
}

private let denver = Coordinate(latitude: 39.7392, longitude: -104.9903)

/// Every row of a table as text, for comparing two files' contents.
private func dump(_ path: String) throws -> [String] {
    let database = try SQLiteDatabase(path: path, mode: .readOnly, immutable: true)
    var lines = [String]()
    for table in ["metadata", "features", "features_index", "labels"] {
        lines += try database.query("SELECT * FROM \(table) ORDER BY 1") { row in
            (0..<row.columnCount).map { row.value(at: $0).description }.joined(separator: "|")
        }
    }
    return lines
}

// MARK: - Tests

@Suite("World basemap")
struct WorldBasemapTests {
    @Test("The embedded file opens and credits Natural Earth")
    func embeddedOpens() throws {
        let basemap = try WorldBasemap.embedded()
        #expect(basemap.attribution == ["Made with Natural Earth"])
        #expect(basemap.path.hasSuffix("/Resources/world.sqlite"))
        let size = try FileManager.default.attributesOfItem(atPath: basemap.path)[.size] as? Int ?? 0
        #expect(size > 100_000 && size < 6_000_000)
    }

    @Test("Denver at zoom 11: land under the city and its name, from 1:50m")
    func denverAtZoom11() throws {
        let features = try WorldBasemap.embedded().vectorFeatures(in: rect(around: denver, zoom: 11), zoom: 11)
        #expect(!features.land.isEmpty)
        let names = features.labels.map(\.name)
        #expect(names.contains("Denver"))
        let label = try #require(features.labels.first { $0.name == "Denver" })
        #expect(label.kind == .city)
        #expect(abs(label.point.x - MapPoint(denver).x) < 20_000)
    }

    @Test("Colorado at zoom 6: state lines along 41° N and many places")
    func coloradoAtZoom6() throws {
        let basemap = try WorldBasemap.embedded()
        let colorado = Coordinate(latitude: 39, longitude: -105.5)
        let features = try basemap.vectorFeatures(in: rect(around: colorado, zoom: 6), zoom: 6)
        #expect(!features.adminLines.isEmpty)
        // The Colorado–Wyoming line runs along 41° N from 109.05° W to 102.05° W.
        let border = MapPoint(Coordinate(latitude: 41, longitude: -105.5))
        let tolerance = 2_000 * MapPoint.mapPointsPerMeter(atLatitude: 41)
        let near = features.adminLines.joined().contains {
            abs($0.y - border.y) < tolerance && abs($0.x - border.x) < 3 * MapSize.world.width / 360
        }
        #expect(near, "no admin-1 vertex within 2 km of 41° N between 108.5° W and 102.5° W")
        let names = Set(features.labels.map(\.name))
        #expect(names.isSuperset(of: ["Denver", "Colorado Springs", "Cheyenne"]))
        #expect(features.land.count >= 1)
    }

    @Test("A rect across the antimeridian at Fiji returns land from both sides")
    func fijiAcrossTheAntimeridian() throws {
        let world = MapSize.world.width
        let north = MapPoint(Coordinate(latitude: -16.0, longitude: 0)).y
        let south = MapPoint(Coordinate(latitude: -17.0, longitude: 0)).y
        let across = MapRect(minX: world - 1000, minY: north, maxX: world + 1000, maxY: south)
        let features = try WorldBasemap.embedded().vectorFeatures(in: across, zoom: 6)
        let xs = features.land.map { polygon in polygon[0].map(\.x) }
        #expect(xs.contains { $0.max() == world }, "no land touching 180° E")
        #expect(xs.contains { $0.min() == 0 }, "no land touching 180° W")
        #expect(xs.joined().allSatisfy { $0 >= 0 && $0 <= world })
        // A rect in the next world copy east returns the same features, in world coordinates.
        let copy = try WorldBasemap.embedded().vectorFeatures(in: across.offsetBy(dx: world, dy: 0), zoom: 6)
        #expect(copy == features)
    }

    @Test("A world map at zoom 1 uses 1:110m: Natural Earth's 127 land polygons")
    func worldAtZoom1() throws {
        let basemap = try WorldBasemap.embedded()
        let features = try basemap.vectorFeatures(in: .world, zoom: 1)
        // ne_110m_land.json has 127 Polygon features (its README); 1:50m has 1,421 polygons.
        #expect(features.land.count == 127)
        let database = try SQLiteDatabase(path: basemap.path, mode: .readOnly, immutable: true)
        let stored = try database.query("SELECT count(*) FROM features WHERE layer = 'land' AND scale = 110") {
            $0.int64(at: 0)
        }
        #expect(stored == [127])
        // A rect wider than the world gives the same.
        let wide = MapRect(minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9)
        #expect(try basemap.vectorFeatures(in: wide, zoom: 1) == features)
        // Countries and a few world cities, most important first.
        let countries = features.labels.filter { $0.kind == .country }.map(\.name)
        #expect(countries.contains("Brazil") && countries.contains("Australia"))
        #expect(!countries.contains("Luxembourg"))
        let places = features.labels.filter { $0.kind != .country }
        #expect((5...30).contains(places.count))
        #expect(features.labels.map(\.rank) == features.labels.map(\.rank).sorted())
        #expect(try basemap.vectorFeatures(in: .world, zoom: 4).land.count == 1421)
    }

    @Test("Scale and label thresholds")
    func thresholds() {
        #expect(WorldBasemap.scale(forZoom: 3.49) == 110)
        #expect(WorldBasemap.scale(forZoom: 3.5) == 50)
        #expect(WorldBasemap.showsLabel(minimumZoom: 2, atZoom: 0))
        #expect(!WorldBasemap.showsLabel(minimumZoom: 3, atZoom: 2))
        #expect(WorldBasemap.showsLabel(minimumZoom: 5.6, atZoom: 5.1))
    }

    @Test("Rects are split at the world's edges")
    func worldPieces() {
        let world = MapSize.world.width
        #expect(WorldBasemap.worldPieces(of: MapRect(minX: 10, minY: 0, maxX: 20, maxY: 5)).count == 1)
        let west = WorldBasemap.worldPieces(of: MapRect(minX: -100, minY: -50, maxX: 100, maxY: 5))
        #expect(
            west == [
                MapRect(minX: world - 100, minY: 0, maxX: world, maxY: 5),
                MapRect(minX: 0, minY: 0, maxX: 100, maxY: 5),
            ])
        #expect(WorldBasemap.worldPieces(of: MapRect(minX: 0, minY: -10, maxX: 5, maxY: -1)).isEmpty)
    }

    @Test("The geometry blob round-trips a polygon with a hole within 8 map points (1.2 m)")
    func blobRoundTrip() throws {
        let world = MapSize.world.width
        let outer = [
            MapPoint(x: 0, y: 0), MapPoint(x: world, y: 3.7), MapPoint(x: world, y: world),
            MapPoint(x: 123_456.789, y: world - 0.5), MapPoint(x: 0, y: 0),
        ]
        let hole = [MapPoint(x: 1000.4, y: 1000.6), MapPoint(x: 2000, y: 1000), MapPoint(x: 1500, y: 1999.9)]
        let decoded = try GeometryBlob.decode(GeometryBlob.encode([outer, hole]))
        #expect(decoded.map(\.count) == [5, 3])
        for (original, copy) in zip(outer + hole, decoded.joined()) {
            #expect(abs(original.x - copy.x) <= GeometryBlob.maximumError)
            #expect(abs(original.y - copy.y) <= GeometryBlob.maximumError)
        }
        #expect(GeometryBlob.maximumError * MapPoint.metersPerMapPoint(atLatitude: 0) < 1.2)
        #expect(throws: GeometryBlob.DecodingError.truncated) { try GeometryBlob.decode([1, 5, 0]) }
        #expect(throws: GeometryBlob.DecodingError.trailingBytes) { try GeometryBlob.decode([0, 0]) }
        #expect(throws: (any Error).self) { try GeometryBlob.decode([0xFF, 0xFF, 0xFF]) }
    }

    @Test(
        "The shipped lakes decode to Natural Earth's within the quantisation error",
        .enabled(if: Converter.hasData, "the Natural Earth data (../shared/data/naturalearth) is not here"))
    func lakesMatchTheSource() throws {
        let url = URL(fileURLWithPath: Converter.data + "/110m/ne_110m_lakes.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let sources = try #require(json?["features"] as? [[String: Any]])
        let database = try SQLiteDatabase(path: Converter.shipped, mode: .readOnly, immutable: true)
        let blobs = try database.query("SELECT geometry FROM features WHERE layer = 'lake' AND scale = 110 ORDER BY id")
        {
            $0.blob(at: 0) ?? []
        }
        #expect(blobs.count == sources.count)
        for (source, blob) in zip(sources, blobs) {
            let geometry = source["geometry"] as? [String: Any]
            let rings = try #require(geometry?["coordinates"] as? [[[Double]]])
            let decoded = try GeometryBlob.decode(blob)
            #expect(decoded.map(\.count) == rings.map(\.count))
            for (ring, part) in zip(rings, decoded) {
                for (position, point) in zip(ring, part) {
                    let exact = MapPoint(Coordinate(latitude: position[1], longitude: position[0]))
                    #expect(abs(exact.x - point.x) <= GeometryBlob.maximumError + 1e-6)
                    #expect(abs(exact.y - point.y) <= GeometryBlob.maximumError + 1e-6)
                }
            }
        }
    }

    @Test(
        "The converter is deterministic",
        .enabled(if: Converter.python != nil, "python3 is not installed"),
        .enabled(if: Converter.hasData, "the Natural Earth data (../shared/data/naturalearth) is not here"))
    func converterIsDeterministic() async throws {
        let first = Converter.temporaryPath("a.sqlite"), second = Converter.temporaryPath("b.sqlite")
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        async let a: Void = Converter.run(into: first)
        async let b: Void = Converter.run(into: second)
        _ = try await (a, b)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(bytes.count > 100_000)
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
    }

    @Test(
        "The shipped file equals a fresh conversion",
        .enabled(if: Converter.python != nil, "python3 is not installed"),
        .enabled(if: Converter.hasData, "the Natural Earth data (../shared/data/naturalearth) is not here"))
    func shippedFileIsCurrent() throws {
        let fresh = Converter.temporaryPath("fresh.sqlite")
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        try Converter.run(into: fresh)
        // Compared by content, not bytes: another SQLite version writes its own version
        // number into the header.
        #expect(try dump(fresh) == dump(Converter.shipped), "rerun make_world_basemap.py (see its header)")
    }

    @Test("A missing or foreign file is a clear error")
    func badFiles() throws {
        #expect { try WorldBasemap(path: "/nonexistent/world.sqlite") } throws: {
            ($0 as? MapError)?.kind == .missingInput
        }
        let garbage = Converter.temporaryPath("garbage.sqlite")
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: garbage))
        #expect { try WorldBasemap(path: garbage) } throws: { ($0 as? MapError)?.kind == .invalidData }
        let foreign = Converter.temporaryPath("foreign.sqlite")
        defer { try? FileManager.default.removeItem(atPath: foreign) }
        try SQLiteDatabase(path: foreign, mode: .readWriteCreate).execute("CREATE TABLE t (x)")
        #expect { try WorldBasemap(path: foreign) } throws: {
            ($0 as? MapError)?.kind == .invalidData && ($0 as? MapError)?.locatedMessage.contains(foreign) == true
        }
    }
}
