import MapErrors
import MapSQLite

/// Where a database keeps its favorites: the table, and the name each `FavoritesColumn`
/// has in it in this file.
///
/// Two layouts are understood (DESIGN.md §3): the native table `places`, and the table
/// `ZFAVORITEPLACE` of a Core Data store exported from the iOS app. When a file has both,
/// `places` wins. A column the layout knows but the file lacks (an older store, a
/// hand-made table) reads as NULL; a required one missing is an error.
struct FavoritesLayout {
    /// Which of the two tables.
    enum Kind {
        /// DESIGN.md §3's `places` table.
        case native
        /// The iOS app's Core Data entity FavoritePlace.
        case coreData
    }

    /// Which table the favorites are in.
    let kind: Kind
    /// The table, spelled as its layout spells it.
    let table: String
    /// The file's name of each column it has.
    private let columns: [FavoritesColumn: String]

    /// The column of `column` in this file, `nil` when the file has none.
    func name(of column: FavoritesColumn) -> String? { columns[column] }

    /// The name messages use for `column`: its name in this layout even when the file lacks it.
    func label(of column: FavoritesColumn) -> String {
        columns[column] ?? Self.name(of: column, in: kind) ?? column.name
    }

    /// The favorites layout of a database.
    ///
    /// - Parameter path: how messages name the file.
    /// - Throws: `MapError` `.invalidData` when the file has neither table (naming the tables
    ///   it has) or the table lacks a required column; SQLite errors as `MapError`s.
    static func find(in database: SQLiteDatabase, path: String) throws -> FavoritesLayout {
        let tables = try database.tableNames()
        let lowercased = Set(tables.map { $0.lowercased() })
        let kind: Kind
        if lowercased.contains("places") {
            kind = .native
        } else if lowercased.contains("zfavoriteplace") {
            kind = .coreData
        } else {
            let found = tables.isEmpty ? "found no tables" : "found: " + tables.joined(separator: ", ")
            throw MapError(
                .invalidData, "no favorites table (expected 'places' or 'ZFAVORITEPLACE'; \(found))",
                at: InputLocation(file: path),
                remedy: "give a database made by 'maprender places add' or 'maprender places"
                    + " import', or a Core Data store exported from the app")
        }
        let table = kind == .native ? "places" : "ZFAVORITEPLACE"

        // SQLite matches identifiers without regard to case; so does this check.
        let present = Set(try database.columnNames(inTable: table).map { $0.lowercased() })
        var columns: [FavoritesColumn: String] = [:]
        var required: [String] = []
        var missing: [String] = []
        for column in FavoritesColumn.allCases {
            guard let name = Self.name(of: column, in: kind) else { continue }
            if isRequired(column, in: kind) {
                required.append(name)
                if !present.contains(name.lowercased()) { missing.append(name) }
            }
            if present.contains(name.lowercased()) { columns[column] = name }
        }
        guard missing.isEmpty else {
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            throw MapError(
                .invalidData, "table \(table) has no \(missing.count == 1 ? "column" : "columns") \(list)",
                at: InputLocation(file: path),
                remedy: "the \(table) table needs the columns \(required.joined(separator: ", "))")
        }
        return FavoritesLayout(kind: kind, table: table, columns: columns)
    }

    private static func name(of column: FavoritesColumn, in kind: Kind) -> String? {
        kind == .native ? column.name : column.coreDataName
    }

    /// Whether a table of `kind` cannot be read without `column`. A Core Data store may lack
    /// Z_PK (a store put together by hand); its rowid names the rows then.
    private static func isRequired(_ column: FavoritesColumn, in kind: Kind) -> Bool {
        column.isRequired && !(kind == .coreData && column == .id)
    }
}
