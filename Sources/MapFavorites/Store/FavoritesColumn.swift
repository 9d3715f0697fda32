/// The columns of the favorites table (DESIGN.md §3), in the table's order.
///
/// This is the one list of them: the schema's CREATE TABLE and its migrations, the row
/// reader's SELECT (for the native table and the Core Data store alike), the writer's
/// INSERT and UPDATE, and the CSV export's header are all built from it, so a column added
/// here reaches every one of them, and none can list the columns in another order.
package enum FavoritesColumn: Int, CaseIterable, Sendable {
    case id, name, street, city, state, postal, latitude, longitude
    case displayProximity, displayRadius, goingNext, pinColor

    /// The columns a place's fields are stored in: every one but the row id, which SQLite
    /// gives.
    package static let stored = allCases.filter { $0 != .id }

    /// The column's name in the native `places` table.
    package var name: String {
        switch self {
        case .id: "id"
        case .name: "name"
        case .street: "street"
        case .city: "city"
        case .state: "state"
        case .postal: "postal"
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .displayProximity: "display_proximity"
        case .displayRadius: "display_radius"
        case .goingNext: "going_next"
        case .pinColor: "pin_color"
        }
    }

    /// The column's name in the iOS app's Core Data table `ZFAVORITEPLACE`; `nil` for the
    /// pin colour, which the app does not store (its places are drawn red).
    package var coreDataName: String? {
        switch self {
        case .id: "Z_PK"
        case .name: "ZPLACENAME"
        case .street: "ZPLACESTREETADDRESS"
        case .city: "ZPLACECITY"
        case .state: "ZPLACESTATE"
        case .postal: "ZPLACEPOSTAL"
        case .latitude: "ZLATITUDE"
        case .longitude: "ZLONGITUDE"
        case .displayProximity: "ZDISPLAYPROXIMITY"
        case .displayRadius: "ZDISPLAYRADIUS"
        case .goingNext: "ZGOINGNEXT"
        case .pinColor: nil
        }
    }

    /// The column definition, as CREATE TABLE and ALTER TABLE ADD COLUMN take it.
    package var declaration: String {
        switch self {
        case .id: "id INTEGER PRIMARY KEY"
        case .name: "name TEXT NOT NULL"
        case .latitude: "latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90)"
        case .longitude: "longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180)"
        case .displayProximity: "display_proximity INTEGER NOT NULL DEFAULT 0"
        case .displayRadius: "display_radius REAL"
        case .goingNext: "going_next INTEGER NOT NULL DEFAULT 0"
        case .street, .city, .state, .postal, .pinColor: "\(name) TEXT"
        }
    }

    /// Whether a native table cannot do without the column: a row is not a place without a
    /// name and a coordinate, and the id is how every message names the row. The other
    /// columns read as NULL when a table lacks them (an older or hand-made table).
    package var isRequired: Bool {
        switch self {
        case .id, .name, .latitude, .longitude: true
        default: false
        }
    }
}
