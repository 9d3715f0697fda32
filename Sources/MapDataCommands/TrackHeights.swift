import Foundation
public import MapErrors
public import MapFormats
public import MapGeometry
public import MapRenderCore
public import MapTiles
import MapVectorSources

/// `--elevation auto|track|terrain` for `render` and `track stats`: the tracks given the
/// heights the option asks for, from the archive `--terrain` names (`auto`: the installed
/// elevation archive covering the tracks, `ElevationChoice`), and where they came from.
public enum TrackHeights {
    /// What the tracks' heights are and where they came from, for messages, `track stats
    /// --json` and the render's sidecar.
    public struct Outcome: Sendable {
        /// What `--elevation` asked for.
        public var requested: ElevationSource
        /// Which tracks and fixes took terrain heights.
        public var report = TrackElevation.Report()
        /// The archive the terrain heights were read from: its installed name (or its path)
        /// and where it is; `nil` when none was read.
        public var archive: (name: String, location: String)?
        /// Why that archive (or why none), when `--terrain auto` chose.
        public var reason: String?
        /// Warnings: tracks without heights, fixes outside the archive, tiles that failed.
        public var diagnostics: [Diagnostic] = []
        /// The zoom the heights were read at.
        public var zoom = 0

        /// The JSON members `track stats --json` and the sidecar's `profile` carry:
        /// `elevation_source` (`track`, `terrain`, `mixed`, `none`), and with terrain heights
        /// `elevation_archive` (name, location, the zoom read, fixes given heights, fixes
        /// outside it, the reason when chosen).
        public var jsonMembers: [(String, JSONValue)] {
            var members: [(String, JSONValue)] = [
                ("elevation_source", .string(report.source)), ("elevation_requested", .string(requested.rawValue)),
            ]
            if let archive, report.tracksFromTerrain > 0 || report.fixesOutside > 0 {
                var fields: [(String, JSONValue)] = [
                    ("name", .string(archive.name)), ("location", .string(archive.location)),
                    ("zoom", .number(Double(zoom))),
                    ("fixes", .number(Double(report.fixesFromTerrain))),
                    ("fixes_outside", .number(Double(report.fixesOutside))),
                ]
                if let reason { fields.append(("reason", .string(reason))) }
                members.append(("elevation_archive", .object(fields)))
            }
            return members
        }
    }

    /// Gives `tracks` the heights `source` asks for.
    ///
    /// - Parameters:
    ///   - terrain: `--terrain`: an archive's path, `auto` (the installed one covering the
    ///     tracks, from the store in `basemapsDirectory`), or `nil` for none.
    ///   - usesHeights: whether what is made shows heights (a profile, elevation colours,
    ///     statistics): only then are terrain heights read for `auto`.
    ///   - warnsWithoutHeights: whether a track left without heights is a warning (a map's
    ///     profile; `track stats` says it in its output instead).
    /// - Throws: `MapError` `.invalidRequest` for `terrain` with `--terrain none`;
    ///   `.missingInput` for `terrain` when no archive covers the tracks or the archive named
    ///   does not exist; `.invalidData` for `terrain` when the archive named has no height
    ///   under any fix, or is not an elevation archive.
    public static func apply(
        _ source: ElevationSource, terrain: String?, basemapsDirectory: String?, options: HTTPTileOptions,
        usesHeights: Bool, warnsWithoutHeights: Bool = true, to tracks: inout [Track]
    ) throws(MapError) -> Outcome {
        var outcome = Outcome(requested: source)
        let needs = TrackElevation.needsTerrain(tracks, source: source)
        // Nothing shows the heights: no archive is read for them (`terrain` still is, so that
        // its errors are the same whatever is drawn).
        guard needs.contains(true), usesHeights || source == .terrain else {
            outcome.report = TrackElevation.filled(tracks, source: source) { _ in nil }.report
            return outcome
        }
        let withoutCount = needs.filter { $0 }.count
        let which =
            source == .terrain
            ? "--elevation terrain"
            : withoutCount == 1 ? "a track has no elevation" : "\(withoutCount) tracks have no elevation"
        var location: String?
        var name: String?
        switch terrain {
        case nil:
            guard source != .terrain else {
                throw MapError(
                    .invalidRequest, "--elevation terrain needs an elevation archive, and --terrain is none",
                    remedy: "give --terrain ARCHIVE (or auto), or --elevation track")
            }
        case "auto"?:
            let installed = BasemapStoreCommand.store(directory: basemapsDirectory).installed().basemaps
            let choice = ElevationChoice.choose(among: installed, forTracks: zip(tracks, needs).filter(\.1).map(\.0))
            outcome.reason = choice.reason
            if let chosen = choice.archive {
                (location, name) = (chosen.location, chosen.name)
            } else if source == .terrain {
                throw MapError(
                    .missingInput, "--elevation terrain: \(choice.reason)",
                    remedy: "give --terrain ARCHIVE, or make one with 'maprender basemap import-dem DEM.tif -o"
                        + " terrain.pmtiles' and install it with 'maprender basemap add terrain.pmtiles'")
            }
        case let path?:
            (location, name) = (path, path)
        }
        guard let location, let name else {
            if usesHeights && warnsWithoutHeights {
                outcome.diagnostics.append(
                    Diagnostic(
                        .warning,
                        "\(which) and no elevation archive covers it (\(outcome.reason ?? "--terrain none")):"
                            + " its heights are unknown; give --terrain ARCHIVE or install one with maprender basemap add"
                    ))
            }
            outcome.report = TrackElevation.filled(tracks, source: .track) { _ in nil }.report
            return outcome
        }
        let heights = try TerrainHeights.open(archive: location, options: options)
        outcome.zoom = heights.zoom
        let (filled, report) = TrackElevation.filled(tracks, source: source) { heights.height(at: $0) }
        if report.tracksFromTerrain == 0 && source == .terrain {
            throw MapError(
                .invalidData, "has no heights under the track (it covers another area)", at: InputLocation(file: name),
                remedy: "give --terrain an elevation archive of the track's area (maprender basemap import-dem)")
        }
        tracks = filled
        outcome.report = report
        outcome.archive = (name, location)
        if report.fixesOutside > 0 {
            outcome.diagnostics.append(
                Diagnostic(
                    .warning,
                    "\(report.fixesOutside) of \(report.fixesOutside + report.fixesFromTerrain) fixes lie outside"
                        + " \(name): no height there, gaps in the profile"))
        }
        for group in TileFailure.grouped(heights.failures) {
            outcome.diagnostics.append(
                Diagnostic(.warning, "\(name): elevation tiles \(group.named) unreadable (\(group.reason))"))
        }
        return outcome
    }
}
