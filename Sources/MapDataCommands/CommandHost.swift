public import MapCommandLine
public import MapErrors

/// What the data commands need from the program that runs them: its command tree (for
/// subcommands, help words and the program's name and version) and the configured defaults
/// they honour.
public struct CommandHost: Sendable {
    /// The program: `maprender`'s command tree.
    public var program: ProgramSpec
    /// The `basemaps-dir` of the configuration file or environment, if any.
    public var configuredBasemapsDirectory: @Sendable () throws(MapError) -> String?

    /// Creates a host.
    public init(program: ProgramSpec, configuredBasemapsDirectory: @escaping @Sendable () throws(MapError) -> String?) {
        self.program = program
        self.configuredBasemapsDirectory = configuredBasemapsDirectory
    }

    /// The User-Agent of the program's HTTP requests.
    var userAgentVersion: String { program.version }
}
