internal import CSQLite3
import Foundation
import MapErrors

// A small wrapper over the sqlite3 C API, used by the favorites reader and meant to be
// reused for the writers (`places add/import`) and the HTTP tile cache.
//
// Rules it keeps:
// - User values only ever reach SQLite as bound parameters (`?`), never inside SQL text.
//   The SQL strings passed to `prepare`/`execute` are constants of this module, or are put
//   together from identifiers this module knows (column names checked against
//   `PRAGMA table_info`), quoted with `quotedIdentifier(_:)`.
// - Every failure is a `MapError` whose message starts with the database path as the caller
//   gave it, and whose code follows the sysexits mapping of DESIGN.md §2.
// - Nothing is printed; the connection is closed in `deinit`.
//
// Not thread-safe: use one connection (and its statements) from one task at a time.

/// A value stored in, or bound to, an SQLite column or parameter.
package enum SQLiteValue: Hashable, Sendable, CustomStringConvertible {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double. SQLite stores NaN as NULL.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// How the value reads in an error message: `NULL`, `7`, `91.5`, `'abc'`,
    /// `a blob of 3 bytes`.
    package var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return "'\(value)'"
        case .blob(let bytes): return "a blob of \(bytes.count) bytes"
        }
    }

    /// Whether the value is SQL NULL.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension SQLiteValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(integerLiteral value: Int64) { self = .integer(value) }
    package init(floatLiteral value: Double) { self = .real(value) }
    package init(stringLiteral value: String) { self = .text(value) }
    package init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

/// One connection to an SQLite database file.
package final class SQLiteDatabase {
    /// How to open the file.
    package enum OpenMode: Sendable {
        /// Read only (`SQLITE_OPEN_READONLY`, URI `mode=ro`): the connection can never write
        /// the database file. The file must exist.
        case readOnly
        /// Read and write an existing file.
        case readWrite
        /// Read and write, creating the file when it does not exist.
        case readWriteCreate
    }

    /// How `inTransaction` begins its transaction (outermost level only).
    package enum TransactionKind: String, Sendable {
        /// Takes locks on first read/write; the only kind a read-only connection can use.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so a later write cannot fail with SQLITE_BUSY.
        case immediate = "IMMEDIATE"
        /// Excludes readers as well (rollback-journal mode).
        case exclusive = "EXCLUSIVE"
    }

    /// The column types `sqlite3_column_type` reports.
    package enum ColumnType: Sendable {
        case integer, real, text, blob, null
    }

    /// The path as the caller gave it; every error message starts with it.
    package let path: String
    /// The mode the connection was opened with.
    package let mode: OpenMode
    /// The `sqlite3 *` handle.
    let handle: OpaquePointer
    /// How many `inTransaction` calls are running, for nesting with savepoints.
    private var transactionDepth = 0

    /// Opens a database file.
    ///
    /// - Parameters:
    ///   - path: the file's path (relative to the current directory or absolute); it is
    ///     passed to SQLite as a `file:` URI with every special character percent-encoded.
    ///   - mode: read-only, read-write, or read-write-create.
    ///   - immutable: adds the URI parameter `immutable=1`: SQLite takes no locks and creates
    ///     no `-shm`/`-wal` file. Only correct when no other process changes the file while
    ///     it is open.
    ///   - busyTimeout: how long, in milliseconds, to wait for another connection's lock
    ///     before failing with SQLITE_BUSY.
    ///   - name: how messages name the file, when `path` is not that; `path` by default.
    ///     A read-only `path` of the form `/proc/self/fd/N` reads descriptor N (which the
    ///     caller keeps open until this returns), never a path it might name.
    /// - Throws: `MapError` (`.missingInput` when the file cannot be opened, and for
    ///   read-only connections also when SQLite would not open it read-only).
    package init(
        path opening: String, mode: OpenMode, immutable: Bool = false, busyTimeout: Int32 = 5_000,
        name: String? = nil
    )
        throws
    {
        let path = name ?? opening
        self.path = path
        self.mode = mode
        var flags = SQLITE_OPEN_URI
        var query = [String]()
        switch mode {
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
            query.append("mode=ro")
        case .readWrite:
            flags |= SQLITE_OPEN_READWRITE
            query.append("mode=rw")
        case .readWriteCreate:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            query.append("mode=rwc")
        }
        if immutable { query.append("immutable=1") }
        // A `/proc/self/fd/N` path is read from descriptor N itself, which SQLite's own VFS
        // would resolve back to a path (see DescriptorFileSystem).
        var uri = SQLiteDatabase.fileURI(forPath: opening, query: query)
        var fileSystem: String?
        if opening.hasPrefix("/proc/self/fd/"), let number = Int32(opening.dropFirst("/proc/self/fd/".count)),
            mode == .readOnly
        {
            // Never fall back to SQLite's own VFS here: it would open the path the link
            // names, which is the check-then-open race the descriptor was opened to avoid.
            guard DescriptorFileSystem.isRegistered else {
                throw MapError(
                    .internalFailure, "the read-only descriptor file system could not be registered with SQLite",
                    at: InputLocation(file: path))
            }
            uri = "file:\(DescriptorFileSystem.prefix)\(number)?" + query.joined(separator: "&")
            fileSystem = DescriptorFileSystem.name
        }

        var opened: OpaquePointer?
        let rc = sqlite3_open_v2(uri, &opened, flags, fileSystem)
        guard let opened else {
            throw MapError(
                .internalFailure, "cannot open the database (out of memory)", at: InputLocation(file: path),
                remedy: nil)
        }
        guard rc == SQLITE_OK else {
            let error = SQLiteDatabase.mapError(
                resultCode: sqlite3_extended_errcode(opened),
                sqliteMessage: String(cString: sqlite3_errmsg(opened)), path: path)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeout)

        if mode == .readOnly {
            // Belt and braces: the open flags make the main database read-only, and
            // query_only makes SQLite refuse any writing statement on this connection.
            guard sqlite3_db_readonly(handle, "main") == 1 else {
                throw MapError(
                    .internalFailure, "SQLite did not open the database read-only", at: InputLocation(file: path),
                    remedy: "report this as a bug")
            }
            try execute("PRAGMA query_only = ON")
        }
        // The schema of a file a user hands us is not trusted: no application-defined
        // functions from views or triggers (none are registered, but stay safe if some are).
        try execute("PRAGMA trusted_schema = OFF")
    }

    deinit {
        // close_v2 defers the close until every statement is finalized, so a Statement that
        // outlives us (it holds a strong reference, so it cannot) would still be safe.
        sqlite3_close_v2(handle)
    }

    // MARK: Statements

    /// Compiles one SQL statement. Put user values in `?` parameters and bind them.
    package func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
        guard let statement else {
            throw MapError(
                .internalFailure, "empty SQL statement", at: InputLocation(file: path), remedy: "report this as a bug")
        }
        return Statement(database: self, handle: statement)
    }

    /// Runs one statement with bound parameters to completion, discarding any rows.
    package func execute(_ sql: String, _ parameters: [SQLiteValue] = []) throws {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        while try statement.step() {}
    }

    /// Runs one statement with bound parameters and turns each row into a value.
    package func query<T>(
        _ sql: String, _ parameters: [SQLiteValue] = [], row: (Statement) throws -> T
    ) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        var rows = [T]()
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    /// Runs several constant SQL statements separated by semicolons (a schema, say).
    /// Never pass text containing user values; there is no way to bind parameters here.
    package func executeScript(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            throw SQLiteDatabase.mapError(
                resultCode: sqlite3_extended_errcode(handle), sqliteMessage: text, path: path)
        }
    }

    // MARK: Transactions

    /// Runs `body` inside a transaction: commits when it returns, rolls back when it throws
    /// (and rethrows). Nested calls use savepoints, so an inner failure undoes only the inner
    /// part when the outer body catches it.
    package func inTransaction<T>(
        _ kind: TransactionKind = .deferred, _ body: () throws -> T
    ) throws
        -> T
    {
        let depth = transactionDepth
        let savepoint = "maprender_savepoint_\(depth)"
        if depth == 0 {
            try execute("BEGIN \(kind.rawValue)")
        } else {
            try execute("SAVEPOINT \(savepoint)")
        }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let result: T
        do {
            result = try body()
        } catch {
            // The rollback's own failure (e.g. SQLite already rolled back after SQLITE_FULL)
            // must not hide the error that caused it.
            if depth == 0 {
                if !isAutocommit { try? execute("ROLLBACK") }
            } else {
                try? execute("ROLLBACK TO \(savepoint)")
                try? execute("RELEASE \(savepoint)")
            }
            throw error
        }
        if depth == 0 {
            do {
                try execute("COMMIT")
            } catch {
                if !isAutocommit { try? execute("ROLLBACK") }
                throw error
            }
        } else {
            try execute("RELEASE \(savepoint)")
        }
        return result
    }

    // MARK: Facts about the connection and the file

    /// Whether SQLite treats the main database of this connection as read-only.
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether no transaction is open.
    package var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// The rowid of the last successful INSERT on this connection.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// `PRAGMA user_version`, the schema version the application stored.
    package func userVersion() throws -> Int64 {
        try query("PRAGMA user_version") { $0.int64(at: 0) }.first ?? 0
    }

    /// Sets `PRAGMA user_version` (PRAGMA values cannot be bound; an integer is safe).
    package func setUserVersion(_ version: Int32) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// The names of the ordinary tables in the main schema, SQLite's own `sqlite_…` tables
    /// excluded, sorted. This is the first read of the file, so it is where a file that is
    /// not a database fails (SQLITE_NOTADB).
    package func tableNames() throws -> [String] {
        try query(
            """
            SELECT name FROM sqlite_schema
            WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """
        ) { $0.text(at: 0) ?? "" }
    }

    /// The column names of a table, in declaration order, as `PRAGMA table_info` reports
    /// them; empty when there is no such table. The table name is a bound parameter.
    package func columnNames(inTable table: String) throws -> [String] {
        try query("SELECT name FROM pragma_table_info(?1)", [.text(table)]) {
            $0.text(at: 0) ?? ""
        }
    }

    /// An identifier quoted for SQL text: `"name"`, with embedded quotes doubled.
    package static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Errors

    /// The `MapError` for a failed call on this connection.
    package func error(_ rc: Int32) -> MapError {
        let extended = sqlite3_extended_errcode(handle)
        // errcode reflects the most recent failure on this connection; rc is authoritative
        // for the primary code when the two disagree (they should not).
        let code = (extended & 0xFF) == (rc & 0xFF) ? extended : rc
        return SQLiteDatabase.mapError(
            resultCode: code, sqliteMessage: String(cString: sqlite3_errmsg(handle)), path: path)
    }

    /// Converts an SQLite result code into a `MapError` whose message starts with `path`.
    ///
    /// `.invalidData` for a file that is not a database or is damaged and for rejected values,
    /// `.missingInput` for a file that cannot be opened, `.unavailable` for a lock held too
    /// long, `.cannotCreate` for a write to a read-only file, `.ioFailure` for I/O and full
    /// disks, `.internalFailure` for everything else (an SQL mistake in this program).
    package static func mapError(resultCode: Int32, sqliteMessage: String, path: String) -> MapError {
        switch resultCode & 0xFF {
        case SQLITE_NOTADB:
            return MapError(
                .invalidData, "not a SQLite database (\(sqliteMessage))", at: InputLocation(file: path),
                remedy: "give the path of a SQLite database file")
        case SQLITE_CORRUPT:
            return MapError(
                .invalidData, "damaged SQLite database (\(sqliteMessage))", at: InputLocation(file: path),
                remedy: "restore the file from a backup, or try the sqlite3 shell's .recover")
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            return MapError(
                .missingInput, "cannot open the database (\(sqliteMessage))", at: InputLocation(file: path),
                remedy: "check that the file exists and that you may read it")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return MapError(
                .unavailable, "the database is locked (\(sqliteMessage))", at: InputLocation(file: path),
                remedy: "try again when the program writing it has finished")
        case SQLITE_READONLY:
            // SQLITE_READONLY_ROLLBACK, a function-like macro Swift does not import.
            if resultCode == SQLITE_READONLY | (3 << 8) {
                return MapError(
                    .ioFailure,
                    "the database has an unfinished transaction (\(sqliteMessage))", at: InputLocation(file: path),
                    remedy: "open it once read-write (e.g. with the sqlite3 shell) so SQLite can"
                        + " roll the transaction back")
            }
            return MapError(
                .cannotCreate, "cannot write the database (\(sqliteMessage))", at: InputLocation(file: path),
                remedy: "check that you may write the file and its directory")
        case SQLITE_FULL:
            return MapError(
                .ioFailure, "the disk is full (\(sqliteMessage))", at: InputLocation(file: path),
                remedy: "free some disk space and try again")
        case SQLITE_IOERR:
            return MapError(
                .ioFailure, "input/output error (\(sqliteMessage))", at: InputLocation(file: path),
                remedy: "check the disk and the file system")
        case SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE, SQLITE_TOOBIG:
            return MapError(.invalidData, "\(sqliteMessage)", at: InputLocation(file: path), remedy: nil)
        default:
            return MapError(
                .internalFailure, "SQLite error \(resultCode) (\(sqliteMessage))", at: InputLocation(file: path),
                remedy: "report this as a bug")
        }
    }

    // MARK: URIs

    /// The `file:` URI for a path: made absolute (so a leading `//` cannot be taken for a
    /// URI authority), every byte outside the unreserved set and `/` percent-encoded (so
    /// `?`, `#` and `%` in file names stay part of the name), and the query appended.
    package static func fileURI(forPath path: String, query: [String]) -> String {
        var absolute = path
        if !absolute.hasPrefix("/") {
            var directory = FileManager.default.currentDirectoryPath
            if !directory.hasSuffix("/") { directory += "/" }
            absolute = directory + path
        }
        var uri = "file://"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                uri += hex.count == 1 ? "%0\(hex)" : "%\(hex)"
            }
        }
        if !query.isEmpty { uri += "?" + query.joined(separator: "&") }
        return uri
    }
}

extension SQLiteDatabase {
    /// SQLITE_TRANSIENT: SQLite copies bound text and blobs before the call returns.
    static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }
}
