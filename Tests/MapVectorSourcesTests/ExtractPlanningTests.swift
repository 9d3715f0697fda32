import Foundation
import MapErrors
import MapGeometry
import MapTestSupport
import MapTiles
import Testing

@testable import MapPMTiles
@testable import MapVectorSources

@Suite("Extract range merging")
struct RangeMergingTests {
    @Test("touching and overlapping ranges become one request at no cost")
    func touching() {
        let merged = RangeMerging.merge([10..<20, 0..<10, 15..<30, 40..<50], overfetch: 0, maximumRequest: 1 << 20)
        #expect(merged == [0..<30, 40..<50])
    }

    @Test("the smallest gaps are closed first, within the budget")
    func smallestFirst() {
        // 385 wanted bytes; 5 % is 19 bytes: the gaps of 5 and 10 fit, the gap of 100 does not.
        let ranges: [Range<UInt64>] = [0..<100, 110..<200, 300..<400, 405..<500]
        #expect(RangeMerging.merge(ranges, overfetch: 0.05, maximumRequest: 1 << 20) == [0..<200, 300..<500])
        #expect(
            RangeMerging.merge(ranges, overfetch: 0.02, maximumRequest: 1 << 20) == [0..<100, 110..<200, 300..<500])
        #expect(RangeMerging.merge(ranges, overfetch: 1, maximumRequest: 1 << 20) == [0..<500])
    }

    @Test("no request grows past the largest size")
    func largest() {
        let touching: [Range<UInt64>] = (0..<100).map { (index: UInt64) in (index * 10)..<(index * 10 + 10) }
        let split = RangeMerging.merge(touching, overfetch: 0, maximumRequest: 300)
        let expected: [Range<UInt64>] = [0..<300, 300..<600, 600..<900, 900..<1000]
        #expect(split == expected)
        let ranges: [Range<UInt64>] = [0..<100, 101..<200, 201..<300, 301..<400]
        let merged = RangeMerging.merge(ranges, overfetch: 1, maximumRequest: 250)
        #expect(merged.allSatisfy { $0.count <= 250 } && merged.count == 2)
    }

    @Test("random ranges: every wanted byte covered, requests disjoint, extra bytes within the budget")
    func randomRanges() {
        var random = SplitMix64(seed: 4)
        for _ in 0..<200 {
            var start: UInt64 = 0
            var ranges: [Range<UInt64>] = []
            for _ in 0..<(1 + random.next() % 60) {
                start += random.next() % 3000
                let length = 1 + random.next() % 2000
                ranges.append(start..<(start + length))
                start += length
            }
            let overfetch = Double(random.next() % 50) / 100
            let merged = RangeMerging.merge(
                ranges.shuffled(using: &random), overfetch: overfetch, maximumRequest: 20_000)
            for range in ranges {
                #expect(merged.contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound })
            }
            #expect(zip(merged, merged.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
            let wanted = ranges.reduce(0) { $0 + $1.count }, fetched = merged.reduce(0) { $0 + $1.count }
            #expect(Double(fetched - wanted) <= overfetch * Double(wanted))
        }
    }
}

@Suite("Extract regions and plans")
struct ExtractPlanningTests {
    @Test("a box's tiles at each zoom, across the antimeridian too")
    func tiles() throws {
        let region = try ExtractRegion(west: 24.9, south: 60.1, east: 25.0, north: 60.2)
        #expect(region.tileIDs(zoom: 0) == [0])
        #expect(
            region.tileIDs(zoom: 10)
                == [TilePath(z: 10, x: 582, y: 296).pmtilesID, TilePath(z: 10, x: 583, y: 296).pmtilesID].sorted())
        let crossing = try ExtractRegion(west: 179.5, south: -17, east: -179.5, north: -16)
        let tiles = crossing.tileIDs(zoom: 4)
        #expect(tiles == [TilePath(z: 4, x: 15, y: 8).pmtilesID, TilePath(z: 4, x: 0, y: 8).pmtilesID].sorted())
        for z in 0...12 {
            #expect(region.tileIDs(zoom: z).count == region.tileCount(zooms: z...z))
            #expect(crossing.tileIDs(zoom: z).count == crossing.tileCount(zooms: z...z))
        }
    }

    @Test("boxes out of range or upside down are usage errors")
    func badBoxes() {
        for (west, south, east, north) in [
            (0.0, 0.0, 190.0, 1.0), (0, 5, 1, 1), (3, 0, 3, 1), (0, -91, 1, 0), (.nan, 0, 1, 1),
        ] {
            #expect(throws: MapError.self) { try ExtractRegion(west: west, south: south, east: east, north: north) }
        }
        #expect(throws: MapError.self) { try ExtractRegion(around: [], padding: 100) }
    }

    @Test("around coordinates: the box of them widened by the padding")
    func around() throws {
        let region = try ExtractRegion(
            around: [Coordinate(latitude: 60, longitude: 25), Coordinate(latitude: 60.5, longitude: 24)], padding: 1000)
        let degree = MapPoint.webMercatorRadius * .pi / 180
        #expect(abs(region.north - (60.5 + 1000 / degree)) < 1e-9 && abs(region.south - (60 - 1000 / degree)) < 1e-9)
        #expect(region.west < 24 - 1000 / degree * 2 && region.west > 24 - 1000 / degree * 2.1)
    }

    @Test("metadata: bounds and center moved to the region, in the form they had; the rest untouched")
    func metadata() {
        let bounds = (24.9, 60.1, 25.0, 60.2), center = (zoom: 12, longitude: 24.95, latitude: 60.15)
        let text = #"{"name":"x","bounds":"-180,-85,180,85","center":[0,0,2],"vector_layers":[{"id":"water"}]}"#
        let updated = String(
            decoding: ExtractMetadata.updated(Array(text.utf8), bounds: bounds, center: center), as: UTF8.self)
        #expect(
            updated
                == #"{"name":"x","bounds":"24.9,60.1,25,60.2","center":[24.95,60.15,12],"vector_layers":[{"id":"water"}]}"#
        )
        for untouched in [#"{"name":"no bounds"}"#, "[1,2]", "not json"] {
            #expect(
                ExtractMetadata.updated(Array(untouched.utf8), bounds: bounds, center: center) == Array(untouched.utf8))
        }
    }

    @Test("an extract keeps empty tiles, shared contents and runs, and leaves no file when the source fails")
    func emptyAndShared() throws {
        let source = temporaryPath("empty.pmtiles"), output = temporaryPath("empty-out.pmtiles")
        defer { for path in [source, output] { try? FileManager.default.removeItem(atPath: path) } }
        let tiles = SyntheticPMTiles.tiles(zooms: 0...6, west: 20, south: 55, east: 30, north: 65)
        let writer = try PMTilesWriter(destination: source)
        for (index, tile) in tiles.enumerated() {
            try writer.add(
                tileID: tile.pmtilesID, contents: index % 3 == 0 ? [] : index % 3 == 1 ? [1, 2] : [UInt8(index % 251)])
        }
        try writer.finish(
            PMTilesWriter.Description(
                tileType: .mvt, tileCompression: .none, metadata: Array("{}".utf8), zoomRange: 0...6,
                bounds: (20, 55, 30, 65), center: (3, 25, 60)))
        let reader = try #require(FileByteRangeReader(path: source))
        let plan = try ExtractPlan(
            reader: reader, region: try ExtractRegion(west: 20, south: 55, east: 30, north: 65), zooms: nil)
        let summary = try RegionExtractor.extract(plan, from: reader, to: output)
        #expect(summary.addressedTiles == UInt64(tiles.count))
        let copy = try PMTilesArchive(reader: try #require(FileByteRangeReader(path: output)))
        let original = try PMTilesArchive(reader: reader)
        for tile in tiles { #expect(try copy.storedTile(tile) == original.storedTile(tile), "\(tile)") }
        // Only empty tiles: no tile request at all.
        let blank = temporaryPath("blank.pmtiles"), blankCopy = temporaryPath("blank-out.pmtiles")
        defer { for path in [blank, blankCopy] { try? FileManager.default.removeItem(atPath: path) } }
        let blankWriter = try PMTilesWriter(destination: blank)
        for id in 0..<5 { try blankWriter.add(tileID: UInt64(id), contents: []) }
        try blankWriter.finish(
            PMTilesWriter.Description(
                tileType: .mvt, tileCompression: .none, metadata: Array("{}".utf8), zoomRange: 0...1,
                bounds: (-180, -85, 180, 85), center: (0, 0, 0)))
        let blankReader = try #require(FileByteRangeReader(path: blank))
        let blankPlan = try ExtractPlan(
            reader: blankReader, region: try ExtractRegion(west: -10, south: -10, east: 10, north: 10), zooms: nil)
        #expect(blankPlan.requests.isEmpty && blankPlan.tileCount == 5)
        try RegionExtractor.extract(blankPlan, from: blankReader, to: blankCopy)
        let blankArchive = try PMTilesArchive(reader: try #require(FileByteRangeReader(path: blankCopy)))
        #expect(try blankArchive.storedTile(TilePath(z: 1, x: 1, y: 0)) == [])
        // A source cut short mid-way: an error, and nothing at the destination.
        let cut = temporaryPath("cut.pmtiles"), failed = temporaryPath("failed.pmtiles")
        defer { for path in [cut, failed] { try? FileManager.default.removeItem(atPath: path) } }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        try bytes.prefix(bytes.count - 1).write(to: URL(fileURLWithPath: cut))
        let cutReader = try #require(FileByteRangeReader(path: cut))
        let cutPlan = try ExtractPlan(
            reader: cutReader, region: try ExtractRegion(west: 20, south: 55, east: 30, north: 65), zooms: nil)
        #expect(throws: MapError.self) { try RegionExtractor.extract(cutPlan, from: cutReader, to: failed) }
        #expect(!FileManager.default.fileExists(atPath: failed))
    }

    @Test("damaged sources are errors, not traps: a tile offset near 2^64, a 0-byte leaf, MBTiles zoom 40")
    func damagedSources() throws {
        func littleEndian(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func varint(_ value: UInt64) -> [UInt8] {
            var value = value, bytes: [UInt8] = []
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            return bytes + [UInt8(value)]
        }
        /// A zoom-0 archive, uncompressed directories: the header, `root`, 16 bytes of tiles.
        func archive(root: [UInt8]) throws -> String {
            let rootOffset: UInt64 = 127, dataOffset = 127 + UInt64(root.count)
            var header = Array("PMTiles".utf8) + [3]
            header += littleEndian(rootOffset) + littleEndian(UInt64(root.count))
            header += littleEndian(dataOffset) + littleEndian(0)  // metadata
            header += littleEndian(dataOffset) + littleEndian(0)  // leaf directories
            header += littleEndian(dataOffset) + littleEndian(16)  // tile data
            header += littleEndian(1) + littleEndian(1) + littleEndian(1) + [1]
            header += [1, 1, 1, 0, 0]
            header += [UInt8](repeating: 0, count: 127 - header.count)
            let path = temporaryPath("damaged.pmtiles")
            try Data(header + root + [UInt8](repeating: 0, count: 16)).write(to: URL(fileURLWithPath: path))
            return path
        }
        let world = try ExtractRegion(west: -180, south: -85, east: 180, north: 85)
        // One tile entry whose offset is 2^64 − 2; then one leaf entry (run length 0) of 0 bytes.
        for root in [[1, 0, 1, 16] + varint(UInt64.max), [1, 0, 0, 0, 1] as [UInt8]] {
            let path = try archive(root: root)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let reader = try #require(FileByteRangeReader(path: path))
            #expect(throws: MapError.self) { try ExtractPlan(reader: reader, region: world, zooms: nil) }
        }
        // A run reaching past the largest tile id is cut, not overflowed.
        let last = PMTilesDirectory.Entry(tileID: UInt64.max - 1, runLength: 5, offset: 0, length: 1)
        #expect(ExtractPlan.selected(last, wanted: [UInt64.max - 1]).count == 1)
        // MBTiles: zoom levels outside 0–30 are refused.
        let mbtiles = temporaryPath("zoom40.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: mbtiles) }
        try makeMBTiles(
            at: mbtiles, metadata: ["format": "pbf", "name": "x"], tiles: [TilePath(z: 40, x: 0, y: 0): [1]])
        #expect(throws: MapError.self) {
            try MBTilesExtract(path: mbtiles, region: world, zooms: nil)
        }
    }

    @Test("a run is cut to the stretches of wanted ids it holds")
    func runs() {
        let entry = PMTilesDirectory.Entry(tileID: 100, runLength: 10, offset: 7, length: 3)
        let parts = ExtractPlan.selected(entry, wanted: [99, 101, 102, 105, 109, 110, 120])
        #expect(parts.map(\.tileID) == [101, 105, 109] && parts.map(\.runLength) == [2, 1, 1])
        #expect(parts.allSatisfy { $0.offset == 7 && $0.length == 3 })
    }

    @Test("a plan over an archive with leaves: exactly the box's tiles, every leaf read once, in merged requests")
    func plan() throws {
        let path = temporaryPath("plan.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let all = try SyntheticPMTiles.write(at: path, zooms: 0...14, west: 23.5, south: 59.9, east: 26, north: 60.7)
        let reader = try #require(FileByteRangeReader(path: path))
        let region = try ExtractRegion(west: 24.3, south: 60, east: 25.5, north: 60.5)
        let plan = try ExtractPlan(reader: reader, region: region, zooms: 8...14)
        let expected = SyntheticPMTiles.tiles(zooms: 8...14, west: 24.3, south: 60, east: 25.5, north: 60.5)
        #expect(plan.entries.map(\.tileID) == expected.map(\.pmtilesID))
        #expect(plan.tileCount == UInt64(expected.count) && plan.zoomRange == 8...14)
        #expect(plan.header.leafDirectories.count > 0 && plan.directoryRequests >= 2)
        #expect(plan.directoryBytes <= UInt64(plan.header.leafDirectories.count) + 16_384)
        #expect(
            plan.requests.count < plan.entries.count / 10
                && Set(all.map(\.pmtilesID)).isSuperset(of: plan.entries.map(\.tileID)))
        #expect(Double(plan.bytesToFetch) <= Double(plan.contentBytes) * (1 + ExtractPlan.overfetch))
        // The whole archive (10 MB of touching tiles) still comes in requests of at most 8 MiB.
        let everything = try ExtractRegion(west: 23, south: 59.5, east: 26.5, north: 61)
        let whole = try ExtractPlan(reader: reader, region: everything, zooms: nil)
        #expect(whole.tileCount == UInt64(all.count) && whole.requests.count >= 2)
        #expect(whole.requests.allSatisfy { $0.count <= Int(ExtractPlan.maximumRequest) })
        #expect(whole.bytesToFetch == whole.contentBytes)
        let nowhere = try ExtractRegion(west: -80, south: 10, east: -79, north: 11)
        #expect(try ExtractPlan(reader: reader, region: nowhere, zooms: 5...14).entries.count == 0)
        #expect(throws: MapError.self) { try ExtractPlan(reader: reader, region: region, zooms: 15...16) }
    }
}
