import Foundation
import MapCommandLine
import MapErrors
import MapFavorites
import MapFormats
import MapGeometry
import MapInputs
import MapRenderCore
import MapTiles

/// `maprender track stats|events …`: measures recorded tracks, or replays them against the
/// geofences of a favorites database.
public enum TrackCommand {
    /// What the command line gave `track stats` or `track events`.
    struct Arguments {
        /// The track files and how to clean them.
        var input = TrackInput()
        /// Whether to print JSON (`--json`).
        var json = false
        /// The favorites databases whose geofences `events` checks (`--places`).
        var placeDatabases: [String] = []
        /// How far beyond a region's radius a fix must be to exit it, in meters (`--cushion`).
        var cushion = GeofenceMonitor.defaultCushion
        /// Where heights come from (`--elevation`, `stats`).
        var elevation = ElevationSource.auto
        /// The elevation archive terrain heights come from (`--terrain`): a path, `auto`, or
        /// `nil` for none.
        var terrain: String? = "auto"
        /// The store `--terrain auto` looks in (`--basemaps-dir`).
        var basemapsDirectory: String?
    }

    /// Runs with the words after `track`.
    public static func run(_ words: [String], host: CommandHost) throws(MapError) {
        let command = try host.program.subcommand(of: TrackOptions.command, in: words)
        let table = command.name == "stats" ? TrackOptions.stats : TrackOptions.events
        var cursor = ArgumentCursor(Array(words.dropFirst()), programName: host.program.name)
        var arguments = Arguments()
        try table.parse(&cursor, into: &arguments, command: "track \(command.name)") {
            arguments, word throws(MapError) in
            // A word such as '-5' is no track file: it is refused as an option would be.
            if word.hasPrefix("-") && word != "-" {
                throw table.unknownOption(word, command: "track \(command.name)", programName: host.program.name)
            }
            arguments.input.paths.append(word)
        }
        if command.name == "stats" {
            try stats(arguments, host: host)
        } else {
            guard !arguments.placeDatabases.isEmpty else {
                throw MapError(
                    .invalidRequest, "track events needs --places DB",
                    remedy: "give the favorites database whose geofences to check")
            }
            try events(
                arguments.input, placeDatabases: arguments.placeDatabases, cushion: arguments.cushion,
                json: arguments.json)
        }
    }

    // MARK: - stats

    private static func stats(_ arguments: Arguments, host: CommandHost) throws(MapError) {
        let input = arguments.input
        var loaded = try input.loadCleaned()
        report(loaded.diagnostics)
        let heights = try TrackHeights.apply(
            arguments.elevation, terrain: arguments.terrain, basemapsDirectory: arguments.basemapsDirectory,
            options: HTTPTileOptions(userAgent: HTTPTileOptions.userAgent(version: host.userAgentVersion)),
            usesHeights: true, warnsWithoutHeights: false, to: &loaded.tracks)
        report(heights.diagnostics)
        let (files, report) = (loaded.files, loaded.report)
        let statistics = TrackStatistics(tracks: loaded.tracks)
        if arguments.json {
            let window = loaded.window.isUnbounded ? nil : (loaded.window, loaded.leftOut)
            Console.print(
                statsJSON(statistics, report: report, files: files, window: window, heights: heights)
                    .serialized(indent: 2))
            return
        }
        let s = statistics
        var rows: [(String, String)] = [
            ("files", files.joined(separator: ", ")),
            (
                "tracks",
                "\(s.trackCount) (\(s.segmentCount) segment\(s.segmentCount == 1 ? "" : "s"), \(s.fixCount) fixes)"
            ),
            ("distance", (s.distance / 1000).decimalString(places: 2) + " km"),
            ("duration", s.duration.map(clock) ?? "unknown (no timestamps)"),
            ("moving time", s.movingTime.map(clock) ?? "unknown"),
            ("average speed", s.averageSpeed.map(kilometersPerHour) ?? "unknown"),
            ("moving speed", s.movingSpeed.map(kilometersPerHour) ?? "unknown"),
            ("maximum speed", s.maximumSpeed.map(kilometersPerHour) ?? "unknown"),
            ("elevation gain", s.elevationGain.map { $0.decimalString(places: 0) + " m" } ?? "unknown (no altitudes)"),
            ("elevation loss", s.elevationLoss.map { $0.decimalString(places: 0) + " m" } ?? "unknown"),
            ("elevation", elevationRange(s)),
            ("heights from", heightsSummary(heights)),
            ("start", s.startTime.map(ISO8601Timestamp.string(from:)) ?? "unknown"),
            ("end", s.endTime.map(ISO8601Timestamp.string(from:)) ?? "unknown"),
            ("cleaning", TrackInput.summary(of: report, splitsAtGaps: input.cleaning.splitsAtGaps)),
        ]
        if !loaded.window.isUnbounded {
            rows.insert(("window", TrackFiles.windowSummary(loaded.leftOut, window: loaded.window)), at: rows.count - 1)
        }
        for (label, value) in rows {
            Console.print(padded(label, 16) + value)
        }
    }

    /// The stats as JSON: SI units (meters, seconds, meters per second), times ISO 8601,
    /// `null` for what the tracks cannot tell.
    static func statsJSON(
        _ s: TrackStatistics, report: TrackCleaningReport, files: [String],
        window: (TrackTimeWindow, TrackWindowCount)? = nil, heights: TrackHeights.Outcome? = nil
    ) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { .number(($0 * 1000).rounded() / 1000) } ?? .null }
        func time(_ date: Date?) -> JSONValue { date.map { .string(ISO8601Timestamp.string(from: $0)) } ?? .null }
        var members: [(String, JSONValue)] = [
            ("files", .array(files.map(JSONValue.string))),
            ("tracks", .number(Double(s.trackCount))), ("segments", .number(Double(s.segmentCount))),
            ("fixes", .number(Double(s.fixCount))),
            ("distance", number(s.distance)), ("moving_distance", number(s.movingDistance)),
            ("duration", number(s.duration)), ("moving_time", number(s.movingTime)),
            ("average_speed", number(s.averageSpeed)), ("moving_speed", number(s.movingSpeed)),
            ("maximum_speed", number(s.maximumSpeed)),
            ("elevation_gain", number(s.elevationGain)), ("elevation_loss", number(s.elevationLoss)),
            ("minimum_elevation", number(s.minimumElevation)), ("maximum_elevation", number(s.maximumElevation)),
            ("ascent_method", ascentMethodJSON(AscentMethod())),
        ]
        members += heights?.jsonMembers ?? []
        members += [
            ("start", time(s.startTime)), ("end", time(s.endTime)),
            (
                "cleaning",
                .object([
                    ("input_fixes", .number(Double(report.inputFixCount))),
                    ("kept_fixes", .number(Double(report.keptFixCount))),
                    ("invalid", .number(Double(report.invalidCount))),
                    ("inaccurate", .number(Double(report.inaccurateCount))),
                    ("duplicates", .number(Double(report.duplicateCount))),
                    ("spikes", .number(Double(report.spikeCount))),
                    ("too_close", .number(Double(report.tooCloseCount))),
                    ("repeated_time", .number(Double(report.repeatedTimeCount))),
                    ("backward_time", .number(Double(report.backwardTimeCount))),
                    ("gaps", .number(Double(report.gapCount))),
                ])
            ),
        ]
        if let (window, leftOut) = window {
            members.append(
                (
                    "window",
                    .object([
                        ("since", time(window.start)), ("until", time(window.end)),
                        ("outside", .number(Double(leftOut.outside))), ("untimed", .number(Double(leftOut.untimed))),
                    ])
                ))
        }
        return .object(members)
    }

    /// Prints what the readers said: warnings always, notes too.
    private static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            Console.printError("\(diagnostic.severity.rawValue): \(diagnostic.message)")
        }
    }

    /// Seconds as h:mm:ss.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let minutes = String(total / 60 % 60), secs = String(total % 60)
        return "\(total / 3600):" + String(repeating: "0", count: 2 - minutes.count) + minutes + ":"
            + String(repeating: "0", count: 2 - secs.count) + secs
    }

    private static func kilometersPerHour(_ metersPerSecond: Double) -> String {
        (metersPerSecond * 3.6).decimalString(places: 1) + " km/h"
    }

    /// How the elevation gain and loss were counted: `{"name", "threshold_meters", "smoothing"}`.
    static func ascentMethodJSON(_ method: AscentMethod) -> JSONValue {
        .object([
            ("name", .string(method.name)), ("threshold_meters", .number(method.threshold)),
            ("smoothing", .string(method.smoothing)),
        ])
    }

    /// "track", "terrain (NAME, zoom Z)", "none", for the stats text.
    static func heightsSummary(_ heights: TrackHeights.Outcome) -> String {
        let source = heights.report.source
        guard let archive = heights.archive, heights.report.tracksFromTerrain > 0 else {
            guard source == "none" else { return source }
            // Why there is no terrain height either, and the remedy, when an archive was looked for.
            guard let reason = heights.reason else { return "none (the track has no elevation)" }
            return "none (the track has no elevation; \(reason): give --terrain ARCHIVE or maprender basemap add one)"
        }
        let outside =
            heights.report.fixesOutside > 0 ? ", \(heights.report.fixesOutside) fixes outside it" : ""
        return "\(source) (\(archive.name), zoom \(heights.zoom)\(outside))"
    }

    private static func elevationRange(_ s: TrackStatistics) -> String {
        guard let low = s.minimumElevation, let high = s.maximumElevation else { return "unknown" }
        return "\(low.decimalString(places: 0)) to \(high.decimalString(places: 0)) m"
    }

    /// `text` followed by spaces up to `width` characters.
    public static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    // MARK: - events

    private static func events(
        _ input: TrackInput, placeDatabases: [String], cushion: Double, json: Bool
    ) throws(MapError) {
        var places: [Place] = []
        for path in placeDatabases {
            places += try PlaceStore.readPlaces(atPath: path)
        }
        let (regions, diagnostics) = CircularRegion.regions(for: places)
        guard !regions.isEmpty else {
            throw MapError(
                .invalidData, "\(placeDatabases.joined(separator: ", ")): no place has a geofence radius",
                remedy: "set display_radius (meters) on the places to monitor")
        }
        for diagnostic in diagnostics {
            Console.printError("\(diagnostic.severity.rawValue): \(diagnostic.message)")
        }
        let loaded = try input.loadCleaned()
        report(loaded.diagnostics)
        let tracks = loaded.tracks
        let events = GeofenceMonitor(regions: regions, cushion: cushion).events(for: tracks)
        if json {
            let list = events.map { event in
                JSONValue.object([
                    ("kind", .string(event.kind.rawValue)), ("place", .string(event.region.title)),
                    ("time", event.timestamp.map { .string(ISO8601Timestamp.string(from: $0)) } ?? .null),
                    ("latitude", .number(event.coordinate.latitude)),
                    ("longitude", .number(event.coordinate.longitude)),
                    ("track", .string(tracks[event.trackIndex].name ?? "")),
                ])
            }
            Console.print(JSONValue.object([("events", .array(list))]).serialized(indent: 2))
            return
        }
        let width = events.map { $0.region.title.count }.max() ?? 0
        // As wide as a timestamp ("2024-06-08T15:01:52Z"), so the columns line up.
        let noTime = padded("no time", 20)
        for event in events {
            let time = event.timestamp.map(ISO8601Timestamp.string(from:)) ?? noTime
            let kind = padded(event.kind.rawValue, 5)
            let title = padded(event.region.title, width)
            Console.print("\(time)  \(kind)  \(title)  \(event.coordinate)")
        }
    }
}
