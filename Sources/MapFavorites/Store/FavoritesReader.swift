import Foundation
public import MapRenderCore
import MapGeometry
public import MapErrors
public import MapSQLite

/// The favorites database: the places a user stored, read for `--places`.
///
/// Two layouts are understood (DESIGN.md §3):
///
/// - the native schema, table `places`, written by `maprender places add/import`;
/// - a Core Data SQLite store exported from the iOS app, table `ZFAVORITEPLACE` (only
///   `ZPLACENAME`, `ZLATITUDE` and `ZLONGITUDE` are required; older stores lack some of the
///   other columns). Its places get red pins.
///
/// When a file has both tables, `places` wins. Places come back ordered by their id.
///
/// Reading never changes the database file by a single byte: it is opened read-only
/// (`SQLITE_OPEN_READONLY`, URI `mode=ro`, `PRAGMA query_only`) and all queries run in one
/// read transaction, so they see one consistent snapshot even while another program writes.
/// A rollback-journal database gets no `-journal` file. A WAL-mode database needs a `-shm`
/// index next to it, which a read-only connection creates and cannot remove; so when a
/// WAL-mode file has no `-wal` file beside it (everything is in the main file, the normal
/// state after its last writer closed) it is opened with `immutable=1`, which creates no
/// files at all. When a `-wal` file exists (a writer is active, or crashed) the database is
/// opened normally so the rows still in the WAL are read; SQLite may then create a missing
/// `-shm` file, but never touches the main file.
///
/// ```swift
/// let places = try PlaceStore(path: "favs.db").places()
/// ```
public struct PlaceStore: Sendable {
    /// The database path, as given; error messages start with it.
    public let path: String

    /// How long to wait, in milliseconds, for a writer's lock before giving up.
    public var busyTimeout: Int32

    /// Creates a store for the database at `path` (relative to the current directory, or
    /// absolute). Nothing is opened until `places()`.
    public init(path: String, busyTimeout: Int32 = 5_000) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// Reads every place of the database at `path`, ordered by id.
    ///
    /// Shorthand for `PlaceStore(path: path).places()`.
    public static func readPlaces(atPath path: String) throws(MapError) -> [Place] {
        try PlaceStore(path: path).places()
    }

    /// Reads every place, ordered by id. An existing favorites table without rows gives `[]`
    /// (whether that is an error is the caller's decision).
    ///
    /// - Throws: `MapError` only, with a message starting with the path:
    ///   `.missingInput` when the file does not exist, is a directory or cannot be read;
    ///   `.invalidData` when it is not a SQLite database, is damaged, has no favorites table,
    ///   lacks a required column, or a row has a NULL name, a NULL, non-numeric, non-finite
    ///   or out-of-range latitude or longitude, a bad radius or flag, or an unknown pin
    ///   colour (the message names the row's id and the value);
    ///   `.unavailable` when a writer keeps the database locked longer than `busyTimeout`.
    public func places() throws(MapError) -> [Place] {
        do {
            return try readPlaces()
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(
                .internalFailure, "\(path): \(error)", remedy: "report this as a bug")
        }
    }

    // MARK: - Reading

    private func readPlaces() throws -> [Place] {
        try checkFile()
        let database = try SQLiteDatabase(
            path: path, mode: .readOnly, immutable: canOpenImmutable(),
            busyTimeout: busyTimeout)
        return try database.inTransaction(.deferred) {
            let layout = try findLayout(in: database)
            return try read(layout, from: database)
        }
    }

    /// Turns the file-system failures SQLite would report vaguely ("unable to open database
    /// file") into precise messages.
    private func checkFile() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MapError(
                .missingInput, "\(path): no such file",
                remedy: "check the path of the favorites database")
        }
        if isDirectory.boolValue {
            throw MapError(
                .missingInput, "\(path): is a directory, not a favorites database",
                remedy: "give the path of the database file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw MapError(
                .missingInput, "\(path): cannot be read (permission denied)",
                remedy: "check the file's permissions")
        }
    }

    /// Whether the file is a WAL-mode database with no `-wal` file beside it: then every
    /// row is in the main file, and `immutable=1` reads it without creating `-wal`/`-shm`.
    ///
    /// The header's bytes 18 and 19 (file format write and read versions) are 2 in WAL
    /// mode, 1 in rollback-journal mode (https://www.sqlite.org/fileformat2.html §1.3).
    private func canOpenImmutable() -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let header = try? file.read(upToCount: 20), header.count == 20 else {
            return false
        }
        let bytes = [UInt8](header)
        let magic = Array("SQLite format 3".utf8) + [0]
        guard Array(bytes[0..<16]) == magic, bytes[18] == 2 || bytes[19] == 2 else {
            return false
        }
        return !FileManager.default.fileExists(atPath: path + "-wal")
    }

    /// Which table holds the favorites, and under which column names.
    private func findLayout(in database: SQLiteDatabase) throws -> Layout {
        let tables = try database.tableNames()
        let lowercased = Set(tables.map { $0.lowercased() })
        let layout: Layout
        if lowercased.contains("places") {
            layout = .native
        } else if lowercased.contains("zfavoriteplace") {
            layout = .coreData
        } else {
            let found =
                tables.isEmpty ? "found no tables" : "found: " + tables.joined(separator: ", ")
            throw MapError(
                .invalidData,
                "\(path): no favorites table (expected 'places' or 'ZFAVORITEPLACE'; \(found))",
                remedy: "give a database made by 'maprender places add' or 'maprender places"
                    + " import', or a Core Data store exported from the app")
        }

        let columns = Set(try database.columnNames(inTable: layout.table).map { $0.lowercased() })
        let missing = layout.required.filter { !columns.contains($0.lowercased()) }
        if !missing.isEmpty {
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            let noun = missing.count == 1 ? "column" : "columns"
            let needed = layout.required.joined(separator: ", ")
            throw MapError(
                .invalidData, "\(path): table \(layout.table) has no \(noun) \(list)",
                remedy: "the \(layout.table) table needs the columns \(needed)")
        }
        return layout.keeping(columnsIn: columns)
    }

    /// Reads and checks every row.
    private func read(_ layout: Layout, from database: SQLiteDatabase) throws -> [Place] {
        // Identifiers only, from `Layout`'s constants and checked against table_info; no
        // value from the file or the user is ever part of the SQL text.
        let fields = Field.allCases.map { field in
            layout.column(field).map(SQLiteDatabase.quotedIdentifier) ?? "NULL"
        }
        let key = layout.column(.id).map(SQLiteDatabase.quotedIdentifier) ?? "rowid"
        let sql = "SELECT \(fields.joined(separator: ", ")), rowid FROM "
            + SQLiteDatabase.quotedIdentifier(layout.table) + " ORDER BY \(key)"
        let statement = try database.prepare(sql)
        var places = [Place]()
        var ordinal = 0
        while try statement.step() {
            ordinal += 1
            places.append(try place(from: statement, layout: layout, ordinal: ordinal))
        }
        return places
    }

    private func place(from row: Statement, layout: Layout, ordinal: Int) throws -> Place {
        func value(_ field: Field) -> SQLiteValue { row.value(at: field.rawValue) }

        // The row's identity first, so every later message can name it.
        let id: Int64
        let label: String
        if let idColumn = layout.column(.id) {
            guard case .integer(let integer) = value(.id) else {
                throw rowError(
                    "\(layout.table) row \(ordinal): \(idColumn) \(value(.id)) is not an integer",
                    remedy: "give every row an integer \(idColumn)")
            }
            id = integer
            label = "\(layout.table) row \(idColumn) \(integer)"
        } else {
            id = row.int64(at: Field.allCases.count)  // the trailing rowid
            label = "\(layout.table) row rowid \(id)"
        }

        let nameColumn = layout.column(.name) ?? "name"
        guard let title = row.text(at: Field.name.rawValue) else {
            throw rowError(
                "\(label): \(nameColumn) is NULL",
                remedy: "give the place a name (it is the callout title)")
        }
        let latitude = try degrees(
            value(.latitude), column: layout.column(.latitude) ?? "latitude", limit: 90,
            label: label)
        let longitude = try degrees(
            value(.longitude), column: layout.column(.longitude) ?? "longitude", limit: 180,
            label: label)

        let subtitle = Place.addressLine(
            street: row.text(at: Field.street.rawValue), city: row.text(at: Field.city.rawValue),
            state: row.text(at: Field.state.rawValue), postal: row.text(at: Field.postal.rawValue))
        let showsProximity = try flag(
            value(.displayProximity), column: layout.column(.displayProximity), label: label)
        let goingNext = try flag(
            value(.goingNext), column: layout.column(.goingNext), label: label)
        let radius = try radius(
            value(.displayRadius), column: layout.column(.displayRadius), label: label)
        // Checked even for the going-next place, so a bad value never goes unnoticed.
        let color = try pinColor(value(.pinColor), column: layout.column(.pinColor), label: label)

        return Place(
            id: id, title: title, subtitle: subtitle,
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            marker: goingNext ? .goingNext : .pin(color), proximityRadius: radius,
            showsProximity: showsProximity)
    }

    // MARK: - Checking values

    private func rowError(_ what: String, remedy: String) -> MapError {
        MapError(.invalidData, "\(path): \(what)", remedy: remedy)
    }

    /// A latitude or longitude in degrees within [-limit, limit].
    private func degrees(_ value: SQLiteValue, column: String, limit: Double, label: String)
        throws -> Double
    {
        let range = "[\(Int(-limit)), \(Int(limit))]"
        let remedy = "fix or delete the row: \(column) must be a number of degrees in \(range)"
        let number: Double
        let shown: String
        switch value {
        case .null:
            throw rowError("\(label): \(column) is NULL", remedy: remedy)
        case .integer(let integer):
            number = Double(integer)
            shown = String(integer)
        case .real(let real):
            number = real
            shown = String(real)
        case .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let parsed = Double(trimmed), !parsed.isNaN else {
                throw rowError("\(label): \(column) \(value) is not a number", remedy: remedy)
            }
            number = parsed
            shown = trimmed
        case .blob:
            throw rowError("\(label): \(column) is \(value), not a number", remedy: remedy)
        }
        guard number.isFinite else {
            throw rowError("\(label): \(column) \(shown) is not a finite number", remedy: remedy)
        }
        guard (-limit...limit).contains(number) else {
            throw rowError(
                "\(label): \(column) \(shown) is out of range \(range)",
                remedy: remedy)
        }
        return number
    }

    /// A boolean stored as 0/1 (also accepting `true`/`false` text); NULL or a missing
    /// column is false.
    private func flag(_ value: SQLiteValue, column: String?, label: String) throws -> Bool {
        guard let column else { return false }
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
        throw rowError(
            "\(label): \(column) \(value) is not 0 or 1", remedy: "set \(column) to 0 or 1")
    }

    /// A geofence radius in meters; NULL, 0 or a missing column means none.
    private func radius(_ value: SQLiteValue, column: String?, label: String) throws -> Double? {
        guard let column else { return nil }
        let number: Double?
        switch value {
        case .null: return nil
        case .integer(let integer): number = Double(integer)
        case .real(let real): number = real
        case .text(let text): number = Double(text.trimmingCharacters(in: .whitespaces))
        case .blob: number = nil
        }
        guard let number, number.isFinite, number >= 0 else {
            throw rowError(
                "\(label): \(column) \(value) is not a radius in meters",
                remedy: "set \(column) to a number of meters (0 or more), or NULL for none")
        }
        return number > 0 ? number : nil
    }

    /// A pin colour: NULL, empty or a missing column is red.
    private func pinColor(_ value: SQLiteValue, column: String?, label: String) throws -> Color {
        guard let column else { return .red }
        switch value {
        case .null:
            return .red
        case .text(let text):
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return .red }
            if let color = Color(parsing: text) { return color }
        default:
            break
        }
        throw rowError(
            "\(label): \(column) \(value) is not a known colour",
            remedy: "use red, green, purple, blue, white, black, #rgb, #rrggbb or #rrggbbaa,"
                + " or NULL for red")
    }
}

// MARK: - Layouts

/// The fields read from a row, in SELECT order (the raw value is the column index).
private enum Field: Int, CaseIterable {
    case id, name, latitude, longitude, street, city, state, postal
    case displayProximity, displayRadius, goingNext, pinColor
}

/// Where a layout keeps each field.
private struct Layout {
    /// The table, spelled as the schema of this layout spells it.
    var table: String
    /// Column name per field; a field without a column reads as NULL.
    var columns: [Field: String]
    /// The columns without which the table cannot be read.
    var required: [String]

    /// DESIGN.md §3's `places` table.
    static let native = Layout(
        table: "places",
        columns: [
            .id: "id", .name: "name", .latitude: "latitude", .longitude: "longitude",
            .street: "street", .city: "city", .state: "state", .postal: "postal",
            .displayProximity: "display_proximity", .displayRadius: "display_radius",
            .goingNext: "going_next", .pinColor: "pin_color",
        ],
        required: ["id", "name", "latitude", "longitude"])

    /// The iOS app's Core Data entity FavoritePlace. Core Data has no pin colour.
    static let coreData = Layout(
        table: "ZFAVORITEPLACE",
        columns: [
            .id: "Z_PK", .name: "ZPLACENAME", .latitude: "ZLATITUDE", .longitude: "ZLONGITUDE",
            .street: "ZPLACESTREETADDRESS", .city: "ZPLACECITY", .state: "ZPLACESTATE",
            .postal: "ZPLACEPOSTAL", .displayProximity: "ZDISPLAYPROXIMITY",
            .displayRadius: "ZDISPLAYRADIUS", .goingNext: "ZGOINGNEXT",
        ],
        required: ["ZPLACENAME", "ZLATITUDE", "ZLONGITUDE"])

    /// The column of a field, `nil` when this layout or this file has none.
    func column(_ field: Field) -> String? { columns[field] }

    /// The layout with only the optional columns the table really has (lowercased names).
    func keeping(columnsIn present: Set<String>) -> Layout {
        var copy = self
        copy.columns = columns.filter { present.contains($0.value.lowercased()) }
        return copy
    }
}
