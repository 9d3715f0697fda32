/// Where in an input something is: the file and, when known, the line and column, the
/// path to a JSON value, or the row of a database table.
///
/// Errors and warnings carry one as a value, so a front end can print it, point an editor
/// at it, or move it (a batch manifest's line) without parsing message text.
public struct InputLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it (a path, or a name such as `<stdin>`).
    public var file: String
    /// The line, from 1.
    public var line: Int?
    /// The column, from 1, in Unicode scalars of the line.
    public var column: Int?
    /// The JSON path of the value (`$.features[3].geometry`), for JSON inputs.
    public var jsonPath: String?
    /// The table and row id (`places row 12`), for database inputs.
    public var row: String?

    /// Creates a location in `file`.
    public init(file: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, row: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.row = row
    }

    /// `file:line:column`, then the JSON path or row after a colon:
    /// `map.json:3:14: $.features[0]`.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        if let jsonPath { text += ": \(jsonPath)" }
        if let row { text += ": \(row)" }
        return text
    }
}
