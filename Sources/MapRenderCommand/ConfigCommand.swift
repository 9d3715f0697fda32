import Foundation
import MapCommandLine
import MapDataCommands
import MapErrors

/// `maprender config`: the defaults of render, fit and batch from the configuration file and
/// `MAPRENDER_*` variables, and where each came from.
enum ConfigCommand {
    /// The options a file or variable may set: those of LOOK and BASEMAP, but for the ones
    /// about a single map (`--title`, `--format`), the time zone of the time window (a
    /// machine's users may live in another zone than its clock) and the elevation profile
    /// (`--profile`, `--profile-color`: a map without a track just has none) and where its
    /// heights come from (`--elevation`). Inputs,
    /// outputs, framing and the window itself are not.
    static let settable = RenderOptions.table.specs.filter { option in
        ([.look, .basemap].contains(option.section) && !["--title", "--format"].contains(option.name))
            || ["--timezone", "--profile", "--profile-color", "--elevation"].contains(option.name)
    }

    /// `maprender config`.
    static let command = CommandSpec(
        path: ["config"], summary: "show the defaults set by the configuration file and environment",
        usage: ["config"],
        description: [
            "render, fit and batch take defaults for their look and basemap options from "
                + "$XDG_CONFIG_HOME/maprender/config.json (default ~/.config/maprender/config.json; MAPRENDER_CONFIG=FILE "
                + "names another) and from MAPRENDER_<NAME> variables (MAPRENDER_BASEMAP, MAPRENDER_BASEMAP_STYLE). "
                + "The command line wins over the environment, which wins over the file.",
            "The file is a JSON object of long option names without dashes: {\"basemap\": \"osm\", \"size\": \"1024x768\", "
                + "\"offline\": true, \"attribution\": [\"© me\"]}. The keys are "
                + settable.map(OptionDefaults.key(of:)).joined(separator: ", ") + ".",
            "config prints every one of them with its value and where it came from. A bad file or variable is exit 78.",
        ],
        examples: ["config"])

    /// The defaults of this process, checked with render's own parsing.
    static func load() throws(MapError) -> OptionDefaults {
        let defaults = try OptionDefaults(
            settable: settable, known: RenderOptions.table.specs, program: MapRenderCommand.name, prefix: "MAPRENDER",
            environment: ProcessInfo.processInfo.environment)
        try defaults.validate { words throws(MapError) in
            var cursor = ArgumentCursor(words, programName: MapRenderCommand.name)
            _ = try RenderRequest(parsing: &cursor)
        }
        return defaults
    }

    /// Runs with the words after `config`.
    static func run(_ words: [String]) throws(MapError) {
        var cursor = ArgumentCursor(words, programName: MapRenderCommand.name)
        var none = 0
        try OptionTable<Int>([]).parse(&cursor, into: &none, command: "config") { _, word throws(MapError) in
            throw MapError(
                .invalidRequest, "config takes no operands (got '\(word)')", remedy: "run 'maprender config'")
        }
        let defaults = try load()
        Console.print("file: \(defaults.filePath)\(defaults.fileExists ? "" : " (none)")")
        let rows = settable.map { option in
            let entry = defaults.entries.first { $0.option == option }
            return (OptionDefaults.key(of: option), entry?.shownValue ?? "-", entry.map { "\($0.origin)" } ?? "default")
        }
        let keyWidth = (rows.map(\.0.count).max() ?? 0) + 2, valueWidth = (rows.map(\.1.count).max() ?? 0) + 2
        for (key, value, origin) in rows {
            Console.print(TrackCommand.padded(key, keyWidth) + TrackCommand.padded(value, valueWidth) + "(\(origin))")
        }
    }
}
