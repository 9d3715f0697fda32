import Foundation
import MapErrors
import MapGeometry
import MapTestSupport
import Testing

@testable import MapPMTiles
@testable import MapTiles

/// The archive at `path`, opened with our reader.
private func open(_ path: String) throws -> PMTilesArchive {
    try PMTilesArchive(reader: try #require(FileByteRangeReader(path: path)))
}

/// Every directory entry of the archive at `path` pointing at tiles, in tile id order,
/// with the number of leaf directories: the root and the leaves decoded from the file.
private func tileEntries(_ path: String) throws -> (entries: [PMTilesDirectory.Entry], leaves: Int) {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let header = try PMTilesHeader(parsing: bytes)
    func slice(_ range: Range<UInt64>) -> [UInt8] { Array(bytes[Int(range.lowerBound)..<Int(range.upperBound)]) }
    let root = try PMTilesDirectory(decoding: slice(header.rootDirectory), compression: header.internalCompression)
    var entries: [PMTilesDirectory.Entry] = []
    var leaves = 0
    for entry in root.entries {
        if entry.runLength > 0 {
            entries.append(entry)
            continue
        }
        leaves += 1
        let leaf = try PMTilesDirectory(
            decoding: slice(try PMTilesArchive.range(of: entry, in: header.leafDirectories)),
            compression: header.internalCompression)
        entries += leaf.entries
    }
    return (entries, leaves)
}

/// A little-endian integer of the header.
private func headerField(_ path: String, at offset: Int, size: Int = 8) throws -> UInt64 {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(127))
    return (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
}

private let description = PMTilesWriter.Description(
    tileType: .png, tileCompression: .none, metadata: Array(#"{"name":"test","attribution":"© us"}"#.utf8),
    zoomRange: 0...4, bounds: (-10, -20.5, 30.25, 40), center: (2, 10.125, 9.75))

@Suite("PMTiles writer")
struct PMTilesWriterTests {
    @Test("tiles, metadata and header fields read back through PMTilesArchive")
    func roundTrip() throws {
        let path = temporaryPath("round.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tiles = (0...3).flatMap { z in
            (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { TilePath(z: z, x: x, y: $0) } }
        }
        .sorted { $0.pmtilesID < $1.pmtilesID }
        let writer = try PMTilesWriter(destination: path)
        for tile in tiles where tile.x != 1 {
            try writer.add(tileID: tile.pmtilesID, contents: Array("tile \(tile.z)/\(tile.x)/\(tile.y)".utf8))
        }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing at the destination before finish")
        let summary = try writer.finish(description)
        let archive = try open(path)
        for tile in tiles {
            let expected = tile.x == 1 ? nil : Array("tile \(tile.z)/\(tile.x)/\(tile.y)".utf8)
            #expect(try archive.tile(tile) == expected, "\(tile)")
        }
        #expect(String(decoding: try archive.metadata(), as: UTF8.self) == #"{"name":"test","attribution":"© us"}"#)
        let header = archive.header
        #expect(header.tileType == .png && header.tileCompression == .none && header.internalCompression == .gzip)
        #expect(header.zoomRange == 0...4)
        #expect(header.bounds.west == -10 && header.bounds.south == -20.5 && header.bounds.east == 30.25)
        #expect(header.bounds.north == 40)
        #expect(header.rootDirectory.lowerBound == 127 && header.tileData.upperBound == summary.fileBytes)
        #expect(try headerField(path, at: 96, size: 1) == 1, "clustered")
        #expect(try headerField(path, at: 72) == summary.addressedTiles && summary.addressedTiles == 71)
        let (entryCount, contentCount) = (try headerField(path, at: 80), try headerField(path, at: 88))
        #expect(entryCount == summary.tileEntries && contentCount == 71)
        #expect(try headerField(path, at: 118, size: 1) == 2)
        let (longitude, latitude) = (try headerField(path, at: 119, size: 4), try headerField(path, at: 123, size: 4))
        #expect(longitude == 101_250_000 && latitude == 97_500_000)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.size] as? NSNumber)?.uint64Value == summary.fileBytes)
    }

    @Test("identical contents are stored once, wherever they appear")
    func deduplication() throws {
        let path = temporaryPath("dedup.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let contents = [Array("sea".utf8), Array("land".utf8), Array("ice!!".utf8)]
        let writer = try PMTilesWriter(destination: path)
        // ids 0, 2, 4, …: never consecutive, so no run can share them.
        for index in 0..<60 { try writer.add(tileID: UInt64(index * 2), contents: contents[index % 3]) }
        let summary = try writer.finish(description)
        #expect(summary.tileContents == 3 && summary.tileEntries == 60 && summary.addressedTiles == 60)
        #expect(summary.tileDataBytes == 12)
        let archive = try open(path)
        #expect(archive.header.tileData.upperBound - archive.header.tileData.lowerBound == 12)
        for index in 0..<60 {
            let id = UInt64(index * 2)
            let z = (0...4).last { UInt64(((1 << (2 * $0)) - 1) / 3) <= id }!
            let tile = try #require(Self.tile(forID: id, z: z))
            #expect(try archive.tile(tile) == contents[index % 3])
        }
    }

    @Test("consecutive tiles with one content become one run")
    func runLengths() throws {
        let path = temporaryPath("runs.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try PMTilesWriter(destination: path)
        for id in 5..<21 { try writer.add(tileID: UInt64(id), contents: id < 13 ? [1, 2, 3] : [4, 5]) }
        try writer.add(tileID: 21, runLength: 10, contents: [4, 5])
        let summary = try writer.finish(description)
        let (entries, leaves) = try tileEntries(path)
        #expect(leaves == 0)
        #expect(entries.map(\.tileID) == [5, 13] && entries.map(\.runLength) == [8, 18])
        #expect(summary.addressedTiles == 26 && summary.tileEntries == 2 && summary.tileContents == 2)
        let archive = try open(path)
        #expect(try archive.tile(TilePath(z: 2, x: 3, y: 0)) == [4, 5])
        #expect(try archive.tile(TilePath(z: 3, x: 0, y: 0)) == [4, 5])
        #expect(try archive.tile(TilePath(z: 2, x: 0, y: 0)) == [1, 2, 3])
    }

    @Test("many tiles go to gzip leaf directories; the root stays within 16,384 bytes")
    func leafDirectories() throws {
        let path = temporaryPath("leaves.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tiles = SyntheticPMTiles.tiles(zooms: 0...12, west: 5, south: 40, east: 25, north: 60)
        #expect(tiles.count > 30_000)
        let writer = try PMTilesWriter(destination: path)
        // Gaps between ids and lengths that vary keep the entries from compressing to nothing.
        let kept = tiles.filter { SyntheticPMTiles.hash($0.pmtilesID) % 3 != 0 }
        for tile in kept { try writer.add(tileID: tile.pmtilesID, contents: Self.contents(of: tile)) }
        var deep = description
        deep.zoomRange = 0...12
        let summary = try writer.finish(deep)
        let (entries, leaves) = try tileEntries(path)
        #expect(leaves > 1 && leaves == summary.leafDirectories)
        #expect(entries.count == kept.count && entries.map(\.tileID) == kept.map(\.pmtilesID))
        let archive = try open(path)
        #expect(archive.header.rootDirectory.upperBound <= 16_384)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let leafStart = Int(archive.header.leafDirectories.lowerBound)
        #expect(bytes[127] == 0x1F && bytes[128] == 0x8B && bytes[leafStart] == 0x1F && bytes[leafStart + 1] == 0x8B)
        for tile in tiles.enumerated().filter({ $0.offset % 97 == 0 || $0.offset == tiles.count - 1 }).map(\.element) {
            let expected = SyntheticPMTiles.hash(tile.pmtilesID) % 3 != 0 ? Self.contents(of: tile) : nil
            #expect(try archive.tile(tile) == expected)
        }
    }

    @Test("clustered: tile data in tile id order, each content where it first appears")
    func clustered() throws {
        let path = temporaryPath("clustered.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SyntheticPMTiles.write(at: path, zooms: 0...8, west: 20, south: 55, east: 30, north: 65, repeatEvery: 5)
        let (entries, _) = try tileEntries(path)
        var end: UInt64 = 0
        for entry in entries where entry.offset >= end {
            #expect(entry.offset == end, "new contents follow one another with no gap")
            end = entry.offset + UInt64(entry.length)
        }
        #expect(entries.filter { $0.offset < end }.count > 0)
        let archive = try open(path)
        #expect(end == archive.header.tileData.upperBound - archive.header.tileData.lowerBound)
    }

    @Test("tiles out of order are refused; an unfinished writer leaves nothing")
    func misuse() throws {
        let path = temporaryPath("misuse.pmtiles")
        do {
            let writer = try PMTilesWriter(destination: path)
            try writer.add(tileID: 10, runLength: 3, contents: [1])
            #expect(throws: MapError.self) { try writer.add(tileID: 12, contents: [2]) }
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(name) }.isEmpty)
    }

    /// A tile's name, padded to a length of its own.
    static func contents(of tile: TilePath) -> [UInt8] {
        Array("\(tile.z)/\(tile.x)/\(tile.y)".utf8)
            + [UInt8](repeating: 1, count: Int(SyntheticPMTiles.hash(tile.pmtilesID) % 300))
    }

    /// The tile of zoom `z` whose id is `id`.
    static func tile(forID id: UInt64, z: Int) -> TilePath? {
        for x in 0..<(1 << z) {
            for y in 0..<(1 << z) where TilePath(z: z, x: x, y: y).pmtilesID == id { return TilePath(z: z, x: x, y: y) }
        }
        return nil
    }
}
