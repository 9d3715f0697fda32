import MapCommandLine
import MapDataCommands
import MapErrors
import MapRenderCairo
import MapRenderCore

#if canImport(Glibc)
    import Glibc
#endif

/// The `maprender` command: reads the arguments, runs a subcommand, and turns any error
/// into one `error:` line and a sysexits status.
public enum MapRenderCommand {
    /// The name the program is called by, in messages, help and the completion scripts.
    static let name = "maprender"

    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs with the process's arguments and exits with the resulting status.
    public static func main() -> Never {
        signal(SIGPIPE, SIG_IGN)
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs with the given arguments (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            try dispatch(arguments)
            return ExitStatus.success.rawValue
        } catch {
            Console.printError("error: " + ErrorWording.full(error))
            return ExitStatus(error).rawValue
        }
    }

    /// What the places and basemap commands take from maprender: its command tree and the
    /// configured `basemaps-dir`.
    static let dataCommandHost = CommandHost(program: CommandTable.program) { () throws(MapError) in
        try ConfigCommand.load().entries.first { $0.option.name == "--basemaps-dir" }?.values.last
    }

    private static func dispatch(_ arguments: [String]) throws(MapError) {
        var words = arguments
        let command = words.first.flatMap { CommandTable.root.subcommand(named: $0)?.name }
        if command != nil { words.removeFirst() }
        if words.contains("--help") || words.contains("-h") {
            Console.print(HelpCommand.text(forWords: command.map { [$0] + words } ?? []))
            return
        }
        if words == ["--version"] {
            Console.print("\(name) \(version)")
            return
        }
        if command == nil || command == "render" {
            // A render measures text on this thread: start fontconfig now, before the
            // arguments are even parsed (RenderCommand explains why).
            CairoRenderer.startLoadingFonts()
        }
        switch command {
        case "help": return try HelpCommand.run(words)
        case "completions": return try CompletionsCommand.run(words)
        case "track": return try TrackCommand.run(words, host: dataCommandHost)
        case "config": return try ConfigCommand.run(words)
        case "batch": return try BatchCommand.run(try ConfigCommand.load().words, words)
        case "places": return try PlacesCommand.run(words, host: dataCommandHost)
        case "basemap": return try BasemapCommand.run(words, host: dataCommandHost)
        default: break
        }
        if command == nil, let first = words.first, !first.hasPrefix("-") {
            throw MapError(
                .invalidRequest,
                "unknown command '\(first)'"
                    + DidYouMean.hint(DidYouMean.word(for: first, among: CommandTable.root.subcommandNames)),
                remedy: "see 'maprender --help'")
        }
        if words.isEmpty {
            throw MapError(
                .invalidRequest, "nothing to draw",
                remedy: "try 'maprender --places favs.db -o map.png', or see 'maprender --help'")
        }
        var cursor = ArgumentCursor(try ConfigCommand.load().words + words, programName: MapRenderCommand.name)
        let request = try RenderRequest(parsing: &cursor)
        if command == "fit" {
            try FitCommand.run(request)
        } else {
            try RenderCommand.run(request)
        }
    }
}
