/// A parsed JSON value that remembers where it stood in its file.
///
/// Produced by `JSONDocument` (RFC 8259). Objects keep their members in file order, so
/// diagnostics and round trips follow the file; duplicate keys never get this far (the
/// parser rejects them). Positions are 1-based; columns count Unicode scalars, not bytes,
/// so they match what an editor shows for text with accents or CJK in strings.
public struct JSONNode: Hashable, Sendable {
    /// A line and column in a text file, both counted from 1.
    public struct Position: Hashable, Sendable, CustomStringConvertible {
        // 32-bit storage keeps a node at 32 bytes: a 50 MB GeoJSON holds millions of them.
        private var storedLine: UInt32
        private var storedColumn: UInt32

        /// The line, from 1.
        public var line: Int {
            get { Int(storedLine) }
            set { storedLine = UInt32(clamping: newValue) }
        }

        /// The column, from 1, in Unicode scalars.
        public var column: Int {
            get { Int(storedColumn) }
            set { storedColumn = UInt32(clamping: newValue) }
        }

        /// Creates a position.
        public init(line: Int, column: Int) {
            storedLine = UInt32(clamping: line)
            storedColumn = UInt32(clamping: column)
        }

        /// "line:column", the way compilers and editors print positions.
        public var description: String { "\(line):\(column)" }
    }

    /// One `"key": value` pair of an object.
    public struct Member: Hashable, Sendable {
        /// The key, unescaped.
        public var key: String
        /// Where the key's opening quote stands, for errors about the key itself.
        public var keyPosition: Position
        /// The value.
        public var value: JSONNode

        /// Creates a member.
        public init(key: String, keyPosition: Position, value: JSONNode) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    /// The kinds of JSON value (RFC 8259 §3).
    public enum Value: Hashable, Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number; always finite (JSON has no NaN or Infinity, RFC 8259 §6).
        case number(Double)
        /// A string, unescaped.
        case string(String)
        /// An array.
        case array([JSONNode])
        /// An object, members in file order.
        case object([Member])
    }

    /// Where the value's first character stands.
    public var position: Position
    /// The value.
    public var value: Value

    /// Creates a node.
    public init(_ value: Value, position: Position) {
        self.value = value
        self.position = position
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The number, when the value is one.
    public var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The Boolean, when the value is one.
    public var bool: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    /// The elements, when the value is an array.
    public var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The members in file order, when the value is an object.
    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The member named `key`, when the value is an object that has one. A linear search:
    /// the objects of GeoJSON and styles are small.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The kind of value with an article, for messages: "a number", "an array", "null".
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Where a value sits inside a JSON document, written the way people read it:
/// `features[3].geometry.coordinates[0][2]`.
///
/// Built only when a message needs it: decoders pass the parent path and append a key or
/// index at the moment they throw, so valid input costs nothing.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down into a document.
    public enum Component: Hashable, Sendable {
        /// An object member.
        case key(String)
        /// An array element, from 0.
        case index(Int)
    }

    /// The steps from the root; empty for the root itself.
    public var components: [Component]

    /// Creates a path from its steps; `JSONPath()` is the root.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The root of a document.
    public static let root = JSONPath()

    /// Whether this is the root.
    public var isRoot: Bool { components.isEmpty }

    /// The path one member further down.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// The path one element further down.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// `features[3].geometry.coordinates[0][2]`; keys that are not plain names (letters,
    /// digits, `_`, `-`, `$`) are written `["key with spaces"]`; the root is empty.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if JSONPath.isPlainName(key) {
                    text += text.isEmpty ? key : "." + key
                } else {
                    text += "[" + JSONValue.string(key).serialized() + "]"
                }
            }
        }
        return text
    }

    /// Whether a key can be written bare, e.g. `marker-color`.
    private static func isPlainName(_ key: String) -> Bool {
        !key.isEmpty
            && key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
                    UInt8(ascii: "$"):
                    true
                default: false
                }
            }
    }
}
