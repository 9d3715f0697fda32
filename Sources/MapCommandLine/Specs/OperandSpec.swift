/// A word a command takes that is not an option: a file to read, a shell's name.
public struct OperandSpec: Sendable, Equatable {
    /// How help and the man page show it: `FILE…`, `MANIFEST.jsonl`.
    public var name: String
    /// What it is, in one line.
    public var help: String
    /// What a shell offers for it.
    public var completion: ValueCompletion

    /// Declares an operand.
    public init(name: String, help: String, completion: ValueCompletion) {
        self.name = name
        self.help = help
        self.completion = completion
    }
}
