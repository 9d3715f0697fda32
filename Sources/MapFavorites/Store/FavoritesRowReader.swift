import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import MapRenderCore
import MapSQLite

/// The one reader of favorites rows, for the native table and the Core Data store alike:
/// rendering (`PlaceStore.places()`) and every `maprender places` command read rows
/// through it, so a row means the same everywhere and a bad value is refused everywhere
/// with the same message.
///
/// The rules are strict because the alternative is a silent rewrite: a value read as
/// something else would be drawn, listed and exported as that something else. A bad value
/// is `MapError` `.invalidData` naming the database, the table, the row's id and the
/// column, e.g. `favs.db: places row id 7: display_proximity 'maybe' is not 0 or 1`:
///
/// - the id, when the table has an id column, must be an integer;
/// - the name must not be NULL (any text, numbers as SQLite spells them);
/// - latitude and longitude must be finite numbers (or text holding one) in [-90, 90] and
///   [-180, 180];
/// - `display_proximity` and `going_next` are 0/1 (also `true`/`false`, `yes`/`no` as text;
///   NULL is false);
/// - `display_radius` is a number of meters, 0 or more; NULL or 0 means none;
/// - `pin_color` is a colour `Color(parsing:)` reads; NULL or blank means red.
///
/// Values are kept as stored: the address parts and the pin colour exactly as their text,
/// so listing and exporting a row never changes it. A column the file lacks reads as NULL.
struct FavoritesRowReader {
    /// Which rows to read.
    enum Selection {
        /// Every row, ordered by id.
        case all
        /// The row with this id (none when there is no such row).
        case id(Int64)
        /// The rows whose name is exactly this, ordered by id.
        case name(String)
    }

    /// Where the favorites are in the database read.
    let layout: FavoritesLayout
    /// How messages name the database.
    let path: String

    /// Reads and checks the selected rows. Call inside a transaction, so that the layout
    /// and the rows come from one snapshot.
    func read(from database: SQLiteDatabase, _ selection: Selection = .all) throws -> [FavoritePlace] {
        var sql = selectClause
        let key = keyColumn
        var parameters: [SQLiteValue] = []
        switch selection {
        case .all:
            break
        case .id(let id):
            sql += " WHERE \(key) = ?"
            parameters.append(.integer(id))
        case .name(let name):
            sql += " WHERE \(layout.name(of: .name).map(SQLiteDatabase.quotedIdentifier) ?? "NULL") = ?"
            parameters.append(.text(name))
        }
        sql += " ORDER BY \(key)"
        var ordinal = 0
        return try database.query(sql, parameters) { row in
            ordinal += 1
            return try place(from: row, ordinal: ordinal)
        }
    }

    /// `SELECT` of every column `place(from:ordinal:)` reads, in `FavoritesColumn` order
    /// (NULL for a column the table lacks), then the rowid; no `WHERE` or `ORDER BY`.
    ///
    /// Identifiers only, from FavoritesColumn and checked against table_info by
    /// FavoritesLayout; values from the file or the user are bound parameters.
    var selectClause: String {
        let fields = FavoritesColumn.allCases.map {
            layout.name(of: $0).map(SQLiteDatabase.quotedIdentifier) ?? "NULL"
        }
        return "SELECT \(fields.joined(separator: ", ")), rowid FROM \(SQLiteDatabase.quotedIdentifier(layout.table))"
    }

    /// The quoted column rows are ordered by: the id column, else the rowid.
    var keyColumn: String { layout.name(of: .id).map(SQLiteDatabase.quotedIdentifier) ?? "rowid" }

    /// Where `selectClause` puts the rowid in a row.
    static let rowidIndex = FavoritesColumn.allCases.count

    // MARK: - One row

    /// The place of one row; `ordinal` counts the rows read, to name a row whose id is bad.
    func place(from row: Statement, ordinal: Int) throws -> FavoritePlace {
        func value(_ column: FavoritesColumn) -> SQLiteValue { row.value(at: column.rawValue) }
        // Text through SQLite's own conversion, so a number in a text column reads as SQLite
        // spells it. Each column is read once: converting a column changes what its type reads.
        func text(_ column: FavoritesColumn) -> String? { row.text(at: column.rawValue) }

        // The row's identity first, so that every later message can name it.
        let id: Int64
        let label: String
        if let idColumn = layout.name(of: .id) {
            guard case .integer(let integer) = value(.id) else {
                throw rowError(
                    "\(layout.table) row \(ordinal)", "\(idColumn) \(value(.id)) is not an integer",
                    remedy: "give every row an integer \(idColumn)")
            }
            id = integer
            label = "\(layout.table) row \(idColumn) \(integer)"
        } else {
            id = row.int64(at: Self.rowidIndex)
            label = "\(layout.table) row rowid \(id)"
        }

        guard let name = text(.name) else {
            throw rowError(
                label, "\(layout.label(of: .name)) is NULL", remedy: "give the place a name (it is the callout title)")
        }
        let latitude = try degrees(value(.latitude), column: .latitude, limit: 90, label: label)
        let longitude = try degrees(value(.longitude), column: .longitude, limit: 180, label: label)
        let street = text(.street), city = text(.city), state = text(.state), postal = text(.postal)
        let showsProximity = try flag(value(.displayProximity), column: .displayProximity, label: label)
        let isGoingNext = try flag(value(.goingNext), column: .goingNext, label: label)
        let radius = try radius(value(.displayRadius), label: label)
        // Checked even for the going-next place, which is drawn without its colour, so that
        // a bad value never goes unnoticed.
        let pinColor = try pinColor(value(.pinColor), label: label)

        return FavoritePlace(
            id: id, name: name, street: street, city: city, state: state, postal: postal,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), showsProximity: showsProximity,
            radius: radius, isGoingNext: isGoingNext, pinColor: pinColor)
    }

    // MARK: - Checking values

    /// A bad value in the row `row` (`places row id 12`): the row is part of the location.
    private func rowError(_ row: String, _ what: String, remedy: String) -> MapError {
        MapError(.invalidData, what, at: InputLocation(file: path, row: row), remedy: remedy)
    }

    /// A latitude or longitude in degrees within [-limit, limit].
    private func degrees(_ value: SQLiteValue, column: FavoritesColumn, limit: Double, label: String) throws -> Double {
        let name = layout.label(of: column)
        let range = "[\(Int(-limit)), \(Int(limit))]"
        let remedy = "fix or delete the row: \(name) must be a number of degrees in \(range)"
        let number: Double
        let shown: String
        switch value {
        case .null:
            throw rowError(label, "\(name) is NULL", remedy: remedy)
        case .integer(let integer):
            number = Double(integer)
            shown = String(integer)
        case .real(let real):
            number = real
            shown = String(real)
        case .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let parsed = Double(trimmed), !parsed.isNaN else {
                throw rowError(label, "\(name) \(value) is not a number", remedy: remedy)
            }
            number = parsed
            shown = trimmed
        case .blob:
            throw rowError(label, "\(name) is \(value), not a number", remedy: remedy)
        }
        guard number.isFinite else {
            throw rowError(label, "\(name) \(shown) is not a finite number", remedy: remedy)
        }
        guard (-limit...limit).contains(number) else {
            throw rowError(label, "\(name) \(shown) is out of range \(range)", remedy: remedy)
        }
        return number
    }

    /// A boolean stored as 0/1 (also accepting `true`/`false` and `yes`/`no` text); NULL or
    /// a missing column is false.
    private func flag(_ value: SQLiteValue, column: FavoritesColumn, label: String) throws -> Bool {
        switch value {
        case .null: return false
        case .integer(let integer): return integer != 0
        case .real(let real) where real.isFinite: return real != 0
        case .text(let text):
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "1", "true", "yes": return true
            case "", "0", "false", "no": return false
            default: break
            }
        default: break
        }
        let name = layout.label(of: column)
        throw rowError(label, "\(name) \(value) is not 0 or 1", remedy: "set \(name) to 0 or 1")
    }

    /// A geofence radius in meters; NULL, 0 or a missing column means none.
    private func radius(_ value: SQLiteValue, label: String) throws -> Double? {
        let number: Double?
        switch value {
        case .null: return nil
        case .integer(let integer): number = Double(integer)
        case .real(let real): number = real
        case .text(let text): number = Double(text.trimmingCharacters(in: .whitespaces))
        case .blob: number = nil
        }
        guard let number, number.isFinite, number >= 0 else {
            let name = layout.label(of: .displayRadius)
            throw rowError(
                label, "\(name) \(value) is not a radius in meters",
                remedy: "set \(name) to a number of meters (0 or more), or NULL for none")
        }
        return number > 0 ? number : nil
    }

    /// A pin colour, kept as its text: NULL, blank or a missing column is `nil` (red).
    private func pinColor(_ value: SQLiteValue, label: String) throws -> String? {
        switch value {
        case .null:
            return nil
        case .text(let text):
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
            if Color(parsing: text) != nil { return text }
        default:
            break
        }
        let name = layout.label(of: .pinColor)
        throw rowError(
            label, "\(name) \(value) is not a known colour",
            remedy: "use red, green, purple, blue, white, black, #rgb, #rrggbb or #rrggbbaa, or NULL for red")
    }
}
