public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// Reads one input file into scene content: the one table from a file's kind to its
/// decoder, used by `render`, `fit`, `track` and library users alike.
///
/// ```swift
/// let content = try SceneFile.read(atPath: "ride.xml")   // GPX, recognised by content
/// scene.tracks += content.tracks
/// ```
public enum SceneFile {
    /// What a GeoJSON file is read as.
    public enum GeoJSONRole: Hashable, Sendable {
        /// Points, lines and areas to draw: pins, polylines and polygons (`--geojson`).
        case overlays
        /// Recorded tracks: LineStrings with timed coordinates (`--gpx`/`--csv`,
        /// `maprender track`).
        case tracks
    }

    /// A decoder: the file's path to its content.
    public typealias Decoder = @Sendable (_ path: String) throws(MapError) -> SceneContent

    /// The decoder of each kind for a GeoJSON role; `allowsOutsidePaths` lets a GeoJSON file
    /// name pictures outside its folder (`GeoJSONDecoder.allowsOutsidePaths`); FIT files are
    /// split into segments by `fitSegments`. Readers that
    /// stream take `window` and leave out the fixes outside it as they read; `read` applies
    /// it to every other reader's tracks.
    public static func decoder(
        for kind: InputFileKind, geoJSON role: GeoJSONRole, window: TrackTimeWindow = .unbounded,
        fitSegments: FITSegmentation = .sessions, allowsOutsidePaths: Bool = false
    ) -> Decoder {
        switch (kind, role) {
        case (.fit, _):
            return { path throws(MapError) in try FITDecoder.read(atPath: path, window: window, segments: fitSegments) }
        case (.tcx, _):
            return { path throws(MapError) in try TCXDecoder.read(atPath: path, window: window) }
        case (.kml, .overlays), (.kmz, .overlays):
            return { path throws(MapError) in try KMLDecoder.read(atPath: path, window: window).sceneContent }
        case (.locationHistory, _):
            return { path throws(MapError) in
                let head = try InputFile.readPrefix(
                    atPath: path, count: LocationHistoryFormat.sniffLength, what: "location history")
                guard let format = LocationHistoryFormat(sniffing: head) else {
                    throw MapError(
                        .invalidData, "not a location log maprender reads", at: InputLocation(file: path),
                        remedy: "give an OwnTracks .rec file or export, Google location history or Saved Places, "
                            + "or an Overland batch")
                }
                var content = try format.read(atPath: path, window: window)
                // A month of an OwnTracks store is its device's track: `USER/DEVICE`.
                if format == .ownTracksRecording, let device = OwnTracksStore.deviceName(ofMonthFile: path) {
                    for index in content.tracks.indices { content.tracks[index].name = device }
                }
                return content
            }
        case (.kml, .tracks), (.kmz, .tracks):
            return { path throws(MapError) in try KMLDecoder.read(atPath: path, window: window).trackContent }
        case (.gpx, _):
            return { path throws(MapError) in
                let gpx = try GPXDecoder.read(atPath: path)
                return SceneContent(places: gpx.waypoints, polylines: gpx.routes, tracks: gpx.tracks)
            }
        case (.locationCSV, _):
            return { path throws(MapError) in SceneContent(tracks: [try LocationCSVDecoder.read(atPath: path)]) }
        case (.geoJSON, .overlays):
            return { path throws(MapError) in
                let geoJSON = try GeoJSONDecoder.read(atPath: path, allowsOutsidePaths: allowsOutsidePaths)
                return SceneContent(places: geoJSON.places, polylines: geoJSON.polylines, polygons: geoJSON.polygons)
            }
        case (.geoJSON, .tracks):
            return { path throws(MapError) in SceneContent(tracks: try GeoJSONTrackDecoder.read(atPath: path)) }
        }
    }

    /// The kind of the file at `path`: by its extension, else by its first bytes.
    ///
    /// - Throws: `MapError` `.missingInput` when the file cannot be read, `.invalidData`
    ///   when neither its name nor its content says what it is.
    public static func kind(ofFileAt path: String) throws(MapError) -> InputFileKind {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = fileName.lastIndex(of: "."),
            let kind = InputFileKind(pathExtension: String(fileName[fileName.index(after: dot)...]))
        {
            // `.json` is GeoJSON's extension and every location log's too: their keys tell.
            guard kind == .geoJSON, fileName[dot...].lowercased() == ".json" else { return kind }
            let head = try InputFile.readPrefix(atPath: path, count: LocationHistoryFormat.sniffLength, what: "JSON")
            return LocationHistoryFormat(sniffing: head) != nil ? .locationHistory : .geoJSON
        }
        let head = try InputFile.readPrefix(atPath: path, count: InputFileKind.sniffLength, what: "input")
        if let kind = InputFileKind(sniffing: head) { return kind }
        throw MapError(
            .invalidData, "not a track or place file maprender reads (neither its name nor its content says which)",
            at: InputLocation(file: path),
            remedy: "give GPX, TCX, FIT, KML or KMZ, GeoJSON, CSV whose header names latitude and longitude, "
                + "Google location history, an OwnTracks recording or export, or an Overland batch"
        )
    }

    /// The content of the file at `path`, decoded by its kind (given, or found by
    /// `kind(ofFileAt:)`), with only the fixes inside `window`.
    ///
    /// - Throws: `MapError` from the file's decoder, naming the file and the position.
    public static func read(
        atPath path: String, as kind: InputFileKind? = nil, geoJSON role: GeoJSONRole = .overlays,
        window: TrackTimeWindow = .unbounded, fitSegments: FITSegmentation = .sessions, allowsOutsidePaths: Bool = false
    ) throws(MapError) -> SceneContent {
        let resolved: InputFileKind
        if let kind { resolved = kind } else { resolved = try self.kind(ofFileAt: path) }
        var content = try decoder(
            for: resolved, geoJSON: role, window: window, fitSegments: fitSegments,
            allowsOutsidePaths: allowsOutsidePaths)(path)
        if !window.isUnbounded {
            // Readers that do not stream hand over every fix; the window applies here. (For
            // those that do, nothing is left to leave out.)
            for index in content.tracks.indices {
                let (track, leftOut) = content.tracks[index].restricted(to: window)
                content.tracks[index] = track
                content.leftOutOfWindow = content.leftOutOfWindow + leftOut
            }
            content.tracks.removeAll { $0.isEmpty }
        }
        return content
    }
}
