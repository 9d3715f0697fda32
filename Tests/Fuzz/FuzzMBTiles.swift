// libFuzzer target: the MBTiles reader, and the decoding of the tiles it hands out.
//
// The first byte picks the form of the rest:
// - even: the bytes are the MBTiles file itself (damaged and foreign SQLite files);
// - odd: fields, each a 2-byte big-endian length and its bytes, fill a well-formed MBTiles
//   file: metadata format, bounds, attribution, minzoom, maxzoom, scale, then tile blobs at
//   0/0/0, 1/0/0, 1/1/1… So the fuzzer reaches the metadata parsing and the image header
//   checks without first having to invent the SQLite file format.
// Every tile the reader accepts is then decoded (Cairo for PNG, TurboJPEG for JPEG), as a
// render would: what the header checks let through must decode safely.
import CSQLite3
import Foundation
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapTiles

/// One file per process, rewritten for each input, on a memory file system when there is one.
private let scratchPath =
    (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    + "/maprender-fuzz-\(getpid()).mbtiles"

private let tilePaths = [
    TilePath(z: 0, x: 0, y: 0), TilePath(z: 1, x: 0, y: 0), TilePath(z: 1, x: 1, y: 1), TilePath(z: 2, x: 3, y: 0),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    unlink(scratchPath)
    if data[0] & 1 == 0 {
        guard FileManager.default.createFile(atPath: scratchPath, contents: Data(bytes)) else { return 0 }
    } else {
        guard makeMBTiles(fields(bytes)) else { return 0 }
    }
    guard let source = try? MBTilesSource(path: scratchPath) else { return 0 }
    for case .success(let image) in source.tiles(tilePaths, highResolution: false).values {
        _ = try? RasterImage(encoded: image)
    }
    return 0
}

/// Length-prefixed fields.
private func fields(_ bytes: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var index = 0
    while index + 2 <= bytes.count {
        let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
        index += 2
        let end = min(bytes.count, index + length)
        result.append(Array(bytes[index..<end]))
        index = end
    }
    return result
}

/// Writes a well-formed MBTiles file from the fields, with the sqlite3 C API.
private func makeMBTiles(_ fields: [[UInt8]]) -> Bool {
    var database: OpaquePointer?
    guard sqlite3_open(scratchPath, &database) == SQLITE_OK, let database else { return false }
    defer { sqlite3_close(database) }
    guard
        sqlite3_exec(
            database,
            """
            CREATE TABLE metadata (name TEXT, value TEXT);
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            """, nil, nil, nil) == SQLITE_OK
    else { return false }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    var statement: OpaquePointer?
    let names = ["format", "bounds", "attribution", "minzoom", "maxzoom", "scale"]
    sqlite3_prepare_v2(database, "INSERT INTO metadata VALUES (?1, ?2)", -1, &statement, nil)
    for (name, value) in zip(names, fields) {
        sqlite3_reset(statement)
        sqlite3_bind_text(statement, 1, name, -1, transient)
        _ = value.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, buffer.count)) {
                sqlite3_bind_text(statement, 2, $0, Int32(buffer.count), transient)
            }
        }
        sqlite3_step(statement)
    }
    sqlite3_finalize(statement)
    sqlite3_prepare_v2(database, "INSERT INTO tiles VALUES (?1, ?2, ?3, ?4)", -1, &statement, nil)
    for (tile, blob) in zip(tilePaths, fields.dropFirst(names.count)) {
        sqlite3_reset(statement)
        sqlite3_bind_int(statement, 1, Int32(tile.z))
        sqlite3_bind_int(statement, 2, Int32(tile.x))
        sqlite3_bind_int(statement, 3, Int32(tile.tilesPerSide - 1 - tile.y))  // TMS rows
        _ = blob.withUnsafeBytes { sqlite3_bind_blob(statement, 4, $0.baseAddress, Int32($0.count), transient) }
        sqlite3_step(statement)
    }
    sqlite3_finalize(statement)
    return true
}
