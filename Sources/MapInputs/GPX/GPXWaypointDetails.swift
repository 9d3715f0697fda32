/// What a `wpt` holds beyond the `Place` a map draws of it, for readers that need more
/// than a map does (the favorites import reads addresses and geofences from extensions).
public struct GPXWaypointDetails: Hashable, Sendable {
    /// One element inside the waypoint's `<extensions>` with no element inside it.
    public struct ExtensionElement: Hashable, Sendable {
        /// The namespace its prefix (or the default namespace) is bound to where it stands;
        /// `""` for none, `nil` for a prefix the file never declared. Extensions are told
        /// apart by namespace, not by the prefix a file happens to use: vendors reuse local
        /// names (`street`, `City`) in their own namespaces.
        public var namespace: String?
        /// The local name, without a prefix.
        public var name: String
        /// The text, trimmed as every GPX text is.
        public var value: String

        /// Creates an extension element.
        public init(namespace: String?, name: String, value: String) {
            self.namespace = namespace
            self.name = name
            self.value = value
        }
    }

    /// The line of the `wpt` start tag.
    public var line: Int
    /// The extension elements, in file order.
    public var extensions: [ExtensionElement]

    /// Creates details.
    public init(line: Int, extensions: [ExtensionElement] = []) {
        self.line = line
        self.extensions = extensions
    }
}
