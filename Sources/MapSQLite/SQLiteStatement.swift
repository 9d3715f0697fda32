internal import CSQLite3
import Foundation
import MapErrors

/// A compiled SQL statement. Keeps its database alive; finalized in `deinit` or by
/// `finalize()`.
package final class Statement {
    /// The connection the statement belongs to.
    package let database: SQLiteDatabase
    /// The `sqlite3_stmt *`, `nil` once finalized.
    private var handle: OpaquePointer?

    package init(database: SQLiteDatabase, handle: OpaquePointer) {
        self.database = database
        self.handle = handle
    }

    deinit {
        if let handle { sqlite3_finalize(handle) }
    }

    /// Releases the statement now. Calling it again does nothing.
    package func finalize() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    private func live() throws -> OpaquePointer {
        guard let handle else {
            throw MapError(
                .internalFailure, "statement used after finalize", at: InputLocation(file: database.path),
                remedy: "report this as a bug")
        }
        return handle
    }

    // MARK: Binding (parameter indexes start at 1, as in SQLite)

    /// Binds a value to the parameter at `index` (1-based).
    package func bind(_ value: SQLiteValue, at index: Int) throws {
        let statement = try live()
        let position = Int32(index)
        let rc: Int32
        switch value {
        case .null:
            rc = sqlite3_bind_null(statement, position)
        case .integer(let integer):
            rc = sqlite3_bind_int64(statement, position, integer)
        case .real(let real):
            rc = sqlite3_bind_double(statement, position, real)
        case .text(let text):
            // utf8CString always has a terminating NUL, so the base address is never nil
            // (a nil pointer would bind NULL instead of ''), and the explicit length keeps
            // embedded NULs.
            rc = text.utf8CString.withUnsafeBufferPointer {
                sqlite3_bind_text(
                    statement, position, $0.baseAddress, Int32($0.count - 1),
                    SQLiteDatabase.transient)
            }
        case .blob(let bytes):
            if bytes.isEmpty {
                rc = sqlite3_bind_zeroblob(statement, position, 0)
            } else {
                rc = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(
                        statement, position, $0.baseAddress, Int32($0.count),
                        SQLiteDatabase.transient)
                }
            }
        }
        guard rc == SQLITE_OK else { throw database.error(rc) }
    }

    /// Binds text, or NULL for `nil`.
    package func bind(_ value: String?, at index: Int) throws {
        try bind(value.map(SQLiteValue.text) ?? .null, at: index)
    }

    /// Binds a double, or NULL for `nil`.
    package func bind(_ value: Double?, at index: Int) throws {
        try bind(value.map(SQLiteValue.real) ?? .null, at: index)
    }

    /// Binds a 64-bit integer, or NULL for `nil`.
    package func bind(_ value: Int64?, at index: Int) throws {
        try bind(value.map(SQLiteValue.integer) ?? .null, at: index)
    }

    /// Binds NULL.
    package func bindNull(at index: Int) throws {
        try bind(SQLiteValue.null, at: index)
    }

    /// Binds values to parameters 1, 2, … in order.
    package func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() { try bind(value, at: offset + 1) }
    }

    /// Binds a value to a named parameter (`:name`, `@name` or `$name`, prefix included).
    package func bind(_ value: SQLiteValue, named name: String) throws {
        let index = sqlite3_bind_parameter_index(try live(), name)
        guard index > 0 else {
            throw MapError(
                .internalFailure, "no SQL parameter named \(name)", at: InputLocation(file: database.path),
                remedy: "report this as a bug")
        }
        try bind(value, at: Int(index))
    }

    // MARK: Running

    /// Advances to the next row: `true` when a row is available, `false` when done.
    @discardableResult
    package func step() throws -> Bool {
        let rc = sqlite3_step(try live())
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(rc)
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    package func reset() throws {
        sqlite3_reset(try live())
    }

    /// Sets every parameter back to NULL.
    package func clearBindings() throws {
        sqlite3_clear_bindings(try live())
    }

    // MARK: Columns of the current row (indexes start at 0, as in SQLite)

    /// How many columns the result has.
    package var columnCount: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_column_count(handle))
    }

    /// The name of a result column.
    package func columnName(at index: Int) -> String {
        guard let handle, let name = sqlite3_column_name(handle, Int32(index)) else { return "" }
        return String(cString: name)
    }

    /// The storage class of a column in the current row; `.null` detects NULL.
    package func columnType(at index: Int) -> SQLiteDatabase.ColumnType {
        guard let handle else { return .null }
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    /// Whether a column of the current row is NULL.
    package func isNull(at index: Int) -> Bool { columnType(at: index) == .null }

    /// A column as a 64-bit integer (SQLite's conversion; NULL reads as 0).
    package func int64(at index: Int) -> Int64 {
        guard let handle else { return 0 }
        return sqlite3_column_int64(handle, Int32(index))
    }

    /// A column as a double (SQLite's conversion; NULL reads as 0).
    package func double(at index: Int) -> Double {
        guard let handle else { return 0 }
        return sqlite3_column_double(handle, Int32(index))
    }

    /// A column as text, `nil` for NULL. Invalid UTF-8 is repaired with U+FFFD.
    package func text(at index: Int) -> String? {
        guard let handle, !isNull(at: index) else { return nil }
        // Text first, then bytes: that order gives the byte count of the UTF-8 form.
        guard let bytes = sqlite3_column_text(handle, Int32(index)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// A column as bytes, `nil` for NULL.
    package func blob(at index: Int) -> [UInt8]? {
        guard let handle, !isNull(at: index) else { return nil }
        let bytes = sqlite3_column_blob(handle, Int32(index))
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        guard let bytes, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// A column as it is stored, without conversion.
    package func value(at index: Int) -> SQLiteValue {
        switch columnType(at: index) {
        case .null: return .null
        case .integer: return .integer(int64(at: index))
        case .real: return .real(double(at: index))
        case .text: return .text(text(at: index) ?? "")
        case .blob: return .blob(blob(at: index) ?? [])
        }
    }
}
