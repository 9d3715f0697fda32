import MapCommandLine
import MapErrors

/// `maprender basemap …`: the basemaps `--basemap auto` draws on.
enum BasemapCommand {
    /// `maprender basemap`.
    static let command = CommandSpec(
        path: ["basemap"], summary: "install, list and remove the basemaps maps are drawn on",
        usage: ["basemap add|list|remove …"],
        description: [
            "Installed vector tile archives are found by default: a map is drawn on the one that covers it (--basemap "
                + "auto), else on the embedded world."
        ],
        subcommands: BasemapStoreCommand.subcommands)

    /// Runs with the words after `basemap`.
    static func run(_ words: [String]) throws(MapError) {
        let subcommand = try CommandTable.program.subcommand(of: command, in: words)
        try BasemapStoreCommand.run(subcommand.name, words)
    }
}
