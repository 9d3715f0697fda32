import Foundation
public import MapErrors
import MapRenderCore
import MapSQLite

/// Changes a favorites database for `maprender places` (DESIGN.md §3). It writes; reading
/// places is `PlaceStore`'s, and the rows it must look at to remove one go through the same
/// `FavoritesRowReader`.
///
/// Every change is one SQLite transaction (`BEGIN IMMEDIATE`, so no other writer can slip
/// in between the checks and the writes): it happens entirely or, when anything fails, not
/// at all, and a database file this call created is removed again. Before writing, the
/// schema is created (a new or empty file, `PRAGMA user_version = 1`) or migrated (see
/// `FavoritesSchema`); a database of a newer schema version is refused.
///
/// A Core Data store exported from the iOS app (table `ZFAVORITEPLACE`) is never written:
/// every change throws before the file is opened for writing.
///
/// Values reach SQLite only as bound parameters. Places are validated
/// (`FavoritePlace.validated`) before the transaction starts.
///
/// ```swift
/// let favorites = FavoritesWriter(path: "favs.db")
/// let id = try favorites.add(FavoritePlace(name: "Home", coordinate: home))
/// ```
public struct FavoritesWriter: Sendable {
    /// The database path, as given; error messages start with it.
    public let path: String
    /// How long to wait, in milliseconds, for another program's lock before giving up.
    public var busyTimeout: Int32

    /// Creates a writer for the database at `path`; nothing is opened until a call.
    public init(path: String, busyTimeout: Int32 = 5_000) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    // MARK: Writing

    /// Adds one place and returns its new id. When the place is going next, every other
    /// place stops being so, in the same transaction.
    ///
    /// - Throws: `MapError` `.invalidData` for an invalid place (see `FavoritePlace.validated`),
    ///   `.invalidRequest` for a Core Data store, and what `add(contentsOf:)` lists.
    @discardableResult
    public func add(_ place: FavoritePlace) throws(MapError) -> Int64 {
        try add(contentsOf: [place])[0]
    }

    /// Adds many places in one transaction and returns their new ids, in order: all of them
    /// are stored, or (when any place is invalid or any write fails) none.
    ///
    /// - Parameter labels: how messages name each place (e.g. "stops.csv:4"), by index.
    /// - Throws: `MapError`: `.invalidData` for an invalid place, for more than one place marked
    ///   going next, for a file that is not a favorites database or has a newer schema;
    ///   `.invalidRequest` for a Core Data store; `.cannotCreate` when the file cannot be created or
    ///   written; `.unavailable` when another program holds the lock too long.
    @discardableResult
    public func add(contentsOf places: [FavoritePlace], labels: [String]? = nil) throws(MapError) -> [Int64] {
        var checked = [FavoritePlace]()
        for (index, place) in places.enumerated() {
            checked.append(try place.validated(label: labels?[index]))
        }
        let goingNext = checked.enumerated().filter { $0.element.isGoingNext }
        if goingNext.count > 1 {
            let names = goingNext.prefix(3).map { labels?[$0.offset] ?? "'\($0.element.name)'" }
            let more = goingNext.count > 3 ? ", …" : ""
            throw MapError(
                .invalidData,
                "\(goingNext.count) places are marked going next (\(names.joined(separator: ", "))\(more))",
                remedy: "mark at most one place as the one you are going to next")
        }
        return try write { database in
            if !goingNext.isEmpty { try database.execute("UPDATE places SET going_next = 0 WHERE going_next <> 0") }
            let columns = FavoritesColumn.stored
            let statement = try database.prepare(
                "INSERT INTO places (\(columns.map(\.name).joined(separator: ", ")))"
                    + " VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
            var ids = [Int64]()
            for place in checked {
                try statement.reset()
                try statement.bind(Self.values(of: place))
                try statement.step()
                ids.append(database.lastInsertRowID)
            }
            return ids
        }
    }

    /// Replaces the stored fields of places that already exist (matched by `id`), in one
    /// transaction. A place that becomes going next takes the mark from every other.
    ///
    /// - Throws: `MapError` `.invalidData` when a place has no id or no row has its id, and
    ///   the errors of `add(contentsOf:)`.
    public func update(_ places: [FavoritePlace]) throws(MapError) {
        var checked = [FavoritePlace]()
        for place in places {
            guard place.id != nil else {
                throw MapError(
                    .invalidData, "'\(place.name)' has no id to update", at: InputLocation(file: path),
                    remedy: "report this as a bug")
            }
            checked.append(try place.validated())
        }
        try write { database in
            let assignments = FavoritesColumn.stored.map { "\($0.name) = ?" }
            let statement = try database.prepare(
                "UPDATE places SET \(assignments.joined(separator: ", ")) WHERE id = ?")
            for place in checked {
                if place.isGoingNext {
                    try database.execute("UPDATE places SET going_next = 0 WHERE id <> ?", [.integer(place.id!)])
                }
                try statement.reset()
                try statement.bind(Self.values(of: place) + [.integer(place.id!)])
                try statement.step()
                guard database.changes == 1 else { throw notFound("no place with id \(place.id!)", database) }
            }
        }
    }

    /// Removes the place with `id` and returns it as it was.
    ///
    /// - Throws: `MapError` `.invalidData` naming the id when no place has it, or when its row
    ///   breaks a rule of `FavoritesRowReader` (the row is then left in place).
    @discardableResult
    public func removePlace(id: Int64) throws(MapError) -> FavoritePlace {
        try write { database in
            guard let place = try rows(in: database, .id(id)).first else {
                throw notFound("no place with id \(id)", database)
            }
            try database.execute("DELETE FROM places WHERE id = ?", [.integer(id)])
            return place
        }
    }

    /// Removes the place whose name is exactly `name` (case and spaces count) and returns it.
    ///
    /// - Throws: `MapError` `.invalidData` when no place has the name, or several do (their ids
    ///   are listed, so one can be removed by id), or a row with the name breaks a rule of
    ///   `FavoritesRowReader`.
    @discardableResult
    public func removePlace(named name: String) throws(MapError) -> FavoritePlace {
        try write { database in
            let matches = try rows(in: database, .name(name))
            guard let place = matches.first else { throw notFound("no place named '\(name)'", database) }
            guard matches.count == 1 else {
                throw MapError(
                    .invalidData,
                    "\(matches.count) places are named '\(name)' (ids "
                        + matches.compactMap { $0.id.map(String.init) }.joined(separator: ", ") + ")",
                    at: InputLocation(file: path), remedy: "remove one of them by its id")
            }
            try database.execute("DELETE FROM places WHERE id = ?", [.integer(place.id!)])
            return place
        }
    }

    /// The selected rows of the native table, read by the one row reader inside the write
    /// transaction.
    private func rows(in database: SQLiteDatabase, _ selection: FavoritesRowReader.Selection) throws -> [FavoritePlace]
    {
        try FavoritesRowReader(layout: try FavoritesLayout.find(in: database, path: path), path: path)
            .read(from: database, selection)
    }

    /// A validated place's values for `FavoritesColumn.stored`, in that order.
    private static func values(of place: FavoritePlace) -> [SQLiteValue] {
        func text(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
        return FavoritesColumn.stored.map { column in
            switch column {
            case .id: place.id.map(SQLiteValue.integer) ?? .null
            case .name: .text(place.name)
            case .street: text(place.street)
            case .city: text(place.city)
            case .state: text(place.state)
            case .postal: text(place.postal)
            case .latitude: .real(place.coordinate.latitude)
            case .longitude: .real(place.coordinate.longitude)
            case .displayProximity: .integer(place.showsProximity ? 1 : 0)
            case .displayRadius: place.radius.map(SQLiteValue.real) ?? .null
            case .goingNext: .integer(place.isGoingNext ? 1 : 0)
            case .pinColor: text(place.pinColor)
            }
        }
    }

    // MARK: - Transactions

    /// Runs `body` in one write transaction on a database whose schema is ready, creating
    /// the file when it does not exist and removing it again when anything fails.
    private func write<T>(_ body: (SQLiteDatabase) throws -> T) throws(MapError) -> T {
        let existed = try checkTarget()
        do {
            let database = try SQLiteDatabase(
                path: path, mode: existed ? .readWrite : .readWriteCreate, busyTimeout: busyTimeout)
            return try database.inTransaction(.immediate) {
                if existed { try checkIntact(database) }
                try prepareSchema(database)
                return try body(database)
            }
        } catch {
            var failure = FavoritesWriter.mapError(error, path: path)
            if !existed {
                // The connection is closed (released above), so nothing holds the file.
                for suffix in ["", "-journal", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: path + suffix)
                }
                // SQLite says "cannot open" when it cannot create: for an output that is 73.
                if failure.kind == .missingInput { failure.kind = .cannotCreate }
            }
            throw failure
        }
    }

    /// Whether the file exists; refuses folders, missing parent folders and Core Data
    /// stores, reading the latter's tables through a read-only connection so that the file
    /// is never opened for writing.
    private func checkTarget() throws(MapError) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let folder = (path as NSString).deletingLastPathComponent
            let parent = folder.isEmpty ? "." : folder
            guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw MapError(
                    .cannotCreate, "cannot create the database: no folder \(parent)", at: InputLocation(file: path),
                    remedy: "create the folder first")
            }
            return false
        }
        if isDirectory.boolValue {
            throw MapError(
                .cannotCreate, "is a folder, not a favorites database", at: InputLocation(file: path),
                remedy: "give the path of a database file")
        }
        let tables: Set<String> = try converting {
            Set(try FavoritesFile.openReadOnly(path, busyTimeout: busyTimeout).tableNames().map { $0.lowercased() })
        }
        if !tables.contains("places") && tables.contains("zfavoriteplace") {
            throw FavoritesWriter.coreDataRefusal(path)
        }
        return true
    }

    /// The error for any attempt to change a Core Data store.
    static func coreDataRefusal(_ path: String) -> MapError {
        MapError(
            .invalidRequest, "is a Core Data store exported from the iOS app; maprender reads it but never writes it",
            at: InputLocation(file: path),
            remedy: "export it with 'maprender places export' and import into a new database")
    }

    /// Refuses to write into a damaged file: SQLite notices damage only on the pages a
    /// statement reads, so an insert could succeed and spread it. `quick_check` reads every
    /// page once (O(N), milliseconds for a favorites database).
    private func checkIntact(_ database: SQLiteDatabase) throws {
        let problems = try database.query("PRAGMA quick_check(1)") { $0.text(at: 0) ?? "" }
        guard problems == ["ok"] else {
            throw MapError(
                .invalidData, "damaged SQLite database (\(problems.first ?? "quick_check failed"))",
                at: InputLocation(file: path),
                remedy: "restore the file from a backup, or try the sqlite3 shell's .recover")
        }
    }

    /// Creates or migrates the schema, inside the write transaction.
    private func prepareSchema(_ database: SQLiteDatabase) throws {
        let tables = try database.tableNames()
        let lowercased = Set(tables.map { $0.lowercased() })
        let version = try database.userVersion()
        if lowercased.contains("places") {
            if version != FavoritesSchema.currentVersion { try FavoritesSchema.migrate(database, from: version) }
        } else if lowercased.contains("zfavoriteplace") {
            throw FavoritesWriter.coreDataRefusal(path)  // checked before; the file may have changed
        } else if tables.isEmpty {
            if version > FavoritesSchema.currentVersion { try FavoritesSchema.migrate(database, from: version) }
            try FavoritesSchema.create(database)
        } else {
            throw MapError(
                .invalidData, "not a favorites database (no places table; found: \(tables.joined(separator: ", ")))",
                at: InputLocation(file: path),
                remedy: "give a database made by 'maprender places add', or a new file name")
        }
    }

    private func notFound(_ what: String, _ database: SQLiteDatabase) -> MapError {
        let count = (try? database.query("SELECT count(*) FROM places") { $0.int64(at: 0) }.first) ?? nil
        return MapError(
            .invalidData, "\(what) (the database holds \(count ?? 0) place\(count == 1 ? "" : "s"))",
            at: InputLocation(file: path),
            remedy: "see 'maprender places list --db \(path)'")
    }

    /// Runs `body`, turning any error into a `MapError`.
    private func converting<T>(_ body: () throws -> T) throws(MapError) -> T {
        do {
            return try body()
        } catch {
            throw FavoritesWriter.mapError(error, path: path)
        }
    }

    static func mapError(_ error: any Error, path: String) -> MapError {
        if let error = error as? MapError { return error }
        return MapError(.internalFailure, "\(error)", at: InputLocation(file: path), remedy: "report this as a bug")
    }
}
