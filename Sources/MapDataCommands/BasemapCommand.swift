import MapCommandLine
import MapErrors

/// `maprender basemap …`: tile archives for street maps and terrain. A small dispatcher: each
/// subcommand is one entry of `subcommands`, its help and the function that runs it.
public enum BasemapCommand {
    /// One subcommand: what help, completion and the man page say of it, and what runs it
    /// with the words after its name.
    struct Subcommand: Sendable {
        var spec: CommandSpec
        var run: @Sendable ([String], CommandHost) throws(MapError) -> Void
    }

    /// The subcommands, in the order help lists them.
    static let subcommands: [Subcommand] =
        [
            Subcommand(spec: BasemapExtractCommand.command, run: BasemapExtractCommand.run),
            Subcommand(spec: BasemapImportDEMCommand.command, run: BasemapImportDEMCommand.run),
        ]
        + BasemapStoreCommand.subcommands.map { spec in
            Subcommand(spec: spec) { words, host throws(MapError) in
                try BasemapStoreCommand.run(spec.name, words, host: host)
            }
        }

    /// `maprender basemap`.
    public static let command = CommandSpec(
        path: ["basemap"], summary: "street map and terrain archives: extract, import, add, list, remove",
        usage: ["basemap " + subcommands.map(\.spec.name).joined(separator: "|") + " …"],
        description: [
            "Works with PMTiles archives of vector tiles, the street maps --basemap draws: extract copies a region of an "
                + "archive, local or on a server, into a small archive of its own; add installs an archive, and every map "
                + "it covers is then drawn on it (--basemap auto, the default), every map elsewhere on the embedded world. "
                + "import-dem turns elevation models (GeoTIFF, SRTM .hgt) into a terrarium archive, which add installs "
                + "as terrain."
        ],
        subcommands: subcommands.map(\.spec))

    /// Runs with the words after `basemap`.
    public static func run(_ words: [String], host: CommandHost) throws(MapError) {
        let spec = try host.program.subcommand(of: command, in: words)
        guard let subcommand = subcommands.first(where: { $0.spec.name == spec.name }) else {
            throw MapError(.internalFailure, "basemap \(spec.name) has nothing to run it")
        }
        try subcommand.run(Array(words.dropFirst()), host)
    }
}
