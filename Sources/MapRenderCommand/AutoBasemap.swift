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
        _ request: inout RenderRequest, choosing: InstalledChoosing
    ) throws(MapError)
        -> BasemapSelection?
    {
        guard request.basemap == "auto" else { return nil }
        request.basemap = "world"
        // A style brings its own sources; a hybrid or satellite map takes a street map only
        // to lay over its --imagery.
        guard request.basemapStyle == nil, request.mapType == .standard || request.imagery != nil else { return nil }
        let installed = choosing.installed
        guard !installed.isEmpty else {
            return BasemapSelection(name: "world", location: nil, reason: "no basemap is installed")
        }
        let choice = BasemapChoice.choose(among: installed, for: try choosing.viewport())
        guard let chosen = choice.basemap else {
            return BasemapSelection(name: "world", location: nil, reason: choice.reason)
        }
        request.basemap = chosen.location
        return BasemapSelection(name: chosen.name, location: chosen.location, reason: choice.reason)
    }
}

/// What `--basemap auto` and `--terrain auto` choose with, made at most once per map: the
/// installed archives, and the viewport the scene is fitted to on the embedded world.
final class InstalledChoosing {
    private let request: RenderRequest, scene: MapScene, options: MapSnapshotter.Options
    private var fitted: Viewport?

    /// The archives installed in the request's basemap store, street maps and elevation.
    private(set) lazy var installed: [InstalledBasemap] = BasemapStoreCommand.store(
        directory: request.basemapsDirectory
    ).installed().basemaps

    init(_ request: RenderRequest, scene: MapScene, options: MapSnapshotter.Options) {
        (self.request, self.scene, self.options) = (request, scene, options)
    }

    /// The scene's viewport on the embedded world, fitted on first use.
    func viewport() throws(MapError) -> Viewport {
        if let fitted { return fitted }
        // Fitted as a standard map: the world alone is no hybrid (it has no imagery).
        let (world, tiles) = try TileSourceFactory.basemap(
            for: "world", mapType: .standard, options: request.tileOptions)
        let viewport = try MapSnapshotter(
            scene: scene, options: options, basemap: world, tiles: tiles, styledBasemap: nil
        ).viewport(measurer: CairoRenderer().textMeasurer)
        fitted = viewport
        return viewport
    }
}
