import MapCommandLine
import MapErrors
import MapGeometry
import MapInputs
import MapRenderCore

/// The option tables of `maprender track stats|events`, and the track cleaning options that
/// `render` shares.
public enum TrackOptions {
    /// Which fixes are kept: taken by `render` (for `--gpx` and `--csv`) and by `track`.
    public static let cleaning = OptionTable<TrackInput>([
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
        .flag(
            "--keep-spikes", section: .cleaning,
            help: "keep single fixes that jump far out of line and straight back (dropped by default)"
        ) { $0.cleaning.dropsSpikes = false },
        .value(
            "--gap-time", valueName: "S|none", section: .cleaning, completion: .choices("none"),
            help:
                "a pause over S seconds (default 300) and 10 times the intervals around it is a gap: the line breaks there"
        ) { input, value throws(MapError) in
            input.cleaning.gapTime = try TrackInput.limit(value.text, option: value.option, isTime: true)
        },
        .value(
            "--gap-distance", valueName: "M|none", section: .cleaning, completion: .choices("none"),
            help: "a jump over M meters (default 1000) and 10 times the steps around it is a gap as well"
        ) { input, value throws(MapError) in
            input.cleaning.gapDistance = try TrackInput.limit(value.text, option: value.option)
        },
        .flag(
            "--split-at-gaps", section: .cleaning,
            help: "end the segment at each gap, so its distance is not counted (by default it is)"
        ) { $0.cleaning.splitsAtGaps = true },
        .flag(
            "--laps", section: .cleaning,
            help: "split FIT activities into a segment per lap (by default one per session, one per sport)"
        ) { $0.fitSegments = .laps },
        .value(
            "--since", valueName: "TIME", section: .cleaning,
            help: "only fixes at or after TIME: ISO 8601 (2026-12-01T08:00+02:00; without an offset in --timezone), "
                + "a date, now, or a span back from now (36h, 7d)"
        ) { input, value in input.windowOptions.since = value.text },
        .value(
            "--until", valueName: "TIME", section: .cleaning,
            help: "only fixes before TIME (the same forms as --since)"
        ) { input, value in input.windowOptions.until = value.text },
        .value(
            "--day", valueName: "DAY", section: .cleaning, completion: .choices("today", "yesterday"),
            help: "only the fixes of one calendar day in --timezone: YYYY-MM-DD, today or yesterday"
        ) { input, value in input.windowOptions.day = value.text },
        .value(
            "--timezone", valueName: "ZONE", section: .cleaning,
            help: "the IANA time zone of --day and of times without an offset (default the machine's)"
        ) { input, value in input.windowOptions.timeZone = value.text },
        // Fixes whose time does not advance used to be dropped as "stale"; they are kept now
        // (their steps count for distance, not for speeds), so the flag has nothing to do. It
        // is still accepted so that scripts written for it keep working.
        .flag(
            "--keep-stale", section: .cleaning,
            help: "deprecated, no effect: fixes whose time repeats or goes backwards are always kept"
        ) { _ in },
    ])

    /// `--json`, which both subcommands take.
    private static let json = BoundOption<TrackCommand.Arguments>.flag(
        "--json", section: .options, help: "JSON in meters, seconds and m/s, times ISO 8601"
    ) { $0.json = true }

    /// `--elevation`: where heights come from (render's option of the same name).
    public static func elevationSource(_ value: OptionValue) throws(MapError) -> ElevationSource {
        guard let source = ElevationSource(rawValue: value.text) else {
            throw MapError(
                .invalidRequest, "\(value.option): '\(value.text)' is not auto, track or terrain",
                remedy: "give auto (the default), track or terrain")
        }
        return source
    }

    /// The help of `--elevation`, render's and `track stats`'s.
    public static let elevationHelp =
        "where heights come from: track (the recorded ones), terrain (the --terrain archive's, for every fix),"
        + " auto (default): the track's own, the terrain's for a track without any"

    /// `--elevation`, `--terrain` and `--basemaps-dir` of `track stats`.
    private static let heights: [BoundOption<TrackCommand.Arguments>] = [
        .value(
            "--elevation", valueName: "auto|track|terrain", section: .options,
            completion: .choices(ElevationSource.allCases.map(\.rawValue)), help: elevationHelp
        ) { arguments, value throws(MapError) in arguments.elevation = try elevationSource(value) },
        .value(
            "--terrain", valueName: "ARCHIVE|auto|none", section: .options,
            completion: ValueCompletion.choices(["auto", "none"]).orFiles("pmtiles", "mbtiles"),
            help: "the elevation archive terrain heights are read from; auto (default): the installed one covering"
                + " the tracks; none: no terrain heights"
        ) { arguments, value in arguments.terrain = value.text == "none" ? nil : value.text },
        .value(
            "--basemaps-dir", valueName: "DIR", section: .options, completion: .directories,
            help: "where --terrain auto looks for installed elevation archives (as render's option)"
        ) { arguments, value in arguments.basemapsDirectory = value.text },
    ]

    /// `track stats`.
    static let stats = OptionTable<TrackCommand.Arguments>(
        [json] + heights + cleaning.lifted(\TrackCommand.Arguments.input))

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
        name: "FILE…", help: "a track file (GPX, TCX, FIT, KML/KMZ, CSV, GeoJSON, location history), or a folder",
        completion: ValueCompletion.files(TrackFiles.folderExtensions).orDirectories)

    /// `maprender track`.
    public static let command = CommandSpec(
        path: ["track"], summary: "measure recorded tracks and replay them against geofences",
        usage: ["track stats|events FILE…"],
        description: [
            "FILE is a track file — GPX, TCX, FIT, KML or KMZ, location CSV, timed GeoJSON, Google location history, an "
                + "OwnTracks recording or export, an Overland batch — or a folder (its track files, sorted by name; an "
                + "OwnTracks store: the months the time window needs). "
                + "Several files are measured together, as one journey. The fixes are cleaned first, as render cleans them.",
            "Distance is the sum of the WGS84 geodesic steps between the kept fixes of each recorded segment (a GPX "
                + "trkseg), whatever the sampling: fixes a second or an hour apart, a meter or 20 km apart, all count. "
                + "Nothing is counted between two recorded segments: the recorder stopped there.",
            "Cleaning drops a fix only when its position is bad: an invalid one; one less accurate than "
                + "--max-accuracy; an exact duplicate of the fix before it (same time, same place); a spike, one fix "
                + "out of line by over 10 times the steps around it (compared as speeds when timed) whose next fix is "
                + "back near the one before it, e.g. 1 km off and back between fixes 8 s and 40 m apart; and with "
                + "--distance-filter M, fixes closer than M to the last kept one.",
            "A step whose time repeats or goes backwards (15:00:08 then 15:00:08, or 15:00:16 then 15:00:04) is "
                + "kept for distance and drawing but left out of speeds and moving time; the cleaning line counts "
                + "such steps.",
            "A gap, a pause over --gap-time or a jump over --gap-distance that is also over 10 times the steps "
                + "around it (20 minutes without a fix in a ride logged every 8 s, but not an hour between fixes "
                + "logged hourly), breaks the drawn line and is not moving time; its distance counts unless "
                + "--split-at-gaps.",
        ],
        subcommands: [
            CommandSpec(
                path: ["track", "stats"], summary: "distance, duration, speeds and elevation of tracks",
                usage: ["track stats FILE… [cleaning] [--json]"],
                description: [
                    "Prints distance (WGS84 geodesic, altitude ignored), duration, moving time, average, moving and maximum "
                        + "speed, elevation gain and loss (3 m hysteresis), start and end, and what cleaning dropped or "
                        + "found (see maprender track --help for the rules). Text in km, h:mm:ss and km/h; --json in "
                        + "meters, seconds and m/s, times ISO 8601.",
                    "A track without recorded heights (a phone's log, a KML line, a CSV without altitudes) takes the "
                        + "ground's from an elevation archive: --terrain ARCHIVE, else the installed one covering it "
                        + "(maprender basemap add). --elevation terrain takes every height from it, --elevation track "
                        + "none; the output says where the heights came from.",
                ],
                options: stats.specs, operands: [files],
                examples: [
                    "track stats examples/denver-ride.gpx", "track stats --json ~/tracks/2026-11/",
                    "track stats --terrain examples/santiago/santiago-terrain.pmtiles examples/santiago/manquehue-hike.csv",
                ]),
            CommandSpec(
                path: ["track", "events"], summary: "geofence enter and exit events, in order along the tracks",
                usage: ["track events --places DB FILE… [--cushion M] [cleaning] [--json]"],
                description: [
                    "Replays the tracks against every favorite with a geofence radius (display_radius) and prints enter "
                        + "and exit events in the order they happened along the tracks: time (or 'no time' for a fix "
                        + "without one), enter|exit, place, latitude,longitude. Tracks with times are taken in time "
                        + "order; a track without any keeps its place among the files and tracks given. A region larger "
                        + "than 400 km is clamped with a warning, as Core Location clamps to its maximum monitoring distance."
                ],
                options: events.specs, operands: [files],
                examples: ["track events --places examples/favorites.db examples/denver-ride.gpx"]),
        ],
        examples: [
            "track stats --max-accuracy none --keep-spikes examples/denver-ride.gpx",
            "track stats --gap-time 600 --split-at-gaps ~/tracks/commute.gpx",
        ])
}
