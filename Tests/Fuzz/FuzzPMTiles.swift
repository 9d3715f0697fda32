// libFuzzer target: PMTiles archives and directories on arbitrary bytes. Built by
// run-fuzzers.sh.
//
// Input starting with the "PMTiles" magic is a whole archive, read from memory:
// `PMTilesArchive` parses the header and root directory, then tiles are looked up at every
// zoom the header names (the first tiles, the last, the middle, and the first rows of the
// low zooms), following leaf directories. Any other input is one uncompressed directory for
// `PMTilesDirectory(decoding:)`. Traps when a decoded directory breaks its promises: no
// more entries than bytes, tile ids in order, and `entry(for:)` returning an entry that
// holds the asked id (its run covers it, or it is a leaf at or before it).
import MapGeometry
import MapPMTiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.starts(with: Array("PMTiles".utf8)) {
        readArchive(bytes)
    } else if let directory = try? PMTilesDirectory(decoding: bytes) {
        check(directory, size: bytes.count)
    }
    return 0
}

/// An archive in memory.
private struct MemoryReader: ByteRangeReader {
    let bytes: [UInt8]
    var name: String { "fuzz.pmtiles" }

    func bytes(in range: Range<UInt64>) throws(PMTilesError) -> [UInt8] {
        let count = UInt64(bytes.count)
        let lower = min(range.lowerBound, count), upper = min(range.upperBound, count)
        return Array(bytes[Int(lower)..<Int(upper)])
    }
}

private func readArchive(_ bytes: [UInt8]) {
    guard let archive = try? PMTilesArchive(reader: MemoryReader(bytes: bytes)) else { return }
    _ = try? archive.metadata()
    let zooms = archive.header.zoomRange
    // Beyond zoom 30 a tile path's side no longer fits the ids; no map asks for those.
    for z in zooms.lowerBound...min(zooms.upperBound, zooms.lowerBound + 24, 30) {
        let last = (1 << z) - 1
        var tiles = [(0, 0), (last, last), (last / 2, last / 2), (last, 0), (0, last)]
        if z <= 3 { tiles = (0...last).flatMap { x in (0...last).map { y in (x, y) } } }
        for (x, y) in tiles {
            let path = TilePath(z: z, x: x, y: y)
            if let stored = try? archive.storedTile(path) {
                precondition(archive.header.tileCompression != .none || (try? archive.tile(path)) == stored)
            }
        }
    }
}

private func check(_ directory: PMTilesDirectory, size: Int) {
    let entries = directory.entries
    precondition(entries.count <= size, "more entries than bytes")
    precondition(zip(entries, entries.dropFirst()).allSatisfy { $0.tileID <= $1.tileID }, "tile ids out of order")
    var probes: [UInt64] = [0, .max]
    for entry in entries.prefix(64) {
        probes += [entry.tileID, entry.tileID &+ 1, entry.tileID &+ UInt64(entry.runLength) &- 1]
        probes.append(entry.tileID &+ UInt64(entry.runLength))
    }
    for id in probes {
        guard let found = directory.entry(for: id) else { continue }
        precondition(found.tileID <= id, "entry(for: \(id)) starts after it")
        precondition(
            found.runLength == 0 || id - found.tileID < UInt64(found.runLength), "entry(for: \(id)) does not hold it")
    }
}
