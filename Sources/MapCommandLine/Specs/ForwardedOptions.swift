/// Options a command accepts and hands on to another command, with the words help and the
/// man page use for them instead of listing them again.
public struct ForwardedOptions: Sendable {
    /// The options, as the command they belong to declares them.
    public var options: [OptionSpec]
    /// The heading help prints above `helpText`: `RENDER OPTIONS (for every job)`.
    public var heading: String
    /// What help says about them, in one paragraph.
    public var helpText: String
    /// What the man page says about them: one paragraph, already in roff.
    public var manualText: String

    /// Describes forwarded options.
    public init(_ options: [OptionSpec], heading: String, helpText: String, manualText: String) {
        self.options = options
        self.heading = heading
        self.helpText = helpText
        self.manualText = manualText
    }
}
