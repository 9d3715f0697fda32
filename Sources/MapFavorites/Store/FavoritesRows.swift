import Foundation
import MapGeometry
import MapRenderCore
import MapErrors
import MapSQLite

/// Reads favorites rows with every field (`PlaceStore` reads what a map needs), from the
/// native table or a Core Data store, and binds a place's fields for writing.
///
/// Reading is as lenient as `PlaceStore` where the map does not care (a missing optional
/// column reads as NULL, a pin colour is kept as written) and strict where it does: a row
/// without a name or without a valid coordinate is an error naming the row.
enum FavoriteRows {
    /// Where a layout keeps each field, in `Field` order; `nil` reads as NULL.
    struct Layout {
        var table: String
        var columns: [String?]
        var required: [String]

        /// DESIGN.md §3's table.
        static let native = Layout(
            table: "places",
            columns: [
                "id", "name", "street", "city", "state", "postal", "latitude", "longitude",
                "display_proximity", "display_radius", "going_next", "pin_color",
            ],
            required: ["name", "latitude", "longitude"])

        /// The iOS app's Core Data entity FavoritePlace; it has no pin colour.
        static let coreData = Layout(
            table: "ZFAVORITEPLACE",
            columns: [
                "Z_PK", "ZPLACENAME", "ZPLACESTREETADDRESS", "ZPLACECITY", "ZPLACESTATE", "ZPLACEPOSTAL",
                "ZLATITUDE", "ZLONGITUDE", "ZDISPLAYPROXIMITY", "ZDISPLAYRADIUS", "ZGOINGNEXT", nil,
            ],
            required: ["ZPLACENAME", "ZLATITUDE", "ZLONGITUDE"])
    }

    /// The fields in SELECT order.
    private enum Field: Int {
        case id, name, street, city, state, postal, latitude, longitude
        case displayProximity, displayRadius, goingNext, pinColor
    }

    /// The layout of a database's favorites table: `places` when present (it wins, as in
    /// `PlaceStore`), else `ZFAVORITEPLACE`; optional columns the file lacks read as NULL.
    static func layout(of database: SQLiteDatabase) throws -> Layout {
        let tables = try database.tableNames()
        let lowercased = Set(tables.map { $0.lowercased() })
        var layout: Layout
        if lowercased.contains("places") {
            layout = .native
        } else if lowercased.contains("zfavoriteplace") {
            layout = .coreData
        } else {
            let found = tables.isEmpty ? "found no tables" : "found: " + tables.joined(separator: ", ")
            throw MapError(
                .invalidData, "\(database.path): no favorites table (expected 'places' or 'ZFAVORITEPLACE'; \(found))",
                remedy: "give a database made by 'maprender places add' or 'places import', or a Core Data"
                    + " store exported from the app")
        }
        let present = Set(try database.columnNames(inTable: layout.table).map { $0.lowercased() })
        let missing = layout.required.filter { !present.contains($0.lowercased()) }
        guard missing.isEmpty else {
            throw MapError(
                .invalidData,
                "\(database.path): table \(layout.table) has no column " + missing.map { "'\($0)'" }.joined(separator: ", "),
                remedy: "the \(layout.table) table needs the columns \(layout.required.joined(separator: ", "))")
        }
        layout.columns = layout.columns.map { column in column.flatMap { present.contains($0.lowercased()) ? $0 : nil } }
        return layout
    }

    /// The rows, ordered by id; only the one with `id`, or those named exactly `name`, when
    /// given (both bound parameters).
    static func read(from database: SQLiteDatabase, layout: Layout, id: Int64? = nil, name: String? = nil) throws
        -> [FavoritePlace]
    {
        // Identifiers from the layouts above, checked against table_info: no value from the
        // file or the user is ever part of the SQL text.
        let quoted = { (column: String?) in column.map(SQLiteDatabase.quotedIdentifier) ?? "NULL" }
        let key = quoted(layout.columns[Field.id.rawValue] ?? "rowid")
        var sql = "SELECT " + layout.columns.dropFirst().map(quoted).joined(separator: ", ")
            + ", \(key) FROM \(SQLiteDatabase.quotedIdentifier(layout.table))"
        var parameters = [SQLiteValue]()
        if let id {
            sql += " WHERE \(key) = ?"
            parameters.append(.integer(id))
        } else if let name {
            sql += " WHERE \(quoted(layout.columns[Field.name.rawValue])) = ?"
            parameters.append(.text(name))
        }
        sql += " ORDER BY \(key)"
        return try database.query(sql, parameters) { row in try place(from: row, layout: layout, path: database.path) }
    }

    /// One row; the SELECT above puts the id last, so field n (n ≥ 1) is at column n − 1.
    private static func place(from row: Statement, layout: Layout, path: String) throws -> FavoritePlace {
        let idColumn = Field.pinColor.rawValue
        func value(_ field: Field) -> SQLiteValue { row.value(at: field.rawValue - 1) }
        func text(_ field: Field) -> String? {
            guard case .text(let text) = value(field) else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        func number(_ field: Field) -> Double? {
            switch value(field) {
            case .integer(let integer): return Double(integer)
            case .real(let real): return real
            case .text(let text): return Double(text.trimmingCharacters(in: .whitespaces))
            default: return nil
            }
        }
        func flag(_ field: Field) -> Bool {
            switch value(field) {
            case .integer(let integer): return integer != 0
            case .real(let real): return real != 0
            case .text(let text): return ["1", "true", "yes"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
            default: return false
            }
        }
        let id = row.int64(at: idColumn)
        let label = "\(path): \(layout.table) row \(layout.columns[0] ?? "rowid") \(id)"
        guard case .text(let name) = value(.name) else {
            throw MapError(.invalidData, "\(label): the name is \(value(.name))", remedy: "give the place a name")
        }
        func degrees(_ field: Field, limit: Double) throws -> Double {
            guard let degrees = number(field), degrees.isFinite, abs(degrees) <= limit else {
                let column = layout.columns[field.rawValue] ?? ""
                throw MapError(
                    .invalidData, "\(label): \(column) \(value(field)) is not a number of degrees in [-\(Int(limit)), \(Int(limit))]",
                    remedy: "fix or delete the row")
            }
            return degrees
        }
        let coordinate = Coordinate(latitude: try degrees(.latitude, limit: 90), longitude: try degrees(.longitude, limit: 180))
        let radius = number(.displayRadius).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        return FavoritePlace(
            id: id, name: name, street: text(.street), city: text(.city), state: text(.state), postal: text(.postal),
            coordinate: coordinate, showsProximity: flag(.displayProximity), radius: radius,
            isGoingNext: flag(.goingNext), pinColor: text(.pinColor))
    }

    /// A validated place's values in the order of the writer's INSERT and UPDATE columns:
    /// name, street, city, state, postal, latitude, longitude, display_proximity,
    /// display_radius, going_next, pin_color.
    static func values(of place: FavoritePlace) -> [SQLiteValue] {
        func text(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
        return [
            .text(place.name), text(place.street), text(place.city), text(place.state), text(place.postal),
            .real(place.coordinate.latitude), .real(place.coordinate.longitude),
            .integer(place.showsProximity ? 1 : 0), place.radius.map(SQLiteValue.real) ?? .null,
            .integer(place.isGoingNext ? 1 : 0), text(place.pinColor),
        ]
    }
}
