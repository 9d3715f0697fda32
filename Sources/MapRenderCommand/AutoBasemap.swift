import Foundation
import MapDataCommands
import MapErrors
import MapGeometry
import MapRenderCairo
import MapRenderCore
import MapTiles
import MapVectorSources

/// `--basemap auto`, the default: the map is fitted on the embedded world, then drawn on the
/// installed basemap that covers that viewport (`BasemapChoice` says which and why), else on
/// the world.
enum AutoBasemap {
    /// Replaces `auto` in `request.basemap` with what it stands for for this scene, and says
    /// what was chosen; `nil` when the request names its basemap.
    static func resolve(
        _ request: inout RenderRequest, scene: MapScene, options: MapSnapshotter.Options
    ) throws(MapError) -> BasemapSelection? {
        guard request.basemap == "auto" else { return nil }
        request.basemap = "world"
        // A style brings its own sources; imagery is not vector tiles.
        guard request.basemapStyle == nil, request.mapType == .standard else { return nil }
        let installed = BasemapStoreCommand.store(directory: request.basemapsDirectory).installed().basemaps
        guard !installed.isEmpty else {
            return BasemapSelection(name: "world", location: nil, reason: "no basemap is installed")
        }
        let viewport = try viewportOnTheWorld(request, scene: scene, options: options)
        let choice = BasemapChoice.choose(among: installed, for: viewport)
        guard let chosen = choice.basemap else {
            return BasemapSelection(name: "world", location: nil, reason: choice.reason)
        }
        request.basemap = chosen.location
        return BasemapSelection(name: chosen.name, location: chosen.location, reason: choice.reason)
    }

    /// The viewport the scene is fitted to on the embedded world, which an installed archive
    /// is then chosen for.
    static func viewportOnTheWorld(
        _ request: RenderRequest, scene: MapScene, options: MapSnapshotter.Options
    ) throws(MapError) -> Viewport {
        let (world, tiles) = try TileSourceFactory.basemap(
            for: "world", mapType: request.mapType, options: request.tileOptions)
        return try MapSnapshotter(
            scene: scene, options: options, basemap: world, tiles: tiles, styledBasemap: nil
        ).viewport(measurer: CairoRenderer().textMeasurer)
    }
}
