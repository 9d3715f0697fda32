import Foundation
public import MapErrors

/// A JSON file parsed into `JSONNode`s that know their line and column, with the file's name
/// for messages.
///
/// The parser is strict RFC 8259: no comments, no trailing commas, no single quotes, no NaN
/// or Infinity, no duplicate keys, valid UTF-8 only (a leading byte-order mark is skipped,
/// as RFC 8259 §8.1 allows parsers to do). Every syntax error is a `MapError` `.invalidData`
/// whose message starts with `file:line:column:`, the form editors jump to.
///
/// ```swift
/// let document = try JSONDocument(parsing: bytes, fileName: "map.geojson")
/// let type = document.root["type"]?.string
/// ```
public struct JSONDocument: Sendable {
    /// How deep arrays and objects may nest by default. Deeper input is rejected with an
    /// error rather than exhausting the stack; no real GeoJSON or style comes close
    /// (MultiPolygon coordinates are 4 deep).
    public static let defaultMaximumDepth = 256

    /// The file name as given, the first part of every message.
    public var fileName: String
    /// The top-level value.
    public var root: JSONNode

    /// Parses a whole document.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text, optionally starting with a byte-order mark.
    ///   - fileName: Used only in messages.
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
    /// - Throws: `MapError` `.invalidData`, e.g.
    ///   `map.geojson:3:17: expected ',' or '}' after an object member, found ']'`.
    public init(
        parsing bytes: [UInt8], fileName: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth
    )
        throws(MapError)
    {
        self.fileName = fileName
        let result = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, maximumDepth: maximumDepth)
            return parser.parseDocument()
        }
        switch result {
        case .success(let root):
            self.root = root
        case .failure(let failure):
            let position = failure.position
            throw MapError(
                .invalidData, failure.message,
                at: InputLocation(file: fileName, line: position.line, column: position.column))
        }
    }

    /// Reads and parses the file at `path`; messages name the file by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` when the file is missing or unreadable,
    ///   `.invalidData` for a syntax error.
    public static func read(
        atPath path: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth
    )
        throws(MapError) -> JSONDocument
    {
        try JSONDocument(
            parsing: InputFile.read(atPath: path, what: "JSON"), fileName: path, maximumDepth: maximumDepth)
    }

    /// A `.invalidData` error about `node`: `file:line:column: path: message`, the path left
    /// out at the root.
    public func error(_ message: String, at node: JSONNode, path: JSONPath, remedy: String? = nil) -> MapError {
        error(message, at: node.position, path: path, remedy: remedy)
    }

    /// A `.invalidData` error at `position`: `file:line:column: path: message`, the path left
    /// out at the root.
    public func error(
        _ message: String, at position: JSONNode.Position, path: JSONPath, remedy: String? = nil
    )
        -> MapError
    {
        MapError(.invalidData, message, at: location(of: position, path: path), remedy: remedy)
    }

    /// Where `position` and `path` are in this file; the path is left out at the root.
    public func location(of position: JSONNode.Position, path: JSONPath) -> InputLocation {
        InputLocation(
            file: fileName, line: position.line, column: position.column, jsonPath: path.isRoot ? nil : "\(path)")
    }
}
