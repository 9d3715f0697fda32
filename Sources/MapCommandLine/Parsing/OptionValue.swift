/// The value of one option occurrence, handed to the option's action.
public struct OptionValue {
    /// The value as given; empty for a flag.
    public var text: String
    /// The option's name as the user wrote it (`-o` or `--output`), for messages.
    public var option: String
}
