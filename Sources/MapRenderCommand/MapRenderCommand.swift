#if canImport(Glibc)
    import Glibc
#endif
import MapRenderCairo
import MapRenderCore
import MapErrors

/// The `maprender` command: reads the arguments, runs a subcommand, and turns any error
/// into one `error:` line and a sysexits status.
public enum MapRenderCommand {
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
            Console.printError("error: \(error)")
            return ExitStatus(error).rawValue
        }
    }

    private static func dispatch(_ arguments: [String]) throws(MapError) {
        var words = arguments
        let command = words.first.flatMap { ["render", "fit", "help", "track", "batch", "places"].contains($0) ? $0 : nil }
        if command != nil { words.removeFirst() }
        if words.contains("--help") || words.contains("-h") || command == "help" {
            Console.print(HelpText.text(for: command == "help" ? words.first : command))
            return
        }
        if words == ["--version"] {
            Console.print("maprender \(version)")
            return
        }
        if command == nil || command == "render" {
            // A render measures text on this thread: start fontconfig now, before the
            // arguments are even parsed (RenderCommand explains why).
            CairoRenderer.startLoadingFonts()
        }
        if command == "track" { return try TrackCommand.run(words) }
        if command == "batch" { return try BatchCommand.run(words) }
        if command == "places" { return try PlacesCommand.run(words) }
        if command == nil, let first = words.first, !first.hasPrefix("-") {
            var message = "unknown command '\(first)'"
            if let guess = suggestion(for: first, among: ["render", "fit", "help", "track", "batch", "places"]) { message += "; did you mean '\(guess)'?" }
            throw MapError(.invalidRequest, message, remedy: "see 'maprender --help'")
        }
        if words.isEmpty {
            throw MapError(.invalidRequest, "nothing to draw", remedy: "try 'maprender --places favs.db -o map.png', or see 'maprender --help'")
        }
        var cursor = ArgumentCursor(words)
        let request = try RenderRequest(parsing: &cursor)
        if command == "fit" {
            try FitCommand.run(request)
        } else {
            try RenderCommand.run(request)
        }
    }
}
