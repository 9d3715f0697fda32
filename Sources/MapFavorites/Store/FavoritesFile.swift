import Foundation
import MapErrors
import MapFormats
import MapSQLite

/// Opens a favorites database for reading without changing the file by a single byte.
///
/// The connection is read-only (`SQLITE_OPEN_READONLY`, URI `mode=ro`, `PRAGMA
/// query_only`), so a rollback-journal database gets no `-journal` file. A WAL-mode
/// database needs a `-shm` index next to it, which a read-only connection creates and
/// cannot remove; so when a WAL-mode file has no `-wal` file beside it (everything is in the
/// main file, the normal state after its last writer closed) it is opened with
/// `immutable=1`, which creates no files at all. When a `-wal` file exists (a writer is
/// active, or crashed) the database is opened normally so the rows still in the WAL are
/// read; SQLite may then create a missing `-shm` file, but never touches the main file.
enum FavoritesFile {
    /// A read-only connection to the database at `path`.
    ///
    /// - Throws: `MapError` `.missingInput` when the file does not exist, is a directory or
    ///   cannot be read (checked first, because SQLite reports all three as "unable to open
    ///   database file"); SQLite's errors as `MapError`s.
    static func openReadOnly(_ path: String, busyTimeout: Int32) throws -> SQLiteDatabase {
        if InputFile.isConfined(path) {
            // In a confining folder (batch --in-dir) the file opened beneath the folder is the
            // one SQLite reads, from its descriptor (`SQLiteDatabase` reads /proc/self/fd links through
            // a descriptor file system), so a link swapped in cannot
            // lead out. Immutable, as a `-wal` beside cannot be reached through that link:
            // rows a writer has not yet checkpointed into the main file are not seen.
            let file = try InputFile.open(atPath: path, what: "favorites database")
            return try withExtendedLifetime(file) {
                try SQLiteDatabase(
                    path: file.descriptorPath, mode: .readOnly, immutable: true, busyTimeout: busyTimeout, name: path)
            }
        }
        try checkReadable(path)
        return try SQLiteDatabase(
            path: path, mode: .readOnly, immutable: canOpenImmutable(path), busyTimeout: busyTimeout)
    }

    private static func checkReadable(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MapError(
                .missingInput, "no such file", at: InputLocation(file: path),
                remedy: "check the path of the favorites database")
        }
        if isDirectory.boolValue {
            throw MapError(
                .missingInput, "is a directory, not a favorites database", at: InputLocation(file: path),
                remedy: "give the path of the database file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw MapError(
                .missingInput, "cannot be read (permission denied)", at: InputLocation(file: path),
                remedy: "check the file's permissions")
        }
    }

    /// Whether the file is a WAL-mode database with no `-wal` file beside it: then every
    /// row is in the main file, and `immutable=1` reads it without creating `-wal`/`-shm`.
    ///
    /// The header's bytes 18 and 19 (file format write and read versions) are 2 in WAL
    /// mode, 1 in rollback-journal mode (https://www.sqlite.org/fileformat2.html §1.3).
    private static func canOpenImmutable(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 20), header.count == 20 else { return false }
        let bytes = [UInt8](header)
        let magic = Array("SQLite format 3".utf8) + [0]
        guard Array(bytes[0..<16]) == magic, bytes[18] == 2 || bytes[19] == 2 else { return false }
        return !FileManager.default.fileExists(atPath: path + "-wal")
    }
}
