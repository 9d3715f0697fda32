/// An error any stage of the renderer reports: what went wrong, where, and what to do.
///
/// Library code throws these and never prints or exits. The kind says what sort of failure
/// it is in the library's own terms; only a front end (the `maprender` command) decides
/// what a kind means to its users, such as an exit status.
public struct MapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What sort of failure this is.
    public enum Kind: Hashable, Sendable {
        /// A request or one of its values is malformed: an unknown option value, a
        /// coordinate out of range, an argument of the wrong shape.
        case invalidRequest
        /// An input exists but its content is wrong.
        case invalidData
        /// An input file does not exist or cannot be opened.
        case missingInput
        /// A needed service or resource is unavailable: a tile server, a geocoder, a tile
        /// that a strict render requires.
        case unavailable
        /// An output file cannot be created.
        case cannotCreate
        /// Reading or writing failed part-way.
        case ioFailure
        /// Anything unexpected: a bug, or the system out of a resource.
        case internalFailure
        /// A setting from a configuration file or an environment variable is wrong: the
        /// file is not valid JSON, a key is unknown, a value has the wrong type or shape.
        case invalidConfiguration
    }

    /// What sort of failure this is.
    public var kind: Kind
    /// What went wrong, without the location (see `location`).
    public var message: String
    /// Where in which input it went wrong, when the failure has a place.
    public var location: InputLocation?
    /// What the user can do about it, or `nil` when the message says it all.
    public var remedy: String?

    /// Creates an error of `kind` at `location`.
    public init(_ kind: Kind, _ message: String, at location: InputLocation? = nil, remedy: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.remedy = remedy
    }

    /// The location and the message, without the remedy: `file:line:column: message`.
    public var locatedMessage: String {
        location.map { "\($0): \(message)" } ?? message
    }

    /// The location, the message and the remedy, as one line:
    /// `file:line:column: message; remedy`.
    public var description: String {
        var text = locatedMessage
        if let remedy { text += "; \(remedy)" }
        return text
    }

    /// The same error placed at `location`: for an error found in a piece of a larger
    /// input, such as one line of a batch manifest parsed on its own.
    public func relocated(to location: InputLocation) -> MapError {
        var copy = self
        copy.location = location
        return copy
    }
}
