/// An error any stage of the renderer reports: what went wrong, where, and what to do.
///
/// Library code throws these and never prints or exits; the command maps `code` to a
/// sysexits status in exactly one place.
public struct MapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, which decides the process exit status.
    public enum Code: Hashable, Sendable {
        /// The command line or a request is malformed (EX_USAGE, 64).
        case usage
        /// An input exists but its content is wrong (EX_DATAERR, 65).
        case badData
        /// An input file does not exist or cannot be opened (EX_NOINPUT, 66).
        case missingInput
        /// A needed service or resource is unavailable (EX_UNAVAILABLE, 69).
        case unavailable
        /// An output file cannot be created (EX_CANTCREAT, 73).
        case cannotCreate
        /// Reading or writing failed part-way (EX_IOERR, 74).
        case ioError
        /// Anything unexpected (EX_SOFTWARE, 70).
        case internalError
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong, naming the file and the position in it when there is one.
    public var message: String
    /// What the user can do about it, or `nil` when the message says it all.
    public var remedy: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, remedy: String? = nil) {
        self.code = code
        self.message = message
        self.remedy = remedy
    }

    /// The message followed by the remedy, as one line.
    public var description: String {
        guard let remedy else { return message }
        return "\(message); \(remedy)"
    }
}
