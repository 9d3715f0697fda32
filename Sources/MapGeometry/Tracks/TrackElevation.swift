/// Where the heights of tracks come from (`--elevation`): the tracks' own altitudes, the
/// ground under them (an elevation archive), or the first where a track has them.
///
/// `auto` decides per track, not per fix: a track with no valid altitude at all (a phone's
/// log, a KML line, a CSV without a height column) takes the ground's, and a track with
/// some keeps its own, its fixes without one left as gaps. Mixing the two within a track
/// would put steps into its line where a GPS or barometric height meets the model's (they
/// differ by metres, by tens where a device reports heights over the ellipsoid), and the
/// ascent would count every such step as a climb.
public enum ElevationSource: String, Hashable, Sendable, CaseIterable {
    /// The track's own heights where it has them; terrain heights for a track without any.
    case auto
    /// The track's own heights only (a track without them has none).
    case track
    /// Terrain heights for every fix, the recorded ones replaced.
    case terrain
}

/// Tracks given the heights of the ground under them, pure: the caller supplies the height
/// at a coordinate (`TerrainHeights` reads it from an elevation archive).
public enum TrackElevation {
    /// The vertical accuracy given a fix whose altitude is a terrain height, in metres: what
    /// the global 30 m models state (Copernicus DEM GLO-30: under 4 m absolute error at 90 %
    /// confidence), so the fix counts as having an altitude (`Location.hasValidAltitude`).
    public static let terrainVerticalAccuracy = 4.0

    /// What filling did to a set of tracks.
    public struct Report: Hashable, Sendable {
        /// The tracks whose heights are the terrain's.
        public var tracksFromTerrain = 0
        /// The tracks that keep their own heights.
        public var tracksFromRecording = 0
        /// The tracks without heights, their own or the terrain's.
        public var tracksWithout = 0
        /// The fixes given a terrain height.
        public var fixesFromTerrain = 0
        /// The fixes of the tracks taken from terrain where the terrain has no height (outside
        /// the archive): gaps in the profile.
        public var fixesOutside = 0

        /// Creates an empty report.
        public init() {}

        /// `"track"`, `"terrain"`, `"mixed"` (some tracks of each) or `"none"`.
        public var source: String {
            switch (tracksFromRecording > 0, tracksFromTerrain > 0) {
            case (true, true): "mixed"
            case (true, false): "track"
            case (false, true): "terrain"
            case (false, false): "none"
            }
        }
    }

    /// Whether any fix of `track` has a valid altitude.
    public static func hasAltitudes(_ track: Track) -> Bool {
        track.segments.contains { $0.contains(where: \.hasValidAltitude) }
    }

    /// Which of `tracks` need terrain heights under `source`.
    public static func needsTerrain(_ tracks: [Track], source: ElevationSource) -> [Bool] {
        tracks.map { track in
            switch source {
            case .track: false
            case .terrain: !track.isEmpty
            case .auto: !track.isEmpty && !hasAltitudes(track)
            }
        }
    }

    /// `tracks` with the heights `source` asks for: the tracks marked in `needsTerrain` get
    /// `height(coordinate)` at every fix (no altitude where it is `nil`); the others are left
    /// as they are.
    public static func filled(
        _ tracks: [Track], source: ElevationSource, height: (Coordinate) -> Double?
    ) -> (tracks: [Track], report: Report) {
        var report = Report()
        let needs = needsTerrain(tracks, source: source)
        var result = tracks
        for index in tracks.indices {
            guard needs[index] else {
                if tracks[index].isEmpty { continue }
                if hasAltitudes(tracks[index]) {
                    report.tracksFromRecording += 1
                } else {
                    report.tracksWithout += 1
                }
                continue
            }
            var any = false
            for segment in result[index].segments.indices {
                for fix in result[index].segments[segment].indices {
                    let coordinate = result[index].segments[segment][fix].coordinate
                    if let ground = height(coordinate), ground.isFinite {
                        result[index].segments[segment][fix].altitude = ground
                        result[index].segments[segment][fix].verticalAccuracy = terrainVerticalAccuracy
                        report.fixesFromTerrain += 1
                        any = true
                    } else {
                        result[index].segments[segment][fix].verticalAccuracy = -1
                        report.fixesOutside += 1
                    }
                }
            }
            if any { report.tracksFromTerrain += 1 } else { report.tracksWithout += 1 }
        }
        return (result, report)
    }
}
