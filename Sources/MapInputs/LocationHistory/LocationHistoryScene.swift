public import MapErrors
public import MapGeometry
public import MapLocationHistory

extension SceneContent {
    /// A location-history file's places, tracks, diagnostics and window counts as scene
    /// content.
    public init(_ history: LocationHistoryContent) {
        self.init(
            places: history.places, tracks: history.tracks, diagnostics: history.diagnostics,
            leftOutOfWindow: history.leftOutOfWindow)
    }
}

extension LocationHistoryFormat {
    /// Reads a file of this format into scene content, the window applied while reading;
    /// messages name the file by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for an unreadable file, `.invalidData` for
    ///   content that cannot be read (file, line and column in the message).
    public func readScene(atPath path: String, window: TrackTimeWindow) throws(MapError) -> SceneContent {
        SceneContent(try read(atPath: path, window: window))
    }
}

extension OwnTracksStore {
    /// Reads an OwnTracks Recorder store folder (the storage folder, `rec`, a user or a
    /// device folder) into scene content: one track per device, only the months that can
    /// overlap `window` opened.
    ///
    /// - Throws: `MapError` `.missingInput` when `folder` is not a folder, and what
    ///   `OwnTracksRecDecoder` throws.
    public static func readScene(folder: String, window: TrackTimeWindow) throws(MapError) -> SceneContent {
        SceneContent(try read(folder: folder, window: window))
    }
}
