import Foundation
import MapGeometry
import Testing

@testable import MapPMTiles
@testable import MapTiles

/// Inputs the `pmtiles` fuzz target (Tests/Fuzz/FuzzPMTiles.swift) found, or found next to
/// them: lengths and offsets near 2^64 in a header or a directory trapped on an overflow
/// instead of being refused.
@Suite("PMTiles fuzzing regressions")
struct PMTilesFuzzRegressionTests {
    /// An archive in memory, clamping ranges to its bytes as a file does.
    private struct MemoryReader: ByteRangeReader {
        let bytes: [UInt8]
        var name: String { "memory.pmtiles" }

        func bytes(in range: Range<UInt64>) throws(PMTilesError) -> [UInt8] {
            let count = UInt64(bytes.count)
            return Array(bytes[Int(min(range.lowerBound, count))..<Int(min(range.upperBound, count))])
        }
    }

    private static func varint(_ value: UInt64) -> [UInt8] {
        var value = value, bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    private static func littleEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A zoom-0 archive with uncompressed directories: the header, then `root` right after it,
    /// then a tile data section of 16 bytes; `rootLength` as the header gives it.
    private static func archive(root: [UInt8], rootLength: UInt64? = nil) -> [UInt8] {
        let rootOffset: UInt64 = 127, dataOffset = 127 + UInt64(root.count)
        var header = Array("PMTiles".utf8) + [3]
        header += littleEndian(rootOffset) + littleEndian(rootLength ?? UInt64(root.count))
        header += littleEndian(dataOffset) + littleEndian(0)  // metadata
        header += littleEndian(dataOffset) + littleEndian(0)  // leaf directories
        header += littleEndian(dataOffset) + littleEndian(16)  // tile data
        header += littleEndian(1) + littleEndian(1) + littleEndian(1) + [1]  // counts, clustered
        header += [1, 1, 1, 0, 0]  // no compression, MVT, zooms 0–0
        header += [UInt8](repeating: 0, count: 127 - header.count)
        return header + root + [UInt8](repeating: 0, count: 16)
    }

    @Test("a root directory of 2^63 bytes or more is refused, from memory and from a file")
    func hugeRootDirectory() throws {
        let bytes = Self.archive(root: [1, 0, 1, 16, 1], rootLength: 0xFFFF_FFFF_0000_0000)
        #expect(throws: PMTilesError.self) { try PMTilesArchive(reader: MemoryReader(bytes: bytes)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "huge-root-\(UUID().uuidString).pmtiles")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let reader = try #require(FileByteRangeReader(path: path.path))
        #expect(throws: PMTilesError.self) { try PMTilesArchive(reader: reader) }
        #expect(throws: PMTilesError.self) { try reader.bytes(in: 0..<UInt64.max) }
        #expect(try reader.bytes(in: UInt64.max - 10..<UInt64.max).isEmpty)
    }

    @Test("a well-formed archive of this shape reads its tile")
    func wellFormed() throws {
        let archive = try PMTilesArchive(reader: MemoryReader(bytes: Self.archive(root: [1, 0, 1, 16, 1])))
        #expect(try archive.storedTile(TilePath(z: 0, x: 0, y: 0))?.count == 16)
    }

    @Test("a tile or leaf offset near 2^64 is an error, not an overflow", arguments: [1, 0] as [UInt64])
    func entryOffsetOverflow(runLength: UInt64) throws {
        let root = [1, 0] + Self.varint(runLength) + [16] + Self.varint(UInt64.max)  // offset 2^64 − 2
        let archive = try PMTilesArchive(reader: MemoryReader(bytes: Self.archive(root: root)))
        #expect(throws: PMTilesError.self) { try archive.storedTile(TilePath(z: 0, x: 0, y: 0)) }
    }

    @Test("an implicit offset that overflows is an error")
    func implicitOffsetOverflow() {
        // Two entries: the first at 2^64 − 5 with 10 bytes, the second "right after it".
        let bytes = [2, 0, 1, 1, 1, 10, 1] + Self.varint(UInt64.max - 4) + [0]
        #expect(throws: PMTilesError.self) { try PMTilesDirectory(decoding: bytes) }
    }
}
