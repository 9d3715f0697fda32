/// An exit status a program documents: help and the man page list each with its meaning.
public struct ExitStatusSpec: Sendable, Equatable {
    /// The status the process exits with.
    public var code: Int32
    /// What it means to a user, in a few words.
    public var meaning: String

    /// Documents a status.
    public init(code: Int32, meaning: String) {
        self.code = code
        self.meaning = meaning
    }
}
