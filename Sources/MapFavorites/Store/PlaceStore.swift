import Foundation
public import MapErrors
public import MapRenderCore
import MapSQLite

/// The favorites database, read: the places a user stored, for `--places` and for every
/// `maprender places` command that shows or exports them.
///
/// Two layouts are understood (DESIGN.md §3, `FavoritesLayout`): the native table `places`,
/// written by `maprender places add/import`, and the table `ZFAVORITEPLACE` of a Core Data
/// SQLite store exported from the iOS app (only `ZPLACENAME`, `ZLATITUDE` and `ZLONGITUDE`
/// are required; older stores lack some of the other columns; its places get red pins).
/// When a file has both tables, `places` wins. Places come back ordered by their id.
///
/// Every row goes through `FavoritesRowReader`, whose strict rules are the same for a map
/// and for a listing or an export: a bad value is an error naming the database, the table,
/// the row's id and the column, never a value read as something else.
///
/// Reading never changes the database file by a single byte (see `FavoritesFile`), and all
/// queries run in one read transaction, so they see one consistent snapshot even while
/// another program writes.
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
    /// absolute). Nothing is opened until `places()` or `favorites()`.
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

    /// Reads every place as a map draws it, ordered by id: `favorites()`, each as its
    /// `FavoritePlace.place`.
    ///
    /// - Throws: what `favorites()` throws.
    public func places() throws(MapError) -> [Place] {
        try favorites().map(\.place)
    }

    /// Reads every place with all its stored fields, ordered by id. An existing favorites
    /// table without rows gives `[]` (whether that is an error is the caller's decision).
    ///
    /// - Throws: `MapError` only, with a message starting with the path:
    ///   `.missingInput` when the file does not exist, is a directory or cannot be read;
    ///   `.invalidData` when it is not a SQLite database, is damaged, has no favorites table,
    ///   lacks a required column, or a row breaks a rule of `FavoritesRowReader` (a NULL
    ///   name, a bad latitude or longitude, radius, flag or pin colour; the message names
    ///   the table, the row's id, the column and the value);
    ///   `.unavailable` when a writer keeps the database locked longer than `busyTimeout`.
    public func favorites() throws(MapError) -> [FavoritePlace] {
        do {
            let database = try FavoritesFile.openReadOnly(path, busyTimeout: busyTimeout)
            return try database.inTransaction(.deferred) {
                let layout = try FavoritesLayout.find(in: database, path: path)
                return try FavoritesRowReader(layout: layout, path: path).read(from: database)
            }
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.internalFailure, "\(error)", at: InputLocation(file: path), remedy: "report this as a bug")
        }
    }
}
