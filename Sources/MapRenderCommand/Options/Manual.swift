import MapCommandLine

/// maprender(1), the man page `maprender help --man` prints: what is maprender's own
/// (the note on the commands, on exit statuses, ENVIRONMENT, FILES, SEE ALSO); the rest
/// comes from the command table.
enum Manual {
    /// The page.
    static var page: ManPage {
        let root = CommandTable.root
        return ManPage(
            program: CommandTable.program, date: "2026-11-29", generatingCommand: "maprender help --man",
            descriptionParagraphs: [
                "The commands are " + root.subcommands.map { Roff.bold($0.name) }.joined(separator: ", ")
                    + "; without one, maprender renders. " + Roff.bold("maprender COMMAND --help")
                    + " prints the help of any command, as the sections below give it."
            ],
            exitStatusNote: "maprender follows sysexits.h; an error is one line on standard error, "
                + Roff.code("error: …") + ".",
            sections: [environment, files],
            seeAlso: Roff.bold("sqlite3") + "(1), " + Roff.bold("man") + "(1); the README of the maprender sources.")
    }

    /// The variables maprender reads.
    private static let environment = ManualSection(
        "ENVIRONMENT",
        entries: [
            (Roff.bold("XDG_CACHE_HOME"), "Where the tile cache lives (default " + Roff.code("~/.cache") + ")."),
            (
                Roff.bold("XDG_DATA_HOME"),
                "Where installed basemaps live (default " + Roff.code("~/.local/share") + "; "
                    + Roff.bold("MAPRENDER_BASEMAPS_DIR") + " or " + Roff.code("--basemaps-dir") + " names the folder)."
            ),
            (
                Roff.bold("XDG_CONFIG_HOME") + ", " + Roff.bold("MAPRENDER_CONFIG"),
                "Where the configuration file is (default " + Roff.italic("~/.config/maprender/config.json")
                    + "); " + Roff.bold("MAPRENDER_CONFIG") + " names the file itself."
            ),
            (
                Roff.bold("MAPRENDER_") + Roff.italic("NAME"),
                "A default for a look or basemap option of render, fit and batch (" + Roff.bold("MAPRENDER_BASEMAP")
                    + ", " + Roff.bold("MAPRENDER_BASEMAP_STYLE")
                    + "): over the configuration file, under the command line; see " + Roff.bold("maprender config")
                    + "."
            ),
            (
                Roff.bold("MAPRENDER_BLOCK_CACHE_MB"),
                "The most megabytes of painted street basemap blocks " + Roff.code("batch")
                    + " keeps for its maps to reuse (default 64; 0 paints every map whole)."
            ),
            (
                Roff.bold("JOB_COMPLETION_INDEX") + ", " + Roff.bold("MAPRENDER_SHARD_COUNT") + ", "
                    + Roff.bold("JOB_COMPLETIONS"),
                Roff.code("batch --shard auto") + " in a Kubernetes Indexed Job."
            ),
            (
                Roff.bold("SLURM_ARRAY_TASK_ID") + ", " + Roff.bold("SLURM_ARRAY_TASK_MIN") + ", "
                    + Roff.bold("SLURM_ARRAY_TASK_MAX") + ", " + Roff.bold("SLURM_ARRAY_TASK_STEP") + ", "
                    + Roff.bold("SLURM_ARRAY_TASK_COUNT"),
                Roff.code("batch --shard auto") + " in a Slurm job array of a range (" + Roff.code("--array=0-3")
                    + ", " + Roff.code("--array=1-7:2") + "): task ID renders shard (ID - MIN) / STEP of COUNT; "
                    + "an array with gaps (" + Roff.code("--array=0,2,5") + ") is refused."
            ),
        ])

    /// The files maprender reads and writes.
    private static let files = ManualSection(
        "FILES",
        entries: [
            (
                Roff.italic("~/.cache/maprender/tiles.sqlite"),
                "The tile cache of HTTP basemaps: tiles, TileJSON documents, and the ranges of PMTiles archives on"
                    + " servers, kept under the archive's ETag (" + Roff.code("--tile-cache") + ")."
            ),
            (
                Roff.italic("~/.config/maprender/config.json"),
                "Defaults for render, fit and batch: a JSON object of long option names without dashes, e.g. "
                    + Roff.code("{\"basemap\": \"osm\", \"offline\": true}") + " (" + Roff.bold("maprender config")
                    + ")."
            ),
            (
                Roff.italic("~/.local/share/maprender/basemaps/"),
                "Installed basemaps (" + Roff.bold("maprender basemap add") + "): " + Roff.italic("NAME.json")
                    + " with the archive's layers, bounds and zooms, beside its copy; " + Roff.code("--basemap auto")
                    + " (the default) draws on the one that covers the map."
            ),
            (
                Roff.italic("FAVORITES.db"),
                "A favorites database: the native " + Roff.bold("places")
                    + " table, or a Core Data store exported from the iOS app; "
                    + "rendering opens it read-only."
            ),
        ])
}
