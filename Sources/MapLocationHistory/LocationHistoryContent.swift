public import MapGeometry
public import MapRenderCore

/// What a location-history file holds, as decoded: the places (visits, saved places), the
/// tracks (fixes in recorded segments, not cleaned), what the reader skipped or noticed,
/// and what the time window left out. `MapInputs` turns it into a `SceneContent`.
public struct LocationHistoryContent: Hashable, Sendable {
    /// Pins: visits and saved places.
    public var places: [Place]
    /// Recorded tracks.
    public var tracks: [Track]
    /// What the reader skipped or repaired, each naming the file.
    public var diagnostics: [Diagnostic]
    /// The fixes and visits left out because of the time window.
    public var leftOutOfWindow: TrackWindowCount

    /// Creates content.
    public init(
        places: [Place] = [], tracks: [Track] = [], diagnostics: [Diagnostic] = [],
        leftOutOfWindow: TrackWindowCount = TrackWindowCount()
    ) {
        self.places = places
        self.tracks = tracks
        self.diagnostics = diagnostics
        self.leftOutOfWindow = leftOutOfWindow
    }
}
