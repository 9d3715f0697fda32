import Dispatch
import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import MapRenderCore
import MapSQLite
import MapTiles

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Helpers of the tile tests: images made byte by byte, temporary files, MBTiles files, and
// the Python tile server on 127.0.0.1.

package enum TestImages {
    /// A real, decodable grayscale PNG of `width` × `height` pixels, filled with `gray`
    /// (zlib "stored" blocks, so no compressor is needed).
    package static func png(width: Int = 256, height: Int? = nil, gray: UInt8 = 128) -> [UInt8] {
        let height = height ?? width
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: gray, count: width) }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += bigEndian(b << 16 | a)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// A structurally valid baseline JPEG header and trailer around dummy scan data:
    /// SOI, APP0 (JFIF), a fill byte, SOF (`sof` = 0xC0 baseline, 0xC2 progressive…), SOS,
    /// entropy-coded bytes, EOI.
    package static func jpeg(width: Int = 256, height: Int = 256, sof: UInt8 = 0xC0) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [
            0xFF, 0xFF, sof, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF),
            UInt8(width >> 8), UInt8(width & 0xFF), 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
        ]
        bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        bytes += [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD0, 0x78]
        return bytes + [0xFF, 0xD9]
    }

    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) in
        var c = n
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}

/// A fresh path in the temporary folder, ending in `name`; nothing is created.
package func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.path + "/maprender-tiles-\(UUID().uuidString)-\(name)"
}

/// Writes an MBTiles file: `metadata` rows and tiles given by XYZ path (stored with the TMS
/// row, as the spec says).
package func makeMBTiles(at path: String, metadata: [String: String], tiles: [TilePath: [UInt8]]) throws {
    let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
    try database.executeScript(
        """
        CREATE TABLE metadata (name TEXT, value TEXT);
        CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
        CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);
        """)
    for (name, value) in metadata {
        try database.execute("INSERT INTO metadata VALUES (?, ?)", [.text(name), .text(value)])
    }
    for (tile, data) in tiles {
        try database.execute(
            "INSERT INTO tiles VALUES (?, ?, ?, ?)",
            [.integer(Int64(tile.z)), .integer(Int64(tile.x)), .integer(Int64(tile.tmsRow)), .blob(data)])
    }
}

/// Runs blocking work on a thread of its own, so tests never block Swift concurrency's
/// cooperative pool (two threads on a two-core machine) or Dispatch's global queues.
package func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// A blocking `tiles` call run off the cooperative pool.
package func fetch(
    _ source: some RasterTileSource, _ paths: [TilePath], highResolution: Bool = false
) async
    -> [TilePath: Result<EncodedImage, TileFailure>]
{
    await timedFetch(source, paths, highResolution: highResolution).results
}

/// A blocking `tiles` call run off the cooperative pool, and how long it took in seconds
/// (measured around the call itself, not the test's wait to be resumed).
package func timedFetch(
    _ source: some RasterTileSource, _ paths: [TilePath], highResolution: Bool = false
) async
    -> (results: [TilePath: Result<EncodedImage, TileFailure>], seconds: Double)
{
    (try? await offPool {
        let start = Date()
        let results = source.tiles(paths, highResolution: highResolution)
        return (results, Date().timeIntervalSince(start))
    }) ?? ([:], 0)
}

extension Result where Success == EncodedImage, Failure == TileFailure {
    /// The failure's reason, or `nil` on success.
    package var reason: String? {
        if case .failure(let failure) = self { return failure.reason }
        return nil
    }
    /// The image, or `nil` on failure.
    package var image: EncodedImage? { try? get() }
}

/// `tile_server.py`, next to this file, run with python3 on a free port of 127.0.0.1.
package final class TileServer: @unchecked Sendable {
    package static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "tile_server.py"
    ).path

    /// The python3 interpreter itself, found once through `/usr/bin/env python3` (so a
    /// version-manager shim on the PATH runs once, not for every server), or `nil` when
    /// there is none.
    package static let python: String? = {
        guard
            let run = try? ChildProcess.run(
                "/usr/bin/env", ["python3", "-c", "import sys; print(sys.executable)"], timeLimit: 60),
            run.status == 0
        else { return nil }
        let path = run.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }()

    private let server: ScriptServer
    package let port: Int

    /// Starts the server (off the cooperative pool); `slowSeconds` is how long `/slow/`
    /// answers take, `files` the folder `/range/` serves.
    package static func start(slowSeconds: Double = 2.5, files: String? = nil) async throws -> TileServer {
        try await offPool { try TileServer(slowSeconds: slowSeconds, files: files) }
    }

    private init(slowSeconds: Double, files: String?) throws {
        server = try ScriptServer(
            script: TileServer.script, arguments: [String(slowSeconds)] + (files.map { [$0] } ?? []))
        guard let port = Int(server.announcement) else {
            throw MapError(.unavailable, "tile_server.py did not print its port")
        }
        self.port = port
    }

    /// A URL template on this server: `http://127.0.0.1:PORT/KIND/{z}/{x}/{y}.png`.
    package func template(_ kind: String, suffix: String = "") -> TileTemplate {
        try! TileTemplate("http://127.0.0.1:\(port)/\(kind)/{z}/{x}/{y}\(suffix).png")
    }

    /// The server's counters.
    package struct Stats: Decodable {
        package var requests: [String: Int]
        package var total: Int
        package var conditional: Int
        package var notModified: Int
        package var userAgents: [String]
        package var maxConnections: Int
        package var maxActiveRequests: Int
        /// Requests to `/range/`, and the body bytes they were sent.
        package var rangeRequests: Int
        package var rangeBytes: Int

        /// The server writes its counters in snake case.
        enum CodingKeys: String, CodingKey {
            case rangeRequests = "range_requests"
            case rangeBytes = "range_bytes"
            case requests, total, conditional
            case notModified = "not_modified"
            case userAgents = "user_agents"
            case maxConnections = "max_connections"
            case maxActiveRequests = "max_active_requests"
        }
    }

    package func stats() async throws -> Stats {
        let url = URL(string: "http://127.0.0.1:\(port)/stats")!
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: url) { data, _, error in
                if let data {
                    continuation.resume(returning: data)
                } else {
                    continuation.resume(throwing: error ?? URLError(.unknown))
                }
            }.resume()
        }
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// Stops the server (closing its input, and SIGTERM) and waits for it to exit.
    package func stop() { server.stop() }
}

/// Options for tests: short timeouts and backoff, a private cache.
package func testOptions(
    cache: String? = nil, timeout: Double = 1, maxRetries: Int = 2, deadline: Double = 20,
    sizeLimit: Int = 1 << 20, offline: Bool = false
) -> HTTPTileOptions {
    HTTPTileOptions(
        userAgent: "maprender-tests/1.0 (+https://example.invalid/maprender)", timeout: timeout, maxRetries: maxRetries,
        retryBaseDelay: 0.05, deadline: deadline, usesCache: cache != nil, cachePath: cache,
        cacheSizeLimit: sizeLimit, offline: offline)
}
