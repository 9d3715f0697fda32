import MapErrors
import MapSQLite

/// The native favorites schema (DESIGN.md §3), its version and its migrations.
///
/// The version lives in `PRAGMA user_version` (https://www.sqlite.org/pragma.html#pragma_user_version),
/// a number in the database header that SQLite itself never uses. Version 0 is a `places`
/// table someone made by hand from DESIGN.md without the PRAGMA; version 1 is the schema
/// below. A database with a newer version than `currentVersion` is refused, never written:
/// a newer maprender may have added columns or rules this one would break.
enum FavoritesSchema {
    /// The schema version this maprender writes.
    static let currentVersion: Int64 = 1

    /// DESIGN.md §3's table, one line per column of `FavoritesColumn` (the PRAGMA is set
    /// separately, inside the same transaction).
    static let createTable =
        "CREATE TABLE places (\n"
        + FavoritesColumn.allCases.map { "  " + $0.declaration }.joined(separator: ",\n") + "\n)"

    /// Creates the version-1 schema in an empty database. Call inside a transaction.
    static func create(_ database: SQLiteDatabase) throws {
        try database.execute(createTable)
        try database.setUserVersion(Int32(currentVersion))
    }

    /// Brings a `places` table from `version` to `currentVersion`, one step at a time.
    /// Call inside the write transaction, so a failed step leaves the file as it was.
    ///
    /// - Throws: `MapError` `.invalidData` when the version is newer than this maprender knows,
    ///   or the table lacks a column no migration can invent.
    static func migrate(_ database: SQLiteDatabase, from version: Int64) throws {
        guard version <= currentVersion else {
            throw MapError(
                .invalidData,
                "favorites schema version \(version) is newer than this maprender understands (\(currentVersion));"
                    + " it will not write it", at: InputLocation(file: database.path),
                remedy: "use a newer maprender for this database")
        }
        guard version >= 0 else {
            throw MapError(
                .invalidData, "favorites schema version \(version) is not valid",
                at: InputLocation(file: database.path),
                remedy: "give a database made by 'maprender places add' or 'places import'")
        }
        var version = version
        while version < currentVersion {
            switch version {
            case 0:
                // A hand-made table: check what it must have, add what it may lack.
                let columns = Set(try database.columnNames(inTable: "places").map { $0.lowercased() })
                let required = FavoritesColumn.allCases.filter(\.isRequired).map(\.name)
                let missing = required.filter { !columns.contains($0) }
                guard missing.isEmpty else {
                    throw MapError(
                        .invalidData,
                        "table places has no column " + missing.map { "'\($0)'" }.joined(separator: ", "),
                        at: InputLocation(file: database.path),
                        remedy: "the places table needs the columns " + required.joined(separator: ", "))
                }
                for column in FavoritesColumn.allCases where !columns.contains(column.name) {
                    // Constant declarations from FavoritesColumn, never user text.
                    try database.execute("ALTER TABLE places ADD COLUMN \(column.declaration)")
                }
            // case 1: the step to version 2 goes here when the schema changes.
            default:
                break
            }
            version += 1
        }
        try database.setUserVersion(Int32(currentVersion))
    }
}
