import MapDrawing
public import MapErrors
import MapFormats
import MapGeometry
public import MapRenderCore

/// Turns `SceneInputs` into a `MapScene`: reads each file through `SceneFile`'s table,
/// cleans the tracks, adds their markers and geofence events, and applies the marker image.
///
/// ```swift
/// var inputs = SceneInputs()
/// inputs.trackPaths = ["ride.gpx"]
/// inputs.overlayFiles = ["parks.geojson"]
/// let scene = try SceneLoader.scene(from: inputs)
/// ```
public enum SceneLoader {
    /// The scene of `inputs`, with `places` (from a favorites database, say) first.
    ///
    /// Places come in this order, which is the order they are numbered and stacked in:
    /// `places`, the overlay files' places, the track files' waypoints, geofence event
    /// markers, track Start/End markers, then `inputs.pins`.
    ///
    /// - Throws: `MapError` from the files' decoders (naming file and position);
    ///   `.invalidData` for a GPX track file with nothing in it.
    public static func scene(from inputs: SceneInputs, places: [Place] = []) throws(MapError) -> MapScene {
        var scene = MapScene(
            circles: inputs.circles, userLocation: inputs.userLocation, title: inputs.title,
            attribution: inputs.attribution)
        scene.places = places
        for path in inputs.overlayFiles {
            let content = try SceneFile.read(
                atPath: path, geoJSON: .overlays, allowsOutsidePaths: inputs.allowsOutsidePaths)
            scene.places += content.places
            scene.polylines += content.polylines
            scene.polygons += content.polygons
            scene.tracks += cleaned(content.tracks, inputs)
            scene.diagnostics += content.diagnostics
        }
        if !inputs.trackPaths.isEmpty {
            var leftOut = TrackWindowCount()
            var trackCount = 0
            for file in try TrackFiles.expand(inputs.trackPaths, window: inputs.trackWindow) {
                let content = try TrackFiles.content(
                    ofFile: file, window: inputs.trackWindow, fitSegments: inputs.fitSegments)
                trackCount += content.tracks.count
                scene.tracks += cleaned(content.tracks, inputs)
                scene.polylines += content.polylines
                scene.polygons += content.polygons
                scene.places += content.places
                scene.diagnostics += content.diagnostics
                leftOut = leftOut + content.leftOutOfWindow
            }
            if !leftOut.isZero {
                scene.diagnostics.append(
                    Diagnostic(.info, TrackFiles.windowSummary(leftOut, window: inputs.trackWindow)))
                // Waypoints and routes have no time: without a fix in the window there is no
                // map of the window.
                if trackCount == 0 {
                    throw TrackFiles.nothingInWindow(leftOut, window: inputs.trackWindow)
                }
            }
            scene.trackDisplay = inputs.trackDisplay
            if inputs.marksGeofenceEvents { scene.places += geofenceEventMarkers(scene) }
            if inputs.showsTrackMarkers { scene.addTrackMarkers() }
        }
        scene.places += inputs.pins
        if let image = inputs.markerImage {
            let marker = MarkerImage(
                image: try PNGFile.read(atPath: image.path), anchorX: image.anchorX, anchorY: image.anchorY)
            for index in scene.places.indices where scene.places[index].marker != .goingNext {
                scene.places[index].marker = .image(marker)
            }
        }
        return scene
    }

    /// The tracks cleaned by the inputs' rules, empty ones left out.
    private static func cleaned(_ tracks: [Track], _ inputs: SceneInputs) -> [Track] {
        tracks.map { $0.cleaned(inputs.trackCleaning).track }.filter { !$0.isEmpty }
    }

    /// A small pin at each place a track entered (orange) or left (grey) a favorite's
    /// geofence, titled with the event and its time of day.
    private static func geofenceEventMarkers(_ scene: MapScene) -> [Place] {
        let regions = CircularRegion.regions(for: scene.places).regions
        let events = GeofenceMonitor(regions: regions, cushion: GeofenceMonitor.defaultCushion).events(
            for: scene.tracks)
        return events.enumerated().map { index, event in
            let time =
                event.timestamp.map { " " + String(ISO8601Timestamp.string(from: $0).dropFirst(11).prefix(5)) } ?? ""
            let verb = event.kind == .enter ? "Enter" : "Exit"
            return Place(
                id: Int64(scene.places.count + index + 1), title: "\(verb) \(event.region.title)\(time)",
                coordinate: event.coordinate,
                marker: .pin(event.kind == .enter ? Color(hex: 0xFF9500) : Color(hex: 0x8E8E93)))
        }
    }
}
