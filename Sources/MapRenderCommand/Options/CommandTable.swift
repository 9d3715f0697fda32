import MapCommandLine
import MapDataCommands

/// Every command of `maprender`, as a tree: the root (which renders), `render`, `fit`,
/// `places …`, `track …`, `batch`, `basemap …`, `config`, `completions` and `help`. Help, the completion scripts
/// and the man page are made from it; each command's options come from its option table.
enum CommandTable {
    /// maprender as help, the completion scripts and the man page see it.
    static let program = ProgramSpec(
        name: MapRenderCommand.name, version: MapRenderCommand.version, root: root,
        exitStatuses: ExitStatus.allCases.map { ExitStatusSpec(code: $0.rawValue, meaning: $0.meaning) })

    /// How a render is called.
    private static let renderUsage = "[render] [inputs…] [framing] [look] -o FILE"

    /// `--version`, which only the root takes.
    static let version = OptionSpec(["--version"], kind: .flag, section: .general, help: "print the version and exit")

    /// `maprender render`, the default command.
    static let render = CommandSpec(
        path: ["render"], summary: "draw one map and write it (the default command)", usage: [renderUsage],
        description: renderDescription, options: RenderOptions.table.specs,
        examples: ["--places examples/favorites.db -o map.png --sidecar map.json"])

    /// What help says about rendering.
    private static let renderDescription = [
        "Draws favorites, pins, circles, GeoJSON shapes and GPS tracks on an offline basemap, fitted to everything drawn "
            + "(pins and callouts included), and writes PNG, SVG or PDF.",
        "Latitude always comes first. Options take their value as the next word or after '=' (--size=1024x768). Output "
            + "files are written atomically: a failed run leaves nothing at the destination.",
    ]

    /// `maprender fit`.
    static let fit = CommandSpec(
        path: ["fit"], summary: "print the viewport a render would use, as JSON",
        usage: ["fit [inputs…] [framing] [--size WxH]"],
        description: [
            "Prints JSON with width, height, scale, center, zoom and bounds, without drawing anything. It takes the "
                + "options of render; the output options are accepted and ignored."
        ],
        options: RenderOptions.table.specs, examples: ["fit --places examples/favorites.db --size 640x480"])

    /// `maprender` itself.
    static let root = CommandSpec(
        path: [], summary: "render static maps of places, tracks, circles and pins",
        usage: [renderUsage, "--help | COMMAND --help | --version"], description: renderDescription,
        options: RenderOptions.table.specs + [version],
        subcommands: [
            render, fit, PlacesOptions.command, TrackOptions.command, BatchOptions.command, BasemapCommand.command,
            ConfigCommand.command, CompletionsCommand.command,
            HelpCommand.command,
        ],
        examples: render.examples)

    /// The command at `path` (`["places", "add"]`), or `nil`.
    static func command(at path: [String]) -> CommandSpec? {
        var command = root
        for name in path {
            guard let next = command.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }
}

extension CommandSpec {
    /// How maprender's command is called: `maprender places add`.
    var invocation: String { CommandTable.program.invocation(of: self) }
}
