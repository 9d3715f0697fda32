import MapCommandLine
import MapErrors
import MapInputs
import MapRenderCore

/// The option tables of `maprender track stats|events`, and the track cleaning options that
/// `render` shares.
enum TrackOptions {
    /// Which fixes are kept: taken by `render` (for `--gpx` and `--csv`) and by `track`.
    static let cleaning = OptionTable<TrackInput>([
        .value(
            "--max-accuracy", valueName: "M|none", section: .cleaning, completion: .choices("none"),
            help:
                "drop fixes less accurate than M meters (default 100); fixes with a negative accuracy are always dropped"
        ) { input, value throws(MapError) in
            input.cleaning.maximumHorizontalAccuracy = try TrackInput.limit(value.text, option: value.option)
        },
        .value(
            "--distance-filter", valueName: "M|none", section: .cleaning, completion: .choices("none"),
            help: "drop fixes closer than M meters to the last kept one (default none)"
        ) { input, value throws(MapError) in
            input.cleaning.distanceFilter = try TrackInput.limit(value.text, option: value.option)
        },
        .flag("--keep-stale", section: .cleaning, help: "keep fixes whose time does not advance (dropped by default)") {
            $0.cleaning.dropsStaleFixes = false
        },
        .value(
            "--gap-time", valueName: "S|none", section: .cleaning, completion: .choices("none"),
            help: "a pause longer than S seconds starts a new segment (default 300)"
        ) { input, value throws(MapError) in
            input.cleaning.gapTime = try TrackInput.limit(value.text, option: value.option, isTime: true)
        },
        .value(
            "--gap-distance", valueName: "M|none", section: .cleaning, completion: .choices("none"),
            help: "a jump longer than M meters starts a new segment (default 1000)"
        ) { input, value throws(MapError) in
            input.cleaning.gapDistance = try TrackInput.limit(value.text, option: value.option)
        },
    ])

    /// `--json`, which both subcommands take.
    private static let json = BoundOption<TrackCommand.Arguments>.flag(
        "--json", section: .options, help: "JSON in meters, seconds and m/s, times ISO 8601"
    ) { $0.json = true }

    /// `track stats`.
    static let stats = OptionTable<TrackCommand.Arguments>([json] + cleaning.lifted(\TrackCommand.Arguments.input))

    /// `track events`.
    static let events = OptionTable<TrackCommand.Arguments>(
        [
            .repeatable(
                "--places", valueName: "DB", section: .options, completion: .files("db", "sqlite", "sqlite3"),
                help: "the favorites database whose geofences to check, opened read-only"
            ) { arguments, value in arguments.placeDatabases.append(value.text) },
            .value(
                "--cushion", valueName: "M", section: .options,
                help:
                    "exit only beyond radius + M meters (default 20; 0 for none), so GPS jitter along the boundary does not flap"
            ) { arguments, value throws(MapError) in
                arguments.cushion =
                    value.text.trimmingCharacters(in: " ") == "0"
                    ? 0 : try ValueParser.distance(value.text, option: value.option)
            },
            json,
        ] + cleaning.lifted(\TrackCommand.Arguments.input))

    /// The track files `track` reads.
    private static let files = OperandSpec(
        name: "FILE…", help: "a .gpx, .csv or .geojson file, or a folder of them (read in name order)",
        completion: ValueCompletion.files(TrackFiles.folderExtensions).orDirectories)

    /// `maprender track`.
    static let command = CommandSpec(
        path: ["track"], summary: "measure recorded tracks and replay them against geofences",
        usage: ["track stats|events FILE…"],
        description: [
            "FILE is a .gpx, .csv or .geojson file, or a folder (its .gpx, .csv and .geojson files, sorted by name). "
                + "Several files are measured together, as one journey. The fixes are cleaned first, as render cleans them."
        ],
        subcommands: [
            CommandSpec(
                path: ["track", "stats"], summary: "distance, duration, speeds and elevation of tracks",
                usage: ["track stats FILE… [cleaning] [--json]"],
                description: [
                    "Prints distance (WGS84 geodesic, altitude ignored), duration, moving time, average, moving and maximum "
                        + "speed, elevation gain and loss (3 m hysteresis), start and end, and what cleaning dropped. Text "
                        + "in km, h:mm:ss and km/h; --json in meters, seconds and m/s, times ISO 8601."
                ],
                options: stats.specs, operands: [files],
                examples: ["track stats examples/denver-ride.gpx", "track stats --json ~/tracks/2026-11/"]),
            CommandSpec(
                path: ["track", "events"], summary: "geofence enter and exit events along tracks, in time order",
                usage: ["track events --places DB FILE… [--cushion M] [cleaning] [--json]"],
                description: [
                    "Replays the tracks against every favorite with a geofence radius (display_radius) and prints enter "
                        + "and exit events in time order: time, enter|exit, place, latitude,longitude. A region larger "
                        + "than 400 km is clamped with a warning, as Core Location clamps to its maximum monitoring distance."
                ],
                options: events.specs, operands: [files],
                examples: ["track events --places examples/favorites.db examples/denver-ride.gpx"]),
        ])
}
