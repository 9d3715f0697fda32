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
    public init(parsing bytes: [UInt8], fileName: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth)
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
    public static func read(atPath path: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth)
        throws(MapError) -> JSONDocument
    {
        try JSONDocument(parsing: InputFile.read(atPath: path, what: "JSON"), fileName: path, maximumDepth: maximumDepth)
    }

    /// A `.invalidData` error about `node`: `file:line:column: path: message`, the path left
    /// out at the root.
    public func error(_ message: String, at node: JSONNode, path: JSONPath, remedy: String? = nil) -> MapError {
        error(message, at: node.position, path: path, remedy: remedy)
    }

    /// A `.invalidData` error at `position`: `file:line:column: path: message`, the path left
    /// out at the root.
    public func error(_ message: String, at position: JSONNode.Position, path: JSONPath, remedy: String? = nil)
        -> MapError
    {
        MapError(.invalidData, message, at: location(of: position, path: path), remedy: remedy)
    }

    /// Where `position` and `path` are in this file; the path is left out at the root.
    public func location(of position: JSONNode.Position, path: JSONPath) -> InputLocation {
        InputLocation(
            file: fileName, line: position.line, column: position.column, jsonPath: path.isRoot ? nil : "\(path)")
    }

    /// The name in `candidates` closest to `name` by edit distance, when it is close enough
    /// to be a likely typo (at most a third of its length, at least 2 edits allowed); for
    /// "did you mean" hints.
    package static func closestName(to name: String, among candidates: [String]) -> String? {
        let source = Array(name.lowercased().unicodeScalars)
        let limit = max(2, source.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length: skip what can never be
            // close enough, so a huge unknown key costs no quadratic work.
            guard abs(target.count - source.count) <= limit else { continue }
            // Levenshtein distance, one row at a time.
            var previous = Array(0...target.count)
            for (i, s) in source.enumerated() {
                var current = [i + 1] + Array(repeating: 0, count: target.count)
                for (j, t) in target.enumerated() {
                    current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (s == t ? 0 : 1))
                }
                previous = current
            }
            let distance = previous[target.count]
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= limit else { return nil }
        return best.name
    }
}
